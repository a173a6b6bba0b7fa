// Four-player network benchmarks (issue 36): the cost of one leaf evaluation
// of the four-player nn search with the trained experiments/best/four.jqw,
// the fast path (Arg 0: FourNetEvaluator::evaluate, the sparse stem and only
// the legal moves' logits) beside the plain one (Arg 1: evaluateReference,
// all 37,281 policy logits), and a whole nn search per simulation.
//
//   four_nets_bench [--benchmark_filter=...]
//
// Positions come from random four-player games (own visibility). Figures are
// per CPU-second of the process (MeasureProcessCPUTime): the machine is shared.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "core/four/four_game.h"
#include "core/four/four_movegen.h"
#include "core/four/four_observation.h"
#include "core/classic/auto_layout.h"
#include "core/random.h"
#include "nets/four/four_nn_agent.h"
#include "search/four/four_agent.h"

namespace junqi {
namespace {

const char* const kFourWeights = JUNQI_FOUR_WEIGHTS;

// Games from random layouts and random moves, cut at random plies (not over).
std::vector<FourGame> fourGames(int n) {
  std::vector<FourGame> out;
  Rng rng(13);
  const FourRuleset rules;
  MoveList moves;
  while (static_cast<int>(out.size()) < n) {
    std::array<Layout, kArmies> layouts;
    for (Layout& l : layouts) l = randomLayout(rules.army, rng);
    FourGame game(rules, layouts);
    const int plies = static_cast<int>(rng.below(300));
    for (int k = 0; k < plies && !game.isOver(); ++k) {
      generateFourMoves(game.position(), moves);
      game.play(moves[static_cast<int>(rng.below(static_cast<std::uint64_t>(moves.size())))]);
    }
    if (!game.isOver()) out.push_back(game);
  }
  return out;
}

// What the search calls at a new node: priors over its moves and a value.
void BM_FourLeafEvaluation(benchmark::State& state) {
  const bool fast = state.range(0) == 0;
  nets::FourNetEvaluator evaluator(nets::makeBackend("eigen", nets::loadFourWeights(kFourWeights)));
  std::vector<FourPosition> positions;
  for (const FourGame& g : fourGames(32)) positions.push_back(g.position());
  std::vector<MoveList> moves(positions.size());
  for (std::size_t k = 0; k < positions.size(); ++k) generateFourMoves(positions[k], moves[k]);
  std::vector<double> priors;
  std::size_t i = 0;
  for (auto _ : state) {
    const std::size_t k = i++ % positions.size();
    const double v = fast ? evaluator.evaluate(positions[k], Visibility::Own, &moves[k], &priors)
                          : evaluator.evaluateReference(positions[k], Visibility::Own, &moves[k], &priors);
    benchmark::DoNotOptimize(v);
  }
}
BENCHMARK(BM_FourLeafEvaluation)->ArgName("plain")->Arg(0)->Arg(1)->MeasureProcessCPUTime()->Unit(benchmark::kMicrosecond);

// A whole nn decision at 100 simulations (the time per simulation: divide by 100).
void BM_FourNetSearch(benchmark::State& state) {
  const std::unique_ptr<FourAgent> agent = makeFourAgent(fmt::format("nn:weights={},sims=100", kFourWeights));
  std::vector<FourObservation> views;
  for (const FourGame& g : fourGames(8)) views.push_back(FourObservation::of(g, g.position().toMove()));
  agent->newGame(FourRuleset{}, 0, 1);
  std::size_t i = 0;
  for (auto _ : state) {
    Move m = agent->chooseMove(views[i++ % views.size()]);
    benchmark::DoNotOptimize(m);
  }
}
BENCHMARK(BM_FourNetSearch)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace junqi

int main(int argc, char** argv) {
  junqi::nets::registerFourNetAgent();
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
