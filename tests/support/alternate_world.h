// A helper shared by the core, search and network tests: a world that
// differs from a game only in what one seat cannot see.
#pragma once

#include <optional>
#include <string>

#include "core/classic/game.h"
#include "core/classic/info_state.h"
#include "core/random.h"

namespace junqi::test_support {

// The game replayed from other enemy identities (lost pieces included), drawn
// from the seat's information state `view`: every action of `game` replayed
// in it. The game must have started from layouts. Returns nothing (and sets
// `why`) if an action is illegal there or shows a different public result,
// which would be a bug of the information layer.
std::optional<Game> alternateWorld(const Game& game, const InfoState& view, Rng& rng, std::string* why = nullptr);

}  // namespace junqi::test_support
