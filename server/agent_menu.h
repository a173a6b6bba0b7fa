// The agents a person may play on the page: names the operator chose, each
// standing for a spec only the server knows. The page sends a name, never a
// spec, so it cannot open a file (nn:weights=PATH) or set a budget; every
// spec's budget is bounded when the server starts.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace junqi::server {

// The three games the page plays; each has its own agents.
enum class GameKind { Classic, Flip, Four };
std::string_view gameKindName(GameKind game);  // "classic", "flip", "four"

struct MenuAgent {
  GameKind game = GameKind::Classic;
  std::string name;  // what the page shows and sends
  std::string spec;  // what plays (junqi agents)
  std::string help;  // the kind's line of help
};

// The most a listed spec may ask for, per move.
struct AgentBudget {
  long long maxSims = 100000;
  double maxSeconds = 60;
  int maxThreads = 4;
};

class AgentMenu {
 public:
  // "NAME=SPEC" entries (--agent), a flip or four-player agent written
  // "flip:NAME=SPEC" or "four:NAME=SPEC"; a game with no entry gets its
  // defaults: classic random, heuristic, tactical, ismcts (sims=400); flip
  // heuristic, mcts (sims=400); four heuristic, ismcts (sims=200); then each
  // game's playing levels, level-1 ... (tools/levels.h, `junqi play --level`;
  // a level whose best network is not installed is left out). Throws std::invalid_argument,
  // one line naming the entry, for a malformed entry, a repeated name, a spec
  // that cannot be made (an unknown kind, a weights file that is not there) or
  // one past the budget.
  static AgentMenu of(const std::vector<std::string>& entries, const AgentBudget& budget = {});

  // The classic game's agents.
  const std::vector<MenuAgent>& agents() const { return agents_[0]; }
  const std::vector<MenuAgent>& agents(GameKind game) const { return agents_[static_cast<int>(game)]; }
  // ApiError 400 for a name the menu does not hold for the game (the names offered in the message).
  const MenuAgent& find(const std::string& name, GameKind game = GameKind::Classic) const;

 private:
  std::array<std::vector<MenuAgent>, 3> agents_;
};

}  // namespace junqi::server
