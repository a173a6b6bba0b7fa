// The message of the AgentSpecError that making an agent from `spec` throws
// ("" if none is thrown), for the tests of agent specs.
#pragma once

#include <string>

#include "search/registry.h"

namespace junqi {

inline std::string specError(const std::string& spec) {
  try {
    makeAgent(spec);
  } catch (const AgentSpecError& e) {
    return e.what();
  }
  return "";
}

}  // namespace junqi
