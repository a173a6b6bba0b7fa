#include "core/classic/notation.h"

#include <vector>

#include <fmt/format.h>

#include "core/text.h"
#include "core/variant.h"

namespace junqi {

namespace {

int parseCounter(std::string_view text, std::string_view what) {
  const auto value = parseNumber(text, 0, 65535);
  if (!value)
    throw NotationError(fmt::format("position: the {} must be a number from 0 to 65535, not '{}'", what, text));
  return static_cast<int>(*value);
}

char cellSymbol(const Position& pos, Square square) {
  const char c = typeSymbol(pos.typeAt(square));
  return pos.sideAt(square) == Seat::Red ? c : static_cast<char>(c - 'A' + 'a');
}

// Rejects flags and landmines where no game of this ruleset can have them.
void checkReachable(const Position& pos) {
  const Ruleset& r = pos.rules().ruleset();
  const Topology& t = pos.rules().topology();
  for (const Seat side : {Seat::Red, Seat::Blue}) {
    for (Bitboard b = pos.occupied(side); b;) {
      const Square square = popLsb(b);
      const PieceType type = pos.typeAt(square);
      if (isImmobile(type) && !contains(t.home[index(side)], square))
        throw NotationError(fmt::format("position: {} {} on {}: it never moves, so it must stand in {}'s half",
                                        seatName(side), typeName(type), squareName(square), seatName(side)));
      if (isImmobile(type) && !mayStartOn(type, Layout::relative(side, square), r))
        throw NotationError(fmt::format("position: {} {} on {}: it never moves and cannot have started there",
                                        seatName(side), typeName(type), squareName(square)));
    }
  }
  if (pos.quietPlies() > pos.ply())
    throw NotationError(fmt::format("position: the quiet-move counter {} exceeds the ply {}", pos.quietPlies(),
                                    pos.ply()));
  if (r.quietMoveLimit > 0 && pos.quietPlies() > r.quietMoveLimit)
    throw NotationError(fmt::format("position: the quiet-move counter {} is past the ruleset's limit of {}, where the "
                                    "game ends", pos.quietPlies(), r.quietMoveLimit));
}

// A side without its flag has lost: no game goes on from there.
void checkFlags(const std::array<PieceCounts, kSeats>& seen, const PieceCounts& allowed) {
  const int flags = allowed[typeIndex(PieceType::Flag)];
  for (const Seat side : {Seat::Red, Seat::Blue})
    if (const int has = seen[index(side)][typeIndex(PieceType::Flag)]; has < flags)
      throw NotationError(fmt::format("position: {} has {} flag(s) where the ruleset gives {}: the game would be over",
                                      seatName(side), has, flags));
}

}  // namespace

std::string formatLayout(const Layout& layout) {
  std::string out;
  for (int row = kRows / 2 - 1; row >= 0; --row) {
    for (int col = 0; col < kColumns; ++col) {
      const auto& piece = layout.at[makeSquare(col, row)];
      out += piece ? typeSymbol(*piece) : '.';
    }
    if (row > 0) out += '/';
  }
  return out;
}

Layout parseLayout(std::string_view text) {
  const auto rows = split(text, '/');
  if (rows.size() != kRows / 2)
    throw NotationError(fmt::format("layout: {} rows where 6 are needed (front row first, separated by '/')",
                                    rows.size()));
  Layout layout;
  for (int k = 0; k < kRows / 2; ++k) {
    const int row = kRows / 2 - 1 - k;
    if (rows[k].size() != kColumns)
      throw NotationError(fmt::format("layout: row {} ('{}') has {} cells where 5 are needed", row + 1, rows[k],
                                      rows[k].size()));
    for (int col = 0; col < kColumns; ++col) {
      const char c = rows[k][col];
      if (c == '.') continue;
      const auto type = parseTypeSymbol(c);
      if (!type)
        throw NotationError(fmt::format("layout: '{}' on {} is not a piece symbol (EPCJRIDGMBLF or '.')", c,
                                        squareName(makeSquare(col, row))));
      layout.at[makeSquare(col, row)] = *type;
    }
  }
  return layout;
}

std::string formatPosition(const Position& pos) {
  std::string out;
  for (int row = kRows - 1; row >= 0; --row) {
    int empty = 0;
    for (int col = 0; col < kColumns; ++col) {
      const Square square = makeSquare(col, row);
      if (pos.isEmpty(square)) {
        ++empty;
        continue;
      }
      if (empty) out += static_cast<char>('0' + empty);
      empty = 0;
      out += cellSymbol(pos, square);
    }
    if (empty) out += static_cast<char>('0' + empty);
    if (row > 0) out += '/';
  }
  // Classic positions carry no variant field, so that every text written before variants still reads.
  const Variant& variant = Variant::of(pos.rules().ruleset());
  const std::string prefix = &variant == &Variant::classic() ? "" : variant.name() + " ";
  return fmt::format("{}{} {} {} {}", prefix, out, pos.sideToMove() == Seat::Red ? 'r' : 'b', pos.quietPlies(),
                     pos.ply());
}

namespace {

// The optional first field names the position's game; it must be the ruleset's.
void checkVariantField(std::string_view name, const Ruleset& ruleset) {
  const Variant* named = nullptr;
  try {
    named = &Variant::byName(name);
  } catch (const VariantError& e) {
    throw NotationError(fmt::format("position: {}", e.what()));
  }
  const Variant& playing = Variant::of(ruleset);
  if (named != &playing)
    throw NotationError(fmt::format("position: a {} position, but the ruleset {} plays {}", named->name(),
                                    ruleset.toString(), playing.name()));
}

}  // namespace

Position parsePosition(std::string_view text, const Rules& rules, PositionUse use) {
  auto fields = words(text);
  if (fields.size() == 5 && fields.front().find('/') == std::string_view::npos) {
    checkVariantField(fields.front(), rules.ruleset());
    fields.erase(fields.begin());
  }
  if (fields.size() != 4)
    throw NotationError(fmt::format(
        "position: {} fields where 4 are needed (board, side to move, quiet moves, ply; the variant first is "
        "optional)",
        fields.size()));
  const auto rows = split(fields[0], '/');
  if (rows.size() != kRows)
    throw NotationError(fmt::format("position: {} rows where 12 are needed (row 12 first, separated by '/')",
                                    rows.size()));
  // Collect the pieces first: ids follow each side's layout order, as in a game.
  std::array<std::pair<Seat, PieceType>, kSquares> cells{};
  std::array<bool, kSquares> occupied{};
  for (int k = 0; k < kRows; ++k) {
    const int row = kRows - 1 - k;
    int col = 0;
    for (const char c : rows[k]) {
      if (col >= kColumns)
        throw NotationError(fmt::format("position: row {} ('{}') has more than 5 points", row + 1, rows[k]));
      if (c >= '1' && c <= '5') {
        col += c - '0';
        continue;
      }
      if (c == '.') {
        ++col;
        continue;
      }
      const auto type = parseTypeSymbol(c);
      if (!type)
        throw NotationError(fmt::format("position: '{}' on {} is not a piece symbol (EPCJRIDGMBLF, a digit or '.')",
                                        c, squareName(makeSquare(col, row))));
      const Square square = makeSquare(col, row);
      cells[square] = {c >= 'a' ? Seat::Blue : Seat::Red, *type};
      occupied[square] = true;
      ++col;
    }
    if (col != kColumns)
      throw NotationError(fmt::format("position: row {} ('{}') describes {} points where 5 are needed", row + 1,
                                      rows[k], col));
  }
  if (fields[1] != "r" && fields[1] != "b")
    throw NotationError(fmt::format("position: the side to move must be 'r' or 'b', not '{}'", fields[1]));

  // Counts first: a side with too many pieces must be told so, not overflow.
  const PieceCounts& allowed = rules.ruleset().counts;
  std::array<PieceCounts, kSeats> seen{};
  for (Square square{}; square < kSquares; ++square) {
    if (!occupied[square]) continue;
    const auto [side, type] = cells[square];
    if (++seen[index(side)][typeIndex(type)] > allowed[typeIndex(type)])
      throw NotationError(fmt::format("position: {} has more than {} {}(s)", seatName(side), allowed[typeIndex(type)],
                                      typeName(type)));
  }
  if (use == PositionUse::Play) checkFlags(seen, allowed);
  Position pos(rules);
  for (const Seat side : {Seat::Red, Seat::Blue})
    for (Square i{}; i < kSquares; ++i) {
      const Square square = side == Seat::Red ? i : rotate180(i);
      if (occupied[square] && cells[square].first == side) pos.addPiece(side, cells[square].second, square);
    }
  pos.setSideToMove(fields[1] == "r" ? Seat::Red : Seat::Blue);
  pos.setCounters(parseCounter(fields[2], "quiet-move counter"), parseCounter(fields[3], "ply"));
  checkReachable(pos);
  return pos;
}

Position parsePositionOrStart(std::string_view text, const Rules& rules) {
  if (text == "start") {
    const Layout layout = parseLayout(kExampleLayout);
    return Position::fromLayouts(rules, layout, layout);
  }
  return parsePosition(text, rules);
}

std::string boardDiagram(const Position& pos) {
  const Topology& t = pos.rules().topology();
  std::string out;
  for (int row = kRows - 1; row >= 0; --row) {
    out += fmt::format("{:>2} ", row + 1);
    for (int col = 0; col < kColumns; ++col) {
      const Square square = makeSquare(col, row);
      const char c = pos.isEmpty(square) ? '.' : cellSymbol(pos, square);
      if (contains(t.camps, square))
        out += fmt::format("({})", c);
      else if (contains(t.headquarters, square))
        out += fmt::format("[{}]", c);
      else
        out += fmt::format(" {} ", c);
    }
    out += '\n';
    if (row == kRows / 2) out += "    |  ^  |  ^  |   (front line; ^ = mountain)\n";
  }
  out += "    A  B  C  D  E\n";
  return out;
}

}  // namespace junqi
