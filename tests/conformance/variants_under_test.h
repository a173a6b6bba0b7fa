// What the conformance suite needs of each variant beyond the engine's own
// API: how to start a random game, and an independent slow move generator and
// perft written from the rule texts, sharing no code with the engine. A new
// variant adds one entry per preset to variantsUnderTest(); the suite fails
// until every variant and preset has one.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/random.h"
#include "core/variant.h"

namespace junqi::conformance {

struct VariantUnderTest {
  std::string name;  // "classic/hiddenfront": the test's name
  const Variant* variant = nullptr;
  Ruleset ruleset;
  int games = 0;     // random games the suite plays
  int maxPlies = 0;  // the harness's cap, for presets that have no draw rule
  // Only a preset without a draw rule may need the cap to end a game.
  bool endsByItsRules = false;
  std::function<Game(Rng&)> randomStart;
  // The side to move's legal moves by the slow generator, in any order.
  std::function<std::vector<Move>(const Position&)> slowMoves;
  std::function<std::uint64_t(const Position&, int depth)> slowPerft;
};

// One entry per variant and preset.
const std::vector<VariantUnderTest>& variantsUnderTest();

}  // namespace junqi::conformance
