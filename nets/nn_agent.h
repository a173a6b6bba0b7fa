// nn: ISMCTS guided by a trained network (PUCT priors, value-head leaves).
//   nn:weights=FILE,sims=N,c=1.5,mix=0,depth=30,rollout=random,threads=1,backend=eigen|torch,discount=,guard=,reversals=,
//      gumbel=0|1,actions=16,
//      layout=net|random|aggressive|defensive|balanced,temp=1,seed=...
// With sims=0 it plays the policy head's favourite move (no search).
#pragma once

#include <memory>

#include "nets/net_evaluator.h"
#include "search/basic_agent.h"
#include "search/classic/ismcts.h"

namespace junqi::nets {

class NetAgent : public BasicAgent {
 public:
  NetAgent(const AgentParams& params);
  // An agent sharing an evaluator (self-play: many games, one batching network).
  NetAgent(std::shared_ptr<Evaluator> evaluator, std::shared_ptr<Backend> backend, const SearchParams& search,
           std::uint64_t seed, bool netLayouts);
  std::string name() const override { return "nn"; }
  std::string spec() const override { return spec_; }
  Layout chooseLayout(const Ruleset& ruleset, Seat seat) override;
  Action chooseAction(const InfoState& state) override;

  // The last search (root visits, for training targets).
  const SearchResult& lastSearch() const { return last_; }
  SearchParams& searchParams() { return search_; }

 private:
  void readGumbelParams(const AgentParams& params);

  std::shared_ptr<Backend> backend_;
  std::shared_ptr<Evaluator> evaluator_;
  SearchParams search_;
  bool netLayouts_ = true;
  double layoutTemperature_ = 1.0;
  std::string spec_;
  SearchResult last_;
};

// Registers the "nn" agent kind with the agent registry, and Flip Junqi's
// "nn" with the flip agents' (nets/flip/flip_nn_agent.h).
void registerNetAgent();

// A weights path for an "nn" spec (weights=PATH): a spec's values cannot hold a
// ',' (it separates the parameters), so a path holding one is refused with an
// AgentSpecError that says so. `what` names the path's role in the message.
void checkWeightsPathForSpec(const std::string& path, const std::string& what = "the weights path");

}  // namespace junqi::nets
