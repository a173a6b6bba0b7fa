#include "server/agent_menu.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "nets/nn_agent.h"
#include "search/flip/flip_agent.h"
#include "search/four/four_agent.h"
#include "search/registry.h"
#include "server/http_util.h"
#include "tools/levels.h"

namespace junqi::server {

namespace {

const std::vector<std::string> kDefaults = {"random=random",        "heuristic=heuristic",
                                            "tactical=tactical",    "ismcts=ismcts:sims=400",
                                            "flip:heuristic=heuristic", "flip:mcts=mcts:sims=400",
                                            "four:heuristic=heuristic", "four:ismcts=ismcts:sims=200"};

// A default entry, and the help the page shows for it (empty: its kind's).
struct DefaultEntry {
  std::string entry, help;
};

// kDefaults, then each game's playing levels as "level-1" ... (tools/levels.h,
// the same agents as `junqi play --level N`); a level whose network is not
// installed is left out rather than keeping the server from starting.
std::vector<DefaultEntry> defaultEntries() {
  std::vector<DefaultEntry> entries;
  for (const std::string& entry : kDefaults) entries.push_back({entry, ""});
  for (const GameKind game : {GameKind::Classic, GameKind::Flip, GameKind::Four}) {
    const std::string name(gameKindName(game));
    const int count = tools::levelCount(name);
    for (int level = 1; level <= count; ++level) {
      std::string spec;
      try {
        spec = tools::levelSpec(name, level);
      } catch (const std::runtime_error&) {
        continue;  // no best network
      }
      const std::string prefix = game == GameKind::Classic ? "" : name + ":";
      entries.push_back({fmt::format("{}level-{}={}", prefix, level, spec),
                         fmt::format("level {} of {}: {}", level, count, tools::levelWords(name, level))});
    }
  }
  return entries;
}

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
  for (const char* key : {"seconds", "cpuseconds"})  // a CPU second takes at least a wall second
    if (params.has(key) && params.getDouble(key, 0) > budget.maxSeconds)
      throw std::invalid_argument(
          fmt::format("{}={} is past the budget of {} s a move", key, params.getDouble(key, 0), budget.maxSeconds));
  if (params.has("threads") && params.getInt("threads", 1) > budget.maxThreads)
    throw std::invalid_argument(fmt::format("threads={} is past the budget of {} threads",
                                            params.getInt("threads", 1), budget.maxThreads));
}

// Makes the agent once (an unknown kind or key, a weights file that cannot be
// read: now, not on the page) and returns its kind's line of help.
template <class Kinds>
std::string helpOf(const std::string& spec, const Kinds& kinds) {
  const std::string kind = AgentParams::parse(spec).name();
  for (const auto& k : kinds)
    if (k.name == kind) return k.help;
  return "";
}

std::string madeAndHelp(GameKind game, const std::string& spec) {
  switch (game) {
    case GameKind::Flip: makeFlipAgent(spec); return helpOf(spec, flipAgentKinds());
    case GameKind::Four: makeFourAgent(spec); return helpOf(spec, fourAgentKinds());
    default: makeAgent(spec); return helpOf(spec, agentKinds());
  }
}

// "flip:NAME=SPEC" names a flip agent, "four:..." a four-player one.
GameKind gameOf(std::string& entry) {
  for (const GameKind game : {GameKind::Flip, GameKind::Four}) {
    const std::string prefix = std::string(gameKindName(game)) + ":";
    if (entry.rfind(prefix, 0) == 0) {
      entry.erase(0, prefix.size());
      return game;
    }
  }
  return GameKind::Classic;
}

MenuAgent entryOf(std::string entry, const AgentBudget& budget) {
  const GameKind game = gameOf(entry);
  const std::size_t equals = entry.find('=');
  if (equals == std::string::npos)
    throw std::invalid_argument("is not NAME=SPEC (e.g. strong=ismcts:sims=2000)");
  MenuAgent agent{game, entry.substr(0, equals), entry.substr(equals + 1), {}};
  if (!plainName(agent.name))
    throw std::invalid_argument("the name must be 1 to 40 letters, digits, '-', '_' or '.'");
  checkBudget(agent.spec, budget);
  agent.help = madeAndHelp(game, agent.spec);
  return agent;
}

}  // namespace

std::string_view gameKindName(GameKind game) {
  switch (game) {
    case GameKind::Flip: return "flip";
    case GameKind::Four: return "four";
    default: return "classic";
  }
}

AgentMenu AgentMenu::of(const std::vector<std::string>& entries, const AgentBudget& budget) {
  AgentMenu menu;
  for (const std::string& entry : entries) {
    try {
      MenuAgent agent = entryOf(entry, budget);
      auto& list = menu.agents_[static_cast<int>(agent.game)];
      for (const MenuAgent& other : list)
        if (other.name == agent.name) throw std::invalid_argument("the name is listed twice");
      list.push_back(std::move(agent));
    } catch (const std::exception& e) {
      throw std::invalid_argument(fmt::format("--agent '{}': {}", entry, e.what()));
    }
  }
  // A game the operator listed no agent for gets its defaults (made only
  // then: a level may load a network).
  nets::registerNetAgent();  // the levels play the best networks, whichever program runs the server
  for (const DefaultEntry& entry : defaultEntries()) {
    std::string name = entry.entry;
    const GameKind game = gameOf(name);
    auto& list = menu.agents_[static_cast<int>(game)];
    if (std::any_of(entries.begin(), entries.end(), [&](std::string e) { return gameOf(e) == game; })) continue;
    MenuAgent agent = entryOf(entry.entry, budget);
    if (!entry.help.empty()) agent.help = entry.help;
    list.push_back(std::move(agent));
  }
  return menu;
}

const MenuAgent& AgentMenu::find(const std::string& name, GameKind game) const {
  std::string names;
  for (const MenuAgent& agent : agents(game)) {
    if (agent.name == name) return agent;
    names += (names.empty() ? "" : ", ") + agent.name;
  }
  const std::string which = game == GameKind::Classic ? "" : std::string(gameKindName(game)) + " ";
  throw ApiError(400, fmt::format("unknown {}agent '{}': this server offers {}", which, name.substr(0, 80), names));
}

}  // namespace junqi::server
