// A run's league mix (training/training_config.h, issue 38; classic and
// Flip Junqi runs): the --league text, its checks (one line each),
// config.json both ways, and how many of a generation's games each
// opponent plays.
#include <gtest/gtest.h>

#include "training/training_config.h"

namespace junqi {
namespace {

// The message of parseLeague's refusal ("" when it accepts the text).
std::string leagueRefusal(const std::string& text) {
  try {
    parseLeague(text);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(LeagueMix, ItemsAreSpecsWithSharesAndSpecParametersStayWithTheirSpec) {
  const auto league = parseLeague("tactical@0.25,ismcts:sims=50,seed=3@0.125,gen-2@0.5");
  ASSERT_EQ(league.size(), 3u);
  EXPECT_EQ(league[0], (LeagueOpponent{"tactical", 0.25}));
  EXPECT_EQ(league[1], (LeagueOpponent{"ismcts:sims=50,seed=3", 0.125}));
  EXPECT_EQ(league[2], (LeagueOpponent{"gen-2", 0.5}));
  EXPECT_EQ(leaguePastGeneration("gen-2"), 2);
  EXPECT_FALSE(leaguePastGeneration("tactical"));
  EXPECT_EQ(parseLeague(leagueText(league)), league);
  EXPECT_TRUE(parseLeague("").empty());
  EXPECT_EQ(parseLeague("heuristic@1").size(), 1u);
}

TEST(LeagueMix, MalformedMixesAreRefusedInOneLineNamingTheFlag) {
  for (const char* bad : {"tactical", "tactical@", "tactical@x", "tactical@-0.1", "tactical@1.5",
                          "tactical@0.6,heuristic@0.5", "@0.5", "gen-0@0.2", "gen-x@0.2", ","}) {
    const std::string why = leagueRefusal(bad);
    EXPECT_EQ(why.rfind("--league: ", 0), 0u) << bad << ": " << why;
    EXPECT_EQ(why.find('\n'), std::string::npos) << bad;
  }
  EXPECT_NE(leagueRefusal("tactical@0.6,heuristic@0.5").find("sum"), std::string::npos);
}

TEST(LeagueMix, EachOpponentPlaysItsShareOfTheGames) {
  const auto league = parseLeague("tactical@0.25,gen-1@0.25");
  EXPECT_EQ(leagueGameCounts(league, 8), (std::vector<int>{2, 2}));
  EXPECT_EQ(leagueGameCounts(parseLeague("heuristic@1"), 7), (std::vector<int>{7}));
  EXPECT_EQ(leagueGameCounts(parseLeague("heuristic@0"), 7), (std::vector<int>{0}));
  // Over many sizes and mixes: each within one game of its share, all within one of their sum.
  const auto mix = parseLeague("tactical@0.3,random@0.15,gen-1@0.2");
  for (int games = 1; games <= 60; ++games) {
    const std::vector<int> counts = leagueGameCounts(mix, games);
    int total = 0;
    for (std::size_t i = 0; i < counts.size(); ++i) {
      EXPECT_LE(std::abs(counts[i] - mix[i].share * games), 1.0) << games << " games, opponent " << i;
      total += counts[i];
    }
    EXPECT_LE(std::abs(total - 0.65 * games), 0.5 + 1e-9) << games;
    EXPECT_LE(total, games);
  }
}

TEST(LeagueMix, EveryGameOfAGenerationHasItsOpponentAndEachOpponentItsShare) {
  const auto mix = parseLeague("tactical@0.25,gen-1@0.25,random@0.1");
  for (const int games : {1, 8, 10, 37, 400}) {
    std::vector<int> played(mix.size(), 0);
    int selfPlay = 0, last = -1;
    for (int n = 0; n < games; ++n) {
      const int who = leagueOpponentOfGame(mix, games, n);
      ASSERT_GE(who, last) << "self-play first, then each opponent's block";
      last = who;
      if (who < 0) ++selfPlay;
      else ++played[static_cast<std::size_t>(who)];
    }
    EXPECT_EQ(played, leagueGameCounts(mix, games)) << games;
    EXPECT_EQ(selfPlay, leagueSelfPlayGames(mix, games));
    EXPECT_EQ(selfPlay + played[0] + played[1] + played[2], games);
  }
  const std::vector<LeagueOpponent> quarter = parseLeague("tactical@0.25,gen-1@0.25");
  std::vector<int> who;
  for (int n = 0; n < 8; ++n) who.push_back(leagueOpponentOfGame(quarter, 8, n));
  EXPECT_EQ(who, (std::vector<int>{-1, -1, -1, -1, 0, 0, 1, 1}));
}

TEST(LeagueMix, TheMixSurvivesConfigJsonAndRunsWithoutOneKeepTheirs) {
  TrainingConfig c;
  c.league = parseLeague("tactical@0.25,gen-1@0.25");
  const nlohmann::json j = trainingConfigJson(c);
  ASSERT_TRUE(j.contains("league"));
  EXPECT_EQ(trainingConfigOf(j).league, c.league);
  const nlohmann::json plain = trainingConfigJson(TrainingConfig{});
  EXPECT_FALSE(plain.contains("league")) << "a run without a league writes the config.json it wrote before";
  EXPECT_TRUE(trainingConfigOf(plain).league.empty());
  nlohmann::json over = j;
  over["league"][0]["share"] = 0.9;
  EXPECT_THROW(trainingConfigOf(over), std::invalid_argument);
  // Classic and Flip Junqi runs have a league, four-player runs none.
  EXPECT_TRUE(gameHasSetting("classic", "league"));
  EXPECT_TRUE(gameHasSetting("flip", "league"));
  EXPECT_FALSE(gameHasSetting("four", "league"));
}

}  // namespace
}  // namespace junqi
