// pimc and ismcts: the search agents (search/ismcts.h does the work).
//   pimc:sims=N,worlds=K,vote=0|1,c=...,depth=...,rollout=random|greedy,threads=T,seconds=S,seed=...,layout=...
//   ismcts:sims=N,mo=0|1,views=V,opp=F,c=...,depth=...,rollout=...,threads=T,seconds=S,seed=...,layout=...
#pragma once

#include "search/basic_agent.h"
#include "search/ismcts.h"

namespace junqi {

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
