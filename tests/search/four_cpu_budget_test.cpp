// The four-player search's CPU-time budget (`cpuseconds`,
// FourSearchParams::cpuSeconds): the searching thread's own CPU time, not
// the wall clock, ends a timed search, so two agents given equal CPU seconds
// get equal work on a loaded machine (as FlipCpuBudget for the flip search).
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "search/four/four_agent.h"
#include "search/four/four_ismcts.h"
#include "tests/support/random_four_game.h"

namespace junqi {
namespace {

// An evaluator that sleeps: wall time passes, the thread's CPU time hardly.
class SleepingFourEvaluator : public FourLeafEvaluator {
 public:
  double evaluate(const FourPosition&, Visibility, const MoveList* moves, std::vector<double>* priors) override {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    ++calls;
    if (moves && priors) priors->assign(static_cast<std::size_t>(moves->size()), 1.0 / moves->size());
    return 0;
  }
  int calls = 0;
};

// The evaluations one timed search of a midgame position made.
int evaluationsOfATimedFourSearch(double seconds, double cpuSeconds) {
  const FourGame game = fourgames::randomFourGame(4, 120, Visibility::Own);
  const FourObservation obs = FourObservation::of(game, game.position().toMove());
  auto evaluator = std::make_shared<SleepingFourEvaluator>();
  FourSearchParams p;
  p.seconds = seconds;
  p.cpuSeconds = cpuSeconds;
  p.evaluator = evaluator;
  const FourSearchResult r = fourSearch(obs, game.rules(), p, 1);
  if (cpuSeconds > 0) {
    EXPECT_EQ(r.iterations % 8, 0) << "the CPU clock is read every 8 iterations";
  }
  return evaluator->calls;
}

// 10 ms of wall clock is a handful of 2 ms sleeps; 10 ms of CPU time is many,
// since sleeping costs none.
TEST(FourCpuBudget, OnlyTheThreadsOwnCpuTimeCounts) {
  const int wall = evaluationsOfATimedFourSearch(0.01, 0);
  const int cpu = evaluationsOfATimedFourSearch(0, 0.01);
  EXPECT_LE(wall, 8);
  EXPECT_GE(cpu, 4 * wall) << "wall " << wall << ", cpu " << cpu;
}

TEST(FourCpuBudget, TheSpecCarriesItAndRefusesBothBudgets) {
  const std::string spec = makeFourAgent("ismcts:cpuseconds=0.01")->spec();
  EXPECT_EQ(spec.rfind("ismcts:cpuseconds=0.01,c=0.7,", 0), 0u) << spec;
  EXPECT_EQ(makeFourAgent(spec)->spec(), spec);
  EXPECT_THROW(makeFourAgent("ismcts:cpuseconds=0.01,seconds=0.01"), AgentSpecError);
  EXPECT_THROW(makeFourAgent("ismcts:cpuseconds=-1"), AgentSpecError);
}

}  // namespace
}  // namespace junqi
