#include "tests/ResultDecoder.h"

#include <cstring>
#include <sstream>
#include <stdexcept>

namespace gds::test {
namespace {

class Reader {
 public:
  explicit Reader(const std::vector<uint8_t>& bytes) : bytes_(bytes) {}

  template <typename T>
  T read() {
    need(sizeof(T));
    T value;
    std::memcpy(&value, bytes_.data() + position_, sizeof(T));
    position_ += sizeof(T);
    return value;
  }

  std::string readBytes(size_t size) {
    need(size);
    std::string value(reinterpret_cast<const char*>(bytes_.data() + position_), size);
    position_ += size;
    return value;
  }

  bool atEnd() const {
    return position_ == bytes_.size();
  }

 private:
  void need(size_t size) const {
    if (position_ + size > bytes_.size()) {
      throw std::runtime_error("truncated result");
    }
  }

  const std::vector<uint8_t>& bytes_;
  size_t position_{0};
};

DecodedValue readValue(Reader& reader, TypeKind kind) {
  DecodedValue value;
  switch (kind) {
    case TypeKind::kReal:
    case TypeKind::kDouble:
      value.floating = reader.read<double>();
      break;
    case TypeKind::kDecimal: {
      const auto low = reader.read<uint64_t>();
      const auto high = reader.read<uint64_t>();
      value.decimal = static_cast<int128_t>((static_cast<unsigned __int128>(high) << 64) | low);
      break;
    }
    case TypeKind::kVarchar:
      value.string = reader.readBytes(static_cast<size_t>(reader.read<int32_t>()));
      break;
    default:
      value.integer = reader.read<int64_t>();
      break;
  }
  return value;
}

bool sameBits(double left, double right) {
  return std::memcmp(&left, &right, sizeof(double)) == 0;
}

bool sameValue(const DecodedValue& left, const DecodedValue& right) {
  return left.integer == right.integer && sameBits(left.floating, right.floating) &&
         left.decimal == right.decimal && left.string == right.string;
}

} // namespace

DecodedFile decodeResult(const std::vector<uint8_t>& bytes, const std::vector<LeafColumn>& leaves) {
  Reader reader(bytes);
  DecodedFile file;
  file.numRecords = reader.read<int64_t>();
  const auto numLeaves = reader.read<int32_t>();
  if (numLeaves != static_cast<int32_t>(leaves.size())) {
    throw std::runtime_error("leaf count mismatch");
  }
  for (const LeafColumn& leafColumn : leaves) {
    DecodedLeaf leaf;
    leaf.nullCount = reader.read<int64_t>();
    leaf.hasMinMax = reader.read<uint8_t>() != 0;
    if (leaf.hasMinMax) {
      leaf.min = readValue(reader, leafColumn.type->kind);
      leaf.max = readValue(reader, leafColumn.type->kind);
    }
    file.leaves.push_back(std::move(leaf));
  }
  if (!reader.atEnd()) {
    throw std::runtime_error("trailing bytes in result");
  }
  return file;
}

bool sameResult(const DecodedFile& left, const DecodedFile& right) {
  if (left.numRecords != right.numRecords || left.leaves.size() != right.leaves.size()) {
    return false;
  }
  for (size_t i = 0; i < left.leaves.size(); ++i) {
    const DecodedLeaf& a = left.leaves[i];
    const DecodedLeaf& b = right.leaves[i];
    if (a.nullCount != b.nullCount || a.hasMinMax != b.hasMinMax ||
        (a.hasMinMax && (!sameValue(a.min, b.min) || !sameValue(a.max, b.max)))) {
      return false;
    }
  }
  return true;
}

std::string describe(const DecodedFile& file) {
  std::ostringstream out;
  out << "numRecords=" << file.numRecords;
  for (size_t i = 0; i < file.leaves.size(); ++i) {
    const DecodedLeaf& leaf = file.leaves[i];
    out << " [" << i << ": nulls=" << leaf.nullCount;
    if (leaf.hasMinMax) {
      out << " min=" << leaf.min.integer << "/" << leaf.min.floating << "/'" << leaf.min.string
          << "' max=" << leaf.max.integer << "/" << leaf.max.floating << "/'" << leaf.max.string
          << "'";
    }
    out << "]";
  }
  return out.str();
}

} // namespace gds::test
