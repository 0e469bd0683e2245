#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "vector/ArrowCData.h"

// The closed set of column types the engine accepts, built from Arrow format strings. Anything
// outside it is a UserError naming the column, so callers can fall back cleanly.

namespace gds {

enum class TypeKind {
  kBoolean,    // b
  kTinyint,    // c
  kSmallint,   // s
  kInteger,    // i
  kBigint,     // l
  kReal,       // f
  kDouble,     // g
  kDecimal,    // d:p,s[,128]
  kDate,       // tdD
  kTimestamp,  // tsu: and tsu:<zone>
  kVarchar,    // u, U
  kVarbinary,  // z, Z
  kRow,        // +s
  kArray,      // +l, +L
  kMap,        // +m
};

const char* typeKindName(TypeKind kind);

// One node of a schema tree. 'path' is the dotted column path used in every error message.
struct Type {
  TypeKind kind{TypeKind::kRow};
  std::string format;     // the Arrow format string, kept for schema equality checks
  std::string name;
  std::string path;
  int32_t precision{0};   // decimal
  int32_t scale{0};       // decimal
  bool hasTimezone{false};  // timestamp: tsu:<zone> vs tsu:
  bool largeOffsets{false}; // U, Z, +L use int64 offsets
  int32_t id{0};          // pre-order index inside its schema tree
  std::vector<Type> children;

  // Number of buffers an ArrowArray of this type carries.
  int64_t numBuffers() const;
};

// Deepest nesting accepted; deeper schemas are rejected instead of exhausting the stack.
constexpr int kMaxNestingDepth = 64;

// Parses a task schema: must be a struct ("+s"). Throws UserError for anything unsupported or
// malformed (null pointers, dictionaries, child counts that do not fit the type).
Type parseRowType(const ArrowSchema& schema);

// Number of nodes in the tree rooted at 'type' (ids are 0..count-1).
int32_t countNodes(const Type& type);

// Checks that 'schema' describes exactly 'expected' (formats, names, child counts); UserError
// naming the first differing column otherwise.
void checkSchemaMatches(const Type& expected, const ArrowSchema& schema);

} // namespace gds
