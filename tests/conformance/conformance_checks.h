// The checks of the conformance suite, each returning the first problem it
// finds (empty when none), so that the suite's own tests can show that each
// check catches a fault put in on purpose. The first ones drive any variant
// through its GameDriver; the last ones are the classic game's, which its
// driver uses.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/classic/game.h"
#include "core/move.h"
#include "tests/conformance/game_driver.h"
#include "tests/conformance/variants_under_test.h"

namespace junqi::conformance {

// One random game from the variant's random start, its actions drawn at
// random (GameDriver::step), checked after every action: the position stays
// consistent (never two pieces on a point), pieces only leave the board, the
// generated moves are the slow generator's, the game ends (by its rules,
// unless the preset has no draw rule), the returns are scored by team, the
// record replays, and (in every `leakageEvery`-th game) no seat's view
// changes when what it cannot see does.
std::string checkRandomGame(const VariantUnderTest& v, std::uint64_t seed, Tally& tally, int leakageEvery = 4);

// The engine's generated moves against the driver's slow generator's, as sets.
std::string checkMoves(const GameDriver& game, const std::vector<Move>& generated);

// Variant::returns of the game's outcome: one per seat, +1 for the winner's
// team and -1 for the others, all 0 for a draw.
std::string checkReturns(const Variant& variant, const Outcome& outcome);

// perft of the engine against the slow generator's.
std::string checkPerft(const GameDriver& game, int depth);

// ---------------------------------------------------------- the classic game

// The game's record names its variant, reads back, replays to the same final
// position and outcome and writes the same text again. `tamper` changes the
// text before it is read back (the suite's own tests use it).
std::string checkRecordRoundTrip(const Game& game,
                                 const std::function<std::string(std::string)>& tamper = nullptr);

// A world that differs from the game only in identities `seat` cannot see
// gives it the same observation and the same exact beliefs.
std::string checkSeatCannotTellApart(const Game& game, const Game& world, Seat seat);
// The same for worlds drawn by permuting the other seats' untouched pieces.
std::string checkLeakage(const Game& game, Seat seat, Rng& rng);

}  // namespace junqi::conformance
