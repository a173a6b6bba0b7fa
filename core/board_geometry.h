// Board geometry as data: which points a board has, what joins them, and which
// are special. A board is written as a `BoardDescription` (point names in
// plain text, so a reader can check it against the rule texts and
// docs/notation.md) and checked once into a `BoardGeometry`. The move
// generator never reads a geometry: `Topology` (core/classic/topology.h) turns one into
// bitboard tables. The classic board is core/classic/classic_board.cpp.
//
// Points lie on a grid of `columns` x `rows` and are named column letter then
// row number ("A1", "C6", "E12"). A board may leave grid points out (the
// four-player cross has no corners, and its centre has nine points on a 5 x 5
// patch of the grid): the points that exist are numbered from 0 in grid order,
// row 1 first, so a board without holes numbers (row - 1) * columns + column,
// as core/square.h does.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/square.h"

namespace junqi {

// The text of a board. Point lists are point names separated by spaces. In an
// unordered set (camps, headquarters, homes) a word "X-Y" stands for the
// rectangle with corners X and Y, so "A1-E6" is the 30 points of rows 1-6.
struct BoardDescription {
  std::string name;
  int columns = 0;
  int rows = 0;
  // Road lines: each joins every two consecutive points of it by a road
  // (one step for any piece). A road is listed once over all lines.
  std::vector<std::string> roads;
  // Impassable gaps ("B6 B7"): two points a road line runs through that are not
  // joined after all (the mountains on the classic front line).
  std::vector<std::string> gaps;
  // Railway lines, each an ordered list of points joined in turn by a road. A
  // piece slides along one line until the first piece on it; only an engineer
  // changes lines (and turns). Lines may share links where a railway forks
  // (on the four-player board a column runs on straight into the centre and,
  // round a curve, into the next army's row: two lines with a common part),
  // but every line needs a link of its own.
  std::vector<std::string> railways;
  std::string camps;         // pieces here cannot be attacked
  std::string headquarters;  // a flag starts here
  std::vector<std::string> homes;  // one region per seat, in seat order
  std::string absent;              // grid points that are not points of the board
};

using PointPair = std::pair<int, int>;  // two point indices, the lower first

// A checked board. Built only from a valid description: the constructor throws
// std::invalid_argument naming the board, the list and the point at fault.
class BoardGeometry {
 public:
  explicit BoardGeometry(const BoardDescription& description);

  const std::string& name() const { return name_; }
  int columns() const { return columns_; }
  int rows() const { return rows_; }
  int pointCount() const { return static_cast<int>(gridOfPoint_.size()); }
  // Point indices in the lists below are ints (they are read and checked
  // here); those the board gives out are Squares.
  std::string pointName(int point) const;
  // A point's place on the grid, from 0: column 0 is A, row 0 is row 1.
  int column(int point) const { return gridOfPoint_.at(static_cast<std::size_t>(point)) % columns_; }
  int row(int point) const { return gridOfPoint_.at(static_cast<std::size_t>(point)) / columns_; }
  // The point at a grid place; nullopt off the grid or where the board has none.
  std::optional<Square> pointAt(int column, int row) const;
  // The index of a named point (column letter in either case); nullopt if none.
  std::optional<Square> point(std::string_view name) const;

  const std::vector<PointPair>& roads() const { return roads_; }  // gaps removed
  const std::vector<std::vector<int>>& railways() const { return railways_; }
  const std::vector<int>& camps() const { return camps_; }
  const std::vector<int>& headquarters() const { return headquarters_; }
  const std::vector<std::vector<int>>& homes() const { return homes_; }
  bool joinedByRoad(int a, int b) const;

 private:
  std::vector<int> parseLine(std::string_view what, std::string_view text) const;
  std::vector<int> parseSet(std::string_view what, std::string_view text) const;
  void addRoads(const BoardDescription& description);
  void addRailways(const BoardDescription& description);
  void addRegions(const BoardDescription& description);
  void numberPoints(const BoardDescription& description);
  // A grid place (row * columns + column) by its name, present or absent.
  std::optional<int> gridPlace(std::string_view name) const;
  // The grid places of "X" or of the rectangle "X-Y"; nullopt for an unknown name.
  std::optional<std::vector<int>> gridRectangle(std::string_view word) const;
  [[noreturn]] void fail(std::string_view what, const std::string& why) const;

  std::string name_;
  int columns_ = 0;
  int rows_ = 0;
  std::vector<int> gridOfPoint_;  // point -> grid index (row * columns + column)
  std::vector<int> pointOfGrid_;  // grid index -> point, -1 where absent
  std::vector<PointPair> roads_;
  std::vector<std::vector<int>> railways_;
  std::vector<int> camps_;
  std::vector<int> headquarters_;
  std::vector<std::vector<int>> homes_;
};

}  // namespace junqi
