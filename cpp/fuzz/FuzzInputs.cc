#include "fuzz/FuzzInputs.h"

#include <cstring>
#include <string>

namespace gds::fuzz {
namespace {

using test::Column;

const char* const kLeafFormats[] = {"b", "c", "s", "i", "l", "f", "g", "d:38,10", "d:9,2", "tdD",
                                    "tsu:", "tsu:UTC", "u", "U", "z", "Z"};
const char* const kInvalidFormats[] = {"tsn:", "e", "d:40,2", "+w:2", "", "d:10,2,256", "vu"};

Column shapeNode(FuzzedDataProvider& input, int depth, bool allowInvalid, const std::string& name) {
  const int choice = input.ConsumeIntegralInRange<int>(0, depth >= 3 ? 16 : 21);
  if (allowInvalid && choice == 0 && input.ConsumeBool()) {
    return Column{kInvalidFormats[input.ConsumeIntegralInRange<size_t>(0, std::size(kInvalidFormats) - 1)],
                  name, 0, 0, 0, {}, {}};
  }
  if (choice <= 16) {
    return Column{kLeafFormats[choice % std::size(kLeafFormats)], name, 0, 0, 0, {}, {}};
  }
  if (choice <= 18) {
    Column row{"+s", name, 0, 0, 0, {}, {}};
    const int children = input.ConsumeIntegralInRange<int>(0, 3);
    for (int i = 0; i < children; ++i) {
      row.children.push_back(shapeNode(input, depth + 1, allowInvalid, name + "_" + std::to_string(i)));
    }
    return row;
  }
  if (choice <= 20) {
    Column list{choice == 19 ? "+l" : "+L", name, 0, 0, 0, {}, {}};
    list.children.push_back(shapeNode(input, depth + 1, allowInvalid, "item"));
    return list;
  }
  Column entries{"+s", "entries", 0, 0, 0, {}, {}};
  entries.children.push_back(Column{"u", "key", 0, 0, 0, {}, {}});
  entries.children.push_back(shapeNode(input, depth + 1, allowInvalid, "value"));
  Column map{"+m", name, 0, 0, 0, {}, {}};
  map.children.push_back(std::move(entries));
  return map;
}

template <typename T>
test::Buffer bufferOf(const std::vector<T>& values) {
  return test::bytesBuffer(values.data(), values.size() * sizeof(T));
}

int64_t countNulls(const std::vector<bool>& valid, int64_t begin, int64_t end) {
  int64_t nulls = 0;
  for (int64_t i = begin; i < end; ++i) nulls += valid[static_cast<size_t>(i)] ? 0 : 1;
  return nulls;
}

double specialDouble(FuzzedDataProvider& input) {
  static const double kSpecials[] = {0.0, -0.0, 1.0, -1.0, 1e300, -1e300, 5e-324,
                                     __builtin_inf(), -__builtin_inf(), __builtin_nan("")};
  if (input.ConsumeBool()) {
    return kSpecials[input.ConsumeIntegralInRange<size_t>(0, std::size(kSpecials) - 1)];
  }
  const uint64_t bits = input.ConsumeIntegral<uint64_t>();
  double value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

// Generates an array of logical length n for 'type' (physically offset by a random slice) and,
// when 'rows' is given, appends the logical rows of every statistics leaf below it.
Column generate(const Type& type, int64_t n, FuzzedDataProvider& input, std::vector<LeafRows>* rows) {
  const int64_t offset = input.ConsumeIntegralInRange<int64_t>(0, 3);
  const int64_t physical = offset + n;
  const int nullPercent = input.ConsumeIntegralInRange<int>(0, 3) * 25;
  std::vector<bool> valid(static_cast<size_t>(physical));
  for (int64_t i = 0; i < physical; ++i) {
    valid[static_cast<size_t>(i)] = input.ConsumeIntegralInRange<int>(0, 99) >= nullPercent;
  }
  const bool keepBitmap = input.ConsumeBool();  // a bitmap may be present without nulls
  test::Buffer validity = test::validityBitmap(valid);
  if (validity == nullptr && keepBitmap) {
    validity = test::bytesBuffer(std::vector<uint8_t>(static_cast<size_t>(physical / 8 + 1), 0xFF).data(),
                                 static_cast<size_t>(physical / 8 + 1));
  }
  Column column{type.format, type.name, n, offset, countNulls(valid, offset, physical), {validity}, {}};
  if (column.nullCount == 0 && input.ConsumeBool()) {
    column.nullCount = -1;  // "unknown": allowed by the specification
  }
  auto leafRow = [&](int64_t r, const RefValue& value) -> std::optional<RefValue> {
    return valid[static_cast<size_t>(offset + r)] ? std::optional<RefValue>(value) : std::nullopt;
  };

  switch (type.kind) {
    case TypeKind::kRow: {
      std::vector<LeafRows> childRows;
      for (const Type& child : type.children) {
        column.children.push_back(generate(child, physical, input, rows == nullptr ? nullptr : &childRows));
      }
      if (rows != nullptr) {
        for (const LeafRows& child : childRows) {
          LeafRows mine;
          for (int64_t r = 0; r < n; ++r) {
            mine.push_back(valid[static_cast<size_t>(offset + r)] ? child[static_cast<size_t>(offset + r)]
                                                                  : std::nullopt);
          }
          rows->push_back(std::move(mine));
        }
      }
      return column;
    }
    case TypeKind::kArray:
    case TypeKind::kMap: {
      std::vector<int64_t> offsets{0};
      for (int64_t i = 0; i < physical; ++i) {
        offsets.push_back(offsets.back() + input.ConsumeIntegralInRange<int64_t>(0, 3));
      }
      if (type.largeOffsets) {
        column.buffers.push_back(bufferOf(offsets));
      } else {
        column.buffers.push_back(bufferOf(std::vector<int32_t>(offsets.begin(), offsets.end())));
      }
      column.children.push_back(generate(type.children[0], offsets.back(), input, nullptr));
      break;
    }
    case TypeKind::kVarchar:
    case TypeKind::kVarbinary: {
      std::vector<int64_t> offsets{0};
      std::string data;
      std::vector<std::string> values;
      for (int64_t i = 0; i < physical; ++i) {
        values.push_back(input.ConsumeRandomLengthString(12));
        data += values.back();
        offsets.push_back(static_cast<int64_t>(data.size()));
      }
      if (type.largeOffsets) {
        column.buffers.push_back(bufferOf(offsets));
      } else {
        column.buffers.push_back(bufferOf(std::vector<int32_t>(offsets.begin(), offsets.end())));
      }
      column.buffers.push_back(test::bytesBuffer(data.data(), data.size()));
      if (rows != nullptr) {
        LeafRows mine;
        for (int64_t r = 0; r < n; ++r) {
          RefValue value;
          value.string = values[static_cast<size_t>(offset + r)];
          mine.push_back(leafRow(r, value));
        }
        rows->push_back(std::move(mine));
      }
      return column;
    }
    case TypeKind::kBoolean: {
      std::vector<uint8_t> bitsOn(static_cast<size_t>(physical / 8 + 1));
      for (auto& byte : bitsOn) byte = input.ConsumeIntegral<uint8_t>();
      column.buffers.push_back(bufferOf(bitsOn));
      break;
    }
    default: {
      std::vector<RefValue> values(static_cast<size_t>(physical));
      std::vector<uint8_t> raw;
      auto append = [&raw](const void* p, size_t size) {
        raw.insert(raw.end(), static_cast<const uint8_t*>(p), static_cast<const uint8_t*>(p) + size);
      };
      for (RefValue& value : values) {
        switch (type.kind) {
          case TypeKind::kTinyint: { auto v = input.ConsumeIntegral<int8_t>(); append(&v, 1); value.integer = v; break; }
          case TypeKind::kSmallint: { auto v = input.ConsumeIntegral<int16_t>(); append(&v, 2); value.integer = v; break; }
          case TypeKind::kInteger:
          case TypeKind::kDate: { auto v = input.ConsumeIntegral<int32_t>(); append(&v, 4); value.integer = v; break; }
          case TypeKind::kBigint:
          case TypeKind::kTimestamp: { auto v = input.ConsumeIntegral<int64_t>(); append(&v, 8); value.integer = v; break; }
          case TypeKind::kReal: { auto v = static_cast<float>(specialDouble(input)); append(&v, 4); value.floating = static_cast<double>(v); break; }
          case TypeKind::kDouble: { double v = specialDouble(input); append(&v, 8); value.floating = v; break; }
          case TypeKind::kDecimal: {
            const uint64_t low = input.ConsumeIntegral<uint64_t>();
            // decimal(p <= 18) values fit in 64 bits (Arrow and Spark keep values within the
            // declared precision; the engine compares them on the low word), so the high word
            // is the sign extension. Wider decimals get arbitrary 128-bit values.
            const uint64_t high = type.precision <= 18
                ? static_cast<uint64_t>(static_cast<int64_t>(low) >> 63)
                : input.ConsumeIntegral<uint64_t>();
            append(&low, 8);
            append(&high, 8);
            value.decimal = static_cast<int128_t>((static_cast<unsigned __int128>(high) << 64) | low);
            break;
          }
          default: break;
        }
      }
      column.buffers.push_back(test::bytesBuffer(raw.data(), raw.size()));
      if (rows != nullptr) {
        LeafRows mine;
        for (int64_t r = 0; r < n; ++r) mine.push_back(leafRow(r, values[static_cast<size_t>(offset + r)]));
        rows->push_back(std::move(mine));
      }
      return column;
    }
  }
  // list, map, boolean: statistics leaves with a null count only.
  if (rows != nullptr) {
    LeafRows mine;
    for (int64_t r = 0; r < n; ++r) mine.push_back(leafRow(r, RefValue{}));
    rows->push_back(std::move(mine));
  }
  return column;
}

struct Node {
  ArrowArray* array;
  const Type* type;
};

void collect(ArrowArray* array, const Type& type, std::vector<Node>& out) {
  out.push_back(Node{array, &type});
  for (size_t i = 0; i < type.children.size(); ++i) {
    collect(array->children[i], type.children[i], out);
  }
}

} // namespace

Column randomShape(FuzzedDataProvider& input, bool allowInvalid) {
  Column root{"+s", "", 0, 0, 0, {}, {}};
  const int children = input.ConsumeIntegralInRange<int>(1, 4);
  for (int i = 0; i < children; ++i) {
    root.children.push_back(shapeNode(input, 1, allowInvalid, "c" + std::to_string(i)));
  }
  return root;
}

GeneratedBatch randomBatch(const Type& rowType, int64_t numRows, FuzzedDataProvider& input) {
  GeneratedBatch batch;
  batch.column = generate(rowType, numRows, input, &batch.leafRows);
  return batch;
}

bool corrupt(ArrowArray& root, const Type& rowType, FuzzedDataProvider& input) {
  std::vector<Node> nodes;
  collect(&root, rowType, nodes);
  Node node = nodes[input.ConsumeIntegralInRange<size_t>(0, nodes.size() - 1)];
  ArrowArray& a = *node.array;
  const int64_t small = input.ConsumeIntegralInRange<int64_t>(1, 5);
  switch (input.ConsumeIntegralInRange<int>(0, 9)) {
    case 0: a.length = -small; return true;
    case 1: a.offset = -small; return true;
    case 2: a.null_count = input.ConsumeIntegralInRange<int64_t>(-3, a.length + 3); return true;
    case 3: a.n_buffers += input.ConsumeBool() ? small : -small; return true;
    case 4: a.n_children += small; return true;
    case 5:
      if (a.n_buffers == 0) return false;
      a.buffers[input.ConsumeIntegralInRange<int64_t>(0, a.n_buffers - 1)] = nullptr;
      return true;
    case 6:
      if (a.n_children == 0) return false;
      a.children[input.ConsumeIntegralInRange<int64_t>(0, a.n_children - 1)] = nullptr;
      return true;
    case 7: a.dictionary = &root; return true;
    case 8:  // shorter than announced: detected when a parent needs the rows, else just fewer rows
      a.length = std::max<int64_t>(0, a.length - small);
      return true;
    default: {
      const TypeKind kind = node.type->kind;
      const bool hasOffsets = kind == TypeKind::kVarchar || kind == TypeKind::kVarbinary ||
                              kind == TypeKind::kArray || kind == TypeKind::kMap;
      if (!hasOffsets || a.buffers[1] == nullptr) return false;
      const int64_t index = input.ConsumeIntegralInRange<int64_t>(0, a.offset + a.length);
      // Strings: only lower an offset (raising one past the data is undetectable by design).
      // Lists/maps: raising is detectable against the child's length.
      const bool raise = (kind == TypeKind::kArray || kind == TypeKind::kMap) && input.ConsumeBool();
      auto* bytes = const_cast<uint8_t*>(static_cast<const uint8_t*>(a.buffers[1]));
      if (node.type->largeOffsets) {
        int64_t value;
        std::memcpy(&value, bytes + index * 8, 8);
        value += raise ? small : -small;
        std::memcpy(bytes + index * 8, &value, 8);
      } else {
        int32_t value;
        std::memcpy(&value, bytes + index * 4, 4);
        value += static_cast<int32_t>(raise ? small : -small);
        std::memcpy(bytes + index * 4, &value, 4);
      }
      return true;
    }
  }
}

} // namespace gds::fuzz
