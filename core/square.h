// Points of a board, and those of the two-player board with their names.
//
// `Square` is a point of any board, numbered from 0 in the board's own order
// (the four-player cross has 129, so one byte holds every board's points).
// As in Stockfish's types.h it is an enum with a fixed byte: it indexes arrays
// and compares like a number, but a number becomes a point only by a visible
// Square(n), so a piece id or a count is never passed where a point belongs.
//
// The two-player board: columns A..E (left to right from Red's seat), rows
// 1..12. Red owns rows 1-6 (its back row is row 1), Blue owns rows 7-12 (its
// back row is row 12). Red moves first. A point's index is (row - 1) * 5 +
// column, so A1 = 0, E1 = 4, A2 = 5, ..., E12 = 59: moving north adds 5,
// moving east adds 1.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace junqi {

enum Square : std::uint8_t { kNoSquare = 255 };

// Steps through points in order: for (Square s{}; s < kSquares; ++s).
constexpr Square& operator++(Square& s) { return s = Square(s + 1); }

constexpr int kColumns = 5;
constexpr int kRows = 12;
constexpr int kSquares = kColumns * kRows;

constexpr Square makeSquare(int column, int row) { return Square(row * kColumns + column); }  // 0-based
constexpr int columnOf(Square square) { return square % kColumns; }
constexpr int rowOf(Square square) { return square / kColumns; }  // 0-based: row 1 is 0

// Turns a point by half a turn: what Blue sees where Red sees `square`.
constexpr Square rotate180(Square square) { return Square(kSquares - 1 - square); }

// "A1".."E12".
std::string squareName(Square square);
// Parses "A1".."E12" (column letter in either case); nullopt when malformed.
std::optional<Square> parseSquare(std::string_view text);

}  // namespace junqi
