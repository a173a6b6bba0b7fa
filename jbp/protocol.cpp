#include "jbp/protocol.h"

#include <stdexcept>

#include <fmt/format.h>

#include "core/classic/topology.h"

namespace junqi::jbp {

std::string startBoard(const Observation& obs) {
  std::array<char, kSquares> cell;
  cell.fill('.');
  for (const Seat s : {Seat::Red, Seat::Blue})
    for (int k = 0; k < obs.pieceCount(s); ++k) {
      const PieceId p = pieceOf(s, k);
      const Square square = obs.startSquare(p);
      if (square == kNoSquare) continue;
      if (!obs.isOwn(p)) {
        cell[square] = '?';
        continue;
      }
      const char c = typeSymbol(obs.ownType(p));
      cell[square] = s == Seat::Red ? c : static_cast<char>(c - 'A' + 'a');
    }
  std::string out;
  for (int row = kRows - 1; row >= 0; --row) {
    for (int col = 0; col < kColumns; ++col) out += cell[makeSquare(col, row)];
    if (row > 0) out += '/';
  }
  return out;
}

StartBoard parseStartBoard(std::string_view text, Seat seat) {
  StartBoard b;
  const auto bad = [&](const std::string& why) { return std::invalid_argument(fmt::format("start board: {}", why)); };
  std::vector<std::string_view> rows;
  for (std::size_t at = 0;;) {
    const auto slash = text.find('/', at);
    rows.push_back(text.substr(at, slash == std::string_view::npos ? std::string_view::npos : slash - at));
    if (slash == std::string_view::npos) break;
    at = slash + 1;
  }
  if (rows.size() != kRows) throw bad(fmt::format("{} rows where 12 are needed", rows.size()));
  for (int k = 0; k < kRows; ++k) {
    const int row = kRows - 1 - k;
    if (rows[k].size() != kColumns) throw bad(fmt::format("row {} has {} points, not 5", row + 1, rows[k].size()));
    for (int col = 0; col < kColumns; ++col) {
      const Square square = makeSquare(col, row);
      const char c = rows[k][col];
      if (c == '.') continue;
      if (c == '?') {
        b.enemyStart |= bit(square);
        continue;
      }
      const auto type = parseTypeSymbol(c);
      const bool upper = c >= 'A' && c <= 'Z';
      if (!type || upper != (seat == Seat::Red)) throw bad(fmt::format("'{}' on {} is not one of our pieces", c, squareName(square)));
      if (!contains(Topology::classic(true).home[index(seat)], square))
        throw bad(fmt::format("our piece on {} is outside our half", squareName(square)));
      b.own.at[Layout::relative(seat, square)] = *type;
    }
  }
  return b;
}

}  // namespace junqi::jbp
