#include "tools/terminal_four_board.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/four/cross_board.h"

namespace junqi {

namespace {

constexpr char kArmyInitial[kArmies] = {'s', 'e', 'n', 'w'};
// South and north in reds, east and west in blues: a team's two armies look alike.
constexpr const char* kArmyColour[kArmies] = {"\033[1;31m", "\033[1;34m", "\033[1;35m", "\033[1;36m"};

bool listed(const std::vector<int>& points, Square point) {
  return std::find(points.begin(), points.end(), static_cast<int>(point)) != points.end();
}

// The two characters of one point: army and symbol, or " ." for an empty point.
std::string cell(const FourObservation& view, const FourPosition* reveal, Square point,
                 const TerminalFourBoardStyle& style) {
  const int army = reveal ? (reveal->isEmpty(point) ? -1 : reveal->armyAt(point)) : view.armyAt(point);
  std::string text = " .";
  if (army >= 0) {
    const std::optional<PieceType> type = reveal ? std::optional(reveal->typeAt(point)) : view.typeAt(point);
    text = fmt::format("{}{}", kArmyInitial[army], type ? typeSymbol(*type) : '?');
  }
  if (!style.colour) return text;
  const bool last = style.lastMove && (style.lastMove->from == point || style.lastMove->to == point);
  return fmt::format("{}{}{}\033[0m", last ? "\033[7m" : "", army >= 0 ? kArmyColour[army] : "", text);
}

}  // namespace

std::string terminalFourBoard(const FourObservation& view, const FourPosition* reveal,
                              const TerminalFourBoardStyle& style) {
  const BoardGeometry& board = crossBoard();
  std::string out;
  for (int row = kCrossGrid - 1; row >= 0; --row) {
    out += fmt::format("{:>2} ", row + 1);
    for (int column = 0; column < kCrossGrid; ++column) {
      const auto point = board.pointAt(column, row);
      if (!point) {
        out += "    ";
        continue;
      }
      const std::string c = cell(view, reveal, *point, style);
      if (listed(board.camps(), *point)) out += fmt::format("({})", c);
      else if (listed(board.headquarters(), *point)) out += fmt::format("[{}]", c);
      else out += fmt::format(" {} ", c);
    }
    while (out.back() == ' ') out.pop_back();
    out += '\n';
  }
  out += "   ";
  for (int column = 0; column < kCrossGrid; ++column) out += fmt::format("  {} ", static_cast<char>('A' + column));
  while (out.back() == ' ') out.pop_back();
  return out + '\n';
}

}  // namespace junqi
