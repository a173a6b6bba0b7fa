// League games (selfplay/classic/league_games.h, issue 38): the learning
// network plays one seat against a fixed opponent; samples come only from
// the learner's moves, and the opponent sees only its own InfoState.
#include <gtest/gtest.h>

#include <mutex>

#include "nets/net_evaluator.h"
#include "nets/network_shape.h"
#include "search/registry.h"
#include "selfplay/classic/league_games.h"
#include "selfplay/samples.h"
#include "tests/support/random_weights.h"

namespace junqi {
namespace {

// The heuristic, counting the moves it makes and checking it is only ever
// shown its own seat's view.
class CountingOpponent final : public Agent {
 public:
  CountingOpponent(std::mutex& m, long long& moves, int& wrongViews) : mutex_(m), moves_(moves), wrongViews_(wrongViews) {}
  std::string name() const override { return "counting"; }
  std::string spec() const override { return "counting"; }
  void newGame(const Ruleset& r, Seat s, std::uint64_t seed) override {
    seat_ = s;
    inner_->newGame(r, s, seed);
  }
  Layout chooseLayout(const Ruleset& r, Seat s) override { return inner_->chooseLayout(r, s); }
  Action chooseAction(const InfoState& state) override {
    const Action a = inner_->chooseAction(state);
    std::lock_guard lock(mutex_);
    wrongViews_ += state.seat() != seat_;
    moves_ += a.type == ActionType::Move;
    return a;
  }

 private:
  std::unique_ptr<Agent> inner_ = makeAgent("heuristic");
  Seat seat_ = Seat::Red;
  std::mutex& mutex_;
  long long& moves_;
  int& wrongViews_;
};

SelfPlayOptions leagueTestOptions() {
  SelfPlayOptions o;
  o.games = 4;
  o.parallelGames = 2;
  o.search.iterations = 4;
  o.search.rootNoiseAlpha = 0.3;
  o.maxPlies = 120;
  o.seed = 11;
  o.outcomeShare = 1.0;  // value targets: the learner's result alone
  return o;
}

TEST(LeagueGames, SamplesComeOnlyFromTheLearnersSeatAndTheOpponentSeesOnlyItsOwn) {
  const auto backend = nets::makeBackend("eigen", nets::randomWeights(nets::NetworkShape::tiny(), 5));
  const SelfPlayOptions o = leagueTestOptions();
  std::mutex mutex;
  long long opponentMoves = 0;
  int wrongViews = 0;
  SelfPlayStats stats;
  const LeagueGames games = playLeagueGames(
      backend, o, [&](int) { return std::make_unique<CountingOpponent>(mutex, opponentMoves, wrongViews); }, stats);
  ASSERT_EQ(games.records.size(), 4u);
  EXPECT_EQ(games.shard.games, 4u);
  EXPECT_EQ(wrongViews, 0);
  ASSERT_GT(opponentMoves, 20);
  // Every move is a full search here: the learner's moves are the samples, the opponent's none.
  EXPECT_EQ(static_cast<long long>(games.shard.positions.size()), stats.moves - opponentMoves);
  std::size_t at = 0;
  int learnerRed = 0;
  for (const LeagueGameRecord& g : games.records) {
    EXPECT_EQ(g.learner, leagueLearnerSeat(g.game));
    learnerRed += g.learner == Seat::Red;
    EXPECT_EQ(g.positions, g.learnerMoves);
    EXPECT_GT(g.opponentMoves, 0);
    const std::array<float, 3> result = resultFor(g.outcome, g.learner);
    for (long long k = 0; k < g.positions; ++k, ++at) {  // value targets: the learner's result, never the opponent's
      ASSERT_LT(at, games.shard.positions.size());
      for (int i = 0; i < 3; ++i) EXPECT_FLOAT_EQ(games.shard.positions[at].wdl[i], result[i]) << "game " << g.game;
    }
  }
  EXPECT_EQ(at, games.shard.positions.size());
  EXPECT_EQ(learnerRed, 2);  // seats alternate
  // Layouts: at most the learner's one of each game.
  EXPECT_LE(games.shard.layouts.size(), 4u);
}

TEST(LeagueGames, AStoppedLeagueKeepsItsFirstGamesAndGoesOnFromThere) {
  const auto backend = nets::makeBackend("eigen", nets::randomWeights(nets::NetworkShape::tiny(), 5));
  SelfPlayOptions o = leagueTestOptions();
  o.parallelGames = 1;
  std::atomic<bool> stop{false};
  SelfPlayStats stats;
  const auto opponent = [](int) { return makeAgent("random"); };
  const LeagueGames first = playLeagueGames(backend, o, opponent, stats, [&](const SelfPlayStats& s) {
    if (s.games == 2) stop = true;
  }, &stop);
  ASSERT_EQ(first.records.size(), 2u);
  EXPECT_EQ(first.records[0].game, 0);
  EXPECT_EQ(first.records[1].game, 1);
  o.firstGame = 2;
  SelfPlayStats more;
  const LeagueGames rest = playLeagueGames(backend, o, opponent, more);
  ASSERT_EQ(rest.records.size(), 2u);
  EXPECT_EQ(rest.records[0].game, 2);
}

}  // namespace
}  // namespace junqi
