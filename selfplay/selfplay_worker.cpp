#include "selfplay/selfplay_worker.h"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <thread>

#include "core/classic/auto_layout.h"
#include "core/numbered_jobs.h"
#include "core/stopwatch.h"
#include "nets/encoding.h"
#include "nets/layout_policy.h"
#include "selfplay/samples.h"

namespace junqi {

namespace {

struct GameSamples {
  std::vector<PositionSample> positions;
  std::vector<Seat> seats;
  std::vector<float> rootValues;  // the search's value for the seat
  std::array<Layout, kSeats> layouts;
  Outcome outcome;
  bool resigned = false;
  int wouldResign = 0;       // played-out game: the side that would have resigned (1 + index), 0 if none
  long long moves = 0;
};

Layout chooseLayout(nets::Backend& backend, const SelfPlayOptions& o, Rng& rng) {
  if (!o.netLayouts) return styledLayout(static_cast<LayoutStyle>(rng.below(4)), o.ruleset, rng);
  std::vector<float> input(nets::kInputSize), policy(nets::kPolicySize), layout(kSquares * kPieceTypes);
  float wdl[3];
  nets::encodeDeployment(o.ruleset, input);
  backend.forward(input.data(), 1, policy.data(), wdl, layout.data());
  return nets::sampleLayout(layout.data(), o.ruleset, rng, o.layoutTemperature);
}

// The search of one move: the full budget (a training sample) or, with
// playout cap randomization, a fast one without noise.
SearchParams moveSearch(const SelfPlayOptions& o, Evaluator& evaluator, bool full) {
  SearchParams params = o.search;
  params.evaluator = &evaluator;
  if (!full) {
    params.iterations = o.fastSims;
    params.rootNoiseAlpha = 0;
    params.gumbelRoot.noise = false;
  }
  return params;
}


// A move drawn in proportion to `policy` (to the visits, as whole numbers, without the Gumbel root).
Move drawMove(const SearchResult& r, const std::vector<float>& policy, Rng& rng) {
  if (r.improvedPolicy.empty()) {
    long long total = 0;
    for (const RootMoveStats& m : r.root) total += m.visits;
    if (total <= 0) return r.best;
    auto pick = static_cast<long long>(rng.below(static_cast<std::uint64_t>(total)));
    for (const RootMoveStats& m : r.root)
      if ((pick -= m.visits) < 0) return m.move;
    return r.best;
  }
  double pick = rng.uniform();
  for (std::size_t i = 0; i < policy.size(); ++i)
    if ((pick -= policy[i]) < 0) return r.root[i].move;
  return r.best;
}

GameSamples playOne(nets::Backend& backend, Evaluator& evaluator, const SelfPlayOptions& o, std::uint64_t seed) {
  Rng rng(seed);
  GameSamples g;
  g.layouts = {chooseLayout(backend, o, rng), chooseLayout(backend, o, rng)};
  Game game(o.ruleset, g.layouts[0], g.layouts[1]);
  std::array<InfoState, kSeats> views = {InfoState::of(game, Seat::Red), InfoState::of(game, Seat::Blue)};
  const bool mayResign = o.resignValue > -1 && rng.uniform() >= o.resignCheckFraction;
  std::array<int, kSeats> lowValues{};
  const SearchParams fullSearch = moveSearch(o, evaluator, true), fastSearch = moveSearch(o, evaluator, false);
  MoveList legal;
  while (!game.isOver()) {
    if (game.position().ply() >= o.maxPlies) {
      game.adjudicateDraw();
      break;
    }
    const Seat s = game.position().sideToMove();
    const InfoState& view = views[index(s)];
    // Drawn only with a cap, so that runs without one replay their old games.
    const bool full = o.fullSearchShare >= 1 || o.fastSims <= 0 || rng.uniform() < o.fullSearchShare;
    const SearchResult r = search(view, full ? fullSearch : fastSearch, rng.next());
    const std::vector<float> policy = searchPolicy(r);
    if (full) {  // the sample: the seat's input, and the search's policy as the target
      view.legalMoves(legal);
      PositionSample sample;
      sample.input = quantizedInput(view, legal);
      sample.hidden = hiddenIdentities(game.position(), s);
      for (std::size_t i = 0; i < r.root.size(); ++i)
        sample.policy.emplace_back(static_cast<std::uint16_t>(nets::policyIndex(s, r.root[i].move)), policy[i]);
      g.positions.push_back(std::move(sample));
      g.seats.push_back(s);
      g.rootValues.push_back(static_cast<float>(std::clamp(r.value, -1.0, 1.0)));
    }

    // Resignation.
    lowValues[index(s)] = r.value < o.resignValue ? lowValues[index(s)] + 1 : 0;
    if (lowValues[index(s)] >= 2) {
      if (mayResign) {
        game.apply(Action::resign(s));
        g.resigned = true;
        break;
      }
      if (!g.wouldResign) g.wouldResign = 1 + index(s);
    }
    // The move: drawn from the search's policy early on, the search's move after.
    const Move chosen = game.position().ply() < o.temperaturePlies ? drawMove(r, policy, rng) : r.best;
    game.apply(Action::makeMove(s, chosen));
    ++g.moves;
    for (InfoState& v : views) v.apply(publicEvent(game, game.history().size() - 1));
  }
  g.outcome = game.outcome();
  return g;
}

// A batch of every game at once would leave all cores but the one running it
// waiting. With the games shared into one batch more than there are cores,
// every core runs a batch while the games of the last refill it (6 games on
// 2 cores: batches of 2 kept the network 86% as busy as it runs alone,
// batches of 3 73%: docs/benchmarks.md). One core runs the games and the
// network in turn: all games in one batch.
int evaluatorBatch(const SelfPlayOptions& o) {
  const int games = std::max(1, std::min(o.parallelGames, o.games - o.firstGame));
  if (o.batch > 0) return std::min(o.batch, games);
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  return cores == 1 ? games : (games + cores) / (cores + 1);
}

}  // namespace

std::vector<float> searchPolicy(const SearchResult& r) {
  std::vector<float> policy(r.root.size(), 1.0f / static_cast<float>(std::max<std::size_t>(1, r.root.size())));
  if (!r.improvedPolicy.empty()) {
    for (std::size_t i = 0; i < policy.size(); ++i) policy[i] = static_cast<float>(r.improvedPolicy[i]);
    return policy;
  }
  long long total = 0;
  for (const RootMoveStats& m : r.root) total += m.visits;
  if (total > 0)
    for (std::size_t i = 0; i < policy.size(); ++i) policy[i] = static_cast<float>(r.root[i].visits) / total;
  return policy;
}

void SelfPlayStats::add(const SelfPlayStats& o) {
  games += o.games, positions += o.positions, moves += o.moves, seconds += o.seconds, cpuSeconds += o.cpuSeconds;
  redWins += o.redWins, blueWins += o.blueWins, draws += o.draws;
  resignations += o.resignations, checkedResignations += o.checkedResignations;
  wrongResignations += o.wrongResignations, evaluations += o.evaluations, batches += o.batches;
}

void SelfPlayStats::addGame(const Outcome& outcome, long long gamePositions, long long gameMoves) {
  ++games;
  positions += gamePositions;
  moves += gameMoves;
  if (!outcome.winner) ++draws;
  else if (*outcome.winner == Seat::Red) ++redWins;
  else ++blueWins;
}

Shard playSelfPlay(const std::shared_ptr<nets::Backend>& backend, const SelfPlayOptions& o, SelfPlayStats& stats,
                   const std::function<void(const SelfPlayStats&)>& progress, const std::atomic<bool>* stop) {
  const Stopwatch clock;
  // The evaluator knows how many game threads may still ask, so it runs a
  // batch once they all wait; the wait limit only guards against a miscount.
  nets::NetEvaluator evaluator(backend, evaluatorBatch(o), 50000);
  const int threads = std::max(1, std::min(o.parallelGames, o.games - o.firstGame));
  evaluator.setClients(threads);
  Shard shard;
  shard.ruleset = o.ruleset.toString();
  std::mutex mutex;
  std::vector<GameSamples> results(static_cast<std::size_t>(o.games));
  std::vector<bool> finished(static_cast<std::size_t>(o.games), false);
  runNumberedJobs(o.firstGame, o.games, o.parallelGames, stop, [&](int game) {
    GameSamples g = playOne(*backend, evaluator, o, Rng::mix(o.seed, static_cast<std::uint64_t>(game)));
    std::lock_guard lock(mutex);
    stats.addGame(g.outcome, static_cast<long long>(g.positions.size()), g.moves);
    stats.resignations += g.resigned;
    if (g.wouldResign) {
      ++stats.checkedResignations;
      const Seat quitter = static_cast<Seat>(g.wouldResign - 1);
      stats.wrongResignations += !g.outcome.winner || *g.outcome.winner == quitter;
    }
    stats.seconds = clock.wallSeconds();
    stats.cpuSeconds = clock.cpuSeconds();
    stats.evaluations = evaluator.evaluations();
    stats.batches = evaluator.batches();
    results[static_cast<std::size_t>(game)] = std::move(g);
    finished[static_cast<std::size_t>(game)] = true;
    if (progress) progress(stats);
  }, [&] { evaluator.removeClient(); });

  // Games in order, so the shard does not depend on which thread finished first.
  for (std::size_t i = 0; i < results.size(); ++i) {
    if (!finished[i]) continue;
    GameSamples& g = results[i];
    ++shard.games;
    for (std::size_t k = 0; k < g.positions.size(); ++k) {
      const Seat seat = g.seats[k];
      PositionSample& p = g.positions[k];
      const std::array<float, 3> result = resultFor(g.outcome, seat);
      // The search's value q as win - loss, the rest a draw.
      const float q = g.rootValues[k];
      const std::array<float, 3> searched{std::max(0.0f, q), 1 - std::abs(q), std::max(0.0f, -q)};
      const float share = static_cast<float>(o.outcomeShare);
      for (int i = 0; i < 3; ++i) p.wdl[i] = share * result[i] + (1 - share) * searched[i];
      shard.positions.push_back(std::move(p));
    }
    addLayoutSamples(g.layouts, g.outcome, shard.layouts);
  }
  return shard;
}

}  // namespace junqi
