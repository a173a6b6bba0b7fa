// pimc and ismcts: the search agents (search/classic/ismcts.h does the work).
//   pimc:sims=N,worlds=K,vote=0|1,c=...,depth=...,rollout=random|greedy,threads=T,seconds=S,seed=...,layout=...
//   ismcts:sims=N,mo=0|1,views=V,opp=F,c=...,depth=...,rollout=...,threads=T,seconds=S,seed=...,layout=...
// both also with discount=D,guard=0|1,reversals=0|1 (readChoiceParams) and
// prior=tactical|none,ptemp=T,pc=C (root priors from the tactical player, on by default).
#pragma once

#include <utility>
#include <vector>

#include "search/basic_agent.h"
#include "search/classic/ismcts.h"

namespace junqi {

// The parameters every search agent shares for valuing results and picking
// its move: discount=D (per ply), guard=0|1 (flag guard), reversals=0|1 (allow
// aimless reversals); read into `search`, and written back as a spec fragment.
void readChoiceParams(const AgentParams& params, SearchParams& search);
std::string choiceSpec(const SearchParams& search);
// The shares of the visits of a search's root, most visited first, for
// AgentReport::rootShares (the search agents' and the nn agent's).
std::vector<std::pair<Move, double>> rootVisitShares(const std::vector<RootMoveStats>& root);
// Each share's move's mean value at the root, in the shares' order, for
// AgentReport::rootValues.
std::vector<double> rootShareValues(const std::vector<RootMoveStats>& root,
                                    const std::vector<std::pair<Move, double>>& shares);

class MctsAgent : public BasicAgent {
 public:
  // kind: "pimc" or "ismcts".
  MctsAgent(const std::string& kind, const AgentParams& params);
  std::string name() const override { return kind_; }
  std::string spec() const override;
  Action chooseAction(const InfoState& state) override;

  const SearchParams& params() const { return params_; }

 private:
  std::string kind_;
  SearchParams params_;
};

}  // namespace junqi
