// Benchmarks of the search layer (search/classic/ismcts.h), on mid-game states.
//
//   BM_Ismcts/threads:T            plain ISMCTS, random rollouts truncated at 50 plies, on T threads
//                                  (root-parallel)                         iterations/s, nodes, bytes/node
//   BM_IsmctsMultipleObserver/threads:T
//                                  multiple-observer ISMCTS (8 opponent views, half the
//                                  iterations theirs)                       iterations/s, nodes, bytes/node
//   BM_IsmctsMultipleObserverSetup the same with one iteration: the fixed cost of a search
//                                  (the opponent views built from the public history)  searches/s
//   BM_Pimc/threads:T              PIMC over 20 worlds                      iterations/s, nodes
//   BM_TacticalMove                the tactical player's decision (flag tactics, every
//                                  move's outcomes and the enemy's best reply)  moves/s
//   BM_FlagTactics                 the flag guard's arithmetic over every legal move  decisions/s
//   BM_TreeBytesPerNode            the tree's memory for 2000-iteration ISMCTS searches
//                                  (16-byte nodes, 32-byte edges)           bytes/node, edges/node
//   BM_FourIsmcts/visibility:V     four-player ISMCTS at its defaults (400 iterations, 40-ply
//                                  random rollouts, heuristic root priors) on 16 positions of
//                                  random four-player games, V = 0 own, 1 team, 2 all
//                                  (the beliefs built in each search)      iterations/s, share
//                                  of worlds drawn by the beliefs' inexact fallback
//
// The states: random play from fixed seeds to plies 60-150 through a Game (so
// the information sets are those of real play), then the InfoState of the
// side to move. Every search uses a fixed iteration budget and a fixed seed,
// so two runs time the same work; each benchmark iteration searches the next
// state in turn. Threaded benchmarks measure the CPU time of the whole
// process (MeasureProcessCPUTime): their rates are per CPU-second of all
// threads, which a busy machine does not distort as it does wall time.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "core/classic/auto_layout.h"
#include "core/four/four_game.h"
#include "core/four/four_movegen.h"
#include "core/classic/game.h"
#include "core/classic/info_state.h"
#include "core/classic/movegen.h"
#include "core/random.h"
#include "search/classic/flag_tactics.h"
#include "search/four/four_ismcts.h"
#include "search/classic/ismcts.h"
#include "search/classic/tactical_agent.h"

namespace junqi {
namespace {

constexpr long long kIterations = 1000;  // per search

const std::vector<InfoState>& midgameStates() {
  static const std::vector<InfoState> states = [] {
    constexpr int kWanted = 16;
    std::vector<InfoState> out;
    MoveList moves;
    for (std::uint64_t seed = 1; static_cast<int>(out.size()) < kWanted; ++seed) {
      Rng rng(Rng::mix(0x5EA7C4, seed));
      const Ruleset ruleset;
      const LayoutStyle style = static_cast<LayoutStyle>(seed % 4);
      const Layout red = styledLayout(style, ruleset, rng), blue = styledLayout(style, ruleset, rng);
      Game game(ruleset, red, blue);
      const int plies = 60 + static_cast<int>(rng.below(91));  // 60..150
      while (!game.isOver() && static_cast<int>(game.history().size()) < plies) {
        generateMoves(game.position(), moves);
        game.apply(Action::makeMove(game.position().sideToMove(),
                                    moves[static_cast<int>(rng.below(static_cast<std::uint64_t>(moves.size())))]));
      }
      if (game.isOver()) continue;
      generateMoves(game.position(), moves);
      if (moves.size() < 2) continue;  // a forced move is not searched
      out.push_back(InfoState::of(game, game.position().sideToMove()));
    }
    return out;
  }();
  return states;
}

SearchParams baseParams(int threads) {
  SearchParams p;
  p.iterations = kIterations;
  p.rolloutDepth = 50;
  p.rollout = RolloutPolicy::Random;
  p.threads = threads;
  return p;
}

// Runs one search per benchmark iteration over the states in turn and reports rates and tree sizes.
void runSearches(benchmark::State& bench, const SearchParams& params, bool bytesPerNode) {
  const auto& states = midgameStates();
  std::size_t next = 0;
  long long iterations = 0;
  double nodes = 0, edges = 0, bytes = 0;
  long long searches = 0;
  for (auto _ : bench) {
    const SearchResult r = search(states[next], params, 1000 + next);
    next = (next + 1) % states.size();
    iterations += r.iterations;
    nodes += static_cast<double>(r.nodes);
    edges += static_cast<double>(r.edges);
    bytes += static_cast<double>(r.treeBytes);
    ++searches;
    benchmark::DoNotOptimize(r.best);
  }
  bench.counters["iterations/s"] = benchmark::Counter(static_cast<double>(iterations), benchmark::Counter::kIsRate);
  bench.counters["searches/s"] = benchmark::Counter(static_cast<double>(searches), benchmark::Counter::kIsRate);
  if (searches > 0) {
    bench.counters["nodes/search"] = nodes / static_cast<double>(searches);
    if (bytesPerNode && nodes > 0) bench.counters["bytes/node"] = bytes / nodes;
  }
}

void BM_Ismcts(benchmark::State& bench) {
  runSearches(bench, baseParams(static_cast<int>(bench.range(0))), true);
}
BENCHMARK(BM_Ismcts)->ArgName("threads")->Arg(1)->Arg(2)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond);

void BM_IsmctsMultipleObserver(benchmark::State& bench) {
  SearchParams p = baseParams(static_cast<int>(bench.range(0)));
  p.multipleObserver = true;
  runSearches(bench, p, true);
}
BENCHMARK(BM_IsmctsMultipleObserver)->ArgName("threads")->Arg(1)->Arg(2)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond);

// The fixed cost of a multiple-observer search (building the opponent views
// from the public history), without the iterations: a one-iteration search.
void BM_IsmctsMultipleObserverSetup(benchmark::State& bench) {
  SearchParams p = baseParams(1);
  p.multipleObserver = true;
  p.iterations = 1;
  runSearches(bench, p, false);
}
BENCHMARK(BM_IsmctsMultipleObserverSetup)->Unit(benchmark::kMillisecond);

void BM_Pimc(benchmark::State& bench) {
  SearchParams p = baseParams(static_cast<int>(bench.range(0)));
  p.worlds = 20;
  runSearches(bench, p, false);  // treeBytes is the largest world's tree, not the sum
}
BENCHMARK(BM_Pimc)->ArgName("threads")->Arg(1)->Arg(2)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond);

void BM_TacticalMove(benchmark::State& bench) {
  const auto& states = midgameStates();
  std::size_t i = 0;
  for (auto _ : bench) benchmark::DoNotOptimize(TacticalAgent::scoreMoves(states[i++ % states.size()]));
  bench.SetItemsProcessed(bench.iterations());
}
BENCHMARK(BM_TacticalMove)->Unit(benchmark::kMicrosecond);

void BM_FlagTactics(benchmark::State& bench) {
  const auto& states = midgameStates();
  std::size_t i = 0;
  MoveList moves;
  for (auto _ : bench) {
    const InfoState& state = states[i++ % states.size()];
    state.legalMoves(moves);
    benchmark::DoNotOptimize(flagTactics(state, moves));
  }
  bench.SetItemsProcessed(bench.iterations());
}
BENCHMARK(BM_FlagTactics)->Unit(benchmark::kMicrosecond);

void BM_TreeBytesPerNode(benchmark::State& bench) {
  const auto& states = midgameStates();
  SearchParams p = baseParams(1);
  p.iterations = 2000;
  std::size_t next = 0;
  double nodes = 0, edges = 0, bytes = 0;
  for (auto _ : bench) {
    const SearchResult r = search(states[next], p, 7 + next);
    next = (next + 1) % states.size();
    nodes += static_cast<double>(r.nodes);
    edges += static_cast<double>(r.edges);
    bytes += static_cast<double>(r.treeBytes);
  }
  if (nodes > 0) {
    bench.counters["bytes/node"] = bytes / nodes;
    bench.counters["edges/node"] = edges / nodes;
    bench.counters["KiB/search"] = bytes / 1024.0 / static_cast<double>(bench.iterations());
  }
}
BENCHMARK(BM_TreeBytesPerNode)->Unit(benchmark::kMillisecond);

// Four-player ISMCTS: each benchmark iteration one whole decision (beliefs
// from the observation, then the search) on the next of 16 positions of
// random games (plies 80-400), the side to move's observation.
void BM_FourIsmcts(benchmark::State& bench) {
  const auto visibility = static_cast<Visibility>(bench.range(0));
  FourRuleset rules;
  rules.visibility = visibility;
  std::vector<FourObservation> views;
  MoveList moves;
  for (std::uint64_t seed = 1; views.size() < 16; ++seed) {
    Rng rng(Rng::mix(0x4F0E, seed));
    std::array<Layout, kArmies> layouts;
    for (Layout& l : layouts) l = randomLayout(rules.army, rng);
    FourGame game(rules, layouts);
    const int plies = 80 + static_cast<int>(rng.below(321));
    while (!game.isOver() && static_cast<int>(game.history().size()) < plies) {
      generateFourMoves(game.position(), moves);
      game.play(moves[static_cast<int>(rng.below(static_cast<std::uint64_t>(moves.size())))]);
    }
    if (!game.isOver()) views.push_back(FourObservation::of(game, game.position().toMove()));
  }
  const FourSearchParams params;
  std::size_t next = 0;
  long long iterations = 0, chainWorlds = 0;
  for (auto _ : bench) {
    const FourSearchResult r = fourSearch(views[next], rules, params, 1000 + next);
    next = (next + 1) % views.size();
    iterations += r.iterations;
    chainWorlds += r.chainWorlds;
    benchmark::DoNotOptimize(r.best);
  }
  bench.counters["iterations/s"] = benchmark::Counter(static_cast<double>(iterations), benchmark::Counter::kIsRate);
  bench.counters["chain-worlds"] = static_cast<double>(chainWorlds) / static_cast<double>(std::max(iterations, 1LL));
}
BENCHMARK(BM_FourIsmcts)->ArgName("visibility")->Arg(0)->Arg(1)->Arg(2)->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace junqi

BENCHMARK_MAIN();
