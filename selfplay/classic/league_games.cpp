#include "selfplay/classic/league_games.h"

#include <algorithm>
#include <cmath>
#include <mutex>

#include "core/classic/auto_layout.h"
#include "core/classic/game.h"
#include "core/classic/info_state.h"
#include "core/numbered_jobs.h"
#include "core/stopwatch.h"
#include "nets/encoding.h"
#include "nets/layout_policy.h"
#include "nets/net_evaluator.h"
#include "selfplay/samples.h"

namespace junqi {

namespace {

struct LeagueGame {
  std::vector<PositionSample> positions;
  std::vector<float> rootValues;  // the learner's searched value at each sample
  std::array<Layout, kSeats> layouts;
  LeagueGameRecord record;
};

// The learner's layout, as self-play chooses it.
Layout learnerLayout(nets::Backend& backend, const SelfPlayOptions& o, Rng& rng) {
  if (!o.netLayouts) return styledLayout(static_cast<LayoutStyle>(rng.below(4)), o.ruleset, rng);
  std::vector<float> input(nets::kInputSize), policy(nets::kPolicySize), layout(kSquares * kPieceTypes);
  float wdl[3];
  nets::encodeDeployment(o.ruleset, input);
  backend.forward(input.data(), 1, policy.data(), wdl, layout.data());
  return nets::sampleLayout(layout.data(), o.ruleset, rng, o.layoutTemperature);
}

// A move drawn in proportion to the policy target (early plies, as in self-play).
Move leagueDrawnMove(const SearchResult& r, const std::vector<float>& policy, Rng& rng) {
  double pick = rng.uniform();
  for (std::size_t i = 0; i < policy.size(); ++i)
    if ((pick -= policy[i]) < 0) return r.root[i].move;
  return r.best;
}

// The learner's move: a search (a sample when searched in full, as with a playout cap).
Move learnerMove(const InfoState& view, const Position& truth, Evaluator& evaluator, const SelfPlayOptions& o,
                 Rng& rng, LeagueGame& g) {
  const bool full = o.fullSearchShare >= 1 || o.fastSims <= 0 || rng.uniform() < o.fullSearchShare;
  SearchParams params = o.search;
  params.evaluator = &evaluator;
  if (!full) params.iterations = o.fastSims, params.rootNoiseAlpha = 0, params.gumbelRoot.noise = false;
  const SearchResult r = search(view, params, rng.next());
  const std::vector<float> policy = searchPolicy(r);
  if (full) {
    MoveList legal;
    view.legalMoves(legal);
    PositionSample sample;
    sample.input = quantizedInput(view, legal);
    sample.hidden = hiddenIdentities(truth, view.seat());
    for (std::size_t i = 0; i < r.root.size(); ++i)
      sample.policy.emplace_back(static_cast<std::uint16_t>(nets::policyIndex(view.seat(), r.root[i].move)), policy[i]);
    g.positions.push_back(std::move(sample));
    g.rootValues.push_back(static_cast<float>(std::clamp(r.value, -1.0, 1.0)));
  }
  return truth.ply() < o.temperaturePlies ? leagueDrawnMove(r, policy, rng) : r.best;
}

// The opponent's turn, refereed: a move, a resignation, a draw offer (the
// learner declines), anything illegal or thrown forfeits.
void opponentTurn(Game& game, Agent& opponent, const InfoState& view, Seat s) {
  Action action;
  try {
    action = opponent.chooseAction(view);
  } catch (const std::exception&) {
    game.forfeit(s);
    return;
  }
  action.side = s;
  if (game.whyIllegal(action)) {
    game.forfeit(s);
    return;
  }
  game.apply(action);
  if (action.type == ActionType::OfferDraw && !game.isOver()) game.apply(Action::declineDraw(opposite(s)));
}

LeagueGame playLeagueGame(nets::Backend& backend, Evaluator& evaluator, const SelfPlayOptions& o, Agent& opponent,
                          int number) {
  Rng rng(Rng::mix(o.seed, static_cast<std::uint64_t>(number)));
  LeagueGame g;
  const Seat learner = leagueLearnerSeat(number), other = opposite(learner);
  g.record.game = number, g.record.learner = learner;
  opponent.newGame(o.ruleset, other, rng.next());
  g.layouts[index(learner)] = learnerLayout(backend, o, rng);
  g.layouts[index(other)] = opponent.chooseLayout(o.ruleset, other);
  Game game(o.ruleset, g.layouts[0], g.layouts[1]);
  std::array<InfoState, kSeats> views = {InfoState::of(game, Seat::Red), InfoState::of(game, Seat::Blue)};
  std::size_t told = 0;  // history entries the views have seen
  while (!game.isOver()) {
    if (game.position().ply() >= o.maxPlies) {
      game.adjudicateDraw();
      break;
    }
    const Seat s = game.position().sideToMove();
    if (s == learner) {
      game.apply(Action::makeMove(s, learnerMove(views[index(s)], game.position(), evaluator, o, rng, g)));
      ++g.record.learnerMoves;
    } else {
      const std::size_t before = game.history().size();
      opponentTurn(game, opponent, views[index(s)], s);
      g.record.opponentMoves += game.history().size() > before &&
                                game.history()[before].action.type == ActionType::Move;
    }
    for (; told < game.history().size(); ++told)
      for (InfoState& v : views) v.apply(publicEvent(game, told));
  }
  g.record.outcome = game.outcome();
  g.record.positions = static_cast<long long>(g.positions.size());
  opponent.gameOver(game.outcome(), game.position());
  return g;
}

// The learner's value target: the result's share, the rest its searched value (as self-play's).
std::array<float, 3> leagueValueTarget(const std::array<float, 3>& result, float q, double outcomeShare) {
  const std::array<float, 3> searched{std::max(0.0f, q), 1 - std::abs(q), std::max(0.0f, -q)};
  const auto share = static_cast<float>(outcomeShare);
  std::array<float, 3> wdl;
  for (int i = 0; i < 3; ++i) wdl[i] = share * result[i] + (1 - share) * searched[i];
  return wdl;
}

// The learner's layout alone as a sample, weighted by its result as self-play
// weights a seat's (samples.h: addLayoutSamples); the opponent's never.
void addLearnerLayout(const LeagueGame& g, std::vector<nets::LayoutSample>& out) {
  const Seat s = g.record.learner;
  const Outcome& outcome = g.record.outcome;
  const float weight = static_cast<float>(outcome.scoreFor(s));
  if (weight <= 0) return;
  nets::LayoutSample l;
  for (int k = 0; k < kHalfSquares; ++k)
    l.identity[k] = g.layouts[index(s)].at[k] ? static_cast<std::int8_t>(typeIndex(*g.layouts[index(s)].at[k])) : -1;
  l.weight = weight;
  out.push_back(l);
}

}  // namespace

LeagueGames playLeagueGames(const std::shared_ptr<nets::Backend>& backend, const SelfPlayOptions& o,
                            const LeagueOpponentOf& opponentOf, SelfPlayStats& stats,
                            const std::function<void(const SelfPlayStats&)>& progress, const std::atomic<bool>* stop) {
  const Stopwatch clock;
  std::mutex mutex;
  std::vector<LeagueGame> results(static_cast<std::size_t>(std::max(0, o.games)));
  std::vector<bool> finished(results.size(), false);
  runNumberedJobs(o.firstGame, o.games, o.parallelGames, stop, [&](int number) {
    nets::NetEvaluator evaluator(backend, 1);
    const std::unique_ptr<Agent> opponent = opponentOf(number);
    LeagueGame g = playLeagueGame(*backend, evaluator, o, *opponent, number);
    std::lock_guard lock(mutex);
    stats.addGame(g.record.outcome, g.record.positions, g.record.learnerMoves + g.record.opponentMoves);
    stats.seconds = clock.wallSeconds();
    stats.cpuSeconds = clock.cpuSeconds();
    stats.evaluations += evaluator.evaluations();
    stats.batches += evaluator.batches();
    results[static_cast<std::size_t>(number)] = std::move(g);
    finished[static_cast<std::size_t>(number)] = true;
    if (progress) progress(stats);
  });

  LeagueGames out;
  out.shard.ruleset = o.ruleset.toString();
  for (std::size_t i = 0; i < results.size(); ++i) {
    if (!finished[i]) continue;
    LeagueGame& g = results[i];
    ++out.shard.games;
    const std::array<float, 3> result = resultFor(g.record.outcome, g.record.learner);
    for (std::size_t k = 0; k < g.positions.size(); ++k) {
      g.positions[k].wdl = leagueValueTarget(result, g.rootValues[k], o.outcomeShare);
      out.shard.positions.push_back(std::move(g.positions[k]));
    }
    addLearnerLayout(g, out.shard.layouts);
    out.records.push_back(g.record);
  }
  return out;
}

}  // namespace junqi
