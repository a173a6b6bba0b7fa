// The classic two-player board (5 columns, 12 rows) as data: see
// docs/notation.md, "Points and sides", for the same board in words.
#pragma once

#include "core/board_geometry.h"

namespace junqi {

// The centre front-line crossing C6-C7 is a road on every board and also a
// railway when the ruleset's centre-crossing says so.
BoardDescription classicBoardDescription(bool centreCrossingIsRailway);

// Built and checked once per setting, then shared.
const BoardGeometry& classicBoard(bool centreCrossingIsRailway);

}  // namespace junqi
