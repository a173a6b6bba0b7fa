// Two matches compared pair by pair (arena/paired_comparison.h): the pairs'
// scores and their differences with intervals, from games.pgn as the match
// writes it, and every refusal of matches that did not share their starts.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <unistd.h>

#include "arena/paired_comparison.h"
#include "core/files.h"
#include "tests/support/error_of.h"

namespace junqi {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

// A game of the PGN: white, black, result, pair.
struct Game {
  const char *white, *black, *result;
  int pair;
};

class PairedComparisonTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("junqi-compare-test-" + std::to_string(::getpid()));
    fs::remove_all(root_);
  }
  void TearDown() override { fs::remove_all(root_); }

  // A match directory: match.json with these players and extra settings, games.pgn with these games.
  std::string match(const std::string& name, const std::vector<Game>& games, const std::string& extra = "\"seed\": 7",
                    const std::string& players = R"({"name": "p"}, {"name": "opp"})") {
    const fs::path dir = root_ / name;
    fs::create_directories(dir);
    writeFileAtomically((dir / "match.json").string(),
                        fmt::format(R"({{"ruleset": "flip-kawu", "variant": "flip", {}, "players": [{}]}})", extra,
                                    players));
    std::string pgn;
    for (std::size_t i = 0; i < games.size(); ++i)
      pgn += fmt::format("[Event \"junqi match\"]\n[Round \"{}\"]\n[White \"{}\"]\n[Black \"{}\"]\n[Result \"{}\"]\n"
                         "[Pair \"{}\"]\n\n{}\n\n",
                         i + 1, games[i].white, games[i].black, games[i].result, games[i].pair, games[i].result);
    writeFileAtomically((dir / "games.pgn").string(), pgn);
    return dir.string();
  }

  fs::path root_;
};

// p's pair scores: A 1, 0.5, 0; B 0.75, 1, 0.5 (and pair 3, half played, left out).
TEST_F(PairedComparisonTest, ScoresAndTheirDifferencePairByPair) {
  const std::string a = match("a", {{"p", "opp", "1-0", 0}, {"opp", "p", "0-1", 0},
                                    {"p", "opp", "0-1", 1}, {"opp", "p", "0-1", 1},
                                    {"p", "opp", "0-1", 2}, {"opp", "p", "1-0", 2}});
  const std::string b = match("b", {{"p", "opp", "1-0", 0}, {"opp", "p", "1/2-1/2", 0},
                                    {"p", "opp", "1-0", 1}, {"opp", "p", "0-1", 1},
                                    {"p", "opp", "1/2-1/2", 2}, {"opp", "p", "1/2-1/2", 2},
                                    {"p", "opp", "1-0", 3}});
  checkSameStarts(a, b);
  const PlayerPairs pa = readPlayerPairs(a, firstPlayerOf(a)), pb = readPlayerPairs(b, "p");
  EXPECT_EQ(pa.opponent, "opp");
  EXPECT_EQ(pa.games, 6);
  EXPECT_EQ(pb.games, 6) << "the half-played pair 3 is left out";
  const PairedComparison c = comparePairs(pa, pb);
  EXPECT_DOUBLE_EQ(c.a.mean, 0.5);
  EXPECT_DOUBLE_EQ(c.b.mean, 0.75);
  EXPECT_EQ(c.bMinusA.count, 3);
  EXPECT_DOUBLE_EQ(c.bMinusA.mean, 0.25);  // differences -0.25, +0.5, +0.5: standard error 0.25
  EXPECT_NEAR(c.bMinusA.low, 0.25 - 1.959964 * 0.25, 1e-6);
  EXPECT_NEAR(c.bMinusA.high, 0.25 + 1.959964 * 0.25, 1e-6);
  EXPECT_NEAR(c.a.high - c.a.low, 2 * 1.959964 * 0.5 / std::sqrt(3.0), 1e-6);  // scores 1, 0.5, 0
}

// Where every pair scores alike there is no spread to measure: Wilson's
// intervals (for the games, and for the pairs over a difference's range
// [-1, 1]) rather than a point.
TEST_F(PairedComparisonTest, WithoutSpreadTheIntervalsAreWilsonsNotAPoint) {
  std::vector<Game> allWon;
  for (int pair = 0; pair < 4; ++pair)
    allWon.insert(allWon.end(), {{"p", "opp", "1-0", pair}, {"opp", "p", "0-1", pair}});
  const std::string a = match("a", allWon), b = match("b", allWon);
  const PairedComparison c = comparePairs(readPlayerPairs(a, "p"), readPlayerPairs(b, "p"));
  const double z2 = 1.959964 * 1.959964;
  EXPECT_DOUBLE_EQ(c.a.mean, 1.0);
  EXPECT_NEAR(c.a.low, 8 / (8 + z2), 1e-6);  // Wilson's lower end for 8 wins in 8 games
  EXPECT_DOUBLE_EQ(c.a.high, 1.0);
  EXPECT_DOUBLE_EQ(c.bMinusA.mean, 0.0);
  const double half = 1.959964 * std::sqrt(0.25 / 4 + z2 / 64) / (1 + z2 / 4);  // Wilson at 1/2 over 4 pairs
  EXPECT_NEAR(c.bMinusA.low, -2 * half, 1e-6);
  EXPECT_NEAR(c.bMinusA.high, 2 * half, 1e-6);
}

TEST_F(PairedComparisonTest, MatchesThatDidNotShareTheirStartsAreRefused) {
  const std::vector<Game> games = {{"p", "opp", "1-0", 0}, {"opp", "p", "0-1", 0}};
  const std::string a = match("a", games);
  EXPECT_THAT(errorOf([&] { checkSameStarts(a, match("seed", games, "\"seed\": 8")); }),
              HasSubstr("were not played on the same starts: seed 7 and 8"));
  EXPECT_THAT(errorOf([&] { checkSameStarts(a, match("book", games, "\"seed\": 7, \"layout_book\": \"x\"")); }),
              HasSubstr("layout_book (none) and \"x\""));
  EXPECT_THAT(errorOf([&] { checkSameStarts(a, match("own", games, "\"seed\": 7, \"agent_layouts\": true")); }),
              HasSubstr("the agents chose their own layouts"));
  EXPECT_EQ(errorOf([&] { checkSameStarts(a, match("empty-book", games, "\"seed\": 7, \"layout_book\": \"\"")); }),
            "") << "an empty book is no book";
}

TEST_F(PairedComparisonTest, WhatCannotBeComparedIsRefusedByName) {
  const std::vector<Game> games = {{"p", "opp", "1-0", 0}, {"opp", "p", "0-1", 0}};
  const std::string a = match("a", games);
  EXPECT_THAT(errorOf([&] { readPlayerPairs(a, "q"); }), HasSubstr("has no player 'q' (its players: p, opp)"));
  EXPECT_THAT(errorOf([&] { readPlayerPairs(match("three", games, "\"seed\": 7", R"({"name": "p"}, {"name": "opp"},
                                                   {"name": "r"})"), "p"); }),
              HasSubstr("a match of 3 players: compare takes head-to-head matches"));
  EXPECT_THAT(errorOf([&] { readPlayerPairs((root_ / "none").string(), "p"); }), HasSubstr("has no match.json"));
  fs::remove(fs::path(a) / "games.pgn");
  EXPECT_THAT(errorOf([&] { readPlayerPairs(a, "p"); }), HasSubstr("has no games.pgn"));
  const std::string other = match("other", {{"p", "opp", "1-0", 5}, {"opp", "p", "0-1", 5}});
  const std::string first = match("first", games);
  EXPECT_THAT(errorOf([&] { comparePairs(readPlayerPairs(first, "p"), readPlayerPairs(other, "p")); }),
              HasSubstr("no pair of games was finished in both"));
  EXPECT_THAT(errorOf([&] { readPlayerPairs(match("bad", {{"p", "opp", "2-0", 0}}), "p"); }),
              HasSubstr("a game with the result '2-0'"));
}

}  // namespace
}  // namespace junqi
