#include "tools/terminal_board.h"

#include <fmt/format.h>

namespace junqi {

namespace {

// The cell of one point: a symbol, coloured by side, marked when the last move touched it.
std::string cell(const Observation& view, const Position* reveal, Square square, const TerminalBoardStyle& style) {
  char symbol = '.';
  std::optional<Seat> side;
  if (reveal) {
    if (!reveal->isEmpty(square)) symbol = typeSymbol(reveal->typeAt(square)), side = reveal->sideAt(square);
  } else if (const PieceId id = view.pieceAt(square); id != kNoPiece) {
    side = sideOfPiece(id);
    symbol = view.isOwn(id) ? typeSymbol(view.ownType(id)) : view.shownFlag(*side) == id ? 'F' : '?';
  }
  if (side == Seat::Blue && symbol != '?') symbol = static_cast<char>(std::tolower(symbol));
  const bool last = style.lastMove && (style.lastMove->from == square || style.lastMove->to == square);
  if (!style.colour) return std::string(1, symbol);
  const char* colour = !side ? "" : side == Seat::Red ? "\033[1;31m" : "\033[1;34m";
  return fmt::format("{}{}{}\033[0m", last ? "\033[7m" : "", colour, symbol);
}

}  // namespace

std::string terminalBoard(const Observation& view, const Position* reveal, const TerminalBoardStyle& style) {
  const Topology& t = view.rules().topology();
  const bool flip = view.seat() == Seat::Blue;  // the seat's own rows at the bottom
  std::string out;
  for (int i = 0; i < kRows; ++i) {
    const int row = flip ? i : kRows - 1 - i;
    out += fmt::format("{:>2} ", row + 1);
    for (int j = 0; j < kColumns; ++j) {
      const Square square = makeSquare(flip ? kColumns - 1 - j : j, row);
      const std::string c = cell(view, reveal, square, style);
      if (contains(t.camps, square)) out += fmt::format("({})", c);
      else if (contains(t.headquarters, square)) out += fmt::format("[{}]", c);
      else out += fmt::format(" {} ", c);
    }
    out += '\n';
    if (i == kRows / 2 - 1) out += "    |  ^  |  ^  |   (front line; ^ = mountain)\n";
  }
  out += flip ? "    E  D  C  B  A\n" : "    A  B  C  D  E\n";
  return out;
}

}  // namespace junqi
