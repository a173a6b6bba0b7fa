#include "server/agent_menu.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "search/registry.h"
#include "server/http_util.h"

namespace junqi::server {

namespace {

const std::vector<std::string> kDefaults = {"random=random", "heuristic=heuristic", "tactical=tactical",
                                            "ismcts=ismcts:sims=400"};

bool plainName(const std::string& name) {
  return !name.empty() && name.size() <= 40 && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
  });
}

// Throws when the spec asks for more than the budget allows.
void checkBudget(const std::string& spec, const AgentBudget& budget) {
  const AgentParams params = AgentParams::parse(spec);
  if (params.has("sims") && params.getInt("sims", 0) > budget.maxSims)
    throw std::invalid_argument(fmt::format("sims={} is past the budget of {} a move", params.getInt("sims", 0),
                                            budget.maxSims));
  if (params.has("seconds") && params.getDouble("seconds", 0) > budget.maxSeconds)
    throw std::invalid_argument(fmt::format("seconds={} is past the budget of {} s a move",
                                            params.getDouble("seconds", 0), budget.maxSeconds));
  if (params.has("threads") && params.getInt("threads", 1) > budget.maxThreads)
    throw std::invalid_argument(fmt::format("threads={} is past the budget of {} threads",
                                            params.getInt("threads", 1), budget.maxThreads));
}

MenuAgent entryOf(const std::string& entry, const AgentBudget& budget) {
  const std::size_t equals = entry.find('=');
  if (equals == std::string::npos)
    throw std::invalid_argument("is not NAME=SPEC (e.g. strong=ismcts:sims=2000)");
  MenuAgent agent{entry.substr(0, equals), entry.substr(equals + 1), {}};
  if (!plainName(agent.name))
    throw std::invalid_argument("the name must be 1 to 40 letters, digits, '-', '_' or '.'");
  checkBudget(agent.spec, budget);
  makeAgent(agent.spec);  // an unknown kind or key, a weights file that cannot be read: now, not on the page
  const std::string kind = AgentParams::parse(agent.spec).name();
  for (const AgentKind& k : agentKinds())
    if (k.name == kind) agent.help = k.help;
  return agent;
}

}  // namespace

AgentMenu AgentMenu::of(const std::vector<std::string>& entries, const AgentBudget& budget) {
  AgentMenu menu;
  for (const std::string& entry : entries.empty() ? kDefaults : entries) {
    try {
      MenuAgent agent = entryOf(entry, budget);
      for (const MenuAgent& other : menu.agents_)
        if (other.name == agent.name) throw std::invalid_argument("the name is listed twice");
      menu.agents_.push_back(std::move(agent));
    } catch (const std::exception& e) {
      throw std::invalid_argument(fmt::format("--agent '{}': {}", entry, e.what()));
    }
  }
  return menu;
}

const MenuAgent& AgentMenu::find(const std::string& name) const {
  std::string names;
  for (const MenuAgent& agent : agents_) {
    if (agent.name == name) return agent;
    names += (names.empty() ? "" : ", ") + agent.name;
  }
  throw ApiError(400, fmt::format("unknown agent '{}': this server offers {}", name.substr(0, 80), names));
}

}  // namespace junqi::server
