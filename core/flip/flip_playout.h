// Random Flip Junqi playouts: each action uniform over the legal ones (every
// flip and every move), a flip revealing what the deal holds, until the board
// ends the game (flipBoardOutcome) or `maxPlies` actions (then Adjudicated).
#pragma once

#include "core/flip/flip_game.h"
#include "core/classic/playout.h"

namespace junqi {

// Draws the k-th action without writing a list: the k-th face-down point, or
// the (k - flips)-th move of the pieces' target sets (the same action as the
// k-th of generateFlipActions).
PlayoutResult randomFlipPlayout(FlipPosition& pos, const FlipDeal& deal, Rng& rng, int maxPlies);
// The same playout with a whole action list a turn: the same games; the
// reference the fast one is tested and benchmarked against.
PlayoutResult randomFlipPlayoutByList(FlipPosition& pos, const FlipDeal& deal, Rng& rng, int maxPlies);

}  // namespace junqi
