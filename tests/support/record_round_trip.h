// The record round trip, shared by the random-game property tests and the
// conformance suite: a game's record reads back, replays to the same final
// position and outcome, and writes the same text again (docs/records.md).
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/classic/game.h"

namespace junqi::test_support {

// Empty when the round trip holds, else what went wrong. `tamper` changes the
// written text before it is read back, for tests that the check can fail.
std::string recordRoundTripProblem(const Game& game, std::vector<std::pair<std::string, std::string>> tags = {},
                                   const std::function<std::string(std::string)>& tamper = nullptr);

}  // namespace junqi::test_support
