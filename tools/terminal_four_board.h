// The board of `junqi play --rules four-...`: the 129-point cross on its
// 17 x 17 grid (core/four/cross_board.h, drawn as docs/board-four.svg draws it:
// south's arm at the bottom, row 1 its back row), as one seat sees it. Each
// piece is its army's initial (s e n w) and its symbol, '?' for an identity
// the seat does not see; (..) is a camp, [..] a headquarters. In colour (one
// colour an army, the last move) only for a terminal.
#pragma once

#include <optional>
#include <string>

#include "core/four/four_observation.h"

namespace junqi {

struct TerminalFourBoardStyle {
  bool colour = false;
  std::optional<Move> lastMove;
};

// `reveal`: the referee's position (once the game is over) instead of the seat's view.
std::string terminalFourBoard(const FourObservation& view, const FourPosition* reveal,
                              const TerminalFourBoardStyle& style);

}  // namespace junqi
