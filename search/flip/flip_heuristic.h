// The flip-aware heuristic player: one ply, every action scored by what it
// wins at once and what it leaves to the opponent's best reply.
//   - a move: the fight's material (the piece taken less the piece lost), less
//     the largest loss the opponent can then inflict;
//   - a flip: the same reply risk, averaged over every identity the pools can
//     reveal there, weighted by their counts, plus a small bonus (a flip
//     finds pieces and, before the colours are decided, is all there is);
//   - a flag taken in one is played, and actions that leave our flag to be
//     taken are avoided whenever another exists.
// Spec: heuristic[:noise=0.05,seed=1]; noise breaks ties at random.
#pragma once

#include <vector>

#include "core/random.h"
#include "search/flip/flip_agent.h"

namespace junqi {

class FlipHeuristicAgent : public FlipAgent {
 public:
  explicit FlipHeuristicAgent(double noise = 0.05, std::uint64_t seed = 1) : noise_(noise), seed_(seed), rng_(seed) {}
  std::string name() const override { return "heuristic"; }
  std::string spec() const override;
  void newGame(const FlipRuleset& rules, Seat seat, std::uint64_t gameSeed) override;
  Move chooseAction(const FlipPosition& pos) override;

  // The score of one action (without noise), for tests and other agents.
  static double score(const FlipPosition& pos, Move action);
  // A softmax of the scores of `actions` at `temperature` (in material
  // units): the searches' root priors and the teacher games' policy target.
  static std::vector<double> priors(const FlipPosition& pos, const std::vector<Move>& actions, double temperature);

 private:
  double noise_;
  std::uint64_t seed_;
  Rng rng_;
};

}  // namespace junqi
