// The classic game as a GameDriver: the referee (Game) against the slow
// reference of tests/support/reference_rules.h, draw offers and resignations
// among the random actions, every seat's exact beliefs in the leakage check.
#pragma once

#include "core/classic/game.h"
#include "tests/conformance/game_driver.h"

namespace junqi::conformance {

// A game from two layouts of any of the four styles.
Game randomClassicGame(const Ruleset& ruleset, Rng& rng);
DriverPtr classicDriver(Game game);

}  // namespace junqi::conformance
