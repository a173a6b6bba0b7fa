// Board topology: which points exist, how they connect, and which are special.
//
// Everything here is precomputed once into small tables, Stockfish-style, so
// the move generator only ANDs and ORs bitboards. The tables are derived from
// a board written as data (`BoardGeometry`, core/board_geometry.h; the classic
// board is core/classic/classic_board.cpp). The topology knows nothing of pieces or
// rules; the ruleset picks a topology (for instance whether the centre
// front-line crossing is railway or road). A larger board (the four-player
// cross, 129 points) would need a wider point set than one 64-bit word;
// pieces and combat do not depend on this file.
#pragma once

#include <array>
#include <string>

#include "core/bitboard.h"
#include "core/piece.h"
#include "core/square.h"

namespace junqi {

class BoardGeometry;

// Straight directions along a railway line. North/East increase the point
// index, South/West decrease it: the nearest blocker is the lsb resp. msb.
enum Direction : int { North = 0, East = 1, South = 2, West = 3 };
constexpr int kDirections = 4;
constexpr bool increasesIndex(int d) { return d == North || d == East; }

struct Topology {
  std::string name;
  Bitboard all = 0;           // every point of the board
  Bitboard camps = 0;         // pieces here cannot be attacked
  Bitboard headquarters = 0;  // a flag starts here; pieces here may be frozen
  Bitboard railway = 0;       // points on some railway line
  std::array<Bitboard, kSeats> home{};  // each side's half (camps included)

  // Points one road step away (orthogonal, camp diagonals, railway steps too).
  std::array<Bitboard, kSquares> stepNeighbours{};
  // Points joined to this one by a railway edge (the engineer's graph).
  std::array<Bitboard, kSquares> railNeighbours{};
  // The straight railway line leaving a point in each direction, start excluded.
  std::array<std::array<Bitboard, kDirections>, kSquares> railRay{};
  // railRay[s][d] at index s + 1, with nothing at 0 and at 65: the move
  // generator indexes it by a blocker found by counting zeros, where an empty
  // ray counts to 64 (or -1), so that a slide needs no branch.
  std::array<std::array<Bitboard, 66>, kDirections> railRayPast{};
  // Points strictly between two points of one straight railway line (0 if none).
  Bitboard railBetween(Square from, Square to) const;

  // The rows of `side`'s half counted from its back: rowsFromBack(Red, 2) is
  // rows 1-2, rowsFromBack(Blue, 1) is row 12.
  Bitboard rowsFromBack(Seat side, int rows) const;
  Bitboard frontRow(Seat side) const { return rowsFromBack(side, 6) & ~rowsFromBack(side, 5); }

  // The tables of a 5 x 12 board with one home per side. Each railway line must
  // be straight along a row or a column: the direction of a ray is the compass
  // direction of the line's steps (next row: North, next column: East), and the
  // move generator finds a ray's nearest blocker by index order. Throws
  // std::invalid_argument otherwise.
  static Topology build(const BoardGeometry& geometry);

  // The classic two-player board. The centre crossing (C6-C7) is railway or road
  // depending on the rule set; both boards are built once and shared.
  static const Topology& classic(bool centreCrossingIsRailway);
};

}  // namespace junqi
