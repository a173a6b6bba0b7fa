#include "selfplay/classic/teacher_games.h"

#include <memory>
#include <mutex>

#include "core/classic/auto_layout.h"
#include "core/classic/game.h"
#include "core/classic/info_state.h"
#include "core/numbered_jobs.h"
#include "core/stopwatch.h"
#include "nets/encoding.h"
#include "search/classic/tactical_agent.h"
#include "search/registry.h"
#include "selfplay/samples.h"

namespace junqi {

namespace {

struct ClassicTeacherGame {
  std::vector<PositionSample> positions;
  std::vector<Seat> seats;
  std::array<Layout, kSeats> layouts;
  Outcome outcome;
};

Move drawFrom(const std::vector<std::pair<Move, double>>& priors, Rng& rng) {
  std::vector<double> weights;
  for (const auto& [m, p] : priors) weights.push_back(p);
  return priors[drawIndex(weights, rng)].first;
}

// The sample of the seat's decision: its input and the teacher's priors.
PositionSample teacherSample(const InfoState& view, const std::vector<std::pair<Move, double>>& priors,
                             const Position& truth) {
  MoveList legal;
  view.legalMoves(legal);
  PositionSample p;
  p.input = quantizedInput(view, legal);
  p.hidden = hiddenIdentities(truth, view.seat());
  for (const auto& [m, q] : priors)
    p.policy.emplace_back(static_cast<std::uint16_t>(nets::policyIndex(view.seat(), m)), static_cast<float>(q));
  return p;
}

ClassicTeacherGame playOne(const TeacherOptions& o, std::uint64_t seed) {
  Rng rng(seed);
  ClassicTeacherGame g;
  for (Layout& l : g.layouts) l = styledLayout(static_cast<LayoutStyle>(rng.below(4)), o.ruleset, rng);
  Game game(o.ruleset, g.layouts[0], g.layouts[1]);
  std::array<InfoState, kSeats> views = {InfoState::of(game, Seat::Red), InfoState::of(game, Seat::Blue)};
  std::array<std::unique_ptr<Agent>, kSeats> teachers = {makeAgent("tactical"), makeAgent("tactical")};
  for (const Seat s : {Seat::Red, Seat::Blue}) teachers[index(s)]->newGame(o.ruleset, s, rng.next());
  for (int decision = 0; !game.isOver(); ++decision) {
    if (game.position().ply() >= o.maxPlies) {
      game.adjudicateDraw();
      break;
    }
    const Seat s = game.position().sideToMove();
    const InfoState& view = views[index(s)];
    const int slot = reservoirSlot(decision, o.positionsPerGame, rng);
    const bool opening = game.position().ply() < o.openingPlies;
    Action action;
    if (slot >= 0 || opening) {
      const auto priors = TacticalAgent::priors(view, o.priorTemperature);
      if (slot >= 0) {
        if (slot >= static_cast<int>(g.positions.size())) g.positions.resize(slot + 1), g.seats.resize(slot + 1);
        g.positions[slot] = teacherSample(view, priors, game.position());
        g.seats[slot] = s;
      }
      if (opening) action = Action::makeMove(s, drawFrom(priors, rng));
    }
    if (!opening) action = teachers[index(s)]->chooseAction(view);
    game.apply(action);
    for (InfoState& v : views) v.apply(publicEvent(game, game.history().size() - 1));
  }
  g.outcome = game.outcome();
  return g;
}

}  // namespace

Shard playTeacherGames(const TeacherOptions& o, SelfPlayStats& stats,
                       const std::function<void(const SelfPlayStats&)>& progress, const std::atomic<bool>* stop) {
  const Stopwatch clock;
  std::mutex mutex;
  std::vector<ClassicTeacherGame> results(static_cast<std::size_t>(o.games));
  std::vector<bool> finished(static_cast<std::size_t>(o.games), false);
  runNumberedJobs(o.firstGame, o.games, o.threads, stop, [&](int game) {
    ClassicTeacherGame g = playOne(o, Rng::mix(o.seed, static_cast<std::uint64_t>(game)));
    std::lock_guard lock(mutex);
    stats.addGame(g.outcome, static_cast<long long>(g.positions.size()));
    stats.seconds = clock.wallSeconds();
    stats.cpuSeconds = clock.cpuSeconds();
    results[static_cast<std::size_t>(game)] = std::move(g);
    finished[static_cast<std::size_t>(game)] = true;
    if (progress) progress(stats);
  });

  Shard shard;
  shard.ruleset = o.ruleset.toString();
  for (std::size_t i = 0; i < results.size(); ++i) {
    if (!finished[i]) continue;
    ClassicTeacherGame& g = results[i];
    ++shard.games;
    for (std::size_t k = 0; k < g.positions.size(); ++k) {
      g.positions[k].wdl = resultFor(g.outcome, g.seats[k]);
      shard.positions.push_back(std::move(g.positions[k]));
    }
    addLayoutSamples(g.layouts, g.outcome, shard.layouts);
  }
  return shard;
}

}  // namespace junqi
