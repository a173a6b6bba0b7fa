// nn for four-player Junqi: the four-player ISMCTS (search/four/four_ismcts.h)
// guided by a trained network: the root's priors from the policy head, and
// every new leaf valued by the value head (P(win) - P(loss) for the team of
// the army to move, as that army's seat sees the drawn world) instead of a
// rollout. Eigen inference.
//   nn:weights=FILE[,sims=100|seconds=S|cpuseconds=S,c=0.7,pc=1.5,seed=1]
// Hybrid (experiments/four-hybrid): mix=M (below 1: a leaf is M x the
// network's value + (1 - M) x ismcts's rollout, rollout=greedy, depth=40)
// and priors=heuristic|mix (the root's priors from ismcts's heuristic, or
// the average of it and the network's); the defaults are the plain agent.
// Parameters not in the spec come from the weights file's search settings
// (those its run rated it with), then these defaults. A network of another
// game is refused.
#pragma once

#include <atomic>
#include <memory>
#include <string>

#include "nets/net_evaluator.h"
#include "nets/weights_file.h"
#include "search/four/four_agent.h"
#include "search/four/four_ismcts.h"

namespace junqi::nets {

// Loads a four-player weights file; throws WeightsError naming what is wrong
// (a network of another game included).
WeightsFile loadFourWeights(const std::string& path);
// Throws WeightsError, naming `source`, unless `weights` is a four-player network.
void checkFourWeights(const WeightsFile& weights, const std::string& source);

// The network as the four-player search's evaluator (safe from several
// threads: the Eigen backend is).
class FourNetEvaluator : public FourLeafEvaluator {
 public:
  explicit FourNetEvaluator(std::shared_ptr<Backend> backend) : backend_(std::move(backend)) {}
  // The encoding, then only the logits of `moves` (Backend::forwardSelected:
  // the sparse stem, no other policy logits).
  double evaluate(const FourPosition& pos, Visibility visibility, const MoveList* moves,
                  std::vector<double>* priors) override;
  // The plain path (Backend::forward, all 37,281 policy logits): what
  // evaluate() equals to float rounding, for tests and benchmarks.
  double evaluateReference(const FourPosition& pos, Visibility visibility, const MoveList* moves,
                           std::vector<double>* priors);
  long long evaluations() const { return evaluations_; }

 private:
  std::shared_ptr<Backend> backend_;
  std::atomic<long long> evaluations_{0};
};

// The search settings of a four-player nn agent over `evaluator`.
FourSearchParams fourNetSearch(std::shared_ptr<FourLeafEvaluator> evaluator, long long sims, double exploration,
                               double priorExploration);

class FourNetAgent : public FourAgent {
 public:
  // A given network and search settings (its evaluator in `search`); `spec`
  // names them (the registry's agents: nn:weights=...).
  FourNetAgent(const FourSearchParams& search, std::uint64_t seed, std::string spec)
      : search_(search), seed_(seed), spec_(std::move(spec)) {}
  std::string name() const override { return "nn"; }
  std::string spec() const override { return spec_; }
  void newGame(const FourRuleset& rules, int army, std::uint64_t gameSeed) override;
  Move chooseMove(const FourObservation& obs) override;
  // The last search (its root visits are self-play's policy targets).
  const FourSearchResult& lastSearch() const { return last_; }

 private:
  FourSearchParams search_;
  std::uint64_t seed_;
  std::string spec_;
  FourRuleset rules_;
  std::uint64_t gameSeed_ = 0;
  FourSearchResult last_;
};

// Registers the "nn" kind with the four-player agent registry (search/four/four_agent.h).
void registerFourNetAgent();

}  // namespace junqi::nets
