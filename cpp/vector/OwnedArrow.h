#pragma once

#include "vector/ArrowCData.h"

// Owning holders for C Data Interface structs. Construction moves the struct in (copy, then mark
// the source released, as the specification's "move" prescribes), so the producer's memory can
// be reused at once; the destructor calls release exactly once. Callers that must run code after
// the release (the JNI layer throws Java exceptions only afterwards) scope these holders.

namespace gds {

template <typename T>
class OwnedArrow {
 public:
  OwnedArrow() {
    value_.release = nullptr;
  }

  // Takes over *source; source->release is set to null. 'source' may be null (nothing owned).
  explicit OwnedArrow(T* source) {
    value_.release = nullptr;
    if (source != nullptr) {
      value_ = *source;
      source->release = nullptr;
    }
  }

  OwnedArrow(const OwnedArrow&) = delete;
  OwnedArrow& operator=(const OwnedArrow&) = delete;

  OwnedArrow(OwnedArrow&& other) noexcept : value_(other.value_) {
    other.value_.release = nullptr;
  }

  OwnedArrow& operator=(OwnedArrow&& other) noexcept {
    if (this != &other) {
      reset();
      value_ = other.value_;
      other.value_.release = nullptr;
    }
    return *this;
  }

  ~OwnedArrow() {
    reset();
  }

  // Releases now (idempotent).
  void reset() {
    if (value_.release != nullptr) {
      value_.release(&value_);
      // The specification requires the callback to mark the struct released; do not rely on it.
      value_.release = nullptr;
    }
  }

  // True when a live (not yet released) struct is held.
  bool isLive() const {
    return value_.release != nullptr;
  }

  const T& get() const {
    return value_;
  }

 private:
  T value_;
};

using OwnedArrowSchema = OwnedArrow<ArrowSchema>;
using OwnedArrowArray = OwnedArrow<ArrowArray>;

} // namespace gds
