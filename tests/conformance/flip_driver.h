// Flip Junqi as a GameDriver: the referee (FlipGame, whose deal gives each
// flip's chance outcome) against the slow reference of
// tests/support/flip_reference.h.
#pragma once

#include "core/flip/flip_game.h"
#include "tests/conformance/game_driver.h"

namespace junqi::conformance {

DriverPtr flipDriver(FlipGame game);

// The properties of any Flip Junqi position: one piece a point (the points'
// cells agree with the bitboards, which are disjoint), and every colour's 25
// pieces face down, face up or captured (none counted twice or below zero).
std::string flipInconsistency(const FlipPosition& pos);

}  // namespace junqi::conformance
