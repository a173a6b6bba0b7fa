// Typed points and pieces (core/square.h, core/piece.h): a number, a piece id
// and a point never stand in for one another without a visible conversion,
// and the byte types carry every point of every board.
#include <gtest/gtest.h>

#include <type_traits>

#include "core/four/cross_board.h"
#include "core/move.h"
#include "core/classic/position.h"
#include "core/four/cross_topology.h"

namespace junqi {
namespace {

// The compiler refuses each mix-up: these are the checks that matter, and
// they fail the build rather than a test.
static_assert(!std::is_convertible_v<int, Square>, "a number is not a point");
static_assert(!std::is_convertible_v<int, PieceId>, "a number is not a piece");
static_assert(!std::is_convertible_v<PieceId, Square>, "a piece is not a point");
static_assert(!std::is_convertible_v<Square, PieceId>, "a point is not a piece");
static_assert(!std::is_constructible_v<Move, int, int>, "a move is made of points");
static_assert(std::is_convertible_v<Square, int>, "a point indexes arrays and compares like a number");
static_assert(sizeof(Square) == 1 && sizeof(PieceId) == 1 && sizeof(Move) == 2, "moves stay two bytes");

TEST(TypedPoints, SquaresStepThroughTheBoardInOrder) {
  int n = 0;
  for (Square s{}; s < kSquares; ++s) {
    EXPECT_EQ(s, n);
    EXPECT_EQ(makeSquare(columnOf(s), rowOf(s)), s);
    EXPECT_EQ(rotate180(rotate180(s)), s);
    ++n;
  }
  EXPECT_EQ(n, kSquares);
}

TEST(TypedPoints, EveryCrossPointFitsASquareBelowTheNoneMarker) {
  EXPECT_EQ(crossBoard().pointCount(), kCrossPoints);
  EXPECT_LT(kCrossPoints, kNoSquare);
  CrossBitboard all;
  for (Square p{}; p < kCrossPoints; ++p) all |= CrossBitboard::bit(p);
  int seen = 0;
  for (Square expected{}; all; ++expected, ++seen) EXPECT_EQ(popLsb(all), expected);
  EXPECT_EQ(seen, kCrossPoints);
}

TEST(TypedPoints, PiecesAreNumberedSeatBySeat) {
  EXPECT_EQ(pieceOf(Seat::Red, 0), PieceId(0));
  EXPECT_EQ(pieceOf(Seat::Blue, 0), PieceId(kMaxPiecesPerSide));
  for (int k = 0; k < kMaxPiecesPerSide; ++k) {
    EXPECT_EQ(sideOfPiece(pieceOf(Seat::Red, k)), Seat::Red);
    EXPECT_EQ(sideOfPiece(pieceOf(Seat::Blue, k)), Seat::Blue);
  }
  EXPECT_NE(pieceOf(Seat::Blue, kMaxPiecesPerSide - 1), kNoPiece);
}

}  // namespace
}  // namespace junqi
