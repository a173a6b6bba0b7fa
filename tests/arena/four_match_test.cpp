// Four-player agents and team matches: legal moves only, reproducible games,
// a shown flag taken at once, records of every game over paired deals, team
// ratings, resumption.
#include <gtest/gtest.h>

#include <filesystem>

#include <unistd.h>

#include <fmt/format.h>

#include "arena/four/four_match.h"
#include "core/files.h"
#include "core/four/cross_board.h"
#include "core/four/four_movegen.h"
#include "core/four/four_notation.h"
#include "core/four/four_record.h"
#include "search/four/four_heuristic.h"

namespace junqi {
namespace {

namespace fs = std::filesystem;

std::string fourMatchDir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("junqi-four-match-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  return dir.string();
}

FourGame gameOf(const char* first, const char* second, std::uint64_t seed) {
  std::array<std::unique_ptr<FourAgent>, kArmies> agents;
  std::array<FourAgent*, kArmies> seats{};
  for (int army = 0; army < kArmies; ++army) {
    agents[static_cast<std::size_t>(army)] = makeFourAgent(teamOfArmy(army) == 0 ? first : second);
    seats[static_cast<std::size_t>(army)] = agents[static_cast<std::size_t>(army)].get();
  }
  const FourRuleset rules = FourRuleset::worldAtPlay();
  return playFourGame(seats, rules, fourMatchLayouts(rules, 3, static_cast<int>(seed)), seed, 3000);
}

// Every move goes through the referee, which refuses an illegal one: a game
// that ends is a game of legal moves. The same seeds give the same game.
TEST(FourAgents, PlayWholeGamesOfLegalMovesReproducibly) {
  for (const char* spec : {"random", "heuristic"}) {
    const FourGame a = gameOf(spec, "random", 4), b = gameOf(spec, "random", 4);
    EXPECT_TRUE(a.isOver()) << spec;
    EXPECT_EQ(formatFourRecord(fourRecordOf(a)), formatFourRecord(fourRecordOf(b))) << spec;
  }
  EXPECT_NE(formatFourRecord(fourRecordOf(gameOf("random", "random", 4))),
            formatFourRecord(fourRecordOf(gameOf("random", "random", 5))));
}

TEST(FourAgents, UnknownSpecsAreRefused) {
  EXPECT_THROW(makeFourAgent("pimc"), AgentSpecError);
  EXPECT_THROW(makeFourAgent("heuristic:noise=-1"), AgentSpecError);
  EXPECT_THROW(makeFourAgent("random:sims=3"), AgentSpecError);
}

// A flag everyone sees (its marshal fell) within reach is taken at once.
TEST(FourAgents, TheHeuristicTakesAShownFlag) {
  const FourPosition pos = parseFourPosition(
      "four FH1,PG2,PP8/FQ8,EP9/FJ17,PK16/FA10,PB11 south 0 9 east", FourRuleset::worldAtPlay());
  FourHeuristicAgent agent(0.05, 1);
  agent.newGame(FourRuleset::worldAtPlay(), 0, 1);
  const Move m = agent.chooseMove(FourObservation::of(pos, {}, 0, Visibility::Own));
  EXPECT_EQ(fourMoveName(m), "P8-Q8");
}

FourMatchOptions smallFourMatch(const std::string& dir) {
  FourMatchOptions o;
  o.players = {{"heuristic", "heuristic", ""}, {"random", "random", ""}};
  o.pairs = 3;
  o.concurrency = 2;
  o.seed = 5;
  o.outDir = dir;
  return o;
}

TEST(FourMatch, EachDealIsPlayedTwiceWithTheTeamsSwapped) {
  const FourMatch match(smallFourMatch(fourMatchDir("schedule")));
  ASSERT_EQ(match.schedule().size(), 6u);
  for (std::size_t i = 0; i < match.schedule().size(); i += 2) {
    EXPECT_EQ(match.schedule()[i].pair, match.schedule()[i + 1].pair);
    EXPECT_EQ(match.schedule()[i].first, match.schedule()[i + 1].second);
  }
}

TEST(FourMatch, RecordsEveryGameRatesAndResumes) {
  const std::string dir = fourMatchDir("resume");
  FourMatch first(smallFourMatch(dir));
  const FourMatchSummary played = first.run();
  ASSERT_EQ(played.results.size(), 6u);
  for (const FourMatchResult& r : played.results) {
    const FourRecord record = parseFourRecord(readFile(fmt::format("{}/games/game-{:05}.jq4", dir, r.game.index)));
    EXPECT_EQ(record.tag("south-north"), r.game.first == 0 ? "heuristic" : "random");
    EXPECT_EQ(replayFour(record).position().ply(), r.plies);
  }
  EXPECT_NE(readFile(dir + "/ratings.txt").find("heuristic vs random"), std::string::npos);
  FourMatch again(smallFourMatch(dir));
  for (const FourMatchResult& r : again.run().results) EXPECT_TRUE(r.resumed);
  FourMatchOptions other = smallFourMatch(dir);
  other.seed = 6;
  EXPECT_THROW(FourMatch(other).run(), std::invalid_argument);
}

// A mixed team: its first army (south or east) plays the first spec, the
// second (north or west) the other; every agent is then also rated by the
// team model, and a bad part of a team's spec is refused before any game.
TEST(FourMatch, AMixedTeamPlaysBothSpecsAndItsAgentsAreRated) {
  const std::string dir = fourMatchDir("mixed");
  FourMatchOptions options = smallFourMatch(dir);
  options.players = {{"mix", "heuristic+random", ""}, {"random", "random", ""}};
  options.pairs = 2;
  const FourMatchSummary summary = FourMatch(options).run();
  for (const FourMatchResult& r : summary.results) {
    const FourRecord record = parseFourRecord(readFile(fmt::format("{}/games/game-{:05}.jq4", dir, r.game.index)));
    const auto mixed = record.tag(r.game.first == 0 ? "south-north-agent" : "east-west-agent");
    ASSERT_TRUE(mixed.has_value());
    EXPECT_EQ(mixed->substr(0, 10), "heuristic:");
    EXPECT_NE(mixed->find("+random:seed=1"), std::string::npos) << *mixed;
  }
  EXPECT_NE(summary.table.find("Agents rated from team results"), std::string::npos) << summary.table;
  EXPECT_NE(readFile(dir + "/team-ratings.txt").find("heuristic"), std::string::npos);
  options.players[0].agent = "heuristic+pimc";
  EXPECT_THROW(FourMatch{options}, AgentSpecError);
}

}  // namespace
}  // namespace junqi
