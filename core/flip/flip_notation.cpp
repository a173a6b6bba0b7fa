#include "core/flip/flip_notation.h"

#include <cctype>

#include <fmt/format.h>

#include "core/classic/notation.h"
#include "core/text.h"

namespace junqi {

namespace {

[[noreturn]] void fail(const std::string& why) { throw NotationError("flip position: " + why); }

char symbolOf(Identity id) {
  const char c = typeSymbol(id.type);
  return id.colour == Colour::Red ? c : static_cast<char>(std::tolower(c));
}

char colourLetter(std::optional<Colour> c) { return !c ? '-' : *c == Colour::Red ? 'r' : 'b'; }

std::optional<Colour> parseColourLetter(char c, std::string_view field) {
  if (c == '-') return std::nullopt;
  if (c == 'r' || c == 'b') return c == 'r' ? Colour::Red : Colour::Blue;
  fail(fmt::format("the {} take 'r', 'b' or '-', not '{}'", field, c));
}

std::string boardText(const FlipPosition& pos) {
  std::string out;
  for (int row = kRows - 1; row >= 0; --row) {
    int empty = 0;
    for (int col = 0; col < kColumns; ++col) {
      const Square s = makeSquare(col, row);
      if (pos.isEmpty(s)) {
        ++empty;
        continue;
      }
      if (empty) out += static_cast<char>('0' + empty);
      empty = 0;
      out += pos.isFaceDown(s) ? '?' : symbolOf(pos.identityAt(s));
    }
    if (empty) out += static_cast<char>('0' + empty);
    if (row > 0) out += '/';
  }
  return out;
}

// Puts the board's face-up pieces; returns the face-down points.
Bitboard readBoard(std::string_view text, FlipPosition& pos) {
  const auto rows = split(text, '/');
  if (rows.size() != kRows) fail(fmt::format("{} rows where 12 are needed (row 12 first, separated by '/')", rows.size()));
  Bitboard faceDown = 0;
  for (int k = 0; k < kRows; ++k) {
    const int row = kRows - 1 - k;
    int col = 0;
    for (const char c : rows[k]) {
      if (col >= kColumns) fail(fmt::format("row {} ('{}') has more than 5 points", row + 1, rows[k]));
      if (c >= '1' && c <= '5') {
        col += c - '0';
        continue;
      }
      const Square s = makeSquare(col++, row);
      if (c == '.') continue;
      if (c == '?') {
        faceDown |= bit(s);
        continue;
      }
      const auto type = parseTypeSymbol(c);
      if (!type) fail(fmt::format("'{}' on {} is not a piece symbol, '?' or a digit", c, squareName(s)));
      pos.putFaceUp(s, {std::isupper(static_cast<unsigned char>(c)) ? Colour::Red : Colour::Blue, *type});
    }
    if (col != kColumns) fail(fmt::format("row {} ('{}') has {} points where 5 are needed", row + 1, rows[k], col));
  }
  return faceDown;
}

// The pieces of each colour on the board face up plus those lost.
std::array<PieceCounts, kColours> seenPieces(const FlipPosition& pos, std::string_view lost) {
  std::array<PieceCounts, kColours> seen{};
  for (int c = 0; c < kColours; ++c)
    for (Bitboard b = pos.faceUp(static_cast<Colour>(c)); b;) ++seen[c][typeIndex(pos.identityAt(popLsb(b)).type)];
  if (lost == "-") return seen;
  for (const char c : lost) {
    const auto type = parseTypeSymbol(c);
    if (!type) fail(fmt::format("'{}' in the lost pieces is not a piece symbol", c));
    ++seen[std::isupper(static_cast<unsigned char>(c)) ? 0 : 1][typeIndex(*type)];
  }
  return seen;
}

// The face-down points get the pools: the full sets less what was seen.
void dealPools(FlipPosition& pos, Bitboard faceDown, const std::array<PieceCounts, kColours>& seen) {
  int poolSize = 0;
  for (int c = 0; c < kColours; ++c) {
    for (int t = 0; t < kPieceTypes; ++t) {
      const Identity id{static_cast<Colour>(c), typeFromIndex(t)};
      if (seen[c][t] > kClassicCounts[t])
        fail(fmt::format("{} {} {}(s) face up or lost where a side has {}", seen[c][t], c == 0 ? "red" : "blue",
                         typeName(id.type), kClassicCounts[t]));
      poolSize += kClassicCounts[t] - seen[c][t];
    }
  }
  if (poolSize != popcount(faceDown))
    fail(fmt::format("{} face-down points where the pieces neither face up nor lost are {}", popcount(faceDown),
                     poolSize));
  // Which identity lies where is unknown: any deal of the pools will do.
  for (int c = 0; c < kColours; ++c)
    for (int t = 0; t < kPieceTypes; ++t)
      for (int k = seen[c][t]; k < kClassicCounts[t]; ++k)
        pos.putFaceDown(popLsb(faceDown), {static_cast<Colour>(c), typeFromIndex(t)});
}

}  // namespace

bool isFlipPositionText(std::string_view text) { return text.starts_with("flip "); }

std::string formatFlipPosition(const FlipPosition& pos) {
  std::string lost;
  for (int c = 0; c < kColours; ++c) {
    const PieceCounts gone = pos.lost(static_cast<Colour>(c));
    for (int t = 0; t < kPieceTypes; ++t) lost.append(gone[t], symbolOf({static_cast<Colour>(c), typeFromIndex(t)}));
  }
  return fmt::format("flip {} {} {} {}{} {} {} {}", boardText(pos), index(pos.toMove()) + 1,
                     colourLetter(pos.colourOf(Seat::Red)), colourLetter(pos.lastFlip(Seat::Red)),
                     colourLetter(pos.lastFlip(Seat::Blue)), lost.empty() ? "-" : lost, pos.quietPlies(), pos.ply());
}

FlipPosition parseFlipPosition(std::string_view text, const FlipRuleset& rules) {
  const auto w = words(text);
  if (w.size() != 8 || w[0] != "flip")
    fail("expected 'flip <board> <to move> <colours> <last flips> <lost> <quiet> <ply>' (8 fields)");
  FlipPosition pos = FlipPosition::empty(rules);
  const Bitboard faceDown = readBoard(w[1], pos);
  if (faceDown & pos.topology().camps) fail(fmt::format("a face-down piece on the camp {}: camps start empty",
                                                        squareName(Square(lsb(faceDown & pos.topology().camps)))));
  if (w[2] != "1" && w[2] != "2") fail(fmt::format("the seat to move is 1 or 2, not '{}'", w[2]));
  pos.setToMove(seatFromIndex(w[2][0] - '1'));
  if (w[3].size() != 1) fail(fmt::format("the colours are 'r', 'b' or '-', not '{}'", w[3]));
  pos.setColours(parseColourLetter(w[3][0], "colours"));
  if (w[4].size() != 2) fail(fmt::format("the last flips are two of 'r', 'b', '-', not '{}'", w[4]));
  pos.setLastFlip(Seat::Red, parseColourLetter(w[4][0], "last flips"));
  pos.setLastFlip(Seat::Blue, parseColourLetter(w[4][1], "last flips"));
  const bool decided = pos.colourOf(Seat::Red).has_value();
  if (decided && w[4] != "--") fail("last flips are '--' once the colours are decided");
  const auto seen = seenPieces(pos, w[5]);
  dealPools(pos, faceDown, seen);
  if (!decided && w[5] != "-") fail("no piece can be lost while the colours are undecided (both only flip)");
  for (int c = 0; c < kColours; ++c)
    if (pos.lost(static_cast<Colour>(c))[typeIndex(PieceType::Flag)] > 0)
      fail(fmt::format("the {} flag is lost: the game would be over", c == 0 ? "red" : "blue"));
  const auto quiet = parseNumber(w[6], 0, 65535), ply = parseNumber(w[7], 0, 65535);
  if (!quiet || !ply) fail(fmt::format("the quiet counter and the ply are numbers, not '{}' '{}'", w[6], w[7]));
  if (*quiet > *ply) fail(fmt::format("the quiet counter {} exceeds the ply {}", *quiet, *ply));
  if (rules.quietMoveLimit > 0 && static_cast<int>(*quiet) > rules.quietMoveLimit)
    fail(fmt::format("the quiet counter {} is past the limit of {}, where the game ends", *quiet, rules.quietMoveLimit));
  pos.setCounters(static_cast<int>(*quiet), static_cast<int>(*ply));
  return pos;
}

}  // namespace junqi
