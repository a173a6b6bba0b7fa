// What the Flip Junqi agents know how to weigh: piece values, material by
// seat, the pieces the side not to move could take next, a flag taken in one.
#pragma once

#include <optional>

#include "core/flip/flip_movegen.h"
#include "core/flip/flip_position.h"

namespace junqi {

// A piece's worth in Flip Junqi: ranks, with engineers worth more (they clear
// landmines, which guard the flag under 001) and the flag nothing (its loss
// is the game, counted apart).
double flipPieceValue(PieceType t);

// Material of the seat's colour less its opponent's, face up and face down
// (the pools); 0 while the colours are undecided.
double flipMaterialBalance(const FlipPosition& pos, Seat seat);

// The largest loss the side to move could inflict on `victim`'s face-up
// pieces with one move (the value taken less what its attacker loses; the
// flag counts kFlagValue), 0 if none.
constexpr double kFlagValue = 1000;
double largestThreat(const FlipPosition& pos, Colour victim);

// The face-down points that colour `c`'s face-up pieces could reach in one
// move, were each an enemy piece: where a flag turned up could be taken at
// once (under 004 any attacker takes it).
int hiddenPointsInReach(const FlipPosition& pos, Colour c);

// A position's static value in [-1, 1] for its side to move: material
// counting the best capture the side to move has (a one-move quiescence: a
// piece left hanging at the end of a line is as good as lost); 0 while the
// colours are undecided. The flip searches' leaf value without a network.
// With `cover` > 0 it adds cover * (the mover's hidden points in reach less
// the opponent's) / (face-down points), in material units: every flip may
// turn up a flag, and the side that reaches it first takes it.
double flipStaticValue(const FlipPosition& pos, double cover = 0);

// A move of the side to move that takes the enemy flag, if any.
std::optional<Move> flagCaptureInOne(const FlipPosition& pos);

// Would the opponent have a move that takes our flag after our action? A
// flip is judged as if it revealed nothing that could attack (it cannot
// unblock a path: the point was occupied before).
bool leavesFlagToCapture(const FlipPosition& pos, Move action);

}  // namespace junqi
