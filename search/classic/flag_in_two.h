// Flag in two: moves that set up a flag capture the enemy cannot stop.
//
// No piece takes a headquarters by railway, so the last step to the enemy
// flag is always a road step from a neighbouring point. A move that lands on
// such a point (an engineer's turning railway path often does) wins in two if,
// whatever the enemy replies, some move of ours can then take the flag. The
// probability is estimated over worlds sampled from the seat's InfoState
// against an enemy that knows every identity, so it is a lower bound.
#pragma once

#include <vector>

#include "core/classic/info_state.h"

namespace junqi {

// In one world: can the side to move take the other side's flag with one move?
bool canTakeFlag(const Position& pos);

// In one world: after our move `m`, can we take the enemy flag with our next
// move whatever the enemy replies? (True if `m` itself takes it.)
bool flagForcedInTwo(const Position& world, Move m, Seat us);

// The enemy headquarters that may hold the flag. Only a move that lands next
// to one of them can win in two when no move takes the flag now.
Bitboard possibleFlagHeadquarters(const InfoState& state);

// Per move of `moves` (the seat's legal moves): the probability that it wins
// in two. Only moves that land next to an enemy headquarters that may hold the
// flag are sampled (the rest get 0); `worlds` worlds, drawn with a fixed seed
// so the answer depends on the position alone.
std::vector<double> flagInTwo(const InfoState& state, const MoveList& moves, int worlds = 256);

}  // namespace junqi
