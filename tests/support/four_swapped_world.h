// Four-player worlds for the leakage tests that a seat cannot tell from a
// game, drawn from the referee's game alone (never from the seat's beliefs):
// pieces of the armies whose identities the seat does not see trade
// identities, moved and fought ones included, while the seat's observation
// stays the same.
#pragma once

#include <optional>
#include <string>

#include "core/four/four_game.h"
#include "core/random.h"

namespace junqi::test_support {

// The game replayed from layouts reached by `swaps` random trades of identity
// between two pieces of one army that `seat` does not see, each trade kept
// only when the layouts are legal, every move replays and the seat's
// observation (FourObservation::toString, the history included) and the
// outcome are the same. Returns nothing (and sets `why`) when no trade could
// be kept (under Visibility::All the seat sees every identity).
std::optional<FourGame> swappedFourWorld(const FourGame& game, int seat, Rng& rng, int swaps = 12,
                                         std::string* why = nullptr);

}  // namespace junqi::test_support
