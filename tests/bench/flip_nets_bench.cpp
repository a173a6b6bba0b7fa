// Flip Junqi network benchmarks (issue 36, experiments/flip-fast-inference):
// where a flip nn search's time per simulation goes. The encoding, the
// network's dense forward pass, the search's leaf evaluation (what the nn
// agent calls once per simulation) and the whole search, with the trained
// tiny network experiments/best/flip.jqw; `mcts` beside it for scale.
//
//   flip_nets_bench [--benchmark_filter=...]
//
// Positions come from random flip games. Figures are per CPU-second of the
// process (MeasureProcessCPUTime): the machine is shared.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

#include <fmt/format.h>

#include "core/flip/flip_game.h"
#include "core/flip/flip_movegen.h"
#include "core/random.h"
#include "nets/eigen_model.h"
#include "nets/flip/flip_encoding.h"
#include "nets/flip/flip_nn_agent.h"
#include "search/flip/flip_agent.h"

namespace junqi {
namespace {

const char* const kFlipWeights = JUNQI_FLIP_WEIGHTS;

// `n` positions (not over) from random Kawu games, cut at random plies.
std::vector<FlipPosition> flipPositions(int n) {
  std::vector<FlipPosition> out;
  Rng rng(11);
  MoveList actions;
  while (static_cast<int>(out.size()) < n) {
    FlipGame game(FlipRuleset::kawu(), randomFlipDeal(rng));
    const int plies = static_cast<int>(rng.below(160));
    while (!game.isOver() && game.position().ply() < plies) {
      generateFlipActions(game.position(), actions);
      const Move m = actions[static_cast<int>(rng.below(actions.size()))];
      game.apply(Action::makeMove(game.position().toMove(), m));
    }
    if (!game.isOver()) out.push_back(game.position());
  }
  return out;
}

void BM_FlipEncode(benchmark::State& state) {
  const std::vector<FlipPosition> positions = flipPositions(64);
  std::vector<float> in(nets::kFlipInputSize);
  std::size_t i = 0;
  for (auto _ : state) {
    nets::encodeFlip(positions[i++ % positions.size()], in);
    benchmark::DoNotOptimize(in.data());
  }
}
BENCHMARK(BM_FlipEncode)->MeasureProcessCPUTime();

// The dense forward pass of one position (all 3,600 policy logits).
void BM_FlipForward(benchmark::State& state) {
  const nets::EigenModel model(nets::loadFlipWeights(kFlipWeights));
  const std::vector<FlipPosition> positions = flipPositions(64);
  std::vector<float> in(positions.size() * nets::kFlipInputSize), policy(nets::kPolicySize), wdl(3);
  for (std::size_t k = 0; k < positions.size(); ++k)
    nets::encodeFlip(positions[k], std::span<float>(in.data() + k * nets::kFlipInputSize, nets::kFlipInputSize));
  std::size_t i = 0;
  for (auto _ : state) {
    model.forward(in.data() + (i++ % positions.size()) * nets::kFlipInputSize, 1, policy.data(), wdl.data());
    benchmark::DoNotOptimize(wdl.data());
  }
}
BENCHMARK(BM_FlipForward)->MeasureProcessCPUTime();

// What the search calls at every new node: priors over its actions and a value.
void BM_FlipLeafEvaluation(benchmark::State& state) {
  nets::FlipNetEvaluator evaluator(nets::makeBackend("eigen", nets::loadFlipWeights(kFlipWeights)));
  const std::vector<FlipPosition> positions = flipPositions(64);
  std::vector<MoveList> actions(positions.size());
  for (std::size_t k = 0; k < positions.size(); ++k) generateFlipActions(positions[k], actions[k]);
  EvalResult r;
  std::size_t i = 0;
  for (auto _ : state) {
    const std::size_t k = i++ % positions.size();
    evaluator.evaluate(positions[k], actions[k], r);
    benchmark::DoNotOptimize(r.value);
  }
}
BENCHMARK(BM_FlipLeafEvaluation)->MeasureProcessCPUTime();

// A whole search (per-sim: CPU seconds per simulation). Arg 0: nn with flip.jqw's settings (mix=0.25); 1: mcts;
// 2 and 3: the same with decisive=1 (a flip's game-ending outcomes weighed exactly: its cost); 4 and 5: with
// cover=30 (each static value counts both sides' face-down points in reach: its cost).
void BM_FlipSearch(benchmark::State& state) {
  const bool nn = state.range(0) % 2 == 0, decisive = state.range(0) / 2 == 1, cover = state.range(0) / 2 == 2;
  const int sims = nn ? 200 : 2000;
  const std::string spec =
      nn ? fmt::format("nn:weights={},sims={}", kFlipWeights, sims) : fmt::format("mcts:sims={}", sims);
  const std::unique_ptr<FlipAgent> agent = makeFlipAgent(spec + (decisive ? ",decisive=1" : cover ? ",cover=30" : ""));
  const std::vector<FlipPosition> positions = flipPositions(16);
  agent->newGame(FlipRuleset::kawu(), Seat::Red, 1);
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(agent->chooseAction(positions[i++ % positions.size()]));
  state.counters["per-sim"] = benchmark::Counter(static_cast<double>(state.iterations()) * sims,
                                                 benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.SetLabel(std::string(nn ? "nn, flip.jqw, 200 sims" : "mcts, 2000 sims") +
                 (decisive ? ", decisive" : cover ? ", cover=30" : ""));
}
BENCHMARK(BM_FlipSearch)->DenseRange(0, 5)->MinTime(2.0)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond);

// Searches of 0.02 s (wall) an action, as the equal-time matches play them:
// sims/action, which the machine's load moves. Arg 0: nn (flip.jqw); 1: mcts.
void BM_FlipTimedSearch(benchmark::State& state) {
  const bool nn = state.range(0) == 0;
  const std::unique_ptr<FlipAgent> agent =
      makeFlipAgent(nn ? fmt::format("nn:weights={},seconds=0.02", kFlipWeights) : "mcts:seconds=0.02");
  const std::vector<FlipPosition> positions = flipPositions(16);
  agent->newGame(FlipRuleset::kawu(), Seat::Red, 1);
  std::size_t i = 0;
  long long sims = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(agent->chooseAction(positions[i++ % positions.size()]));
    sims += agent->lastReport().simulations;
  }
  state.counters["sims/action"] = static_cast<double>(sims) / static_cast<double>(state.iterations());
  state.SetLabel(nn ? "nn, flip.jqw, 0.02 s" : "mcts, 0.02 s");
}
BENCHMARK(BM_FlipTimedSearch)->Arg(0)->Arg(1)->Iterations(200)->Unit(benchmark::kMillisecond);

// How many of a game's leaf evaluations the agent made before in the same
// game (an earlier search valued the same position): what a cache of
// evaluations or a kept subtree could save. nn (flip.jqw, 200 simulations,
// mix 0.25) against itself in Kawu games; repeats/eval is the share of
// Red's evaluations whose position Red's evaluator saw earlier in the game.
class RepeatCountingEvaluator : public FlipLeafEvaluator {
 public:
  explicit RepeatCountingEvaluator(std::shared_ptr<FlipLeafEvaluator> inner) : inner_(std::move(inner)) {}
  void evaluate(const FlipPosition& pos, const MoveList& actions, EvalResult& out) override {
    std::string key;
    for (Square s{}; s < kSquares; ++s)
      key += pos.isEmpty(s) ? '.' : pos.isFaceDown(s) ? '?' : static_cast<char>('A' + index(pos.identityAt(s).colour) * kPieceTypes + typeIndex(pos.identityAt(s).type));
    key += fmt::format("{}|{}|{}|{}", static_cast<int>(pos.toMove()), pos.ply(), pos.quietPlies(), actions.size());
    ++evaluations, repeats += !seen_.insert(key).second;
    inner_->evaluate(pos, actions, out);
  }
  void newGame() { seen_.clear(); }
  long long evaluations = 0, repeats = 0;

 private:
  std::shared_ptr<FlipLeafEvaluator> inner_;
  std::unordered_set<std::string> seen_;
};

void BM_FlipRepeatedEvaluations(benchmark::State& state) {
  const auto network = std::make_shared<nets::FlipNetEvaluator>(nets::makeBackend("eigen", nets::loadFlipWeights(kFlipWeights)));
  const auto counting = std::make_shared<RepeatCountingEvaluator>(network);
  const auto searchWith = [](std::shared_ptr<FlipLeafEvaluator> e) {
    FlipMctsParams m = nets::flipNetSearch(std::move(e), 200, 1.5, 1);
    m.staticMix = 0.25;
    return m;
  };
  nets::FlipNetAgent red(searchWith(counting), "nn"), blue(searchWith(network), "nn");
  Rng rng(5);
  std::uint64_t gameSeed = 1;
  for (auto _ : state) {
    FlipGame game(FlipRuleset::kawu(), randomFlipDeal(rng));
    red.newGame(FlipRuleset::kawu(), Seat::Red, gameSeed);
    blue.newGame(FlipRuleset::kawu(), Seat::Blue, gameSeed++);
    counting->newGame();
    while (!game.isOver() && game.position().ply() < 400) {
      FlipAgent& agent = game.position().toMove() == Seat::Red ? static_cast<FlipAgent&>(red) : blue;
      game.apply(Action::makeMove(game.position().toMove(), agent.chooseAction(game.position())));
    }
  }
  state.counters["repeats/eval"] = static_cast<double>(counting->repeats) / std::max(1LL, counting->evaluations);
  state.counters["evals"] = static_cast<double>(counting->evaluations);
}
BENCHMARK(BM_FlipRepeatedEvaluations)->Iterations(20)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace junqi

int main(int argc, char** argv) {
  junqi::nets::registerFlipNetAgent();
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
