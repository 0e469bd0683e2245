#pragma once

#include <sstream>
#include <stdexcept>
#include <string>

// Two error kinds, as in Velox: a UserError is caused by the input (malformed Arrow data, an
// unsupported type) and maps to IllegalArgumentException in Java; an InternalError is a broken
// engine invariant and maps to NativeStatsException.

namespace gds {

class UserError : public std::runtime_error {
 public:
  explicit UserError(const std::string& message) : std::runtime_error(message) {}
};

class InternalError : public std::runtime_error {
 public:
  explicit InternalError(const std::string& message) : std::runtime_error(message) {}
};

namespace detail {

template <typename... Args>
std::string concatMessage(const Args&... args) {
  std::ostringstream out;
  (out << ... << args);
  return out.str();
}

[[noreturn]] void throwUserError(const std::string& message);
[[noreturn]] void throwInternalError(const char* file, int line, const char* condition,
                                     const std::string& message);

} // namespace detail
} // namespace gds

// The message is only built when the check fails, so call sites stay cheap on the hot path.
#define GDS_USER_CHECK(condition, ...)                                      \
  do {                                                                      \
    if (__builtin_expect(!(condition), 0)) {                                \
      ::gds::detail::throwUserError(::gds::detail::concatMessage(__VA_ARGS__)); \
    }                                                                       \
  } while (0)

#define GDS_USER_FAIL(...) ::gds::detail::throwUserError(::gds::detail::concatMessage(__VA_ARGS__))

#define GDS_CHECK(condition, ...)                                                    \
  do {                                                                               \
    if (__builtin_expect(!(condition), 0)) {                                         \
      ::gds::detail::throwInternalError(__FILE__, __LINE__, #condition,              \
                                        ::gds::detail::concatMessage(__VA_ARGS__)); \
    }                                                                                \
  } while (0)
