// Boards as data: the classic board's description, and the checks that turn a
// wrong description into a clear error instead of a wrong board.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "core/board_geometry.h"
#include "core/classic/classic_board.h"
#include "core/square.h"
#include "core/classic/topology.h"

namespace junqi {
namespace {

// A 3 x 3 board: every row and column a road, row 1 a railway.
BoardDescription smallBoard() {
  BoardDescription board;
  board.name = "small";
  board.columns = 3;
  board.rows = 3;
  board.roads = {"A1 B1 C1", "A2 B2 C2", "A3 B3 C3", "A1 A2 A3", "B1 B2 B3", "C1 C2 C3"};
  board.railways = {"A1 B1 C1"};
  board.camps = "B2";
  board.headquarters = "B3";
  board.homes = {"A1-C1", "A3-C3"};
  return board;
}

// The message a description is rejected with ("" if it is accepted).
std::string rejection(const BoardDescription& board) {
  try {
    BoardGeometry geometry(board);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(BoardGeometry, ClassicBoardNamesItsPointsAsSquareHDoes) {
  const BoardGeometry& board = classicBoard(true);
  ASSERT_EQ(board.pointCount(), kSquares);
  for (Square p{}; p < kSquares; ++p) {
    EXPECT_EQ(board.pointName(p), squareName(p));
    EXPECT_EQ(board.point(squareName(p)), p);
  }
  EXPECT_EQ(board.point("c6"), *parseSquare("C6"));
  for (const char* bad : {"A01", "F1", "A0", "A13", "", "A", "6C"}) EXPECT_EQ(board.point(bad), std::nullopt) << bad;
}

TEST(BoardGeometry, ClassicBoardHasItsRoadsRailwaysAndRegions) {
  const BoardGeometry& board = classicBoard(true);
  // 103 orthogonal roads less the two mountains, and four diagonals per camp
  // (the centre camp's four are the other camps' too): 16 per half.
  EXPECT_EQ(board.roads().size(), 103u - 2u + 32u);
  EXPECT_FALSE(board.joinedByRoad(*board.point("B6"), *board.point("B7")));
  EXPECT_TRUE(board.joinedByRoad(*board.point("C6"), *board.point("C7")));
  EXPECT_TRUE(board.joinedByRoad(*board.point("B5"), *board.point("C6")));
  EXPECT_EQ(board.railways().size(), 7u);
  EXPECT_EQ(classicBoard(false).railways().size(), 6u);  // no C6-C7 line
  EXPECT_EQ(board.camps().size(), 10u);
  EXPECT_EQ(board.headquarters().size(), 4u);
  ASSERT_EQ(board.homes().size(), 2u);
  EXPECT_EQ(board.homes()[0].size(), 30u);
  EXPECT_EQ(board.homes()[1].size(), 30u);
}

TEST(BoardGeometry, RectanglesCoverTheirCornersInEitherOrder) {
  BoardDescription board = smallBoard();
  board.homes = {"C2-A1", "A3"};
  const BoardGeometry geometry(board);
  EXPECT_EQ(geometry.homes()[0].size(), 6u);
  EXPECT_EQ(geometry.homes()[1], std::vector<int>{6});
}

TEST(BoardGeometry, AcceptsCurvedRailwayLines) {
  // The four-player board's corner railways turn; a geometry allows it.
  BoardDescription board = smallBoard();
  board.railways = {"A1 A2 A3 B3 C3"};
  const BoardGeometry geometry(board);
  EXPECT_EQ(geometry.railways()[0], (std::vector<int>{0, 3, 6, 7, 8}));
}

TEST(BoardGeometry, AcceptsRailwayLinesThatFork) {
  // From B1 one line runs on to C1, another turns up to B2 (as the
  // four-player board's columns fork into the centre and round a corner).
  BoardDescription board = smallBoard();
  board.railways = {"A1 B1 C1", "A1 B1 B2"};
  const BoardGeometry geometry(board);
  EXPECT_EQ(geometry.railways().size(), 2u);
}

// The four-player cross leaves grid places out; the points left are numbered in grid order.
TEST(BoardGeometry, AbsentPointsAreNumberedAroundAndRefused) {
  BoardDescription board = smallBoard();
  board.absent = "B2 A3";
  board.roads = {"A1 B1 C1", "A1 A2", "B3 C3 C2 C1"};
  board.camps = "";
  board.homes = {"A1-C1", "A3-C3"};
  const BoardGeometry geometry(board);
  EXPECT_EQ(geometry.pointCount(), 7);
  EXPECT_EQ(geometry.point("C2"), 4);
  EXPECT_EQ(geometry.point("B2"), std::nullopt);
  EXPECT_EQ(geometry.pointName(5), "B3");
  EXPECT_EQ(geometry.homes()[1], (std::vector<int>{5, 6}));  // a rectangle holds the points among its places
  board.roads.push_back("A2 B2");
  EXPECT_EQ(rejection(board), "board 'small': road line 4 (\"A2 B2\"): unknown point 'B2'");
  board = smallBoard();
  board.absent = "A1-C3";
  EXPECT_EQ(rejection(board), "board 'small': absent points: no point is left");
}

TEST(BoardGeometry, RejectsUnknownPoints) {
  BoardDescription board = smallBoard();
  board.railways = {"A1 B1 D1"};
  EXPECT_EQ(rejection(board), "board 'small': railway line 1 (\"A1 B1 D1\"): unknown point 'D1'");
  board = smallBoard();
  board.camps = "B2 B4";
  EXPECT_EQ(rejection(board), "board 'small': camps: unknown point 'B4'");
  board = smallBoard();
  board.homes = {"A1-C0", "A3"};
  EXPECT_EQ(rejection(board), "board 'small': home of seat 1 (\"A1-C0\"): unknown point 'A1-C0'");
  board = smallBoard();
  board.roads.push_back("A1 X");
  EXPECT_EQ(rejection(board), "board 'small': road line 7 (\"A1 X\"): unknown point 'X'");
}

TEST(BoardGeometry, RejectsARailwayLineThatJumpsOrCrossesAGap) {
  BoardDescription board = smallBoard();
  board.railways = {"A1 A3"};
  EXPECT_EQ(rejection(board), "board 'small': railway line 1 (\"A1 A3\"): A1 and A3 are not joined by a road");
  board = smallBoard();
  board.gaps = {"B1 C1"};
  EXPECT_EQ(rejection(board), "board 'small': railway line 1 (\"A1 B1 C1\"): B1 and C1 are not joined by a road");
  board = smallBoard();
  board.railways = {"A1 B2"};  // diagonal neighbours, but no road
  EXPECT_EQ(rejection(board), "board 'small': railway line 1 (\"A1 B2\"): A1 and B2 are not joined by a road");
}

TEST(BoardGeometry, RejectsMalformedLines) {
  BoardDescription board = smallBoard();
  board.railways = {"A1 B1 C1", "B1 C1"};
  EXPECT_EQ(rejection(board),
            "board 'small': railway line 2 (\"B1 C1\"): every link of it is on an earlier railway line");
  board = smallBoard();
  board.railways = {"A1 A2 B2 B1 A1"};
  EXPECT_EQ(rejection(board), "board 'small': railway line 1 (\"A1 A2 B2 B1 A1\"): A1 is on it twice");
  board = smallBoard();
  board.railways = {"A1"};
  EXPECT_EQ(rejection(board), "board 'small': railway line 1 (\"A1\"): a railway line needs at least two points");
  board = smallBoard();
  board.roads.push_back("C2 B2");
  EXPECT_EQ(rejection(board), "board 'small': road line 7 (\"C2 B2\"): the road C2-B2 is already listed");
  board = smallBoard();
  board.gaps = {"A1 C3"};
  EXPECT_EQ(rejection(board), "board 'small': gap 1 (\"A1 C3\"): no road joins A1 and C3");
  board = smallBoard();
  board.gaps = {"A1 A2 A3"};
  EXPECT_EQ(rejection(board), "board 'small': gap 1 (\"A1 A2 A3\"): a gap is two points");
}

TEST(BoardGeometry, RejectsOverlappingRegions) {
  BoardDescription board = smallBoard();
  board.homes = {"A1-C2", "A2-C3"};
  EXPECT_EQ(rejection(board), "board 'small': home of seat 2 (\"A2-C3\"): A2 is also in the home of seat 1");
  board = smallBoard();
  board.camps = "B2 B3";
  EXPECT_EQ(rejection(board), "board 'small': camps: B3 is also a headquarters");
  board = smallBoard();
  board.camps = "A1-B2 B1";
  EXPECT_EQ(rejection(board), "board 'small': camps: B1 is listed twice");
}

TEST(BoardGeometry, RejectsAnImpossibleSize) {
  BoardDescription board = smallBoard();
  board.columns = 27;
  EXPECT_EQ(rejection(board),
            "board 'small': size: 27 columns and 3 rows (1-26 columns and at least one row are needed)");
}

// Every point must fit a Square (one byte, 255 marking none): 255 points are
// a board, 256 are refused.
TEST(BoardGeometry, RejectsMorePointsThanASquareHolds) {
  BoardDescription board = smallBoard();
  board.columns = 16;
  board.rows = 16;
  EXPECT_EQ(rejection(board), "board 'small': absent points: 256 points, more than a Square holds (255)");
  board.absent = "P16";
  EXPECT_EQ(rejection(board), "");
  EXPECT_EQ(BoardGeometry(board).pointCount(), 255);
}

TEST(BoardGeometry, TopologyNeedsStraightLinesOnTheClassicGrid) {
  EXPECT_THROW(Topology::build(BoardGeometry(smallBoard())), std::invalid_argument);
  BoardDescription board = classicBoardDescription(true);
  board.railways.push_back("C2 C3 D3");
  try {
    Topology::build(BoardGeometry(board));
    ADD_FAILURE() << "a turning line was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(),
                 "board 'classic': railway line \"C2 C3 D3\" turns at C3: a topology slides along straight lines only");
  }
  board = classicBoardDescription(true);
  board.railways.push_back("B3 C4");  // a diagonal road, not a railway a topology can slide along
  try {
    Topology::build(BoardGeometry(board));
    ADD_FAILURE() << "a diagonal line was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(), "board 'classic': railway step B3-C4 is not along a row or a column");
  }
}

}  // namespace
}  // namespace junqi
