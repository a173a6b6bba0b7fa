// League games in Flip Junqi self-play (selfplay/flip/flip_selfplay.h) and
// runs (`junqi train --rules flip-... --league SPEC@SHARE`): the network
// plays one seat, alternating by game, the opponent the other; only the
// network's actions become samples; the generation counts the network's
// points by opponent; an opponent that breaks the rules forfeits; four-player
// runs refuse a league.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "nets/flip/flip_nn_agent.h"
#include "nets/nn_agent.h"
#include "search/flip/flip_agent.h"
#include "selfplay/flip/flip_selfplay.h"
#include "training/game_settings.h"
#include "training/training_run.h"
#include "tests/eigen/flip_nn_test_util.h"
#include "tests/nets/nets_test_util.h"
#include "tests/support/error_of.h"

namespace junqi {
namespace {

using ::testing::HasSubstr;

// A league opponent that plays random actions, counting them and noting its seats.
class CountingOpponent : public FlipAgent {
 public:
  explicit CountingOpponent(std::vector<Seat>& seats, int& actions) : seats_(seats), actions_(actions) {}
  std::string name() const override { return "counting"; }
  std::string spec() const override { return "counting"; }
  void newGame(const FlipRuleset& rules, Seat seat, std::uint64_t gameSeed) override {
    seats_.push_back(seat);
    random_->newGame(rules, seat, gameSeed);
  }
  Move chooseAction(const FlipPosition& pos) override {
    ++actions_;
    return random_->chooseAction(pos);
  }

 private:
  std::vector<Seat>& seats_;
  int& actions_;
  std::unique_ptr<FlipAgent> random_ = makeFlipAgent("random:seed=4");
};

// An opponent whose every action is one no rule allows.
class IllegalOpponent : public FlipAgent {
 public:
  std::string name() const override { return "illegal"; }
  std::string spec() const override { return "illegal"; }
  void newGame(const FlipRuleset&, Seat, std::uint64_t) override {}
  Move chooseAction(const FlipPosition&) override { return Move{parseSquare("A1").value(), parseSquare("E12").value()}; }
};

FlipSelfPlayOptions leagueOptions(int games) {
  FlipSelfPlayOptions o;
  o.rules = FlipRuleset::kawu();
  o.games = games, o.threads = 1, o.sims = 4, o.maxPlies = 80, o.seed = 3;
  return o;
}

std::shared_ptr<nets::Backend> leagueNetwork() {
  return nets::makeBackend("eigen", nets::randomFlipWeights(nets::NetworkShape::tiny(), 6));
}

TEST(FlipLeague, TheNetworkPlaysOneSeatAndOnlyItsActionsAreSamples) {
  std::vector<Seat> seats;
  int opponentActions = 0;
  FlipSelfPlayOptions o = leagueOptions(4);
  o.opponentOf = [&](int) { return FlipLeagueOpponent{"counting", std::make_unique<CountingOpponent>(seats, opponentActions)}; };
  FlipSelfPlayStats stats;
  const Shard shard = playFlipSelfPlay(leagueNetwork(), o, stats);
  ASSERT_EQ(seats.size(), 4u);
  for (int n = 0; n < 4; ++n) EXPECT_EQ(seats[static_cast<std::size_t>(n)], opposite(flipLeagueLearnerSeat(n))) << n;
  EXPECT_GT(opponentActions, 8);
  // Every action searched in full (no playout cap) is a sample: the network's alone.
  EXPECT_EQ(static_cast<long long>(shard.positions.size()) + opponentActions, stats.moves);
  EXPECT_EQ(stats.league.at("counting").games, 4);
  EXPECT_GE(stats.league.at("counting").score, 0);
  EXPECT_LE(stats.league.at("counting").score, 4);
}

TEST(FlipLeague, GamesWithoutAnOpponentAreSelfPlay) {
  FlipSelfPlayOptions o = leagueOptions(2);
  FlipSelfPlayStats plain, mixed;
  const Shard alone = playFlipSelfPlay(leagueNetwork(), o, plain);
  o.opponentOf = [](int) { return FlipLeagueOpponent{}; };
  const Shard none = playFlipSelfPlay(leagueNetwork(), o, mixed);
  EXPECT_EQ(alone.positions.size(), none.positions.size());
  EXPECT_EQ(static_cast<long long>(alone.positions.size()), plain.moves);
  EXPECT_TRUE(mixed.league.empty());
}

TEST(FlipLeague, AnOpponentThatBreaksTheRulesForfeits) {
  FlipSelfPlayOptions o = leagueOptions(4);
  o.opponentOf = [](int) { return FlipLeagueOpponent{"illegal", std::make_unique<IllegalOpponent>()}; };
  FlipSelfPlayStats stats;
  playFlipSelfPlay(leagueNetwork(), o, stats);
  EXPECT_EQ(stats.league.at("illegal").games, 4);
  EXPECT_EQ(stats.league.at("illegal").score, 4);  // the network wins every game
}

TEST(FlipLeague, AFlipRunTakesALeagueAndCountsItsGames) {
  nets::registerNetAgent();
  TrainingConfig asked = trainingDefaults("flip");
  asked.league = parseLeague("random@0.5,gen-1@0.25");
  const TrainingConfig c0 = configOfGame(trainingDefaults("flip"), asked, {{"league", "--league"}});
  EXPECT_EQ(c0.league, asked.league);
  EXPECT_TRUE(trainingConfigJson(c0).contains("league"));
  EXPECT_FALSE(trainingConfigJson(trainingDefaults("flip")).contains("league")) << "runs without one read as before";
  EXPECT_THAT(errorOf([&] { configOfGame(trainingDefaults("four"), asked, {{"league", "--league"}}); }),
              HasSubstr("--league: not available in a four-player run"));
  TrainingConfig bad = trainingDefaults("flip");
  bad.league = parseLeague("tactical@0.5");  // a classic agent
  EXPECT_THAT(errorOf([&] { checkTrainingConfig(bad); }), HasSubstr("--league: 'tactical'"));
  bad.league = parseLeague("random@0.5");
  bad.externalSelfPlay = true;
  EXPECT_THAT(errorOf([&] { checkTrainingConfig(bad); }), HasSubstr("--external-selfplay"));

  netstest::TempDir tmp("flip-league-run");
  TrainingConfig c = trainingDefaults("flip");
  c.generations = 1, c.gamesPerGeneration = 4, c.sims = 4, c.maxPlies = 60, c.teacherGames = 0;
  c.stepsPerGeneration = 2, c.batchSize = 8, c.ratingPairs = 1, c.ratingSims = 4, c.baselines = {"random"};
  c.trainThreads = 1, c.seed = 7;
  c.league = parseLeague("heuristic@0.5");
  std::string progress;  // the lines that count the generation's games
  runTraining((tmp.path() / "run").string(), c, [&](const std::string& line) {
    if (line.find("4/4 games") != std::string::npos) progress = line;
  });
  EXPECT_THAT(progress, HasSubstr("self-play and league 4/4 games")) << "its lines say the games are not all self-play";
  const auto figures =
      nlohmann::json::parse(netstest::readBytes((tmp.path() / "run" / "shards" / "gen-0001.json").string()));
  EXPECT_EQ(figures.value("league_games:heuristic", 0), 2) << figures.dump();
  EXPECT_EQ(figures.value("league_games", 0), 2);
  EXPECT_EQ(figures.value("games", 0), 4);
}

}  // namespace
}  // namespace junqi
