// The four-player cross board (shared/seeds/001, "Four-player Junqi"): 129
// points, each arm laid out like one half of the two-army board, nine centre
// points, curved railways at the corners.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/classic/classic_board.h"
#include "core/four/cross_board.h"
#include "core/four/cross_topology.h"
#include "tests/support/square_names.h"

namespace junqi {
namespace {

bool road(const char* a, const char* b) { return crossBoard().joinedByRoad(crossAt(a), crossAt(b)); }

// "There are 129 stops in all": four arms of 30 and the centre's nine.
TEST(CrossBoard, Has129PointsFourArmsOfThirtyAndNineInTheCentre) {
  const BoardGeometry& board = crossBoard();
  EXPECT_EQ(board.pointCount(), kCrossPoints);
  ASSERT_EQ(board.homes().size(), 4u);
  for (const auto& home : board.homes()) EXPECT_EQ(home.size(), 30u);
  for (const char* centre : {"G7", "I7", "K7", "G9", "I9", "K9", "G11", "I11", "K11"})
    EXPECT_TRUE(board.point(centre)) << centre;
  for (const char* absent : {"A1", "F6", "H7", "I8", "H9", "J11", "L12", "Q17", "G8"})
    EXPECT_FALSE(board.point(absent)) << absent;
  for (int p = 0; p < board.pointCount(); ++p) EXPECT_EQ(board.point(board.pointName(p)), p);
}

// "Each army holds one arm, laid out exactly like one half of the two-army
// board": the same roads, railways, camps and headquarters, turned.
TEST(CrossBoard, EachArmIsHalfTheTwoArmyBoardTurned) {
  const BoardGeometry& classic = classicBoard(true);
  const BoardGeometry& cross = crossBoard();
  for (int army = 0; army < kArmies; ++army) {
    for (int i = 0; i < 30; ++i) {
      const int p = armyPoint(army, i);
      EXPECT_EQ(std::count(cross.camps().begin(), cross.camps().end(), p),
                std::count(classic.camps().begin(), classic.camps().end(), i)) << army << " " << i;
      EXPECT_EQ(std::count(cross.headquarters().begin(), cross.headquarters().end(), p),
                std::count(classic.headquarters().begin(), classic.headquarters().end(), i)) << army << " " << i;
      for (int j = 0; j < 30; ++j)
        EXPECT_EQ(cross.joinedByRoad(p, armyPoint(army, j)), classic.joinedByRoad(i, j)) << army << " " << i << " " << j;
    }
  }
  EXPECT_EQ(cross.pointName(armyPoint(0, 0)), "G1");   // south's back-left corner
  EXPECT_EQ(cross.pointName(armyPoint(1, 0)), "Q7");   // east's, turned a quarter
  EXPECT_EQ(cross.pointName(armyPoint(2, 0)), "K17");
  EXPECT_EQ(cross.pointName(armyPoint(3, 0)), "A11");
}

// The centre's nine points join the front rows in columns A, C and E of each
// arm, and each other along three rows and three columns, all railway.
TEST(CrossBoard, TheCentreJoinsTheArmsByRailway) {
  EXPECT_TRUE(road("G6", "G7"));
  EXPECT_TRUE(road("I6", "I7"));
  EXPECT_FALSE(road("H6", "I7"));
  EXPECT_TRUE(road("G7", "I7"));
  EXPECT_TRUE(road("I9", "I11"));
  EXPECT_FALSE(road("G7", "I9"));  // no diagonals in the centre
  const CrossTopology& t = CrossTopology::get();
  for (const char* p : {"G7", "I7", "K7", "G9", "I9", "K9", "G11", "I11", "K11"}) EXPECT_TRUE(t.railway.contains(crossAt(p))) << p;
  EXPECT_EQ(popcount(t.railNeighbours[static_cast<std::size_t>(crossAt("I9"))]), 4);
}

// "a curved railway at each corner joins neighbouring territories".
TEST(CrossBoard, CurvedRailwaysJoinNeighbouringArms) {
  const CrossTopology& t = CrossTopology::get();
  for (const auto& [a, b] : {std::pair{"G6", "F7"}, {"K6", "L7"}, {"K12", "L11"}, {"G12", "F11"}})
    EXPECT_TRUE(t.railNeighbours[static_cast<std::size_t>(crossAt(a))].contains(crossAt(b))) << a << "-" << b;
  // G6 is where south's outer column forks: on into the centre or round the corner.
  EXPECT_EQ(popcount(t.railNeighbours[static_cast<std::size_t>(crossAt("G6"))]), 4);  // G5, H6, G7, F7
}

}  // namespace
}  // namespace junqi
