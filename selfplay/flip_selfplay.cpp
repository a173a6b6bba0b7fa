#include "selfplay/flip_selfplay.h"

#include <chrono>

#include "core/flip_game.h"
#include "core/flip_movegen.h"
#include "core/random.h"
#include "nets/flip_encoding.h"
#include "nets/flip_nn_agent.h"
#include "selfplay/samples.h"

namespace junqi {

namespace {

struct PlayedGame {
  std::vector<PositionSample> positions;
  std::vector<Seat> movers;  // of each position
  Outcome outcome;
  long long moves = 0;
};

// The policy target: root visits over every legal action (0 for those the
// search dropped, so the list is also the mask); all on `played` without a search.
std::vector<std::pair<std::uint16_t, float>> policyTarget(const FlipPosition& pos,
                                                         const std::vector<std::pair<Move, int>>& visits, Move played) {
  MoveList legal;
  generateFlipActions(pos, legal);
  int total = 0;
  for (const auto& v : visits) total += v.second;
  std::vector<std::pair<std::uint16_t, float>> target;
  for (const Move a : legal) {
    float p = total == 0 ? (a == played ? 1.0f : 0.0f) : 0.0f;
    for (const auto& [m, n] : visits)
      if (m == a && total > 0) p = static_cast<float>(n) / total;
    target.push_back({static_cast<std::uint16_t>(nets::flipPolicyIndex(pos.toMove(), a)), p});
  }
  return target;
}

// Early on, an action drawn in proportion to its visits (variety); later the search's choice.
Move drawByVisits(const std::vector<std::pair<Move, int>>& visits, Move best, Rng& rng) {
  int total = 0;
  for (const auto& v : visits) total += v.second;
  if (total == 0) return best;
  int pick = static_cast<int>(rng.below(static_cast<std::uint64_t>(total)));
  for (const auto& [m, n] : visits)
    if ((pick -= n) < 0) return m;
  return best;
}

PlayedGame playGame(const std::shared_ptr<nets::FlipNetEvaluator>& evaluator, const FlipSelfPlayOptions& o, int n) {
  const std::uint64_t seed = Rng::mix(o.seed, 0xf11b + static_cast<std::uint64_t>(n));
  Rng rng(seed);
  FlipGame game(o.rules, randomFlipDeal(rng));
  FlipMctsParams search = nets::flipNetSearch(evaluator, o.sims, o.cpuct, seed);
  search.staticMix = o.staticMix;
  search.rootNoiseAlpha = o.rootNoise;
  nets::FlipNetAgent agent(search, "nn(self-play)");
  agent.newGame(o.rules, Seat::Red, seed);  // one agent plays both seats: it searches afresh each turn
  // Playout cap randomization: the actions not searched in full, by a cheaper search without noise.
  const std::uint64_t fastSeed = Rng::mix(seed, 0xfa57);
  FlipMctsParams cheap = nets::flipNetSearch(evaluator, std::max(1, o.fastSims), o.cpuct, fastSeed);
  cheap.staticMix = o.staticMix;
  nets::FlipNetAgent fast(cheap, "nn(self-play, fast)");
  fast.newGame(o.rules, Seat::Red, fastSeed);
  PlayedGame out;
  while (!game.isOver() && game.position().ply() < o.maxPlies) {
    const FlipPosition& pos = game.position();
    // (no draw without a cap: the games of runs without one stay as they were)
    const bool full = o.fastSims <= 0 || rng.uniform() < o.fullSearchShare;
    nets::FlipNetAgent& searcher = full ? agent : fast;
    const Move best = searcher.chooseAction(pos);
    const auto visits = searcher.rootVisits();
    ++out.moves;
    if (full) {
      out.positions.push_back({quantizedFlipInput(pos), policyTarget(pos, visits, best), {}, {}});
      out.movers.push_back(pos.toMove());
    }
    const Move played = pos.ply() < o.temperaturePlies ? drawByVisits(visits, best, rng) : best;
    game.apply(Action::makeMove(pos.toMove(), played));
  }
  if (!game.isOver()) game.adjudicateDraw();
  out.outcome = game.outcome();
  return out;
}

}  // namespace

Shard playFlipSelfPlay(std::shared_ptr<nets::Backend> network, const FlipSelfPlayOptions& o, FlipSelfPlayStats& stats,
                       const std::atomic<bool>* stop, const FlipProgress& progress) {
  const auto start = std::chrono::steady_clock::now();
  const auto evaluator = std::make_shared<nets::FlipNetEvaluator>(std::move(network));
  auto played = playFlipGames<PlayedGame>(
      o.games - o.firstGame, o.threads, stop, [&](int n) { return playGame(evaluator, o, o.firstGame + n); }, progress);
  Shard shard = flipShardOf(o.rules, played, stats);
  stats.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return shard;
}

}  // namespace junqi
