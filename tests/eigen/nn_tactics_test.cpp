// The network agent on the tactics suite (tests/data/tactics-suite.jqs): a
// trained network (generation 12 of experiments/training-teacher) with the
// search settings in its file solves at least 95% of the tactics and of the
// whole suite, as docs/tactics.md says. A sanitized build skips it (40 s
// there for every fifth position; the network agent's memory safety is
// covered by its other tests).
#include <gtest/gtest.h>

#include "core/files.h"
#include "nets/nn_agent.h"
#include "search/classic/tactics_suite.h"
#include "tests/support/tactics_bar.h"

namespace junqi {
namespace {

TEST(NetAgentTactics, ATrainedNetworkSolvesNinetyFivePercent) {
#ifdef JUNQI_SANITIZED_BUILD
  GTEST_SKIP() << "a strength check, not a memory check: too slow under the sanitizers";
#endif
  nets::registerNetAgent();
  const std::vector<TacticsPosition> positions = parseTacticsSuite(readFile(JUNQI_TACTICS_SUITE));
  const std::string agent = std::string("nn:weights=") + JUNQI_TRAINED_WEIGHTS;
  expectTacticsBar(runTacticsSuite(positions, agent), agent, 0.95, true);
}

}  // namespace
}  // namespace junqi
