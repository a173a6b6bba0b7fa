// The board of `junqi play --rules flip-...`: the one board both players see,
// face-down pieces as '?', face-up ones by symbol (Red's upper case, Blue's
// lower case), camps in parentheses, row 12 at the top. In colour (red and
// blue pieces, the last action) only for a terminal.
#pragma once

#include <optional>
#include <string>

#include "core/flip/flip_game.h"

namespace junqi {

struct TerminalFlipBoardStyle {
  bool colour = false;
  std::optional<Move> lastAction;  // a flip is the move from a point to itself
};

// `reveal`: the deal, once the game is over: each face-down point shows what lies under it.
std::string terminalFlipBoard(const FlipPosition& pos, const FlipDeal* reveal, const TerminalFlipBoardStyle& style);

}  // namespace junqi
