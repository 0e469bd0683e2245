// Arrow format strings -> the closed type set, leaf enumeration and schema equality.

#include "tests/EngineTestBase.h"

namespace gds::test {
namespace {

class TypeTest : public EngineTestBase {
 protected:
  static Type parse(const Column& shape) {
    ArrowSchema schema = exportSchema(shape);
    OwnedArrowSchema owned(&schema);
    return parseRowType(owned.get());
  }
  static Column leaf(const std::string& format) {
    return Column{format, "c", 0, 0, 0, {}, {}};
  }
};

TEST_F(TypeTest, everySupportedFormat) {
  const std::vector<std::pair<std::string, TypeKind>> cases = {
      {"b", TypeKind::kBoolean}, {"c", TypeKind::kTinyint}, {"s", TypeKind::kSmallint},
      {"i", TypeKind::kInteger}, {"l", TypeKind::kBigint}, {"f", TypeKind::kReal},
      {"g", TypeKind::kDouble}, {"d:38,18", TypeKind::kDecimal}, {"d:5,0,128", TypeKind::kDecimal},
      {"tdD", TypeKind::kDate}, {"tsu:", TypeKind::kTimestamp}, {"tsu:Europe/Paris", TypeKind::kTimestamp},
      {"u", TypeKind::kVarchar}, {"U", TypeKind::kVarchar}, {"z", TypeKind::kVarbinary},
      {"Z", TypeKind::kVarbinary}};
  for (const auto& [format, kind] : cases) {
    const Type row = parse(batchOf({leaf(format)}));
    ASSERT_EQ(row.children.size(), 1u);
    EXPECT_EQ(row.children[0].kind, kind) << format;
    EXPECT_EQ(row.children[0].path, "c");
  }
  const Type decimal = parse(batchOf({leaf("d:38,18")}));
  EXPECT_EQ(decimal.children[0].precision, 38);
  EXPECT_EQ(decimal.children[0].scale, 18);
  EXPECT_TRUE(parse(batchOf({leaf("tsu:UTC")})).children[0].hasTimezone);
  EXPECT_FALSE(parse(batchOf({leaf("tsu:")})).children[0].hasTimezone);
  EXPECT_TRUE(parse(batchOf({leaf("U")})).children[0].largeOffsets);
}

TEST_F(TypeTest, nestedTypesAndLeafOrder) {
  const Type row = parse(batchOf({structOf("s", {int32s("x", {}), listOf("l", strings("e", {}), {0})}, 0),
                                  mapOf("m", strings("k", {}), int64s("v", {}), {0})}));
  EXPECT_EQ(row.children[0].kind, TypeKind::kRow);
  EXPECT_EQ(row.children[0].children[1].kind, TypeKind::kArray);
  EXPECT_EQ(row.children[0].children[1].children[0].path, "s.l.e");
  EXPECT_EQ(row.children[1].kind, TypeKind::kMap);
  const auto leaves = collectLeaves(row);
  ASSERT_EQ(leaves.size(), 3u);
  EXPECT_EQ(leaves[0].type->path, "s.x");
  EXPECT_EQ(leaves[1].type->path, "s.l");
  EXPECT_EQ(leaves[2].type->path, "m");
  EXPECT_EQ(countNodes(row), 9);  // root s x l e m entries k v
}

TEST_F(TypeTest, minMaxEligibility) {
  for (TypeKind kind : {TypeKind::kBoolean, TypeKind::kVarbinary, TypeKind::kArray, TypeKind::kMap}) {
    EXPECT_FALSE(collectsMinMax(kind)) << typeKindName(kind);
  }
  for (TypeKind kind : {TypeKind::kTinyint, TypeKind::kDouble, TypeKind::kDecimal, TypeKind::kDate,
                        TypeKind::kTimestamp, TypeKind::kVarchar}) {
    EXPECT_TRUE(collectsMinMax(kind)) << typeKindName(kind);
  }
}

TEST_F(TypeTest, schemaEquality) {
  const Column shape = batchOf({int32s("a", {}), structOf("s", {strings("b", {})}, 0)});
  const Type row = parse(shape);
  ArrowSchema same = exportSchema(shape);
  checkSchemaMatches(row, same);
  same.release(&same);
  ArrowSchema renamed = exportSchema(batchOf({int32s("a", {}), structOf("s", {strings("c", {})}, 0)}));
  const std::string message = userError([&] { checkSchemaMatches(row, renamed); });
  renamed.release(&renamed);
  EXPECT_NE(message.find("column 's.b'"), std::string::npos) << message;
}

TEST_F(TypeTest, tooDeepNestingIsRejected) {
  Column column = int32s("leaf", {});
  for (int i = 0; i < kMaxNestingDepth + 1; ++i) {
    column = structOf("n", {column}, 0);
  }
  ArrowSchema schema = exportSchema(batchOf({column}));
  const std::string message = userError([&] { Task::create(OwnedArrowSchema(&schema)); });
  EXPECT_NE(message.find("nested deeper"), std::string::npos) << message;
}

} // namespace
} // namespace gds::test
