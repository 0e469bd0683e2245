// Malformed or unsupported Arrow input is rejected with a UserError that names the column and
// the problem, and the structs are still released exactly once (checked in TearDown).

#include <functional>

#include "tests/EngineTestBase.h"

namespace gds::test {
namespace {

class MalformedInputTest : public EngineTestBase {
 protected:
  // Adds 'bad' (same schema as 'shape') to a fresh task; returns the error message.
  std::string rejectBatch(const Column& shape, const std::function<void(ArrowArray&)>& corrupt) {
    auto task = makeTask(shape);
    task->beginFile(1);
    ArrowArray array = exportArray(shape);
    corrupt(array);
    return userError([&] { task->addBatch(1, OwnedArrowArray(&array)); });
  }

  std::string rejectSchema(const Column& shape) {
    ArrowSchema schema = exportSchema(shape);
    return userError([&] { Task::create(OwnedArrowSchema(&schema)); });
  }

  static void expectMentions(const std::string& message, const std::string& column,
                             const std::string& problem) {
    EXPECT_NE(message.find("'" + column + "'"), std::string::npos) << message;
    EXPECT_NE(message.find(problem), std::string::npos) << message;
  }

  static Column sample() {
    return batchOf({int64s("id", {1, 2, 3}),
                    structOf("a", {strings("b", {"x", "y", "z"}), doubles("c", {1, 2, 3})}, 3),
                    listOf("l", int32s("item", {1, 2, 3}), {0, 1, 2, 3})});
  }
};

TEST_F(MalformedInputTest, unsupportedAndBadFormatStrings) {
  for (const char* format : {"tsn:", "tss:UTC", "tdm", "e", "+w:4", "d:10,2,256", "d:10,2,64", "vu",
                             "n", "???", "w:16", "d:39,2", "+ud:0,1"}) {
    Column shape = batchOf({Column{format, "col", 0, 0, 0, {}, {}}});
    expectMentions(rejectSchema(shape), "col", "unsupported type");
  }
  expectMentions(rejectSchema(batchOf({Column{"d:abc", "dec", 0, 0, 0, {}, {}}})), "dec",
                 "invalid decimal format 'd:abc'");
  expectMentions(rejectSchema(batchOf({Column{"", "empty", 0, 0, 0, {}, {}}})), "empty",
                 "unsupported type ''");
  Column nested = batchOf({structOf("outer", {Column{"X", "inner", 0, 0, 0, {}, {}}}, 0)});
  expectMentions(rejectSchema(nested), "outer.inner", "unsupported type 'X'");
  EXPECT_NE(rejectSchema(int64s("notAStruct", {})).find("must be a struct"), std::string::npos);
}

TEST_F(MalformedInputTest, schemaShapeErrors) {
  Column list = batchOf({Column{"+l", "l", 0, 0, 0, {}, {}}});  // list without its child
  expectMentions(rejectSchema(list), "l", "has 0 children, expected 1");
  Column map = batchOf({Column{"+m", "m", 0, 0, 0, {}, {int32s("notEntries", {})}}});
  expectMentions(rejectSchema(map), "m", "one struct child with 2 fields");
  Column primitiveWithChild = batchOf({Column{"i", "p", 0, 0, 0, {}, {int32s("x", {})}}});
  expectMentions(rejectSchema(primitiveWithChild), "p", "has 1 children, expected 0");

  Column dictionary = batchOf({int32s("dict", {})});
  ArrowSchema schema = exportSchema(dictionary);
  ArrowSchema values = exportSchema(strings("v", {}));
  schema.children[0]->dictionary = &values;
  expectMentions(userError([&] { Task::create(OwnedArrowSchema(&schema)); }), "dict",
                 "dictionary-encoded");
  values.release(&values);
}

TEST_F(MalformedInputTest, negativeLengthOffsetAndNullCount) {
  expectMentions(rejectBatch(sample(), [](ArrowArray& a) { a.children[0]->length = -3; }), "id",
                 "negative length -3");
  expectMentions(rejectBatch(sample(), [](ArrowArray& a) { a.children[1]->children[1]->offset = -1; }),
                 "a.c", "negative offset -1");
  expectMentions(rejectBatch(sample(), [](ArrowArray& a) { a.children[0]->null_count = -7; }), "id",
                 "invalid null_count -7");
  expectMentions(rejectBatch(sample(), [](ArrowArray& a) { a.children[0]->null_count = 4; }), "id",
                 "invalid null_count 4");
  EXPECT_NE(rejectBatch(sample(), [](ArrowArray& a) { a.length = -1; }).find("invalid length -1"),
            std::string::npos);
  expectMentions(rejectBatch(sample(), [](ArrowArray& a) { a.children[0]->length = int64_t{1} << 50; }),
                 "id", "exceeds the supported maximum");
}

TEST_F(MalformedInputTest, childShorterThanParent) {
  expectMentions(rejectBatch(sample(), [](ArrowArray& a) { a.children[1]->children[0]->length = 2; }),
                 "a.b", "shorter than the 3 rows");
  // A parent offset shifts the rows its children must hold.
  expectMentions(rejectBatch(sample(), [](ArrowArray& a) { a.children[1]->offset = 2; }),
                 "a.b", "shorter than the 5 rows");
}

TEST_F(MalformedInputTest, missingBuffers) {
  expectMentions(rejectBatch(sample(), [](ArrowArray& a) { a.children[0]->buffers[1] = nullptr; }),
                 "id", "missing values buffer");
  expectMentions(rejectBatch(sample(), [](ArrowArray& a) { a.children[1]->children[0]->buffers[1] = nullptr; }),
                 "a.b", "missing offsets buffer");
  expectMentions(rejectBatch(sample(), [](ArrowArray& a) { a.children[1]->children[0]->buffers[2] = nullptr; }),
                 "a.b", "missing data buffer");
  expectMentions(rejectBatch(sample(), [](ArrowArray& a) { a.children[0]->null_count = 1; }), "id",
                 "null_count 1 but no validity buffer");
  expectMentions(rejectBatch(sample(), [](ArrowArray& a) { a.children[0]->buffers = nullptr; }), "id",
                 "null buffers array");
  expectMentions(rejectBatch(sample(), [](ArrowArray& a) { a.children[2]->buffers[1] = nullptr; }), "l",
                 "missing offsets buffer");
}

TEST_F(MalformedInputTest, bufferAndChildCountMismatch) {
  expectMentions(rejectBatch(sample(), [](ArrowArray& a) { a.children[0]->n_buffers = 3; }), "id",
                 "has 3 buffers, expected 2");
  expectMentions(rejectBatch(sample(), [](ArrowArray& a) { a.children[1]->n_children = 1; }), "a",
                 "has 1 children, expected 2");
  EXPECT_NE(rejectBatch(sample(), [](ArrowArray& a) { a.n_children = 2; }).find("has 2 children, expected 3"),
            std::string::npos);
  expectMentions(rejectBatch(sample(), [](ArrowArray& a) { a.children[1]->children[1] = nullptr; }), "a.c",
                 "null ArrowArray");
  expectMentions(rejectBatch(sample(), [](ArrowArray& a) { a.children[1]->children = nullptr; }), "a",
                 "null children array");
}

TEST_F(MalformedInputTest, offsetsOutOfRange) {
  // List offsets beyond the child's length.
  expectMentions(rejectBatch(sample(), [](ArrowArray& a) { a.children[2]->children[0]->length = 2; }),
                 "l.item", "shorter than the 3 rows");
  // Non-monotone and negative string offsets.
  expectMentions(rejectBatch(sample(), [](ArrowArray& a) {
                   auto* offsets = const_cast<int32_t*>(static_cast<const int32_t*>(a.children[1]->children[0]->buffers[1]));
                   offsets[2] = 0;
                 }),
                 "a.b", "offsets are not monotone");
  expectMentions(rejectBatch(sample(), [](ArrowArray& a) {
                   auto* offsets = const_cast<int32_t*>(static_cast<const int32_t*>(a.children[1]->children[0]->buffers[1]));
                   offsets[0] = -1;
                 }),
                 "a.b", "offset -1 at index 0 is out of range");
  expectMentions(rejectBatch(sample(), [](ArrowArray& a) {
                   auto* offsets = const_cast<int32_t*>(static_cast<const int32_t*>(a.children[2]->buffers[1]));
                   offsets[1] = 3;
                   offsets[2] = 1;
                 }),
                 "l", "offsets are not monotone");
}

TEST_F(MalformedInputTest, releasedOrNullStructs) {
  auto task = makeTask(sample());
  task->beginFile(1);
  EXPECT_NE(userError([&] { task->addBatch(1, OwnedArrowArray(nullptr)); }).find("null or already released"),
            std::string::npos);
  EXPECT_NE(userError([] { Task::create(OwnedArrowSchema(nullptr)); }).find("null or already released"),
            std::string::npos);
  ArrowArray array = exportArray(sample());
  task->addBatch(1, OwnedArrowArray(&array));
  EXPECT_EQ(array.release, nullptr);  // moved: the producer's struct is marked released
  EXPECT_NE(userError([&] { task->addBatch(1, OwnedArrowArray(&array)); }).find("already released"),
            std::string::npos);
}

TEST_F(MalformedInputTest, arrayDictionaryIsRejected) {
  expectMentions(rejectBatch(sample(), [](ArrowArray& a) { a.children[0]->dictionary = a.children[1]; }),
                 "id", "dictionary-encoded");
}

} // namespace
} // namespace gds::test
