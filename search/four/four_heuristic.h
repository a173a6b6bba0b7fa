// The four-player heuristic (`heuristic` among the four-player agents): one
// ply over what its army sees. Each legal move is scored in material:
//   - taking a flag everyone sees (a fallen marshal showed it): everything;
//   - a fight: its expected material, over the target's identity when seen,
//     else over the identities an army starts with (so a marshal does not
//     charge an unknown piece that may be a bomb or a landmine);
//   - a bonus for any battle, which grows as the quiet-move draw nears;
//   - a small push towards the nearest enemy headquarters, and into camps;
//     never into a headquarters of its own (a piece there never moves again);
// plus a little noise to break ties.
#pragma once

#include "core/random.h"
#include "search/four/four_agent.h"

namespace junqi {

class FourHeuristicAgent : public FourAgent {
 public:
  FourHeuristicAgent(double noise, std::uint64_t seed) : noise_(noise), seed_(seed), rng_(seed) {}
  std::string name() const override { return "heuristic"; }
  std::string spec() const override;
  void newGame(const FourRuleset& rules, int army, std::uint64_t gameSeed) override;
  Move chooseMove(const FourObservation& obs) override;
  // Each legal move's score, in generation order (exposed for tests).
  std::vector<double> scores(const FourObservation& obs, const MoveList& moves) const;
  // The scores as a softmax at `temperature` (material units): the search's
  // priors and the teacher games' policy targets.
  std::vector<double> policy(const FourObservation& obs, const MoveList& moves, double temperature) const;

 private:
  double noise_;
  std::uint64_t seed_;
  Rng rng_;
  const Rules* rules_ = &Rules::of(FourRuleset::worldAtPlay().army);
  int limit_ = FourRuleset::worldAtPlay().quietMoveLimit;
};

}  // namespace junqi
