// A search's budget as agent specs give it, for every game's timed searches:
// `seconds` (the wall clock) or `cpuseconds` (the searching thread's own CPU
// time, equal work on a loaded machine), at most one of them; neither, a
// simulation count.
#pragma once

#include <string>
#include <string_view>

namespace junqi {

// Refuses a negative time or both times given, in one line naming the agent
// ("agent 'nn': give seconds or cpuseconds, not both"): AgentSpecError.
void checkSearchTimes(double seconds, double cpuSeconds, std::string_view agent);

// The budget's item of an agent's spec: "cpuseconds=X", "seconds=X", else "sims=N".
std::string budgetSpecItem(double seconds, double cpuSeconds, long long sims);

}  // namespace junqi
