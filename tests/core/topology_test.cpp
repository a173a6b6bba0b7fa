// The board: points, camps, headquarters, roads, railways, mountains.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "core/classic/topology.h"
#include "tests/support/square_names.h"

namespace junqi {
namespace {

// The classic board's tables as they were built before the board became data
// (core/classic/classic_board.cpp): procedurally, from row and column arithmetic. Kept
// here as the reference the data-built tables must equal bit for bit.
namespace reference {

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

bool railEdge(bool centreRail, int a, int b) {
  const int ca = columnOf(Square(a)), ra = rowOf(Square(a)), cb = columnOf(Square(b)), rb = rowOf(Square(b));
  if (ra == rb) return std::abs(ca - cb) == 1 && isRailRow(ra);
  if (ca != cb || std::abs(ra - rb) != 1) return false;
  if (isRailColumnPoint(ca, ra) && isRailColumnPoint(cb, rb)) return true;
  // The centre crossing joins C6 and C7 only.
  return centreRail && ca == 2 && std::min(ra, rb) == kHalfRows - 1;
}

bool stepEdge(Bitboard camps, int a, int b) {
  const int ca = columnOf(Square(a)), ra = rowOf(Square(a)), cb = columnOf(Square(b)), rb = rowOf(Square(b));
  const int dc = std::abs(ca - cb), dr = std::abs(ra - rb);
  if (dc + dr == 1) {
    if (sameHalf(ra, rb)) return true;
    return ca == 0 || ca == 2 || ca == 4;  // the three front-line crossings
  }
  // Camps, and only camps, connect diagonally (never across the front line).
  return dc == 1 && dr == 1 && sameHalf(ra, rb) && ((camps >> a & 1) || (camps >> b & 1));
}

void addRays(Topology& t, bool centreRail) {
  constexpr int kDelta[kDirections] = {kColumns, 1, -kColumns, -1};
  for (Square s{}; s < kSquares; ++s)
    for (int d = 0; d < kDirections; ++d) {
      int cur = s;
      for (;;) {
        const int next = cur + kDelta[d];
        if (next < 0 || next >= kSquares) break;
        if ((d == East || d == West) && rowOf(Square(next)) != rowOf(Square(cur))) break;
        if (!railEdge(centreRail, cur, next)) break;
        t.railRay[s][d] |= bit(next);
        cur = next;
      }
    }
}

}  // namespace reference

Topology referenceClassicTopology(bool centreRail) {
  Topology t;
  t.name = centreRail ? "classic" : "classic-centre-road";
  t.all = (Bitboard{1} << kSquares) - 1;
  t.camps = reference::campsOfClassicBoard();
  t.headquarters = bit(makeSquare(1, 0)) | bit(makeSquare(3, 0)) | bit(makeSquare(1, kRows - 1)) |
                   bit(makeSquare(3, kRows - 1));
  for (Square s{}; s < kSquares; ++s) t.home[rowOf(s) < reference::kHalfRows ? 0 : 1] |= bit(s);
  for (Square a{}; a < kSquares; ++a)
    for (Square b{}; b < kSquares; ++b) {
      if (a == b) continue;
      if (reference::stepEdge(t.camps, a, b)) t.stepNeighbours[a] |= bit(b);
      if (reference::railEdge(centreRail, a, b)) t.railNeighbours[a] |= bit(b);
    }
  for (Square s{}; s < kSquares; ++s)
    if (t.railNeighbours[s]) t.railway |= bit(s);
  reference::addRays(t, centreRail);
  return t;
}

const Topology& board() { return Topology::classic(true); }

TEST(Topology, BoardHasFiveColumnsTwelveRowsSixtyPoints) {
  EXPECT_EQ(popcount(board().all), 60);
  EXPECT_EQ(squareName(Square(0)), "A1");
  EXPECT_EQ(squareName(Square(59)), "E12");
  EXPECT_EQ(popcount(board().home[0]), 30);
  EXPECT_TRUE(contains(board().home[0], at("E6")));
  EXPECT_TRUE(contains(board().home[1], at("A7")));
}

TEST(Topology, TenCampsFiveEachSide) {
  EXPECT_EQ(popcount(board().camps), 10);
  for (const char* c : {"B3", "D3", "C4", "B5", "D5", "B8", "D8", "C9", "B10", "D10"})
    EXPECT_TRUE(contains(board().camps, at(c))) << c;
}

TEST(Topology, HeadquartersAreBAndDOfEachBackRow) {
  EXPECT_EQ(board().headquarters, bit(at("B1")) | bit(at("D1")) | bit(at("B12")) | bit(at("D12")));
}

TEST(Topology, CampsConnectDiagonallyAndNothingElseDoes) {
  for (Square a{}; a < kSquares; ++a)
    for (Square b{}; b < kSquares; ++b) {
      const bool diagonal = std::abs(columnOf(a) - columnOf(b)) == 1 && std::abs(rowOf(a) - rowOf(b)) == 1;
      if (!diagonal) continue;
      const bool sameHalf = (rowOf(a) < 6) == (rowOf(b) < 6);
      const bool camp = contains(board().camps, a) || contains(board().camps, b);
      EXPECT_EQ(contains(board().stepNeighbours[a], b), camp && sameHalf) << squareName(a) << "-" << squareName(b);
    }
  EXPECT_EQ(popcount(board().stepNeighbours[at("C4")]), 8);  // the centre camp touches all eight points
}

TEST(Topology, FrontLineCrossedOnlyAtColumnsACE) {
  for (int c = 0; c < kColumns; ++c) {
    const bool crossing = c == 0 || c == 2 || c == 4;
    EXPECT_EQ(contains(board().stepNeighbours[makeSquare(c, 5)], makeSquare(c, 6)), crossing) << c;
  }
}

TEST(Topology, RailwaysAreRows2_6_7_11AndColumnsAEFromRow2To11) {
  Bitboard expected = 0;
  for (Square s{}; s < kSquares; ++s) {
    const int r = rowOf(s) + 1, c = columnOf(s);
    if (r == 2 || r == 6 || r == 7 || r == 11 || ((c == 0 || c == 4) && r >= 2 && r <= 11)) expected |= bit(s);
  }
  EXPECT_EQ(board().railway, expected);
  EXPECT_EQ(board().railNeighbours[at("A1")], 0u);
  EXPECT_EQ(board().railNeighbours[at("B6")], bit(at("A6")) | bit(at("C6")));  // mountain: not B7
}

TEST(Topology, CentreCrossingIsRailwayOnlyWhenTheRulesetSaysSo) {
  EXPECT_TRUE(contains(Topology::classic(true).railNeighbours[at("C6")], at("C7")));
  EXPECT_FALSE(contains(Topology::classic(false).railNeighbours[at("C6")], at("C7")));
  EXPECT_TRUE(contains(Topology::classic(false).stepNeighbours[at("C6")], at("C7")));  // still a road
}

TEST(Topology, RailRaysFollowStraightLines) {
  Bitboard columnA = 0;
  for (int row = 3; row <= 11; ++row) columnA |= bit(makeSquare(0, row - 1));
  EXPECT_EQ(board().railRay[at("A2")][North], columnA);
  EXPECT_EQ(board().railRay[at("A6")][South], bit(at("A5")) | bit(at("A4")) | bit(at("A3")) | bit(at("A2")));
  EXPECT_EQ(board().railRay[at("C2")][North], 0u);  // column C has no railway at row 2
  EXPECT_EQ(board().railBetween(at("A2"), at("E2")), bit(at("B2")) | bit(at("C2")) | bit(at("D2")));
  EXPECT_EQ(board().railBetween(at("A2"), at("E3")), 0u);  // not on one line
}

TEST(Topology, RailRayPastIsEachRayOneIndexOnWithNothingAtTheEnds) {
  // The branch-free slide looks a blocker up at its index + 1 (an empty ray
  // counts to index 64 going up and -1 going down): both ends must be empty.
  for (int d = 0; d < kDirections; ++d) {
    EXPECT_EQ(board().railRayPast[d][0], 0u);
    EXPECT_EQ(board().railRayPast[d][65], 0u);
    for (Square s{}; s < kSquares; ++s) EXPECT_EQ(board().railRayPast[d][s + 1], board().railRay[s][d]);
  }
}

TEST(Topology, EdgesAreSymmetric) {
  for (Square a{}; a < kSquares; ++a)
    for (Square b{}; b < kSquares; ++b) {
      EXPECT_EQ(contains(board().stepNeighbours[a], b), contains(board().stepNeighbours[b], a));
      EXPECT_EQ(contains(board().railNeighbours[a], b), contains(board().railNeighbours[b], a));
    }
}

TEST(Topology, RowsFromBackCountFromEachSidesBackRow) {
  EXPECT_EQ(board().rowsFromBack(Seat::Red, 1), Bitboard{0x1F});
  EXPECT_TRUE(contains(board().rowsFromBack(Seat::Blue, 2), at("C11")));
  EXPECT_FALSE(contains(board().rowsFromBack(Seat::Blue, 2), at("C10")));
  EXPECT_TRUE(contains(board().frontRow(Seat::Red), at("C6")));
  EXPECT_TRUE(contains(board().frontRow(Seat::Blue), at("C7")));
}

// The board written as data gives exactly the tables the procedural builder gave.
TEST(Topology, DataBuiltTablesEqualTheProceduralReferenceBitForBit) {
  for (const bool centreRail : {true, false}) {
    const Topology& built = Topology::classic(centreRail);
    const Topology expected = referenceClassicTopology(centreRail);
    SCOPED_TRACE(expected.name);
    EXPECT_EQ(built.name, expected.name);
    EXPECT_EQ(built.all, expected.all);
    EXPECT_EQ(built.camps, expected.camps);
    EXPECT_EQ(built.headquarters, expected.headquarters);
    EXPECT_EQ(built.railway, expected.railway);
    EXPECT_EQ(built.home, expected.home);
    for (Square s{}; s < kSquares; ++s) {
      EXPECT_EQ(built.stepNeighbours[s], expected.stepNeighbours[s]) << squareName(s);
      EXPECT_EQ(built.railNeighbours[s], expected.railNeighbours[s]) << squareName(s);
      for (int d = 0; d < kDirections; ++d)
        EXPECT_EQ(built.railRay[s][d], expected.railRay[s][d]) << squareName(s) << " direction " << d;
    }
  }
  // The two settings differ only in the centre crossing.
  EXPECT_NE(Topology::classic(true).railNeighbours, Topology::classic(false).railNeighbours);
}

}  // namespace
}  // namespace junqi
