// Network benchmarks: inference in Eigen (what exported bots run) and in
// LibTorch (what self-play uses), training steps, and self-play itself, all
// reported as positions per second.
//
//   nets_bench [--benchmark_filter=...]
//
// The networks are random (their speed does not depend on the weights); the
// inputs are encodings of positions from random games. Every figure is per
// CPU-second of the whole process (MeasureProcessCPUTime, all threads
// included): on a shared machine wall time says more about the neighbours.
#include <benchmark/benchmark.h>
#include <malloc.h>

#include <chrono>
#include <cmath>
#include <memory>
#include <thread>
#include <vector>

#include "core/classic/auto_layout.h"
#include "core/classic/movegen.h"
#include "nets/eigen_model.h"
#include "nets/torch_backend.h"
#include "nets/torch_trainer.h"
#include "selfplay/selfplay_worker.h"

namespace junqi {
namespace {

using nets::kInputSize;
using nets::NetworkShape;

// `n` encoded positions (seat to move) from random games.
std::vector<float> inputs(int n) {
  std::vector<float> out;
  Rng rng(7);
  MoveList moves;
  for (std::uint64_t g = 0; static_cast<int>(out.size()) < n * kInputSize; ++g) {
    Rng gameRng(g);
    Game game(Ruleset{}, randomLayout(Ruleset{}, gameRng), randomLayout(Ruleset{}, gameRng));
    const int plies = static_cast<int>(rng.below(150));
    while (!game.isOver() && game.position().ply() < plies) {
      generateMoves(game.position(), moves);
      game.apply(Action::makeMove(game.position().sideToMove(), moves[static_cast<int>(gameRng.below(moves.size()))]));
    }
    if (game.isOver()) continue;
    const InfoState view = InfoState::of(game, game.position().sideToMove());
    std::vector<float> one(kInputSize);
    nets::encode(rootQuery(view, nullptr), one);
    out.insert(out.end(), one.begin(), one.end());
  }
  return out;
}

NetworkShape shapeOf(std::int64_t which) { return which == 0 ? NetworkShape::tiny() : NetworkShape::standard(); }

nets::WeightsFile randomWeights(const NetworkShape& shape) {
  torch::manual_seed(1);
  nets::JunqiNet net(shape);
  net->eval();
  return net->exportWeights(Ruleset{}.toString(), "benchmark");
}

// Eigen: args = shape (0 = tiny 2x32, 1 = standard 6x64), batch. Batch 6 is
// self-play's (BM_SelfPlayStandard): the raw rate it is compared with.
void BM_EigenInference(benchmark::State& state) {
  const NetworkShape shape = shapeOf(state.range(0));
  const int batch = static_cast<int>(state.range(1));
  const nets::EigenModel model(randomWeights(shape));
  constexpr int kInputs = 16;
  const std::vector<float> in = inputs(kInputs + batch);
  std::vector<float> policy(static_cast<std::size_t>(batch) * nets::kPolicySize), wdl(static_cast<std::size_t>(batch) * 3);
  std::size_t i = 0;
  for (auto _ : state) {
    model.forward(in.data() + (i++ % kInputs) * kInputSize, batch, policy.data(), wdl.data());
    benchmark::DoNotOptimize(policy.data());
  }
  state.counters["positions/s"] =
      benchmark::Counter(static_cast<double>(state.iterations()) * batch, benchmark::Counter::kIsRate);
  state.SetLabel(shape.toString());
}
BENCHMARK(BM_EigenInference)
    ->ArgNames({"shape", "batch"})
    ->Args({0, 1})
    ->Args({1, 1})
    ->Args({1, 3})
    ->Args({1, 6})
    ->MinTime(1.0)
    ->MeasureProcessCPUTime();

// The standard network on both cores: two threads, each running batches of
// `batch` positions (arg), as self-play's games do. positions/s per
// CPU-second, wall-positions/s per wall second: the most self-play could get
// from the network on 2 cores.
void BM_EigenInferenceTwoThreads(benchmark::State& state) {
  const int batch = static_cast<int>(state.range(0));
  constexpr int kForwards = 16;  // per thread and benchmark iteration
  const nets::EigenModel model(randomWeights(NetworkShape::standard()));
  const std::vector<float> in = inputs(batch);
  double wallSeconds = 0;
  for (auto _ : state) {
    const auto started = std::chrono::steady_clock::now();
    const auto run = [&] {
      std::vector<float> policy(static_cast<std::size_t>(batch) * nets::kPolicySize), wdl(static_cast<std::size_t>(batch) * 3);
      for (int i = 0; i < kForwards; ++i) model.forward(in.data(), batch, policy.data(), wdl.data());
    };
    std::thread other(run);
    run();
    other.join();
    wallSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  }
  const double positions = static_cast<double>(state.iterations()) * 2 * kForwards * batch;
  state.counters["positions/s"] = benchmark::Counter(positions, benchmark::Counter::kIsRate);
  state.counters["wall-positions/s"] = positions / std::max(1e-9, wallSeconds);
  state.SetLabel("6x64, 2 threads");
}
BENCHMARK(BM_EigenInferenceTwoThreads)->ArgName("batch")->Arg(2)->Arg(3)->Arg(6)->MinTime(1.0)->MeasureProcessCPUTime();

// LibTorch inference of the standard network: args = batch, threads.
void BM_TorchInference(benchmark::State& state) {
  const int batch = static_cast<int>(state.range(0));
  const int threads = static_cast<int>(state.range(1));
  const int before = torch::get_num_threads();
  torch::set_num_threads(threads);
  nets::TorchBackend backend(randomWeights(NetworkShape::standard()));
  const std::vector<float> in = inputs(batch);
  std::vector<float> policy(static_cast<std::size_t>(batch) * nets::kPolicySize), wdl(static_cast<std::size_t>(batch) * 3);
  for (auto _ : state) {
    backend.forward(in.data(), batch, policy.data(), wdl.data(), nullptr);
    benchmark::DoNotOptimize(policy.data());
  }
  state.counters["positions/s"] =
      benchmark::Counter(static_cast<double>(state.iterations()) * batch, benchmark::Counter::kIsRate);
  state.SetLabel(NetworkShape::standard().toString());
  torch::set_num_threads(before);
}
BENCHMARK(BM_TorchInference)
    ->ArgNames({"batch", "threads"})
    ->Args({1, 1})
    ->Args({1, 2})
    ->Args({64, 1})
    ->Args({64, 2})
    ->MinTime(1.0)
    ->MeasureProcessCPUTime();

// Training steps of the standard network on batches of 256 positions (and 32
// layouts), 2 threads.
void BM_Training(benchmark::State& state) {
  const int before = torch::get_num_threads();
  torch::set_num_threads(2);
  nets::TrainerOptions o;
  o.shape = NetworkShape::standard();
  nets::Trainer trainer(o);
  const int batch = 256;
  const std::vector<float> in = inputs(64);
  std::vector<nets::PositionSample> samples(batch);
  for (int i = 0; i < batch; ++i) {
    nets::PositionSample& s = samples[static_cast<std::size_t>(i)];
    for (int k = 0; k < kInputSize; ++k)
      s.input.push_back(static_cast<std::uint8_t>(std::lround(in[static_cast<std::size_t>(i % 64) * kInputSize + k] * 255)));
    for (int m = 0; m < 30; ++m) s.policy.emplace_back(static_cast<std::uint16_t>((i * 37 + m * 113) % nets::kPolicySize), 1.0f / 30);
    s.wdl = {i % 3 == 0 ? 1.0f : 0.0f, i % 3 == 1 ? 1.0f : 0.0f, i % 3 == 2 ? 1.0f : 0.0f};
  }
  std::vector<const nets::PositionSample*> positions;
  for (const auto& s : samples) positions.push_back(&s);
  nets::LayoutSample layout;
  Rng rng(3);
  const Layout l = randomLayout(Ruleset{}, rng);
  for (int k = 0; k < 30; ++k) layout.identity[k] = l.at[k] ? static_cast<std::int8_t>(typeIndex(*l.at[k])) : -1;
  const std::vector<const nets::LayoutSample*> layouts(batch / 8, &layout);
  for (auto _ : state) benchmark::DoNotOptimize(trainer.step(positions, layouts).policyLoss);
  state.counters["positions/s"] =
      benchmark::Counter(static_cast<double>(state.iterations()) * batch, benchmark::Counter::kIsRate);
  state.SetLabel(NetworkShape::standard().toString() + ", batch 256, 2 threads");
  torch::set_num_threads(before);
}
BENCHMARK(BM_Training)->Iterations(12)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond);

// Self-play with the tiny network: 2 games at once, 16 simulations a move,
// games cut at 200 plies. Arg: 0 = Eigen backend, 1 = LibTorch (2 threads).
void BM_SelfPlay(benchmark::State& state) {
  const int before = torch::get_num_threads();
  torch::set_num_threads(2);
  const nets::WeightsFile weights = randomWeights(NetworkShape::tiny());
  std::shared_ptr<nets::Backend> backend;
  if (state.range(0) == 0) {
    struct Eigen : nets::Backend {
      explicit Eigen(const nets::WeightsFile& w) : model(w) {}
      const NetworkShape& shape() const override { return model.shape(); }
      void forward(const float* in, int n, float* p, float* v, float* l) override { model.forward(in, n, p, v, l); }
      nets::EigenModel model;
    };
    backend = std::make_shared<Eigen>(weights);
  } else {
    backend = std::make_shared<nets::TorchBackend>(weights);
  }
  SelfPlayOptions o;
  o.games = 2;
  o.parallelGames = 2;
  o.search.iterations = 16;
  o.maxPlies = 200;
  long long positions = 0, evaluations = 0;
  std::uint64_t seed = 1;
  for (auto _ : state) {
    o.seed = seed++;
    SelfPlayStats stats;
    const Shard shard = playSelfPlay(backend, o, stats);
    positions += static_cast<long long>(shard.positions.size());
    evaluations += stats.evaluations;
  }
  state.counters["positions/s"] = benchmark::Counter(static_cast<double>(positions), benchmark::Counter::kIsRate);
  state.counters["evals/s"] = benchmark::Counter(static_cast<double>(evaluations), benchmark::Counter::kIsRate);
  state.SetLabel(std::string(state.range(0) == 0 ? "eigen" : "torch") + ", tiny (2x32), 16 sims");
  torch::set_num_threads(before);
}
BENCHMARK(BM_SelfPlay)->Arg(0)->Arg(1)->Iterations(2)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond);

// Self-play as junqi train runs it, with the standard network on the Eigen
// backend: 6 games at once (so batches of up to 6), 48 simulations a move,
// leaf values half from a greedy 16-ply rollout, games cut at 40 plies. Its
// evals/s (per CPU-second of all threads) set beside BM_EigenInference at
// batch 6 say how much of self-play's time the network gets; wall-evals/s
// is the same count per wall second (2 cores: at most twice the CPU rate).
// Arg: the largest batch; 6 = all games in one batch (as before 2026-12-01),
// 3 = the games shared out over the cores (2026-12-01 to 12-02), 0 = the
// default (one batch more than cores: 2 on 2 cores).
void BM_SelfPlayStandard(benchmark::State& state) {
  const nets::WeightsFile weights = randomWeights(NetworkShape::standard());
  const std::shared_ptr<nets::Backend> backend = nets::makeBackend("eigen", weights);
  SelfPlayOptions o;
  o.games = 6;
  o.parallelGames = 6;
  o.search.iterations = 48;
  o.search.exploration = 1.5;
  o.search.rolloutMix = 0.5;
  o.search.rolloutDepth = 16;
  o.search.rollout = RolloutPolicy::Greedy;
  o.search.rootNoiseAlpha = 0.3;
  o.temperaturePlies = 20;
  o.maxPlies = 40;
  o.batch = static_cast<int>(state.range(0));
  long long evaluations = 0, batches = 0;
  double wallSeconds = 0;
  std::uint64_t seed = 1;
  for (auto _ : state) {
    o.seed = seed++;
    SelfPlayStats stats;
    playSelfPlay(backend, o, stats);
    evaluations += stats.evaluations;
    batches += stats.batches;
    wallSeconds += stats.seconds;
  }
  state.counters["evals/s"] = benchmark::Counter(static_cast<double>(evaluations), benchmark::Counter::kIsRate);
  state.counters["wall-evals/s"] = static_cast<double>(evaluations) / std::max(1e-9, wallSeconds);
  state.counters["batch"] = static_cast<double>(evaluations) / std::max<long long>(1, batches);
  state.SetLabel("eigen, standard (6x64), 6 games, 48 sims");
}
BENCHMARK(BM_SelfPlayStandard)
    ->ArgName("batch")
    ->Arg(6)
    ->Arg(3)
    ->Arg(0)
    ->Iterations(1)
    ->MeasureProcessCPUTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace junqi

int main(int argc, char** argv) {
  // As the junqi program does: keep big buffers in the heap instead of
  // mapping them anew for every tensor (LibTorch is much slower without this).
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
