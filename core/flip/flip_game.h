// Flip Junqi's deal and referee.
//
// The deal is the game's one chance event: which identity lies face down on
// each point. The referee (FlipGame) holds it, reveals an identity when its
// point is flipped, applies moves and decides when the game ends. A record
// keeps the deal, so a replay is exact.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/flip/flip_movegen.h"
#include "core/flip/flip_position.h"
#include "core/classic/game.h"
#include "core/outcome.h"
#include "core/random.h"

namespace junqi {

// The identity under each face-down point.
struct FlipDeal {
  std::array<std::optional<Identity>, kSquares> under{};
  bool operator==(const FlipDeal&) const = default;
};

// A uniformly random deal of both full sets onto the 50 points that are not camps.
FlipDeal randomFlipDeal(Rng& rng);
// A uniformly random deal of a position's pools onto its face-down points:
// also a world sampled exactly from what both players know.
FlipDeal randomFlipDeal(const FlipPosition& pos, Rng& rng);
// One piece symbol per dealt point, A1 first (Red upper case, Blue lower
// case): "LfE...". The points are those of `faceDown`, in order.
std::string formatFlipDeal(const FlipDeal& deal);
FlipDeal parseFlipDeal(std::string_view text, Bitboard faceDown);  // throws NotationError

// The end conditions the board decides, at the start of the side to move's
// turn: a taken flag wins; a side with nothing to flip and nothing that may
// move loses; then the quiet-turn draw.
Outcome flipBoardOutcome(const FlipPosition& pos);
// The same for a caller that already counted the side to move's legal actions.
Outcome flipBoardOutcome(const FlipPosition& pos, int legalActions);

// One applied action and what it caused.
struct FlipActionRecord {
  int ply = 0;
  Action action;
  std::optional<Identity> revealed;  // a flip's outcome
  FlipResult result;
};

class FlipGame {
 public:
  // The start of a game: every piece face down as dealt.
  FlipGame(const FlipRuleset& rules, const FlipDeal& deal);
  // A game from a position whose face-down pieces lie as `deal` says (it
  // must match the pools). Throws IllegalAction otherwise.
  FlipGame(const FlipPosition& start, const FlipDeal& deal);

  const FlipPosition& position() const { return position_; }
  const FlipPosition& start() const { return start_; }
  const FlipDeal& deal() const { return deal_; }  // as dealt at the start
  const Outcome& outcome() const { return outcome_; }
  bool isOver() const { return outcome_.isOver(); }
  const std::vector<FlipActionRecord>& history() const { return history_; }

  // Moves and flips of the side to move, and resignation (either side, any
  // time); nothing else (neither text has draw offers or a clock).
  std::optional<std::string> whyIllegal(const Action& action) const;
  const FlipActionRecord& apply(const Action& action);  // throws IllegalAction
  // Ends the game by a decision outside the rules (the match harness's move
  // limit; a bot that broke the protocol).
  void adjudicateDraw() { outcome_ = {Termination::Adjudicated, std::nullopt}; }
  void forfeit(Seat loser) { outcome_ = {Termination::Forfeit, opposite(loser)}; }

 private:
  FlipDeal deal_;
  FlipPosition start_;
  FlipPosition position_;
  Outcome outcome_;
  std::vector<FlipActionRecord> history_;
};

}  // namespace junqi
