// What the leakage tests compare between worlds a seat cannot tell apart:
// everything an agent does at one decision that a leak could change, and the
// specs of every kind of agent of a game, on small budgets.
#pragma once

#include <string>
#include <vector>

#include "search/registry.h"

namespace junqi::leakage {

struct Decision {
  std::string choice;  // the action (and for classic agents the layout and draw answer), as text
  AgentReport report;  // the search behind it (its time left out)
};

// What differs, in words; empty when nothing does.
std::string differenceBetween(const Decision& a, const Decision& b);

// "name:seed=7,sims=N" for every kind (only the keys it reads), and a second
// spec with mo=1 for a kind that has multiple-observer search. Kinds added
// later are checked with no change here; nn kinds are not registered in this
// LibTorch-free program.
template <class AgentT>
std::vector<std::string> specsOfEveryKind(const std::vector<AgentKindOf<AgentT>>& kinds, int sims) {
  std::vector<std::string> specs;
  for (const AgentKindOf<AgentT>& kind : kinds) {
    std::string spec = kind.name + ":";
    bool multipleObserver = false;
    for (const AgentParamHelp& p : kind.params) {
      if (p.key == "seed") spec += "seed=7,";
      if (p.key == "sims") spec += "sims=" + std::to_string(sims) + ",";
      if (p.key == "worlds") spec += "worlds=5,";
      multipleObserver |= p.key == "mo";
    }
    spec.pop_back();
    specs.push_back(spec);
    if (multipleObserver) specs.push_back(spec + ",mo=1");
  }
  return specs;
}

}  // namespace junqi::leakage
