// The referee of a four-player game: four layouts checked against the
// two-army deployment rules (an error names the army), then the moves in
// turn, each checked, with their results, and the outcome. A harness that
// caps a game's length ends it with adjudicateDraw().
#pragma once

#include <array>
#include <stdexcept>
#include <vector>

#include "core/four/four_position.h"

namespace junqi {

struct FourGameError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct FourPlayedMove {
  int army;
  Move move;
  FourMoveResult result;
};

class FourGame {
 public:
  // Throws FourGameError naming the army whose layout breaks a deployment rule.
  FourGame(const FourRuleset& rules, const std::array<Layout, kArmies>& layouts);

  const FourRuleset& rules() const { return rules_; }
  const std::array<Layout, kArmies>& layouts() const { return layouts_; }
  const FourPosition& position() const { return position_; }
  const std::vector<FourPlayedMove>& history() const { return history_; }

  // Plays the army to move's move; throws FourGameError if the game is over
  // or the move is not legal.
  const FourMoveResult& play(Move m);
  void adjudicateDraw();
  // The match harness scores a broken rule of its own (a bot's illegal
  // reply, crash, ...) against this army: its team loses by forfeit.
  void forfeit(int army);
  FourOutcome outcome() const;
  bool isOver() const { return outcome().isOver(); }

 private:
  FourRuleset rules_;
  std::array<Layout, kArmies> layouts_;
  FourPosition position_;
  std::vector<FourPlayedMove> history_;
  bool adjudicated_ = false;
  int forfeitedTeam_ = -1;
};

}  // namespace junqi
