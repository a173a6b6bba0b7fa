#include "core/classic/topology.h"

#include <stdexcept>

#include "core/board_geometry.h"
#include "core/classic/classic_board.h"

namespace junqi {

namespace {

Bitboard setOf(const std::vector<int>& points) {
  Bitboard b = 0;
  for (const int p : points) b |= bit(p);
  return b;
}

[[noreturn]] void reject(const BoardGeometry& geometry, const std::string& why) {
  throw std::invalid_argument("board '" + geometry.name() + "': " + why);
}

std::string namesOf(const BoardGeometry& geometry, const std::vector<int>& line) {
  std::string names = "\"";
  for (const int p : line) {
    if (names.size() > 1) names += ' ';
    names += geometry.pointName(p);
  }
  names += '"';
  return names;
}

// The compass direction of one step along a railway line.
int directionOfStep(const BoardGeometry& geometry, int from, int to) {
  if (to - from == kColumns) return North;
  if (from - to == kColumns) return South;
  const bool sameRow = rowOf(Square(from)) == rowOf(Square(to));
  if (sameRow && to - from == 1) return East;
  if (sameRow && from - to == 1) return West;
  reject(geometry, "railway step " + geometry.pointName(from) + "-" + geometry.pointName(to) +
                       " is not along a row or a column");
}

// Each point of a straight line sees the rest of the line ahead in the line's
// direction and the part behind in the opposite one.
void addRays(Topology& t, const BoardGeometry& geometry, const std::vector<int>& line) {
  const int forward = directionOfStep(geometry, line[0], line[1]);
  const int backward = (forward + 2) % kDirections;  // North, East, South, West: half a turn is +2
  for (std::size_t k = 1; k < line.size(); ++k)
    if (directionOfStep(geometry, line[k - 1], line[k]) != forward)
      reject(geometry, "railway line " + namesOf(geometry, line) + " turns at " +
                           geometry.pointName(line[k - 1]) + ": a topology slides along straight lines only");
  Bitboard behind = 0;
  Bitboard ahead = setOf(line);
  for (const int p : line) {
    ahead &= ~bit(p);
    t.railRay[p][forward] |= ahead;
    t.railRay[p][backward] |= behind;
    behind |= bit(p);
  }
}

}  // namespace

Topology Topology::build(const BoardGeometry& geometry) {
  if (geometry.columns() != kColumns || geometry.rows() != kRows || static_cast<int>(geometry.homes().size()) != kSeats)
    reject(geometry, "a topology needs 5 columns, 12 rows and two homes");
  Topology t;
  t.name = geometry.name();
  t.all = (Bitboard{1} << kSquares) - 1;
  t.camps = setOf(geometry.camps());
  t.headquarters = setOf(geometry.headquarters());
  for (int side = 0; side < kSeats; ++side) t.home[side] = setOf(geometry.homes()[side]);
  for (const auto& [a, b] : geometry.roads()) {
    t.stepNeighbours[a] |= bit(b);
    t.stepNeighbours[b] |= bit(a);
  }
  for (const std::vector<int>& line : geometry.railways()) {
    for (std::size_t k = 1; k < line.size(); ++k) {
      t.railNeighbours[line[k - 1]] |= bit(line[k]);
      t.railNeighbours[line[k]] |= bit(line[k - 1]);
    }
    t.railway |= setOf(line);
    addRays(t, geometry, line);
  }
  for (Square p{}; p < kSquares; ++p)
    for (int d = 0; d < kDirections; ++d) t.railRayPast[d][p + 1] = t.railRay[p][d];
  return t;
}

Bitboard Topology::railBetween(Square from, Square to) const {
  for (int d = 0; d < kDirections; ++d) {
    if (!contains(railRay[from][d], to)) continue;
    return railRay[from][d] & ~railRay[to][d] & ~bit(to);
  }
  return 0;
}

Bitboard Topology::rowsFromBack(Seat side, int rows) const {
  Bitboard b = 0;
  for (int r = 0; r < rows; ++r) {
    const int row = side == Seat::Red ? r : kRows - 1 - r;
    b |= Bitboard{0x1F} << (row * kColumns);
  }
  return b;
}

const Topology& Topology::classic(bool centreCrossingIsRailway) {
  static const Topology withRail = build(classicBoard(true));
  static const Topology withRoad = build(classicBoard(false));
  return centreCrossingIsRailway ? withRail : withRoad;
}

}  // namespace junqi
