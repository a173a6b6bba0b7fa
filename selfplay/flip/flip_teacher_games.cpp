#include "selfplay/flip/flip_teacher_games.h"


#include "core/flip/flip_game.h"
#include "core/stopwatch.h"
#include "nets/flip/flip_encoding.h"
#include "search/flip/flip_evaluation.h"
#include "search/flip/flip_heuristic.h"
#include "selfplay/samples.h"

namespace junqi {

namespace {

struct FlipTeacherGame {
  std::vector<PositionSample> positions;
  std::vector<Seat> movers;
  Outcome outcome;
  long long moves = 0;
};

// The teacher's view of the mover's legal actions: a probability for each.
std::vector<double> teacherPriors(const FlipPosition& pos, const MoveList& legal, double temperature) {
  std::vector<double> p(static_cast<std::size_t>(legal.size()), 0.0);
  if (const auto win = flagCaptureInOne(pos)) {
    for (int i = 0; i < legal.size(); ++i) p[static_cast<std::size_t>(i)] = legal[i] == *win ? 1.0 : 0.0;
    return p;
  }
  std::vector<Move> safe;
  std::vector<std::size_t> where;
  for (int i = 0; i < legal.size(); ++i)
    if (!leavesFlagToCapture(pos, legal[i])) safe.push_back(legal[i]), where.push_back(static_cast<std::size_t>(i));
  if (safe.empty()) {  // every action loses the flag: the scores alone
    safe.assign(legal.begin(), legal.end());
    for (std::size_t i = 0; i < safe.size(); ++i) where.push_back(i);
  }
  const std::vector<double> q = FlipHeuristicAgent::priors(pos, safe, temperature);
  for (std::size_t k = 0; k < q.size(); ++k) p[where[k]] = q[k];
  return p;
}

PositionSample teacherSample(const FlipPosition& pos, const MoveList& legal, const std::vector<double>& priors) {
  PositionSample s;
  s.input = quantizedFlipInput(pos);
  for (int i = 0; i < legal.size(); ++i)
    s.policy.emplace_back(static_cast<std::uint16_t>(nets::flipPolicyIndex(pos.toMove(), legal[i])),
                          static_cast<float>(priors[static_cast<std::size_t>(i)]));
  return s;
}

FlipTeacherGame playOne(const FlipTeacherOptions& o, std::uint64_t seed) {
  Rng rng(seed);
  FlipGame game(o.rules, randomFlipDeal(rng));
  std::array<FlipHeuristicAgent, kSeats> teachers = {FlipHeuristicAgent(0.05, rng.next()),
                                                     FlipHeuristicAgent(0.05, rng.next())};
  for (const Seat s : {Seat::Red, Seat::Blue}) teachers[index(s)].newGame(o.rules, s, seed);
  FlipTeacherGame g;
  for (int decision = 0; !game.isOver(); ++decision) {
    const FlipPosition& pos = game.position();
    if (pos.ply() >= o.maxPlies) {
      game.adjudicateDraw();
      break;
    }
    const int slot = reservoirSlot(decision, o.positionsPerGame, rng);
    const bool opening = pos.ply() < o.openingPlies;
    Move action{};
    if (slot >= 0 || opening) {
      MoveList legal;
      generateFlipActions(pos, legal);
      const std::vector<double> priors = teacherPriors(pos, legal, o.priorTemperature);
      if (slot >= 0) {
        if (slot >= static_cast<int>(g.positions.size())) g.positions.resize(slot + 1), g.movers.resize(slot + 1);
        g.positions[static_cast<std::size_t>(slot)] = teacherSample(pos, legal, priors);
        g.movers[static_cast<std::size_t>(slot)] = pos.toMove();
      }
      if (opening) action = legal[static_cast<int>(drawIndex(priors, rng))];
    }
    if (!opening) action = teachers[index(pos.toMove())].chooseAction(pos);
    game.apply(Action::makeMove(pos.toMove(), action));
    ++g.moves;
  }
  g.outcome = game.outcome();
  return g;
}

}  // namespace

Shard playFlipTeacherGames(const FlipTeacherOptions& o, FlipSelfPlayStats& stats, const std::atomic<bool>* stop,
                           const FlipProgress& progress) {
  const Stopwatch clock;
  auto played = playFlipGames<FlipTeacherGame>(
      o.games - o.firstGame, o.threads, stop,
      [&](int n) { return playOne(o, Rng::mix(o.seed, 0x7eac + static_cast<std::uint64_t>(o.firstGame + n))); },
      progress);
  Shard shard = flipShardOf(o.rules, played, stats);
  stats.seconds += clock.wallSeconds();
  return shard;
}

}  // namespace junqi
