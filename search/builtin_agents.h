// The agents this layer provides: random, heuristic, pimc and ismcts.
#pragma once

#include <vector>

#include "search/registry.h"

namespace junqi {

std::vector<AgentKind> builtinAgentKinds();

}  // namespace junqi
