// Flag tactics: the one-move facts about the two flags that no agent may get
// wrong, computed from the exact beliefs of an InfoState.
//
// For each of the seat's legal moves:
//   - winNow: the probability that the move takes the enemy flag (the target
//     is the flag with its exact marginal probability);
//   - loseNext: if the game goes on, the probability that the enemy can then
//     take our flag with its next move: some enemy piece that may be mobile
//     (and, where the path turns on the railway, an engineer) reaches our
//     flag's point. A fight's three outcomes are weighed by the target's
//     identities, and a target that beat our piece is known to be one of those
//     that could. Different enemy pieces are taken as independent.
// The enemy is assumed to take the flag whenever it can (it may know where the
// flag is; a search must not bet on its ignorance).
#pragma once

#include <vector>

#include "core/classic/info_state.h"

namespace junqi {

struct FlagTactics {
  double winNow = 0;
  double loseNext = 0;
  // The chance of winning now minus the chance of losing next, the move's
  // value if nothing but the flags counted. A loss weighs a quarter more: a
  // coin flip between taking the enemy flag and losing ours is worse than a
  // move that keeps the game going (and the search's other plans alive).
  static constexpr double kLossWeight = 1.25;
  double score() const { return winNow - kLossWeight * (1 - winNow) * loseNext; }
};

// One entry per move of `moves` (the seat's legal moves, in that order).
std::vector<FlagTactics> flagTactics(const InfoState& state, const MoveList& moves);

// The probability that the enemy can take our flag on its next move if it
// were to move now (for the heuristic players' safety terms).
double flagThreatNow(const InfoState& state);

}  // namespace junqi
