#include "type/Type.h"

#include <cstdlib>
#include <cstring>

#include "common/Exceptions.h"

namespace gds {
namespace {

std::string childPath(const std::string& parent, const std::string& name) {
  return parent.empty() ? name : parent + "." + name;
}

std::string displayPath(const std::string& path) {
  return path.empty() ? "<root>" : path;
}

// Parses a non-negative decimal number from [begin, end); false when it is not one.
bool parseSmallInt(const char* begin, const char* end, int32_t& out) {
  if (begin == end || end - begin > 6) {
    return false;
  }
  int32_t value = 0;
  for (const char* p = begin; p != end; ++p) {
    if (*p < '0' || *p > '9') {
      return false;
    }
    value = value * 10 + (*p - '0');
  }
  out = value;
  return true;
}

void parseDecimal(const std::string& format, Type& type) {
  // d:precision,scale[,bitWidth]
  const char* p = format.c_str() + 2;
  const char* end = format.c_str() + format.size();
  const char* comma = static_cast<const char*>(std::memchr(p, ',', end - p));
  GDS_USER_CHECK(comma != nullptr, "invalid decimal format '", format, "' for column '",
                 displayPath(type.path), "'");
  const char* second = static_cast<const char*>(std::memchr(comma + 1, ',', end - comma - 1));
  const char* scaleEnd = second == nullptr ? end : second;
  int32_t precision = 0;
  int32_t scale = 0;
  GDS_USER_CHECK(parseSmallInt(p, comma, precision) && parseSmallInt(comma + 1, scaleEnd, scale),
                 "invalid decimal format '", format, "' for column '", displayPath(type.path),
                 "'");
  if (second != nullptr) {
    GDS_USER_CHECK(std::string(second + 1, end) == "128", "unsupported type '", format,
                   "' for column '", displayPath(type.path), "': only 128-bit decimals");
  }
  GDS_USER_CHECK(precision >= 1 && precision <= 38 && scale <= precision,
                 "unsupported type '", format, "' for column '", displayPath(type.path),
                 "': decimal precision must be 1..38 and scale 0..precision");
  type.kind = TypeKind::kDecimal;
  type.precision = precision;
  type.scale = scale;
}

void setKindFromFormat(Type& type) {
  const std::string& f = type.format;
  if (f.size() == 1) {
    switch (f[0]) {
      case 'b': type.kind = TypeKind::kBoolean; return;
      case 'c': type.kind = TypeKind::kTinyint; return;
      case 's': type.kind = TypeKind::kSmallint; return;
      case 'i': type.kind = TypeKind::kInteger; return;
      case 'l': type.kind = TypeKind::kBigint; return;
      case 'f': type.kind = TypeKind::kReal; return;
      case 'g': type.kind = TypeKind::kDouble; return;
      case 'u': type.kind = TypeKind::kVarchar; return;
      case 'U': type.kind = TypeKind::kVarchar; type.largeOffsets = true; return;
      case 'z': type.kind = TypeKind::kVarbinary; return;
      case 'Z': type.kind = TypeKind::kVarbinary; type.largeOffsets = true; return;
      default: break;
    }
  } else if (f == "+s") {
    type.kind = TypeKind::kRow;
    return;
  } else if (f == "+l") {
    type.kind = TypeKind::kArray;
    return;
  } else if (f == "+L") {
    type.kind = TypeKind::kArray;
    type.largeOffsets = true;
    return;
  } else if (f == "+m") {
    type.kind = TypeKind::kMap;
    return;
  } else if (f == "tdD") {
    type.kind = TypeKind::kDate;
    return;
  } else if (f.compare(0, 4, "tsu:") == 0) {
    type.kind = TypeKind::kTimestamp;
    type.hasTimezone = f.size() > 4;
    return;
  } else if (f.size() > 2 && f.compare(0, 2, "d:") == 0) {
    parseDecimal(f, type);
    return;
  }
  GDS_USER_FAIL("unsupported type '", f, "' for column '", displayPath(type.path), "'");
}

int64_t expectedChildren(const Type& type) {
  switch (type.kind) {
    case TypeKind::kRow: return -1;  // any
    case TypeKind::kArray:
    case TypeKind::kMap: return 1;
    default: return 0;
  }
}

void parseNode(const ArrowSchema* schema, const std::string& parentPath, int depth, int32_t& nextId,
               Type& type) {
  GDS_USER_CHECK(schema != nullptr, "null ArrowSchema child below column '",
                 displayPath(parentPath), "'");
  type.name = schema->name == nullptr ? std::string() : std::string(schema->name);
  type.path = depth == 0 ? std::string() : childPath(parentPath, type.name);
  type.id = nextId++;
  GDS_USER_CHECK(depth <= kMaxNestingDepth, "column '", displayPath(type.path),
                 "' is nested deeper than ", kMaxNestingDepth, " levels");
  GDS_USER_CHECK(schema->format != nullptr, "missing format string for column '",
                 displayPath(type.path), "'");
  type.format = schema->format;
  GDS_USER_CHECK(schema->dictionary == nullptr, "dictionary-encoded column '",
                 displayPath(type.path), "' is not supported");
  setKindFromFormat(type);
  GDS_USER_CHECK(schema->n_children >= 0, "column '", displayPath(type.path),
                 "': negative child count ", schema->n_children);
  const int64_t expected = expectedChildren(type);
  GDS_USER_CHECK(expected < 0 || schema->n_children == expected, "column '",
                 displayPath(type.path), "' of type '", type.format, "' has ",
                 schema->n_children, " children, expected ", expected);
  GDS_USER_CHECK(schema->n_children == 0 || schema->children != nullptr, "column '",
                 displayPath(type.path), "': null children array for ", schema->n_children,
                 " children");
  type.children.resize(static_cast<size_t>(schema->n_children));
  for (int64_t i = 0; i < schema->n_children; ++i) {
    parseNode(schema->children[i], type.path, depth + 1, nextId, type.children[i]);
  }
  if (type.kind == TypeKind::kMap) {
    const Type& entries = type.children[0];
    GDS_USER_CHECK(entries.kind == TypeKind::kRow && entries.children.size() == 2, "map column '",
                   displayPath(type.path), "' must have one struct child with 2 fields");
  }
}

void checkNode(const Type& expected, const ArrowSchema* schema, const std::string& parentPath,
               bool isRoot) {
  GDS_USER_CHECK(schema != nullptr, "batch schema does not match the task schema: null child "
                 "below column '", displayPath(parentPath), "'");
  const std::string& path = expected.path;
  GDS_USER_CHECK(schema->format != nullptr && expected.format == schema->format,
                 "batch schema does not match the task schema at column '", displayPath(path),
                 "': format '", schema->format == nullptr ? "<null>" : schema->format,
                 "', expected '", expected.format, "'");
  const char* name = schema->name == nullptr ? "" : schema->name;
  GDS_USER_CHECK(isRoot || expected.name == name,
                 "batch schema does not match the task schema at column '", displayPath(path),
                 "': name '", name, "', expected '", expected.name, "'");
  GDS_USER_CHECK(schema->dictionary == nullptr, "dictionary-encoded column '", displayPath(path),
                 "' is not supported");
  GDS_USER_CHECK(schema->n_children == static_cast<int64_t>(expected.children.size()) &&
                     (schema->n_children == 0 || schema->children != nullptr),
                 "batch schema does not match the task schema at column '", displayPath(path),
                 "': ", schema->n_children, " children, expected ", expected.children.size());
  for (size_t i = 0; i < expected.children.size(); ++i) {
    checkNode(expected.children[i], schema->children[i], path, false);
  }
}

} // namespace

const char* typeKindName(TypeKind kind) {
  switch (kind) {
    case TypeKind::kBoolean: return "BOOLEAN";
    case TypeKind::kTinyint: return "TINYINT";
    case TypeKind::kSmallint: return "SMALLINT";
    case TypeKind::kInteger: return "INTEGER";
    case TypeKind::kBigint: return "BIGINT";
    case TypeKind::kReal: return "REAL";
    case TypeKind::kDouble: return "DOUBLE";
    case TypeKind::kDecimal: return "DECIMAL";
    case TypeKind::kDate: return "DATE";
    case TypeKind::kTimestamp: return "TIMESTAMP";
    case TypeKind::kVarchar: return "VARCHAR";
    case TypeKind::kVarbinary: return "VARBINARY";
    case TypeKind::kRow: return "ROW";
    case TypeKind::kArray: return "ARRAY";
    case TypeKind::kMap: return "MAP";
  }
  return "UNKNOWN";
}

int64_t Type::numBuffers() const {
  switch (kind) {
    case TypeKind::kRow: return 1;
    case TypeKind::kVarchar:
    case TypeKind::kVarbinary: return 3;
    default: return 2;  // validity + values (or offsets for list/map)
  }
}

Type parseRowType(const ArrowSchema& schema) {
  Type root;
  int32_t nextId = 0;
  GDS_USER_CHECK(schema.format != nullptr && std::strcmp(schema.format, "+s") == 0,
                 "the task schema must be a struct ('+s'), got '",
                 schema.format == nullptr ? "<null>" : schema.format, "'");
  parseNode(&schema, std::string(), 0, nextId, root);
  return root;
}

int32_t countNodes(const Type& type) {
  int32_t count = 1;
  for (const Type& child : type.children) {
    count += countNodes(child);
  }
  return count;
}

void checkSchemaMatches(const Type& expected, const ArrowSchema& schema) {
  checkNode(expected, &schema, std::string(), true);
}

} // namespace gds
