// Perft for four-player Junqi: the number of move sequences of a given length
// from a position, each army in turn (armies that leave the board are
// skipped, as in play). The table in docs/perft.md pins the generator; the
// tests cross-check it with a slow generator written from the board's text.
#pragma once

#include <cstdint>

#include "core/four_position.h"
#include "core/random.h"

namespace junqi {

std::uint64_t fourPerft(const FourPosition& pos, int depth);

// Plays uniformly random legal moves from `pos` until the game ends or
// `maxPlies` moves were played; returns the number of moves played.
int randomFourPlayout(FourPosition& pos, Rng& rng, int maxPlies);

}  // namespace junqi
