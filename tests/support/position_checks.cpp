#include "tests/support/position_checks.h"

#include <fmt/format.h>

#include "core/classic/notation.h"
#include "tests/support/reference_rules.h"

namespace junqi::test_support {

namespace ref = junqi::reference;

std::string inconsistency(const Position& pos) {
  const Ruleset& r = pos.rules().ruleset();
  if (pos.occupied(Seat::Red) & pos.occupied(Seat::Blue)) return "a point is occupied by both sides";
  if (pos.occupied() >> kSquares) return "a piece stands off the board";
  for (Square s{}; s < kSquares; ++s) {
    const bool occupied = contains(pos.occupied(), s);
    if (pos.isEmpty(s) == occupied) return fmt::format("{}: isEmpty disagrees with occupied()", squareName(s));
    if (!occupied) continue;
    const PieceId piece = pos.pieceAt(s);
    if (piece >= kMaxPieces) return fmt::format("{}: bad piece id {}", squareName(s), piece);
    if (pos.squareOf(piece) != s) return fmt::format("{}: piece {} thinks it is elsewhere", squareName(s), piece);
    if (pos.sideAt(s) != sideOfPiece(piece) || !contains(pos.occupied(pos.sideAt(s)), s))
      return fmt::format("{}: side bitboard disagrees with the piece id", squareName(s));
  }
  for (const Seat side : {Seat::Red, Seat::Blue}) {
    int alive = 0;
    Bitboard engineers = 0, movable = 0;
    for (int i = 0; i < pos.pieceCount(side); ++i) {
      const PieceId piece = pieceOf(side, i);
      if (!pos.isAlive(piece)) continue;
      ++alive;
      const Square s = pos.squareOf(piece);
      if (s >= kSquares || pos.pieceAt(s) != piece) return fmt::format("piece {} is not where it says", piece);
      if (pos.typeOf(piece) == PieceType::Engineer) engineers |= bit(s);
      const bool frozen = r.headquartersFreeze && ref::isHeadquarters(s);
      if (!isImmobile(pos.typeOf(piece)) && !frozen) movable |= bit(s);
    }
    if (alive != popcount(pos.occupied(side)))
      return fmt::format("{} has {} live pieces but {} occupied points", seatName(side), alive,
                         popcount(pos.occupied(side)));
    if (pos.engineers(side) != engineers) return fmt::format("{}'s engineer bitboard is wrong", seatName(side));
    if (pos.movable(side) != movable) return fmt::format("{}'s movable bitboard is wrong", seatName(side));
  }
  return {};
}

TypeCounts liveCounts(const Position& pos) {
  TypeCounts c{};
  for (Square s{}; s < kSquares; ++s)
    if (!pos.isEmpty(s)) ++c[index(pos.sideAt(s))][typeIndex(pos.typeAt(s))];
  return c;
}

int total(const TypeCounts& c) {
  int n = 0;
  for (const auto& side : c)
    for (const int k : side) n += k;
  return n;
}

// Pieces only leave the board: no piece comes back and no identity grows.
std::string piecesOnlyLeave(const Position& before, const Position& after) {
  const auto was = liveCounts(before), is = liveCounts(after);
  for (int s = 0; s < kSeats; ++s)
    for (int t = 0; t < kPieceTypes; ++t)
      if (is[s][t] > was[s][t]) return fmt::format("more {} of {} than before", typeName(typeFromIndex(t)),
                                                   seatName(seatFromIndex(s)));
  for (int p = 0; p < kMaxPieces; ++p)
    if (!before.isAlive(PieceId(p)) && after.isAlive(PieceId(p))) return fmt::format("piece {} came back", p);
  return {};
}

}  // namespace junqi::test_support
