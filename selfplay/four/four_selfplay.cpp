#include "selfplay/four/four_selfplay.h"

#include "core/classic/auto_layout.h"
#include "core/four/four_game.h"
#include "core/four/four_observation.h"
#include "nets/four/four_encoding.h"
#include "nets/four/four_nn_agent.h"
#include "search/four/four_heuristic.h"
#include "selfplay/samples.h"

namespace junqi {

namespace {

struct FourPlayedGame {
  std::vector<PositionSample> positions;
  std::vector<Seat> movers;  // the mover's team of each position, as a seat (Red: south-north)
  std::vector<float> searched;  // self-play: the search's value of each position, for its mover's team
  Outcome outcome;
  long long moves = 0;
};

Seat teamSeat(int army) { return teamOfArmy(army) == 0 ? Seat::Red : Seat::Blue; }

// The team result as flip and classic samples read it: the first team (south-north) is Red.
Outcome outcomeOf(const FourOutcome& o) {
  Outcome out;
  out.reason = o.reason;
  if (o.winningTeam) out.winner = *o.winningTeam == 0 ? Seat::Red : Seat::Blue;
  return out;
}

std::vector<std::uint8_t> quantizedFourInput(const FourObservation& obs) {
  std::vector<float> input(nets::kFourInputSize);
  nets::encodeFour(obs.board(), obs.visibility(), input);
  return quantized(input);
}

PositionSample sampleOf(const FourPosition& truth, const FourObservation& obs, const MoveList& legal,
                        const std::vector<double>& target) {
  PositionSample s;
  s.input = quantizedFourInput(obs);
  s.hidden = fourHiddenIdentities(truth, obs);
  for (int i = 0; i < legal.size(); ++i)
    s.policy.emplace_back(static_cast<std::uint16_t>(nets::fourPolicyIndex(obs.toMove(), legal[i])),
                          static_cast<float>(target[static_cast<std::size_t>(i)]));
  return s;
}

// The Gumbel root's improved policy, else root visits as shares, in the
// order of `legal` (the search's root order); all on `played` without a
// search (a flag taken at once).
std::vector<double> policyTarget(const FourSearchResult& search, const MoveList& legal, Move played) {
  if (!search.improved.empty()) return search.improved;
  long long total = 0;
  for (const FourRootMove& r : search.root) total += r.visits;
  std::vector<double> p(static_cast<std::size_t>(legal.size()), 0.0);
  for (int i = 0; i < legal.size(); ++i) {
    if (total == 0) p[static_cast<std::size_t>(i)] = legal[i] == played;
    for (const FourRootMove& r : search.root)
      if (total > 0 && r.move == legal[i]) p[static_cast<std::size_t>(i)] = static_cast<double>(r.visits) / total;
  }
  return p;
}

FourPlayedGame playTeacherGame(const FourSelfPlayOptions& o, std::uint64_t seed) {
  Rng rng(seed);
  std::array<Layout, kArmies> layouts;
  for (Layout& l : layouts) l = randomLayout(o.rules.army, rng);
  FourGame game(o.rules, layouts);
  std::array<FourHeuristicAgent, kArmies> teachers = {
      FourHeuristicAgent(0.05, rng.next()), FourHeuristicAgent(0.05, rng.next()),
      FourHeuristicAgent(0.05, rng.next()), FourHeuristicAgent(0.05, rng.next())};
  for (int a = 0; a < kArmies; ++a) teachers[static_cast<std::size_t>(a)].newGame(o.rules, a, seed);
  FourPlayedGame g;
  for (int decision = 0; !game.isOver(); ++decision) {
    if (game.position().ply() >= o.maxPlies) {
      game.adjudicateDraw();
      break;
    }
    const int army = game.position().toMove();
    const FourObservation obs = FourObservation::of(game, army);
    FourHeuristicAgent& teacher = teachers[static_cast<std::size_t>(army)];
    const int slot = reservoirSlot(decision, o.teacherPositions, rng);
    if (slot >= 0) {
      MoveList legal;
      obs.legalMoves(legal);
      if (slot >= static_cast<int>(g.positions.size())) g.positions.resize(slot + 1), g.movers.resize(slot + 1);
      g.positions[static_cast<std::size_t>(slot)] = sampleOf(game.position(), obs, legal, teacher.policy(obs, legal, 1.0));
      g.movers[static_cast<std::size_t>(slot)] = teamSeat(army);
    }
    game.play(teacher.chooseMove(obs));
    ++g.moves;
  }
  g.outcome = outcomeOf(game.outcome());
  return g;
}

// Early on, a move drawn from the Gumbel root's improved policy, else in
// proportion to its visits (variety); later the search's choice.
Move drawByVisits(const FourSearchResult& search, Rng& rng) {
  if (!search.improved.empty()) {
    double pick = rng.uniform();
    for (std::size_t i = 0; i < search.root.size(); ++i)
      if ((pick -= search.improved[i]) < 0) return search.root[i].move;
    return search.best;
  }
  long long total = 0;
  for (const FourRootMove& r : search.root) total += r.visits;
  if (total == 0) return search.best;
  long long pick = static_cast<long long>(rng.below(static_cast<std::uint64_t>(total)));
  for (const FourRootMove& r : search.root)
    if ((pick -= r.visits) < 0) return r.move;
  return search.best;
}

// The self-play search at `sims`: with noise (Dirichlet, or the Gumbel
// root's own) where its moves are kept as samples.
FourSearchParams selfPlaySearch(const std::shared_ptr<nets::FourNetEvaluator>& evaluator, const FourSelfPlayOptions& o,
                                int sims, bool full) {
  FourSearchParams search = nets::fourNetSearch(evaluator, sims, o.exploration, o.cpuct);
  search.rootNoiseAlpha = full ? o.rootNoise : 0;
  if (o.rolloutShare > 0) {
    search.leafMix = 1 - o.rolloutShare;
    search.rollout = RolloutPolicy::Greedy;
    search.rolloutDepth = o.rolloutDepth;
  }
  search.gumbel = o.gumbel;
  search.gumbelRoot.actions = o.gumbelActions;
  search.gumbelRoot.noise = full;
  return search;
}

FourPlayedGame playSelfPlayGame(const std::shared_ptr<nets::FourNetEvaluator>& evaluator, const FourSelfPlayOptions& o,
                            std::uint64_t seed) {
  Rng rng(seed);
  std::array<Layout, kArmies> layouts;
  for (Layout& l : layouts) l = randomLayout(o.rules.army, rng);
  FourGame game(o.rules, layouts);
  nets::FourNetAgent agent(selfPlaySearch(evaluator, o, o.sims, true), seed, "nn(self-play)");
  // Playout cap randomization: the moves not searched in full, by a cheaper search without noise.
  const FourSearchParams cheap = selfPlaySearch(evaluator, o, std::max(1, o.fastSims), false);
  const std::uint64_t fastSeed = Rng::mix(seed, 0xfa57);
  nets::FourNetAgent fast(cheap, fastSeed, "nn(self-play, fast)");
  FourPlayedGame g;
  while (!game.isOver()) {
    if (game.position().ply() >= o.maxPlies) {
      game.adjudicateDraw();
      break;
    }
    const int army = game.position().toMove();
    const FourObservation obs = FourObservation::of(game, army);
    // (no draw without a cap: the games of runs without one stay as they were)
    const bool full = o.fastSims <= 0 || rng.uniform() < o.fullSearchShare;
    nets::FourNetAgent& searcher = full ? agent : fast;
    searcher.newGame(o.rules, army, full ? seed : fastSeed);  // one agent plays every army: it searches afresh each turn
    const Move best = searcher.chooseMove(obs);
    const FourSearchResult& result = searcher.lastSearch();
    if (full) {
      MoveList legal;
      obs.legalMoves(legal);
      g.positions.push_back(sampleOf(game.position(), obs, legal, policyTarget(result, legal, best)));
      g.movers.push_back(teamSeat(army));
      g.searched.push_back(static_cast<float>(result.value));
    }
    ++g.moves;
    game.play(obs.ply() < o.temperaturePlies ? drawByVisits(result, rng) : best);
  }
  g.outcome = outcomeOf(game.outcome());
  return g;
}

}  // namespace

std::vector<std::pair<std::uint8_t, std::int8_t>> fourHiddenIdentities(const FourPosition& truth,
                                                                       const FourObservation& obs) {
  std::vector<std::pair<std::uint8_t, std::int8_t>> hidden;
  for (Square p{}; p < kCrossPoints; ++p)
    if (obs.armyAt(p) >= 0 && !obs.typeAt(p))
      hidden.emplace_back(static_cast<std::uint8_t>(nets::fourTurnedPoint(obs.army(), p)),
                          static_cast<std::int8_t>(typeIndex(truth.typeAt(p))));
  return hidden;
}

Shard playFourSelfPlay(std::shared_ptr<nets::Backend> network, const FourSelfPlayOptions& o, FourSelfPlayStats& stats,
                       const std::atomic<bool>* stop, const FlipProgress& progress) {
  const Stopwatch clock;
  const auto evaluator = network ? std::make_shared<nets::FourNetEvaluator>(std::move(network)) : nullptr;
  auto played = playFlipGames<FourPlayedGame>(
      o.games - o.firstGame, o.threads, stop,
      [&](int n) {
        const std::uint64_t seed = Rng::mix(o.seed, 0xf0a4 + static_cast<std::uint64_t>(o.firstGame + n));
        return o.teacher ? playTeacherGame(o, seed) : playSelfPlayGame(evaluator, o, seed);
      },
      progress);
  Shard shard = samplesShardOf(played, stats, o.teacher ? 1.0 : o.outcomeShare);
  shard.encodingVersion = nets::kFourEncodingVersion;
  shard.inputSize = nets::kFourInputSize;
  shard.ruleset = o.rules.toString();
  stats.seconds += clock.wallSeconds();
  return shard;
}

}  // namespace junqi
