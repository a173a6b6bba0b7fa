#include "tools/terminal_flip_board.h"

#include <cctype>

#include <fmt/format.h>

namespace junqi {

namespace {

char identitySymbol(Identity id) {
  const char symbol = typeSymbol(id.type);
  return id.colour == Colour::Red ? symbol : static_cast<char>(std::tolower(symbol));
}

// The cell of one point: a symbol, coloured by colour, marked when the last action touched it.
std::string cell(const FlipPosition& pos, const FlipDeal* reveal, Square square, const TerminalFlipBoardStyle& style) {
  char symbol = '.';
  std::optional<Colour> colour;
  if (pos.isFaceDown(square)) {
    symbol = '?';
    const auto under = reveal ? reveal->under[square] : std::nullopt;
    if (under) symbol = identitySymbol(*under), colour = under->colour;
  } else if (!pos.isEmpty(square)) {
    symbol = identitySymbol(pos.identityAt(square));
    colour = pos.identityAt(square).colour;
  }
  if (!style.colour) return std::string(1, symbol);
  const bool last = style.lastAction && (style.lastAction->from == square || style.lastAction->to == square);
  const char* code = !colour ? "" : colour == Colour::Red ? "\033[1;31m" : "\033[1;34m";
  return fmt::format("{}{}{}\033[0m", last ? "\033[7m" : "", code, symbol);
}

}  // namespace

std::string terminalFlipBoard(const FlipPosition& pos, const FlipDeal* reveal, const TerminalFlipBoardStyle& style) {
  const Topology& t = pos.topology();
  std::string out;
  for (int row = kRows - 1; row >= 0; --row) {
    out += fmt::format("{:>2} ", row + 1);
    for (int column = 0; column < kColumns; ++column) {
      const Square square = makeSquare(column, row);
      const std::string c = cell(pos, reveal, square, style);
      out += contains(t.camps, square) ? fmt::format("({})", c) : fmt::format(" {} ", c);
    }
    out += '\n';
    if (row == kRows / 2) out += "    |  ^  |  ^  |   (front line; ^ = mountain)\n";
  }
  out += "    A  B  C  D  E\n";
  return out;
}

}  // namespace junqi
