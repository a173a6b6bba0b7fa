#include "tests/core/rule_fixtures.h"

#include <cctype>
#include <sstream>
#include <stdexcept>

#include "core/classic/notation.h"
#include "core/classic/rules.h"
#include "core/square.h"

namespace junqi::fixtures {

Square at(std::string_view name) {
  const auto square = parseSquare(name);
  if (!square) throw std::invalid_argument("not a point: " + std::string(name));
  return *square;
}

Move move(std::string_view from, std::string_view to) {
  return Move{Square(at(from)), Square(at(to))};
}

Bitboard points(std::initializer_list<std::string_view> names) {
  Bitboard b = 0;
  for (const auto name : names) b |= bit(at(name));
  return b;
}

std::string names(Bitboard b) {
  std::string out;
  while (b) {
    if (!out.empty()) out += ' ';
    out += squareName(popLsb(b));
  }
  return out;
}

Position make(const Ruleset& ruleset, std::string_view pieces, Seat toMove, int quiet, int ply) {
  const Rules& rules = Rules::of(ruleset);
  Position pos(rules);
  std::istringstream in{std::string(pieces)};
  for (std::string word; in >> word;) {
    const auto type = parseTypeSymbol(word[0]);
    if (!type || word.size() < 4 || word[1] != ':') throw std::invalid_argument("bad piece: " + word);
    pos.addPiece(std::isupper(static_cast<unsigned char>(word[0])) ? Seat::Red : Seat::Blue, *type, at(word.substr(2)));
  }
  pos.setSideToMove(toMove);
  pos.setCounters(quiet, ply);
  return parsePosition(formatPosition(pos), rules);
}

}  // namespace junqi::fixtures
