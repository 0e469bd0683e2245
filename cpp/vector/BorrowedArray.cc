#include "vector/BorrowedArray.h"

namespace gds {

void releaseBorrowedArray(ArrowArray* array) {
  if (array == nullptr || array->release == nullptr) {
    return;
  }
  for (int64_t i = 0; i < array->n_children; ++i) {
    ArrowArray* child = array->children[i];
    if (child != nullptr && child->release != nullptr) {  // a child moved out was released already
      child->release(child);
    }
  }
  if (array->dictionary != nullptr && array->dictionary->release != nullptr) {
    array->dictionary->release(array->dictionary);
  }
  array->release = nullptr;
}

} // namespace gds
