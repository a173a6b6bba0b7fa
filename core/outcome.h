// How a game ends.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "core/piece.h"

namespace junqi {

class Position;

enum class Termination : std::uint8_t {
  None,            // still going
  FlagCaptured,    // a piece took the enemy flag
  Immobilised,     // the side to move had no legal move
  QuietMoves,      // the ruleset's number of moves without a fight: draw
  AgreedDraw,      // a draw offer was accepted
  Resignation,
  TimeoutForfeit,  // a timeout that the ruleset counts as a loss
  Forfeit,         // the match harness scored a broken rule of its own (illegal reply, crash, ...)
  Adjudicated,     // the match harness ended the game (e.g. a move limit): draw
};

std::string_view terminationName(Termination t);  // "flag-captured", ...
std::optional<Termination> parseTermination(std::string_view name);

struct Outcome {
  Termination reason = Termination::None;
  std::optional<Seat> winner;  // empty for a draw (or a game not over)

  bool isOver() const { return reason != Termination::None; }
  bool isDraw() const { return isOver() && !winner; }
  // The points `seat` takes from a finished game: 1 a win, 0.5 a draw, 0 a loss.
  double scoreFor(Seat seat) const { return !winner ? 0.5 : *winner == seat ? 1.0 : 0.0; }
  bool operator==(const Outcome&) const = default;
};

// The end conditions the board alone decides, checked at the start of the side
// to move's turn: a captured flag wins (even when the same fight removed the
// loser's last mobile piece); a side to move without a legal move loses; then
// the quiet-move draw. A win by immobilisation on the last quiet move therefore
// beats the draw, as the hiddenfront text requires.
Outcome boardOutcome(const Position& pos);

}  // namespace junqi
