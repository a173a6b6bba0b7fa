#include "search/search_budget.h"

#include <fmt/format.h>

#include "search/registry.h"

namespace junqi {

void checkSearchTimes(double seconds, double cpuSeconds, std::string_view agent) {
  if (!(seconds >= 0) || !(cpuSeconds >= 0))
    throw AgentSpecError(fmt::format("agent '{}': seconds and cpuseconds must be 0 or more", agent));
  if (seconds > 0 && cpuSeconds > 0)
    throw AgentSpecError(fmt::format("agent '{}': give seconds or cpuseconds, not both", agent));
}

std::string budgetSpecItem(double seconds, double cpuSeconds, long long sims) {
  if (cpuSeconds > 0) return fmt::format("cpuseconds={}", cpuSeconds);
  if (seconds > 0) return fmt::format("seconds={}", seconds);
  return fmt::format("sims={}", sims);
}

}  // namespace junqi
