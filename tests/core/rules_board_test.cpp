// The rule texts' sentences about the board: points and their names, the two
// halves, camps, headquarters, roads, railways and the front line. Each test
// is listed against the sentences it checks in docs/rules.md ("Index").
#include <gtest/gtest.h>

#include <cstdlib>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/classic/rules.h"
#include "core/classic/ruleset.h"
#include "core/square.h"
#include "core/classic/topology.h"
#include "tests/core/rule_fixtures.h"

namespace junqi {
namespace {

using namespace fixtures;

const Topology& boardOf(const Ruleset& ruleset) { return Rules::of(ruleset).topology(); }

// Points on rows first..last (1-based, inclusive).
Bitboard rows(int first, int last) {
  Bitboard b = 0;
  for (Square s{}; s < kSquares; ++s)
    if (rowOf(s) + 1 >= first && rowOf(s) + 1 <= last) b |= bit(s);
  return b;
}

TEST(Board, FiveColumnsTwelveRowsNamedA1ToE12) {
  for (const auto& ruleset : kPresets) EXPECT_EQ(popcount(boardOf(ruleset).all), 60) << ruleset.preset;
  int count = 0;
  for (int row = 1; row <= 12; ++row)
    for (char column = 'A'; column <= 'E'; ++column) {
      const std::string name = std::string(1, column) + std::to_string(row);
      const auto square = parseSquare(name);
      ASSERT_TRUE(square.has_value()) << name;
      EXPECT_EQ(*square, makeSquare(column - 'A', row - 1)) << name;
      EXPECT_EQ(squareName(*square), name);
      ++count;
    }
  EXPECT_EQ(count, kSquares);
  for (const char* bad : {"F1", "A0", "A13", "E", "1A"}) EXPECT_FALSE(parseSquare(bad).has_value()) << bad;
}

TEST(Board, RedOwnsRowsOneToSixAndBlueRowsSevenToTwelve) {
  for (const auto& ruleset : kPresets) {
    const Topology& t = boardOf(ruleset);
    EXPECT_EQ(names(t.home[index(Seat::Red)]), names(rows(1, 6))) << ruleset.preset;
    EXPECT_EQ(names(t.home[index(Seat::Blue)]), names(rows(7, 12))) << ruleset.preset;
    EXPECT_EQ(popcount(t.home[index(Seat::Red)]), 30);
    // The six rows nearest each player: Red's back row is row 1, Blue's row 12.
    EXPECT_EQ(names(t.rowsFromBack(Seat::Red, 1)), names(rows(1, 1)));
    EXPECT_EQ(names(t.rowsFromBack(Seat::Blue, 1)), names(rows(12, 12)));
  }
}

TEST(Board, TwoHeadquartersInEachBackRowAtColumnsBAndD) {
  for (const auto& ruleset : kPresets)
    EXPECT_EQ(names(boardOf(ruleset).headquarters), names(points({"B1", "D1", "B12", "D12"}))) << ruleset.preset;
}

TEST(Board, TenCampsFiveInEachHalf) {
  const Bitboard expected = points({"B3", "D3", "C4", "B5", "D5", "B8", "D8", "C9", "B10", "D10"});
  for (const auto& ruleset : kPresets) {
    const Topology& t = boardOf(ruleset);
    EXPECT_EQ(names(t.camps), names(expected)) << ruleset.preset;
    EXPECT_EQ(popcount(t.camps & t.home[index(Seat::Red)]), 5);
    EXPECT_EQ(popcount(t.camps & t.home[index(Seat::Blue)]), 5);
  }
}

TEST(Board, EveryCampHasFourDiagonalRoads) {
  for (const auto& ruleset : kPresets) {
    const Topology& t = boardOf(ruleset);
    for (Bitboard camps = t.camps; camps;) {
      const Square camp = popLsb(camps);
      Bitboard diagonals = 0;
      for (const int dc : {-1, 1})
        for (const int dr : {-1, 1}) diagonals |= bit(makeSquare(columnOf(camp) + dc, rowOf(camp) + dr));
      EXPECT_EQ(popcount(diagonals), 4);
      EXPECT_EQ(names(t.stepNeighbours[camp] & diagonals), names(diagonals)) << squareName(camp);
    }
  }
}

TEST(Board, NoDiagonalRoadsExceptAtCamps) {
  for (const auto& ruleset : kPresets) {
    const Topology& t = boardOf(ruleset);
    for (Square a{}; a < kSquares; ++a)
      for (Square b{}; b < kSquares; ++b) {
        if (std::abs(columnOf(a) - columnOf(b)) != 1 || std::abs(rowOf(a) - rowOf(b)) != 1) continue;
        if (contains(t.camps, a) || contains(t.camps, b)) continue;
        EXPECT_FALSE(contains(t.stepNeighbours[a], b)) << squareName(a) << "-" << squareName(b);
        EXPECT_FALSE(contains(t.railNeighbours[a], b)) << squareName(a) << "-" << squareName(b);
      }
  }
}

TEST(Board, RoadsJoinEveryTwoOrthogonalNeighboursWithinAHalf) {
  for (const auto& ruleset : kPresets) {
    const Topology& t = boardOf(ruleset);
    for (Square s{}; s < kSquares; ++s) {
      if (columnOf(s) + 1 < kColumns) {
        EXPECT_TRUE(contains(t.stepNeighbours[s], s + 1)) << squareName(s);
      }
      const bool crossesFront = rowOf(s) == 5;
      if (rowOf(s) + 1 < kRows && !crossesFront) {
        EXPECT_TRUE(contains(t.stepNeighbours[s], s + kColumns)) << squareName(s);
      }
    }
  }
}

TEST(Board, RailwaysAreRows2_6_7_11AndColumnsAEFromRow2To11) {
  Bitboard expected = rows(2, 2) | rows(6, 7) | rows(11, 11);
  for (int row = 2; row <= 11; ++row) expected |= bit(makeSquare(0, row - 1)) | bit(makeSquare(4, row - 1));
  for (const auto& ruleset : kPresets) {
    const Topology& t = boardOf(ruleset);
    EXPECT_EQ(names(t.railway), names(expected)) << ruleset.preset;
    // Column A carries railway from row 2 to row 11 in one line, front line included.
    EXPECT_EQ(names(t.railRay[at("A2")][North]),
              names(points({"A3", "A4", "A5", "A6", "A7", "A8", "A9", "A10", "A11"})));
    EXPECT_EQ(names(t.railRay[at("E11")][South]),
              names(points({"E10", "E9", "E8", "E7", "E6", "E5", "E4", "E3", "E2"})));
    // Row 2 runs across the whole board.
    EXPECT_EQ(names(t.railRay[at("A2")][East]), names(points({"B2", "C2", "D2", "E2"})));
    // The back rows and the corners are road only.
    EXPECT_FALSE(contains(t.railway, at("A1")));
    EXPECT_FALSE(contains(t.railway, at("E12")));
  }
}

TEST(Board, CampsAreNeverOnARailway) {
  for (const auto& ruleset : kPresets) EXPECT_EQ(boardOf(ruleset).railway & boardOf(ruleset).camps, 0u);
}

TEST(Board, FrontLineCrossedOnlyInColumnsACEAndMountainsBlockBAndD) {
  for (const auto& ruleset : kPresets) {
    const Topology& t = boardOf(ruleset);
    for (int column = 0; column < kColumns; ++column) {
      const Square south = makeSquare(column, 5), north = makeSquare(column, 6);
      const bool crossing = column == 0 || column == 2 || column == 4;
      EXPECT_EQ(contains(t.stepNeighbours[south], north), crossing) << ruleset.preset << " " << squareName(south);
      EXPECT_EQ(contains(t.stepNeighbours[north], south), crossing) << ruleset.preset << " " << squareName(north);
      if (!crossing) {
        EXPECT_FALSE(contains(t.railNeighbours[south], north)) << squareName(south);
      }
    }
    // No other edge joins the halves (no diagonal across the front line).
    for (Square a{}; a < kSquares; ++a) {
      const Bitboard other = t.home[rowOf(a) < 6 ? 1 : 0];
      const Bitboard across = (t.stepNeighbours[a] | t.railNeighbours[a]) & other;
      if (rowOf(a) == 5 || rowOf(a) == 6) {
        const int column = columnOf(a);
        const Bitboard allowed = (column == 0 || column == 2 || column == 4) ? bit(rowOf(a) == 5 ? a + 5 : a - 5) : 0;
        EXPECT_EQ(names(across), names(allowed)) << squareName(a);
      } else {
        EXPECT_EQ(across, 0u) << squareName(a);
      }
    }
  }
}

TEST(Board, OuterCrossingsAreRailwayInEveryPreset) {
  for (const auto& ruleset : kPresets) {
    const Topology& t = boardOf(ruleset);
    EXPECT_TRUE(contains(t.railNeighbours[at("A6")], at("A7"))) << ruleset.preset;
    EXPECT_TRUE(contains(t.railNeighbours[at("E6")], at("E7"))) << ruleset.preset;
  }
}

TEST(Board, CentreCrossingIsRailwayUnderHiddenfrontAndWorldatplay) {
  for (const auto& ruleset : {Ruleset::hiddenFront(), Ruleset::worldAtPlay()}) {
    EXPECT_TRUE(ruleset.centreCrossingRailway) << ruleset.preset;
    EXPECT_TRUE(contains(boardOf(ruleset).railNeighbours[at("C6")], at("C7"))) << ruleset.preset;
  }
}

TEST(Board, CentreCrossingIsOnlyARoadUnderRefereed) {
  const Topology& t = boardOf(Ruleset::refereed());
  EXPECT_FALSE(Ruleset::refereed().centreCrossingRailway);
  EXPECT_FALSE(contains(t.railNeighbours[at("C6")], at("C7")));
  EXPECT_TRUE(contains(t.stepNeighbours[at("C6")], at("C7")));  // a road: one step across
}

}  // namespace
}  // namespace junqi
