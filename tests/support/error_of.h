// The message of the exception that a call throws, for tests of refusals.
#pragma once

#include <exception>
#include <string>

namespace junqi {

// `f`'s exception message, or "" when it throws none.
template <class F>
std::string errorOf(F&& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

}  // namespace junqi
