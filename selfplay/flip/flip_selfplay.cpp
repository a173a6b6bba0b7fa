#include "selfplay/flip/flip_selfplay.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>

#include "core/flip/flip_game.h"
#include "core/flip/flip_movegen.h"
#include "core/random.h"
#include "nets/flip/flip_encoding.h"
#include "nets/flip/flip_nn_agent.h"
#include "selfplay/samples.h"

namespace junqi {

namespace {

struct FlipPlayedGame {
  std::vector<PositionSample> positions;
  std::vector<Seat> movers;   // of each position
  std::vector<float> searched;  // the search's value of each position's action, for its mover
  Outcome outcome;
  long long moves = 0;
  std::string opponent;  // a league game's opponent (its name), else empty
};

// A league opponent's action, refereed: an illegal one, or one that throws, forfeits.
bool opponentActs(FlipGame& game, FlipAgent& opponent) {
  const Seat s = game.position().toMove();
  try {
    const Action a = Action::makeMove(s, opponent.chooseAction(game.position()));
    if (!game.whyIllegal(a)) {
      game.apply(a);
      return true;
    }
  } catch (const std::exception&) {
  }
  game.forfeit(s);
  return false;
}

// The policy target over every legal action (0 for those the search dropped,
// so the list is also the mask): the Gumbel root's improved policy, else the
// root visits' shares; all on `played` without a search (a flag taken in one).
std::vector<std::pair<std::uint16_t, float>> policyTarget(const FlipPosition& pos, const nets::FlipNetAgent& agent,
                                                         Move played) {
  MoveList legal;
  generateFlipActions(pos, legal);
  const auto visits = agent.rootVisits();
  const auto& improved = agent.improvedPolicy();
  int total = 0;
  for (const auto& v : visits) total += v.second;
  std::vector<std::pair<std::uint16_t, float>> target;
  for (const Move a : legal) {
    float p = total == 0 ? (a == played ? 1.0f : 0.0f) : 0.0f;
    for (const auto& [m, n] : visits)
      if (m == a && total > 0) p = static_cast<float>(n) / total;
    for (const auto& [m, share] : improved)
      if (m == a) p = static_cast<float>(share);
    target.push_back({static_cast<std::uint16_t>(nets::flipPolicyIndex(pos.toMove(), a)), p});
  }
  return target;
}

// Early on, an action drawn in proportion to its visits, or from the Gumbel
// root's improved policy (variety); later the search's choice.
Move drawAction(const nets::FlipNetAgent& agent, Move best, Rng& rng) {
  if (!agent.improvedPolicy().empty()) {
    double pick = rng.uniform();
    for (const auto& [m, share] : agent.improvedPolicy())
      if ((pick -= share) < 0) return m;
    return best;
  }
  const auto visits = agent.rootVisits();
  int total = 0;
  for (const auto& v : visits) total += v.second;
  if (total == 0) return best;
  int pick = static_cast<int>(rng.below(static_cast<std::uint64_t>(total)));
  for (const auto& [m, n] : visits)
    if ((pick -= n) < 0) return m;
  return best;
}

FlipPlayedGame playGame(const std::shared_ptr<nets::FlipNetEvaluator>& evaluator, const FlipSelfPlayOptions& o, int n) {
  const std::uint64_t seed = Rng::mix(o.seed, 0xf11b + static_cast<std::uint64_t>(n));
  Rng rng(seed);
  FlipGame game(o.rules, randomFlipDeal(rng));
  nets::FlipNetAgent agent(flipSelfPlaySearch(evaluator, o, o.sims, seed, true), "nn(self-play)");
  agent.newGame(o.rules, Seat::Red, seed);  // one agent plays both seats: it searches afresh each turn
  // Playout cap randomization: the actions not searched in full, by a cheaper search without noise.
  const std::uint64_t fastSeed = Rng::mix(seed, 0xfa57);
  nets::FlipNetAgent fast(flipSelfPlaySearch(evaluator, o, std::max(1, o.fastSims), fastSeed, false),
                          "nn(self-play, fast)");
  fast.newGame(o.rules, Seat::Red, fastSeed);
  FlipPlayedGame out;
  FlipLeagueOpponent league = o.opponentOf ? o.opponentOf(n) : FlipLeagueOpponent{};
  FlipAgent* opponent = league.agent.get();
  const Seat opponentSeat = opposite(flipLeagueLearnerSeat(n));
  if (opponent) {
    opponent->newGame(o.rules, opponentSeat, Rng::mix(seed, 0x1ea9));
    out.opponent = league.name;
  }
  while (!game.isOver() && game.position().ply() < o.maxPlies) {
    if (opponent && game.position().toMove() == opponentSeat) {
      out.moves += opponentActs(game, *opponent);
      continue;
    }
    const FlipPosition& pos = game.position();
    // (no draw without a cap: the games of runs without one stay as they were)
    const bool full = o.fastSims <= 0 || rng.uniform() < o.fullSearchShare;
    nets::FlipNetAgent& searcher = full ? agent : fast;
    const Move best = searcher.chooseAction(pos);
    ++out.moves;
    if (full) {
      out.positions.push_back({quantizedFlipInput(pos), policyTarget(pos, searcher, best), {}, {}});
      out.movers.push_back(pos.toMove());
      // Without a search the action took the flag: a win.
      const bool searched = !searcher.rootVisits().empty();
      out.searched.push_back(searched ? static_cast<float>(searcher.lastReport().value) : 1.0f);
    }
    const Move played = pos.ply() < o.temperaturePlies ? drawAction(searcher, best, rng) : best;
    game.apply(Action::makeMove(pos.toMove(), played));
  }
  if (!game.isOver()) game.adjudicateDraw();
  out.outcome = game.outcome();
  return out;
}

}  // namespace

FlipMctsParams flipSelfPlaySearch(const std::shared_ptr<nets::FlipNetEvaluator>& evaluator,
                                  const FlipSelfPlayOptions& o, int sims, std::uint64_t seed, bool full) {
  FlipMctsParams search = nets::flipNetSearch(evaluator, sims, o.cpuct, seed);
  search.staticMix = o.staticMix;
  search.rootNoiseAlpha = full ? o.rootNoise : 0;
  search.gumbel = o.gumbel;
  search.gumbelRoot.actions = o.gumbelActions;
  search.gumbelRoot.noise = full;
  if (o.netDepth >= 0) {
    search.netDepth = o.netDepth;
    search.netVisits = o.netVisits;
    search.exploration = o.hybridUct;  // the nodes without priors
  }
  search.decisiveFlips = search.flagWins = search.flagLosses = o.flagTactics;
  return search;
}

std::array<float, 3> mixedValueTarget(const std::array<float, 3>& result, float q, double outcomeShare) {
  q = std::clamp(q, -1.0f, 1.0f);
  // Draws are rare in Flip Junqi: an uncertain q is a win or a loss, not a draw.
  const std::array<float, 3> searched{(1 + q) / 2, 0.0f, (1 - q) / 2};
  const auto share = static_cast<float>(outcomeShare);
  std::array<float, 3> mixed{};
  for (int i = 0; i < 3; ++i) mixed[i] = share * result[i] + (1 - share) * searched[i];
  return mixed;
}

Shard playFlipSelfPlay(std::shared_ptr<nets::Backend> network, const FlipSelfPlayOptions& o, FlipSelfPlayStats& stats,
                       const std::atomic<bool>* stop, const FlipProgress& progress) {
  if (o.gumbel && o.netDepth >= 0)
    throw std::invalid_argument("flip self-play: the hybrid search (netDepth) has no Gumbel root");
  const auto start = std::chrono::steady_clock::now();
  const auto evaluator = std::make_shared<nets::FlipNetEvaluator>(std::move(network));
  auto played = playFlipGames<FlipPlayedGame>(
      o.games - o.firstGame, o.threads, stop, [&](int n) { return playGame(evaluator, o, o.firstGame + n); }, progress);
  for (std::size_t k = 0; k < played.size(); ++k) {
    const auto& g = played[k];
    if (!g || g->opponent.empty()) continue;
    const Seat learner = flipLeagueLearnerSeat(o.firstGame + static_cast<int>(k));
    FlipLeagueTally& t = stats.league[g->opponent];
    ++t.games;
    t.score += g->outcome.scoreFor(learner);
  }
  Shard shard = flipShardOf(o.rules, played, stats, o.outcomeShare);
  stats.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return shard;
}

}  // namespace junqi
