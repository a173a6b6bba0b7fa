// The board: points, camps, headquarters, roads, railways, mountains.
#include <gtest/gtest.h>

#include "core/topology.h"

namespace junqi {
namespace {

int at(const char* name) { return *parseSquare(name); }

const Topology& board() { return Topology::classic(true); }

TEST(Topology, BoardHasFiveColumnsTwelveRowsSixtyPoints) {
  EXPECT_EQ(popcount(board().all), 60);
  EXPECT_EQ(squareName(0), "A1");
  EXPECT_EQ(squareName(59), "E12");
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
  for (int a = 0; a < kSquares; ++a)
    for (int b = 0; b < kSquares; ++b) {
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
  for (int s = 0; s < kSquares; ++s) {
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

TEST(Topology, EdgesAreSymmetric) {
  for (int a = 0; a < kSquares; ++a)
    for (int b = 0; b < kSquares; ++b) {
      EXPECT_EQ(contains(board().stepNeighbours[a], b), contains(board().stepNeighbours[b], a));
      EXPECT_EQ(contains(board().railNeighbours[a], b), contains(board().railNeighbours[b], a));
    }
}

TEST(Topology, RowsFromBackCountFromEachSidesBackRow) {
  EXPECT_EQ(board().rowsFromBack(Side::Red, 1), Bitboard{0x1F});
  EXPECT_TRUE(contains(board().rowsFromBack(Side::Blue, 2), at("C11")));
  EXPECT_FALSE(contains(board().rowsFromBack(Side::Blue, 2), at("C10")));
  EXPECT_TRUE(contains(board().frontRow(Side::Red), at("C6")));
  EXPECT_TRUE(contains(board().frontRow(Side::Blue), at("C7")));
}

}  // namespace
}  // namespace junqi
