// The flip searches' CPU-time budget (`cpuseconds`, FlipMctsParams::cpuSeconds):
// the thread's own CPU time, not the wall clock, ends a timed search, so
// two agents given equal CPU seconds get equal work on a loaded machine.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "search/flip/flip_agent.h"
#include "search/flip/flip_mcts.h"
#include "tests/support/flip_boards.h"

namespace junqi {
namespace {

// An evaluator that sleeps: wall time passes, the thread's CPU time hardly.
class SleepingEvaluator : public FlipLeafEvaluator {
 public:
  void evaluate(const FlipPosition&, const MoveList& actions, EvalResult& out) override {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    ++calls;
    out.priors.assign(actions.size(), 1.0f / static_cast<float>(actions.size()));
    out.value = 0;
  }
  int calls = 0;
};

// The evaluations one timed search of the midgame fixture made.
int evaluationsOfATimedSearch(double seconds, double cpuSeconds) {
  auto evaluator = std::make_shared<SleepingEvaluator>();
  FlipMctsParams p;
  p.seconds = seconds;
  p.cpuSeconds = cpuSeconds;
  p.evaluator = evaluator;
  FlipMctsAgent agent(p);
  const FlipPosition pos = fixtures::flipMidgame();
  agent.newGame(pos.rules(), pos.toMove(), 1);
  agent.chooseAction(pos);
  return evaluator->calls;
}

// 10 ms of wall clock is five sleeps, 8 evaluations (the clock is read every
// 8 iterations); 10 ms of CPU time is many, since sleeping costs none: about
// 50 even under the sanitizers on a loaded machine (where 5 ms once gave 24,
// short of 5 x 8), and 8 again were the wall clock to end the search.
TEST(FlipCpuBudget, OnlyTheThreadsOwnCpuTimeCounts) {
  const int wall = evaluationsOfATimedSearch(0.01, 0);
  const int cpu = evaluationsOfATimedSearch(0, 0.01);
  EXPECT_LE(wall, 16);
  EXPECT_GE(cpu, 3 * wall) << "wall " << wall << ", cpu " << cpu;
}

TEST(FlipCpuBudget, TheSpecCarriesItAndRefusesBothBudgets) {
  EXPECT_EQ(makeFlipAgent("mcts:cpuseconds=0.01")->spec(), "mcts:cpuseconds=0.01,c=0.1,depth=0,ptemp=0,pc=1,seed=1");
  EXPECT_THROW(makeFlipAgent("mcts:cpuseconds=0.01,seconds=0.01"), AgentSpecError);
  EXPECT_THROW(makeFlipAgent("mcts:cpuseconds=-1"), AgentSpecError);
}

}  // namespace
}  // namespace junqi
