#include "common/Exceptions.h"

namespace gds::detail {

void throwUserError(const std::string& message) {
  throw UserError(message);
}

void throwInternalError(const char* file, int line, const char* condition,
                        const std::string& message) {
  std::ostringstream out;
  out << "internal error: " << message << " (check '" << condition << "' failed at " << file
      << ":" << line << ")";
  throw InternalError(out.str());
}

} // namespace gds::detail
