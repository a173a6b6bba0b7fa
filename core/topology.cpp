#include "core/topology.h"

#include <cstdlib>

namespace junqi {

namespace {

constexpr int kHalfRows = kRows / 2;  // rows 0..5 are Red's, 6..11 Blue's
constexpr bool sameHalf(int rowA, int rowB) { return (rowA < kHalfRows) == (rowB < kHalfRows); }

// Railway rows (0-based): rows 2, 6, 7, 11 of the rule texts.
constexpr bool isRailRow(int row) { return row == 1 || row == 5 || row == 6 || row == 10; }
// Columns A and E carry railway from row 2 to row 11.
constexpr bool isRailColumnPoint(int col, int row) {
  return (col == 0 || col == kColumns - 1) && row >= 1 && row <= kRows - 2;
}

Bitboard campsOfClassicBoard() {
  // Camps of Red's half: B3, D3, C4, B5, D5; Blue's are the same turned round.
  Bitboard red = bit(makeSquare(1, 2)) | bit(makeSquare(3, 2)) | bit(makeSquare(2, 3)) |
                 bit(makeSquare(1, 4)) | bit(makeSquare(3, 4));
  Bitboard both = red;
  for (Bitboard b = red; b;) both |= bit(rotate180(popLsb(b)));
  return both;
}

Topology buildClassic(bool centreRail) {
  Topology t;
  t.name = centreRail ? "classic" : "classic-centre-road";
  t.all = (Bitboard{1} << kSquares) - 1;
  t.camps = campsOfClassicBoard();
  t.headquarters = bit(makeSquare(1, 0)) | bit(makeSquare(3, 0)) | bit(makeSquare(1, kRows - 1)) |
                   bit(makeSquare(3, kRows - 1));
  for (int s = 0; s < kSquares; ++s)
    t.home[rowOf(s) < kHalfRows ? 0 : 1] |= bit(s);

  const auto railEdge = [&](int a, int b) {
    const int ca = columnOf(a), ra = rowOf(a), cb = columnOf(b), rb = rowOf(b);
    if (ra == rb) return std::abs(ca - cb) == 1 && isRailRow(ra);
    if (ca != cb || std::abs(ra - rb) != 1) return false;
    if (isRailColumnPoint(ca, ra) && isRailColumnPoint(cb, rb)) return true;
    // The centre crossing joins C6 and C7 only.
    return centreRail && ca == 2 && std::min(ra, rb) == kHalfRows - 1;
  };
  const auto stepEdge = [&](int a, int b) {
    const int ca = columnOf(a), ra = rowOf(a), cb = columnOf(b), rb = rowOf(b);
    const int dc = std::abs(ca - cb), dr = std::abs(ra - rb);
    if (dc + dr == 1) {
      if (sameHalf(ra, rb)) return true;
      return ca == 0 || ca == 2 || ca == 4;  // the three front-line crossings
    }
    // Camps, and only camps, connect diagonally (never across the front line).
    return dc == 1 && dr == 1 && sameHalf(ra, rb) && ((t.camps >> a & 1) || (t.camps >> b & 1));
  };

  for (int a = 0; a < kSquares; ++a)
    for (int b = 0; b < kSquares; ++b) {
      if (a == b) continue;
      if (stepEdge(a, b)) t.stepNeighbours[a] |= bit(b);
      if (railEdge(a, b)) t.railNeighbours[a] |= bit(b);
    }
  for (int s = 0; s < kSquares; ++s)
    if (t.railNeighbours[s]) t.railway |= bit(s);

  constexpr int kDelta[kDirections] = {kColumns, 1, -kColumns, -1};
  for (int s = 0; s < kSquares; ++s)
    for (int d = 0; d < kDirections; ++d) {
      int cur = s;
      for (;;) {
        const int next = cur + kDelta[d];
        if (next < 0 || next >= kSquares) break;
        if ((d == East || d == West) && rowOf(next) != rowOf(cur)) break;
        if (!railEdge(cur, next)) break;
        t.railRay[s][d] |= bit(next);
        cur = next;
      }
    }
  return t;
}

}  // namespace

Bitboard Topology::railBetween(int from, int to) const {
  for (int d = 0; d < kDirections; ++d) {
    if (!contains(railRay[from][d], to)) continue;
    return railRay[from][d] & ~railRay[to][d] & ~bit(to);
  }
  return 0;
}

Bitboard Topology::rowsFromBack(Side side, int rows) const {
  Bitboard b = 0;
  for (int r = 0; r < rows; ++r) {
    const int row = side == Side::Red ? r : kRows - 1 - r;
    b |= Bitboard{0x1F} << (row * kColumns);
  }
  return b;
}

const Topology& Topology::classic(bool centreCrossingIsRailway) {
  static const Topology withRail = buildClassic(true);
  static const Topology withRoad = buildClassic(false);
  return centreCrossingIsRailway ? withRail : withRoad;
}

}  // namespace junqi
