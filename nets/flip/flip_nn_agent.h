// nn for Flip Junqi: the flip mcts search (search/flip/flip_mcts.h) guided by a
// trained network: every new node valued by the value head (P(win) - P(loss)
// for the side to move) and its edges given the policy head's priors over
// its flips and moves (a flip at s is the move s -> s), chosen by PUCT;
// flips' outcomes still sampled from the pools. Eigen inference.
//   nn:weights=FILE[,sims=200,c=1.5,mix=0,gumbel=0,actions=16,seed=1]
// (mix: the share of the static material value, search/flip/flip_evaluation.h,
// in leaf values; the rest the value head's; gumbel=1: Gumbel AlphaZero's
// root without noise over `actions` candidates, search/gumbel_root.h)
//   hybrid: ...,netdepth=K[,netvisits=0,ptemp=1,uct=0.1]
//   either: ...,drawclock=K (leaf values shrink toward the quiet-turn draw in
//   its last K quiet turns, search/flip/flip_mcts.h), decisive=1 (a flip's
//   outcomes that end the game weighed exactly, search/flip/flip_decisive_flip.h),
//   takeflag=1 (a position whose mover can take the enemy flag valued as a
//   win), lostflag=1 (one whose every action leaves the mover's flag to be
//   taken valued as a loss)
//   and: ...,worldatplay=FILE (a second network for World at Play games,
//   nets/flip/flip_preset_agent.h)
// (netdepth: the network's priors only at the root and at nodes down to depth
// K, plain mcts elsewhere: UCT with `uct`, static leaves, so the simulation
// rate stays near mcts's; netvisits: passes through a node of depth 1..K
// before it gets priors, 0: at expansion, with its value from the value head
// mixed by `mix`; ptemp: priors as p^(1/ptemp); experiments/flip-hybrid)
// Parameters not in the spec come from the weights file's search settings
// (those its run rated it with: a hybrid run's carry netdepth and netvisits;
// netdepth=none plays such weights with the plain search), then these
// defaults. A classic network is refused, as the classic nn agent refuses a
// flip one.
#pragma once

#include <atomic>
#include <memory>
#include <string>

#include "nets/net_evaluator.h"
#include "nets/weights_file.h"
#include "search/flip/flip_mcts.h"

namespace junqi::nets {

// Loads a Flip Junqi weights file; throws WeightsError naming what is wrong
// (a classic network included).
WeightsFile loadFlipWeights(const std::string& path);
// Throws WeightsError, naming `source`, unless `weights` is a flip network.
void checkFlipWeights(const WeightsFile& weights, const std::string& source);

// The network as the flip search's leaf evaluator (safe from several threads:
// the Eigen backend is).
class FlipNetEvaluator : public FlipLeafEvaluator {
 public:
  explicit FlipNetEvaluator(std::shared_ptr<Backend> backend) : backend_(std::move(backend)) {}
  void evaluate(const FlipPosition& pos, const MoveList& actions, EvalResult& out) override;
  // The plain path (the whole encoding through Backend::forward, all 3,600
  // policy logits): what evaluate() equals to float rounding, for tests.
  void evaluateReference(const FlipPosition& pos, const MoveList& actions, EvalResult& out);
  long long evaluations() const { return evaluations_; }

 private:
  std::shared_ptr<Backend> backend_;
  std::atomic<long long> evaluations_{0};
};

class FlipNetAgent : public FlipMctsAgent {
 public:
  explicit FlipNetAgent(const AgentParams& params);
  // Self-play: a given network and search settings (its evaluator in `search`).
  FlipNetAgent(const FlipMctsParams& search, std::string spec) : FlipMctsAgent(search), spec_(std::move(spec)) {}
  std::string name() const override { return "nn"; }
  std::string spec() const override { return spec_; }

 private:
  explicit FlipNetAgent(std::pair<FlipMctsParams, std::string> made)
      : FlipNetAgent(made.first, std::move(made.second)) {}
  std::string spec_;
};

// Search settings of a flip nn agent over `evaluator`: PUCT at every node.
FlipMctsParams flipNetSearch(std::shared_ptr<FlipLeafEvaluator> evaluator, int sims, double cpuct,
                             std::uint64_t seed);

// Registers the "nn" kind with the flip agent registry (search/flip/flip_agent.h).
void registerFlipNetAgent();

}  // namespace junqi::nets
