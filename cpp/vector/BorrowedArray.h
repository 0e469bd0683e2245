#pragma once

#include "vector/ArrowCData.h"

// Release callback for arrays whose buffers a producer lends for one synchronous call (the Java
// side's lean batch export: the ArrowArray tree lives in memory the producer reuses, the buffers
// stay owned by its vectors). Releasing frees nothing: it releases the children still live, as
// the specification asks of a parent, and marks the struct released. A consumer must therefore
// finish with such an array before the call that received it returns - which the engine does.

namespace gds {

void releaseBorrowedArray(ArrowArray* array);

} // namespace gds
