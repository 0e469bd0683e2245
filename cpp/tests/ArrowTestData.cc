#include "tests/ArrowTestData.h"

#include <cstring>
#include <stdexcept>

namespace gds::test {
namespace {

int64_t gLiveArrays = 0;
int64_t gLiveSchemas = 0;

struct ArrayPrivate {
  std::vector<Buffer> buffers;
  std::vector<const void*> bufferPointers;
  std::vector<ArrowArray> children;
  std::vector<ArrowArray*> childPointers;
};

void releaseArray(ArrowArray* array) {
  if (array == nullptr || array->release == nullptr) {
    throw std::logic_error("release called on a released ArrowArray");
  }
  auto* data = static_cast<ArrayPrivate*>(array->private_data);
  for (ArrowArray& child : data->children) {
    if (child.release != nullptr) {
      child.release(&child);
    }
  }
  delete data;
  array->release = nullptr;
  array->private_data = nullptr;
}

// Children are released through their parent only; they are not counted separately.
ArrowArray exportArrayNode(const Column& column) {
  auto* data = new ArrayPrivate();
  data->buffers = column.buffers;
  for (const Buffer& buffer : data->buffers) {
    data->bufferPointers.push_back(buffer == nullptr ? nullptr : buffer->data());
  }
  data->children.reserve(column.children.size());
  for (const Column& child : column.children) {
    data->children.push_back(exportArrayNode(child));
  }
  for (ArrowArray& child : data->children) {
    data->childPointers.push_back(&child);
  }
  ArrowArray array{};
  array.length = column.length;
  array.null_count = column.nullCount;
  array.offset = column.offset;
  array.n_buffers = static_cast<int64_t>(data->bufferPointers.size());
  array.n_children = static_cast<int64_t>(data->childPointers.size());
  array.buffers = data->bufferPointers.data();
  array.children = data->childPointers.empty() ? nullptr : data->childPointers.data();
  array.dictionary = nullptr;
  array.release = &releaseArray;
  array.private_data = data;
  return array;
}

void releaseRootArray(ArrowArray* array) {
  releaseArray(array);
  --gLiveArrays;
}

struct SchemaPrivate {
  std::string format;
  std::string name;
  std::vector<ArrowSchema> children;
  std::vector<ArrowSchema*> childPointers;
};

void releaseSchema(ArrowSchema* schema) {
  if (schema == nullptr || schema->release == nullptr) {
    throw std::logic_error("release called on a released ArrowSchema");
  }
  auto* data = static_cast<SchemaPrivate*>(schema->private_data);
  for (ArrowSchema& child : data->children) {
    if (child.release != nullptr) {
      child.release(&child);
    }
  }
  delete data;
  schema->release = nullptr;
  schema->private_data = nullptr;
}

ArrowSchema exportSchemaNode(const Column& column) {
  auto* data = new SchemaPrivate();
  data->format = column.format;
  data->name = column.name;
  data->children.reserve(column.children.size());
  for (const Column& child : column.children) {
    data->children.push_back(exportSchemaNode(child));
  }
  for (ArrowSchema& child : data->children) {
    data->childPointers.push_back(&child);
  }
  ArrowSchema schema{};
  schema.format = data->format.c_str();
  schema.name = data->name.c_str();
  schema.metadata = nullptr;
  schema.flags = ARROW_FLAG_NULLABLE;
  schema.n_children = static_cast<int64_t>(data->childPointers.size());
  schema.children = data->childPointers.empty() ? nullptr : data->childPointers.data();
  schema.dictionary = nullptr;
  schema.release = &releaseSchema;
  schema.private_data = data;
  return schema;
}

void releaseRootSchema(ArrowSchema* schema) {
  releaseSchema(schema);
  --gLiveSchemas;
}

template <typename T>
Buffer bytesOf(const std::vector<T>& values) {
  auto buffer = std::make_shared<std::vector<uint8_t>>(values.size() * sizeof(T) + 1);
  if (!values.empty()) {
    std::memcpy(buffer->data(), values.data(), values.size() * sizeof(T));
  }
  return buffer;
}

template <typename T>
std::vector<bool> validityOf(const std::vector<std::optional<T>>& values) {
  std::vector<bool> valid;
  for (const auto& value : values) {
    valid.push_back(value.has_value());
  }
  return valid;
}

int64_t countNulls(const std::vector<bool>& valid) {
  int64_t nulls = 0;
  for (bool v : valid) {
    nulls += v ? 0 : 1;
  }
  return nulls;
}

bool bitSet(const Buffer& bitmap, int64_t index) {
  return ((*bitmap)[static_cast<size_t>(index >> 3)] >> (index & 7)) & 1;
}

Column varWidth(const std::string& format, const std::string& name,
                const std::vector<std::optional<std::string>>& values, bool large) {
  std::vector<int64_t> offsets{0};
  std::string data;
  for (const auto& value : values) {
    if (value) {
      data += *value;
    }
    offsets.push_back(static_cast<int64_t>(data.size()));
  }
  Column column;
  column.format = format;
  column.name = name;
  column.length = static_cast<int64_t>(values.size());
  const std::vector<bool> valid = validityOf(values);
  column.nullCount = countNulls(valid);
  column.buffers.push_back(validityBitmap(valid));
  if (large) {
    column.buffers.push_back(bytesOf(offsets));
  } else {
    column.buffers.push_back(bytesOf(std::vector<int32_t>(offsets.begin(), offsets.end())));
  }
  column.buffers.push_back(bytesOf(std::vector<char>(data.begin(), data.end())));
  return column;
}

Column withOffsets(const std::string& format, const std::string& name, Column child,
                   const std::vector<int64_t>& offsets, const std::vector<bool>& valid,
                   bool large) {
  Column column;
  column.format = format;
  column.name = name;
  column.length = static_cast<int64_t>(offsets.size()) - 1;
  column.nullCount = countNulls(valid);
  column.buffers.push_back(validityBitmap(valid));
  if (large) {
    column.buffers.push_back(bytesOf(offsets));
  } else {
    column.buffers.push_back(bytesOf(std::vector<int32_t>(offsets.begin(), offsets.end())));
  }
  column.children.push_back(std::move(child));
  return column;
}

} // namespace

int64_t liveArrays() {
  return gLiveArrays;
}

int64_t liveSchemas() {
  return gLiveSchemas;
}

ArrowArray exportArray(const Column& column) {
  ArrowArray array = exportArrayNode(column);
  array.release = &releaseRootArray;
  ++gLiveArrays;
  return array;
}

ArrowSchema exportSchema(const Column& column) {
  ArrowSchema schema = exportSchemaNode(column);
  schema.release = &releaseRootSchema;
  ++gLiveSchemas;
  return schema;
}

Buffer bytesBuffer(const void* data, size_t size) {
  auto buffer = std::make_shared<std::vector<uint8_t>>(size + 1);
  if (size > 0) {
    std::memcpy(buffer->data(), data, size);
  }
  return buffer;
}

Buffer validityBitmap(const std::vector<bool>& valid) {
  bool anyNull = false;
  for (bool v : valid) {
    anyNull |= !v;
  }
  if (!anyNull) {
    return nullptr;
  }
  auto bitmap = std::make_shared<std::vector<uint8_t>>((valid.size() + 7) / 8, 0);
  for (size_t i = 0; i < valid.size(); ++i) {
    if (valid[i]) {
      (*bitmap)[i / 8] |= static_cast<uint8_t>(1u << (i % 8));
    }
  }
  return bitmap;
}

template <typename T>
Column fixedWidth(const std::string& format, const std::string& name,
                  const std::vector<std::optional<T>>& values) {
  std::vector<T> raw;
  for (const auto& value : values) {
    raw.push_back(value.value_or(T{}));
  }
  Column column;
  column.format = format;
  column.name = name;
  column.length = static_cast<int64_t>(values.size());
  const std::vector<bool> valid = validityOf(values);
  column.nullCount = countNulls(valid);
  column.buffers = {validityBitmap(valid), bytesOf(raw)};
  return column;
}

Column int8s(const std::string& name, const std::vector<std::optional<int8_t>>& values) {
  return fixedWidth<int8_t>("c", name, values);
}
Column int16s(const std::string& name, const std::vector<std::optional<int16_t>>& values) {
  return fixedWidth<int16_t>("s", name, values);
}
Column int32s(const std::string& name, const std::vector<std::optional<int32_t>>& values) {
  return fixedWidth<int32_t>("i", name, values);
}
Column int64s(const std::string& name, const std::vector<std::optional<int64_t>>& values) {
  return fixedWidth<int64_t>("l", name, values);
}
Column floats(const std::string& name, const std::vector<std::optional<float>>& values) {
  return fixedWidth<float>("f", name, values);
}
Column doubles(const std::string& name, const std::vector<std::optional<double>>& values) {
  return fixedWidth<double>("g", name, values);
}
Column dates(const std::string& name, const std::vector<std::optional<int32_t>>& values) {
  return fixedWidth<int32_t>("tdD", name, values);
}
Column timestamps(const std::string& name, const std::vector<std::optional<int64_t>>& values,
                  const std::string& zone) {
  return fixedWidth<int64_t>("tsu:" + zone, name, values);
}
Column decimals(const std::string& name, int precision, int scale,
                const std::vector<std::optional<int128_t>>& values) {
  return fixedWidth<int128_t>(
      "d:" + std::to_string(precision) + "," + std::to_string(scale), name, values);
}

Column booleans(const std::string& name, const std::vector<std::optional<bool>>& values) {
  std::vector<bool> bitsOn;
  for (const auto& value : values) {
    bitsOn.push_back(value.value_or(false));
  }
  Column column;
  column.format = "b";
  column.name = name;
  column.length = static_cast<int64_t>(values.size());
  const std::vector<bool> valid = validityOf(values);
  column.nullCount = countNulls(valid);
  auto data = std::make_shared<std::vector<uint8_t>>((values.size() + 7) / 8 + 1, 0);
  for (size_t i = 0; i < bitsOn.size(); ++i) {
    if (bitsOn[i]) {
      (*data)[i / 8] |= static_cast<uint8_t>(1u << (i % 8));
    }
  }
  column.buffers = {validityBitmap(valid), data};
  return column;
}

Column strings(const std::string& name, const std::vector<std::optional<std::string>>& values,
               bool large) {
  return varWidth(large ? "U" : "u", name, values, large);
}

Column binaries(const std::string& name, const std::vector<std::optional<std::string>>& values,
                bool large) {
  return varWidth(large ? "Z" : "z", name, values, large);
}

Column structOf(const std::string& name, std::vector<Column> children, int64_t length,
                const std::vector<bool>& valid) {
  Column column;
  column.format = "+s";
  column.name = name;
  column.length = length;
  column.nullCount = countNulls(valid);
  column.buffers = {validityBitmap(valid)};
  column.children = std::move(children);
  return column;
}

Column listOf(const std::string& name, Column element, const std::vector<int64_t>& offsets,
              const std::vector<bool>& valid, bool large) {
  return withOffsets(large ? "+L" : "+l", name, std::move(element), offsets, valid, large);
}

Column mapOf(const std::string& name, Column keys, Column values,
             const std::vector<int64_t>& offsets, const std::vector<bool>& valid) {
  const int64_t entries = keys.length;
  std::vector<Column> fields;
  fields.push_back(std::move(keys));
  fields.push_back(std::move(values));
  return withOffsets("+m", name, structOf("entries", std::move(fields), entries), offsets, valid,
                     false);
}

Column batchOf(std::vector<Column> columns) {
  const int64_t length = columns.empty() ? 0 : columns[0].length;
  return structOf("", std::move(columns), length);
}

Column sliced(Column column, int64_t offset, int64_t length) {
  column.offset = offset;
  column.length = length;
  if (!column.buffers.empty() && column.buffers[0] != nullptr) {
    int64_t nulls = 0;
    for (int64_t i = offset; i < offset + length; ++i) {
      nulls += bitSet(column.buffers[0], i) ? 0 : 1;
    }
    column.nullCount = nulls;
  }
  return column;
}

template Column fixedWidth<int8_t>(const std::string&, const std::string&,
                                   const std::vector<std::optional<int8_t>>&);

} // namespace gds::test
