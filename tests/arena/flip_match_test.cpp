// Flip Junqi matches: records of every game over paired deals, ratings, resumption.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include <fmt/format.h>

#include "arena/flip/flip_match.h"
#include "core/files.h"
#include "core/flip/flip_record.h"

namespace junqi {
namespace {

namespace fs = std::filesystem;

FlipMatchOptions smallFlipMatch(const std::string& dir) {
  FlipMatchOptions o;
  o.rules = FlipRuleset::kawu();
  o.players = {{"search", "mcts:sims=20", ""}, {"heuristic", "heuristic", ""}, {"random", "random", ""}};
  o.pairs = 2;
  o.concurrency = 2;
  o.seed = 5;
  o.outDir = dir;
  return o;
}

std::string flipMatchDir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("junqi-flip-match-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  return dir.string();
}

TEST(FlipMatch, EachDealIsPlayedTwiceWithTheSeatsSwapped) {
  const FlipMatch match(smallFlipMatch(flipMatchDir("schedule")));
  ASSERT_EQ(match.schedule().size(), 3u * 2u * 2u);
  for (std::size_t i = 0; i < match.schedule().size(); i += 2) {
    const FlipScheduledGame& a = match.schedule()[i];
    const FlipScheduledGame& b = match.schedule()[i + 1];
    EXPECT_EQ(a.pair, b.pair);
    EXPECT_EQ(a.first, b.second);
    EXPECT_EQ(a.second, b.first);
  }
}

TEST(FlipMatch, RecordsEveryGameRatesAndResumes) {
  const std::string dir = flipMatchDir("resume");
  FlipMatch first(smallFlipMatch(dir));
  const FlipMatchSummary played = first.run();
  ASSERT_EQ(played.results.size(), 12u);
  for (const FlipMatchResult& r : played.results) {
    EXPECT_FALSE(r.resumed);
    std::ifstream in(fs::path(dir) / "games" / fmt::format("game-{:05}.jqf", r.game.index));
    std::stringstream text;
    text << in.rdbuf();
    const FlipRecord record = parseFlipRecord(text.str());
    EXPECT_EQ(record.outcome, r.outcome);
    EXPECT_EQ(record.deal, flipMatchDeal(5, r.game.pair)) << "both games of a pair share the deal";
  }
  EXPECT_TRUE(fs::exists(fs::path(dir) / "ratings.txt"));
  EXPECT_NE(played.table.find("search vs heuristic"), std::string::npos);

  fs::remove(fs::path(dir) / "games" / "game-00003.jqf");  // as if stopped before it
  FlipMatch again(smallFlipMatch(dir));
  const FlipMatchSummary resumed = again.run();
  int replayed = 0;
  for (std::size_t i = 0; i < resumed.results.size(); ++i) {
    replayed += !resumed.results[i].resumed;
    EXPECT_EQ(resumed.results[i].outcome, played.results[i].outcome) << "the same seeds, the same games";
  }
  EXPECT_EQ(replayed, 1);
  fs::remove_all(dir);
}

TEST(FlipMatch, RefusesAnotherMatchsDirectory) {
  const std::string dir = flipMatchDir("refuse");
  FlipMatch(smallFlipMatch(dir)).run();
  FlipMatchOptions other = smallFlipMatch(dir);
  other.seed = 6;
  EXPECT_THROW(FlipMatch(other).run(), std::invalid_argument);
  FlipMatchOptions bots = smallFlipMatch(flipMatchDir("bots"));
  bots.players[1] = {"old", "", "sh -c 'read l; echo variants classic; echo jbpok; sleep 5'"};
  try {
    FlipMatch(bots).run();
    FAIL() << "a bot that does not play flip was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(),
                 "match: the bot 'old' did not start: does not play Flip Junqi (its variants: classic); it wrote "
                 "nothing to its standard error");
  }
  fs::remove_all(bots.outDir);
  fs::remove_all(dir);
}

// A bot that starts for the check before the match but not for its games
// forfeits each game, as in a classic or four-player match: the match goes on.
TEST(FlipMatch, ABotThatDoesNotStartForAGameForfeitsIt) {
  const std::string dir = flipMatchDir("no-start");
  FlipMatchOptions o = smallFlipMatch(dir);
  fs::create_directories(dir);
  const std::string once = (fs::path(dir) / "started-once").string();
  o.players = {{"random", "random", ""},
               {"flaky", "", fmt::format("sh -c 'if [ -e {0} ]; then exit 3; fi; touch {0}; read l; "
                                         "echo variants flip; echo jbpok; read l'", once)}};
  o.pairs = 1;
  const FlipMatchSummary summary = FlipMatch(o).run();
  ASSERT_EQ(summary.results.size(), 2u);
  for (const FlipMatchResult& r : summary.results) {
    ASSERT_TRUE(r.outcome.winner.has_value());
    EXPECT_EQ(*r.outcome.winner, r.game.first == 0 ? Seat::Red : Seat::Blue) << "the bot forfeits";
    const FlipRecord record = parseFlipRecord(readFile(fmt::format("{}/games/game-{:05}.jqf", dir, r.game.index)));
    EXPECT_TRUE(record.tag("forfeit").has_value());
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace junqi
