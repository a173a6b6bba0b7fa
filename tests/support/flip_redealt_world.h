// Flip Junqi worlds for the leakage tests: what nobody has seen in Flip
// Junqi is the identity under each face-down piece, so a world no seat can
// tell from a game deals the pieces still face down onto their points
// anew, by a shuffle of the test's own (not the searchers' deal sampler).
#pragma once

#include "core/flip/flip_game.h"
#include "core/random.h"

namespace junqi::test_support {

// The game's actions replayed from a deal whose pieces still face down are
// shuffled among their points (the flipped ones lie as they did). Its
// position equals the game's; only the deal differs.
FlipGame redealtFlipWorld(const FlipGame& game, Rng& rng);

}  // namespace junqi::test_support
