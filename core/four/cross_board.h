// The four-player board (shared/seeds/001, "Four-player Junqi"): a cross of
// 129 points on a 17 x 17 grid. Each army holds one arm laid out exactly like
// one half of the two-army board (5 columns, 6 rows), the centre adds nine
// points, and a curved railway at each inner corner joins neighbouring arms.
//
//   row 17            G . . . K         north's back row (headquarters H17, J17)
//   rows 12-17        north's arm
//   rows 7-11   A..F  west's arm   G I K centre (rows 7, 9, 11)   L..Q east's arm
//   rows 1-6          south's arm       (headquarters H1, J1)
//
// Points are named on the grid (column A-Q, row 1-17, row 1 south's back
// row), so an army's arm is not named alike for every army; `armyPoint` turns
// a layout's relative point (core/classic/layout.h) into each army's point. The
// armies sit south, east, north, west, in turn order; the army opposite is
// the ally. docs/rules.md ("Four-player Junqi") writes out each choice the
// rule text leaves open, and docs/four-board.svg draws the board.
#pragma once

#include "core/board_geometry.h"

namespace junqi {

constexpr int kArmies = 4;        // south, east, north, west: turn order
constexpr int kCrossPoints = 129;  // 4 arms of 30 and the centre's 9
constexpr int kCrossGrid = 17;     // columns and rows of the grid

// The team of an army: south and north are one, east and west the other.
constexpr int teamOfArmy(int army) { return army % 2; }
constexpr int allyOf(int army) { return (army + 2) % kArmies; }

BoardDescription crossBoardDescription();
const BoardGeometry& crossBoard();

// The point of `army`'s relative point `i` (0..29: row i / 5 from its back
// row, column i % 5 from its left as it faces the centre), as a layout places
// pieces: south's arm turned a quarter counter-clockwise per army.
Square armyPoint(int army, int relativePoint);

}  // namespace junqi
