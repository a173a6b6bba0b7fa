// Four-player Junqi as a GameDriver: the referee (FourGame) against the slow
// reference of tests/support/four_reference.h; the leakage check of every
// seat's FourObservation in each visibility mode.
#pragma once

#include <string>
#include <vector>

#include "core/four/four_game.h"
#include "tests/conformance/game_driver.h"

namespace junqi::conformance {

// A game from four random layouts.
FourGame randomFourGame(const FourRuleset& rules, Rng& rng);
DriverPtr fourDriver(FourGame game);

// `pos` with the identities `army` cannot see under `visibility` permuted
// within each army (a shown flag is seen by all and stays).
FourPosition permutedFourWorld(const FourPosition& pos, const FourRuleset& rules, int army, Visibility visibility,
                               Rng& rng);
// The seat of `army` observes the same in both positions (reached by `history`).
std::string checkFourSeatCannotTellApart(const FourPosition& pos, const FourPosition& world,
                                         const std::vector<FourPlayedMove>& history, int army,
                                         Visibility visibility);

}  // namespace junqi::conformance
