// The board of `junqi play`: one seat's view, its own pieces by symbol and the
// enemy's as '?', with coordinates, the seat's rows at the bottom; in colour
// (red and blue pieces, the last move) only for a terminal.
#pragma once

#include <optional>
#include <string>

#include "core/classic/observation.h"

namespace junqi {

struct TerminalBoardStyle {
  bool colour = false;
  std::optional<Move> lastMove;
};

// `reveal`: the whole board (the referee's, once the game is over) instead of the seat's view.
std::string terminalBoard(const Observation& view, const Position* reveal, const TerminalBoardStyle& style);

}  // namespace junqi
