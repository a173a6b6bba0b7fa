// Points of the two-player board and their names.
//
// Columns A..E (left to right from Red's seat), rows 1..12. Red owns rows 1-6
// (its back row is row 1), Blue owns rows 7-12 (its back row is row 12). Red
// moves first. A point's index is (row - 1) * 5 + column, so A1 = 0, E1 = 4,
// A2 = 5, ..., E12 = 59: moving north adds 5, moving east adds 1.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace junqi {

constexpr int kColumns = 5;
constexpr int kRows = 12;
constexpr int kSquares = kColumns * kRows;
constexpr int kNoSquare = 255;

constexpr int makeSquare(int column, int row) { return row * kColumns + column; }  // 0-based
constexpr int columnOf(int square) { return square % kColumns; }
constexpr int rowOf(int square) { return square / kColumns; }  // 0-based: row 1 is 0

// Turns a point by half a turn: what Blue sees where Red sees `square`.
constexpr int rotate180(int square) { return kSquares - 1 - square; }

// "A1".."E12".
std::string squareName(int square);
// Parses "A1".."E12" (column letter in either case); nullopt when malformed.
std::optional<int> parseSquare(std::string_view text);

}  // namespace junqi
