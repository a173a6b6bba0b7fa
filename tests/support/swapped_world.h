// Worlds for the leakage tests that a seat cannot tell from a game, drawn
// without the searchers' sampler (InfoState): a leak given to that sampler
// would be copied into worlds drawn by it and cancel out. Unlike
// permuted_world.h, any enemy piece may change its identity: moved ones,
// fought ones and lost ones too, as long as the seat sees the same game.
#pragma once

#include <optional>
#include <string>

#include "core/classic/game.h"
#include "core/random.h"

namespace junqi::test_support {

// The game replayed from an enemy layout reached by `swaps` random trades of
// identity between two enemy pieces, each trade kept only when the layout is
// legal and every action replays with the same public event and outcome for
// `seat` (so its observation is the same). The game must have started from
// layouts. Returns nothing (and sets `why`) when no trade could be kept.
std::optional<Game> swappedWorld(const Game& game, Seat seat, Rng& rng, int swaps = 12, std::string* why = nullptr);

// Does an enemy piece of `seat` that stands on the board away from its
// starting point (one the leak of issue 40 told the sampler) have another
// identity in `world` than in `game`?
bool aMovedEnemyDiffers(const Game& game, const Game& world, Seat seat);

}  // namespace junqi::test_support
