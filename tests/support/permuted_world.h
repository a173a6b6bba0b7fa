// A helper for the leakage tests: a world that differs from a game in hidden
// enemy identities, built from the referee's game alone (never from what a
// seat believes), so that a leak that narrows a seat's beliefs cannot be
// copied into the world and cancel out.
#pragma once

#include <optional>
#include <string>

#include "core/classic/game.h"
#include "core/random.h"

namespace junqi::test_support {

// The game replayed with the identities of `seat`'s enemy pieces that are
// untouched (never moved, never fought, not a shown flag) permuted among
// themselves, each kept on a point its new identity may start on under the
// ruleset. Every referee fact of the history (results, fights, the outcome)
// is checked to be the same, so the public history is identical. The game must
// have started from layouts. Returns nothing (and sets `why`) when no such
// world is found in a few tries.
std::optional<Game> permutedWorld(const Game& game, Seat seat, Rng& rng, std::string* why = nullptr);

}  // namespace junqi::test_support
