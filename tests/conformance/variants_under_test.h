// What the conformance suite needs of each variant beyond the engine's own
// API: how to start a random game as a GameDriver (game_driver.h), which
// brings an independent slow move generator and perft written from the rule
// texts, sharing no code with the engine. A new variant adds one entry per
// preset to variantsUnderTest(); the suite fails until every variant and
// preset has one.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/random.h"
#include "core/variant.h"
#include "tests/conformance/game_driver.h"

namespace junqi::conformance {

struct VariantUnderTest {
  std::string name;  // "classic/hiddenfront": the test's name
  const Variant* variant = nullptr;
  std::string preset;
  int games = 0;     // random games the suite plays
  int maxPlies = 0;  // the harness's cap, for presets that have no draw rule
  // Only a preset without a draw rule may need the cap to end a game.
  bool endsByItsRules = false;
  bool drawOffers = false;  // the rules let a player offer a draw
  int leakageWithin = 150;  // a leakage check's ply is drawn from 10 to 10 + this (before most games end)
  int perftDepth = 3;       // perft against the slow generator from the start (the middle game: one less)
  std::function<DriverPtr(Rng&)> randomStart;
};

// One entry per variant and preset.
const std::vector<VariantUnderTest>& variantsUnderTest();

}  // namespace junqi::conformance
