// The agents a person may play on the page: names the operator chose, each
// standing for a spec only the server knows. The page sends a name, never a
// spec, so it cannot open a file (nn:weights=PATH) or set a budget; every
// spec's budget is bounded when the server starts.
#pragma once

#include <string>
#include <vector>

namespace junqi::server {

struct MenuAgent {
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
  // "NAME=SPEC" entries (--agent), or the defaults when there are none:
  // random, heuristic, tactical, ismcts (sims=400). Throws std::invalid_argument,
  // one line naming the entry, for a malformed entry, a repeated name, a spec
  // that cannot be made (an unknown kind, a weights file that is not there) or
  // one past the budget.
  static AgentMenu of(const std::vector<std::string>& entries, const AgentBudget& budget = {});

  const std::vector<MenuAgent>& agents() const { return agents_; }
  // ApiError 400 for a name the menu does not hold (the names offered in the message).
  const MenuAgent& find(const std::string& name) const;

 private:
  std::vector<MenuAgent> agents_;
};

}  // namespace junqi::server
