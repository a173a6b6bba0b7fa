// tactical: a fast one-ply player that reads the exact beliefs, meant as a
// strong reference opponent (about a millisecond a move) and as a prior for
// the searches.
//
// Every legal move is scored, in expected material (search/material.h):
//   - the flags first: the chance the move takes the enemy flag, minus the
//     chance it leaves ours to be taken next (search/classic/flag_tactics.h), each
//     worth kFlagValue;
//   - the fight's expected material, over the target's exact identity
//     distribution (a probable landmine makes a big piece's attack a bad bet);
//   - the enemy's best reply: for each outcome of our move, the largest
//     expected material an enemy piece can win by attacking one of our pieces
//     (it is assumed to know what it attacks);
//   - a plan: pieces head for the enemy headquarters most likely to hold the
//     flag, take camps, avoid the own headquarters where it freezes them; when
//     ahead, trades are welcome and the quiet-move count is not run down; and
//     no aimless reversal of the previous move.
#pragma once

#include <utility>
#include <vector>

#include "search/basic_agent.h"

namespace junqi {

class TacticalAgent : public BasicAgent {
 public:
  explicit TacticalAgent(const AgentParams& params);
  std::string name() const override { return "tactical"; }
  std::string spec() const override;
  Action chooseAction(const InfoState& state) override;

  // The score of every legal move, in the order of state.legalMoves (for tests and priors).
  static std::vector<std::pair<Move, double>> scoreMoves(const InfoState& state);
  // The scores as a softmax at `temperature` (in the score's units): the
  // searches' root priors without a network, and the teacher's policy target.
  static std::vector<std::pair<Move, double>> priors(const InfoState& state, double temperature);

 private:
  double noise_;  // random jitter added to scores, to vary play
};

}  // namespace junqi
