// The text of a Flip Junqi position (docs/notation.md, "Flip positions").
//
//   flip <board> <to move> <colours> <last flips> <lost> <quiet> <ply>
//
// board: the twelve rows from row 12 to row 1 as in a classic position, with
//   '?' for a face-down piece (upper case Red, lower case Blue, digits for
//   empty points).
// to move: the seat to move, 1 (who moved first) or 2.
// colours: the colour seat 1 plays, 'r' or 'b', or '-' while undecided.
// last flips: while undecided, the colour of each seat's latest flip ('r',
//   'b' or '-' for none), seat 1 first: "r-"; "--" once decided.
// lost: the symbols of the pieces taken so far, or '-'.
// quiet, ply: turns since the last flip or fight; turns since the start.
// The pools (what the face-down pieces can be) follow: the full sets less the
// face-up and the lost pieces. The start of every game:
//   flip ?????/?????/?1?1?/??1??/?1?1?/?????/?????/?1?1?/??1??/?1?1?/?????/????? 1 - -- - 0 0
#pragma once

#include <string>
#include <string_view>

#include "core/flip/flip_position.h"

namespace junqi {

std::string formatFlipPosition(const FlipPosition& pos);
// Throws NotationError naming the field, row or point at fault, and what no
// game can reach: a face-down piece in a camp, more pieces of an identity than
// a side has, a flag already lost (the game would be over), pieces lost or
// last flips while the colours are undecided, a quiet counter past its limit.
FlipPosition parseFlipPosition(std::string_view text, const FlipRuleset& rules);
// Does the text name the flip variant first ("flip ...")?
bool isFlipPositionText(std::string_view text);

}  // namespace junqi
