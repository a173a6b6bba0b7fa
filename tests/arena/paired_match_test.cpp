// The one paired match over the game interface (arena/paired_match.h), for
// Flip Junqi and four-player alike: a stop keeps every finished game and the
// rerun completes the same match; the SPRT stops a head-to-head; the reports
// of a classic match (games.pgn, ratings.json/csv, report.svg); and with an
// external bot no two games share a start.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include <unistd.h>

#include <fmt/format.h>

#include "arena/flip/flip_match.h"
#include "arena/four/four_match.h"
#include "core/classic/notation.h"
#include "core/files.h"

namespace junqi {
namespace {

namespace fs = std::filesystem;

std::string pairedMatchDir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("junqi-paired-match-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  return dir.string();
}

template <class Game>
PairedMatchOptions<Game> headToHead(const std::string& dir, int pairs) {
  PairedMatchOptions<Game> o;
  o.players = {{"heuristic", "heuristic", ""}, {"random", "random", ""}};
  o.pairs = pairs;
  o.concurrency = 1;
  o.seed = 11;
  o.maxPlies = 300;
  o.outDir = dir;
  return o;
}

// A start as text, part by part: a deal whole, four-player layouts army by army.
std::vector<std::string> startParts(const FlipDeal& deal) { return {formatFlipDeal(deal)}; }
std::vector<std::string> startParts(const std::array<Layout, kArmies>& layouts) {
  std::vector<std::string> parts;
  for (const Layout& l : layouts) parts.push_back(formatLayout(l));
  return parts;
}

template <class Game>
class PairedMatchTest : public ::testing::Test {};
using Games = ::testing::Types<FlipMatchGame, FourMatchGame>;
TYPED_TEST_SUITE(PairedMatchTest, Games);

// Stopped (as Ctrl-C stops it) after two games: the two are kept and rated,
// the reports written; the rerun plays only the rest, and the whole equals
// the same match played without a stop.
TYPED_TEST(PairedMatchTest, AStoppedMatchKeepsItsGamesAndTheRerunCompletesIt) {
  const std::string dir = pairedMatchDir(fmt::format("stop-{}", TypeParam::kVariant));
  PairedMatch<TypeParam> stopped(headToHead<TypeParam>(dir, 3));
  int seen = 0;
  const auto first = stopped.run([&](const std::string&) {
    if (++seen == 2) stopped.requestStop();
  });
  ASSERT_EQ(first.results.size(), 2u);
  EXPECT_FALSE(first.stoppedEarly) << "a stop is not an SPRT's decision";
  EXPECT_NE(readFile(dir + "/ratings.txt").find("heuristic"), std::string::npos);
  EXPECT_EQ(PairedMatch<TypeParam>(headToHead<TypeParam>(dir, 3)).recordedGames(), 2);

  const auto rest = PairedMatch<TypeParam>(headToHead<TypeParam>(dir, 3)).run();
  ASSERT_EQ(rest.results.size(), 6u);
  int resumed = 0;
  for (const auto& r : rest.results) resumed += r.resumed;
  EXPECT_EQ(resumed, 2);

  const std::string whole = pairedMatchDir(fmt::format("whole-{}", TypeParam::kVariant));
  const auto once = PairedMatch<TypeParam>(headToHead<TypeParam>(whole, 3)).run();
  for (std::size_t i = 0; i < once.results.size(); ++i) {
    const std::string name = fmt::format("games/game-{:05}.{}", i, TypeParam::kExtension);
    EXPECT_EQ(readFile(fs::path(dir) / name), readFile(fs::path(whole) / name)) << name;
  }
  EXPECT_EQ(rest.table, once.table);
  fs::remove_all(dir);
  fs::remove_all(whole);
}

// A lopsided head-to-head with a wide SPRT decides long before its schedule
// ends; the reports are those of a classic match, with the SPRT's panel.
TYPED_TEST(PairedMatchTest, TheSprtStopsAHeadToHeadAndTheReportsAreWritten) {
  const std::string dir = pairedMatchDir(fmt::format("sprt-{}", TypeParam::kVariant));
  auto options = headToHead<TypeParam>(dir, 200);
  options.maxPlies = TypeParam::kMaxPlies;  // games decided, not drawn at a move limit
  options.sprt = SprtConfig{0, 400, 0.1, 0.1};
  const auto summary = PairedMatch<TypeParam>(options).run();
  ASSERT_TRUE(summary.sprt.has_value());
  EXPECT_TRUE(summary.stoppedEarly);
  EXPECT_EQ(summary.sprt->decision, SprtDecision::kAcceptH1);
  EXPECT_LT(summary.results.size(), 400u);
  const std::string pgn = readFile(dir + "/games.pgn");
  std::size_t games = 0;
  for (std::size_t at = 0; (at = pgn.find("[Event \"junqi match\"]", at)) != std::string::npos; ++at) ++games;
  EXPECT_EQ(games, summary.results.size());
  EXPECT_NE(pgn.find(fmt::format("[Ruleset \"{}\"]", options.rules.toString())), std::string::npos);
  EXPECT_NE(readFile(dir + "/ratings.json").find("heuristic"), std::string::npos);
  EXPECT_NE(readFile(dir + "/ratings.csv").find("heuristic"), std::string::npos);
  EXPECT_NE(readFile(dir + "/report.svg").find("<svg"), std::string::npos);
  EXPECT_NE(readFile(dir + "/report.svg").find("sprt-llr"), std::string::npos) << "the SPRT's panel";
  // Rerun: the decided SPRT plays nothing more.
  EXPECT_EQ(PairedMatch<TypeParam>(options).run().results.size(), summary.results.size());
  options.players.push_back({"third", "random", ""});
  EXPECT_THROW(PairedMatch<TypeParam>{options}, std::invalid_argument) << "an SPRT needs a head-to-head";
  fs::remove_all(dir);
}

// Without bots both games of a pair replay its start; with an external bot
// every game has a start of its own (a replayed one would show a bot, in the
// second game, what it saw from the other side in the first).
TYPED_TEST(PairedMatchTest, WithABotNoTwoGamesShareAStart) {
  auto options = headToHead<TypeParam>(pairedMatchDir(fmt::format("starts-{}", TypeParam::kVariant)), 4);
  const PairedMatch<TypeParam> builtIn(options);
  for (std::size_t i = 0; i < builtIn.schedule().size(); i += 2)
    EXPECT_EQ(builtIn.startOf(builtIn.schedule()[i]), builtIn.startOf(builtIn.schedule()[i + 1]));
  options.players[1] = {"bot", "", "junqi-bot"};  // never started: the schedule alone
  options.outDir += "-bot";                         // a directory holds one match
  const PairedMatch<TypeParam> withBot(options);
  std::set<std::string> seen;
  for (const PairedGame& g : withBot.schedule()) {
    const auto start = withBot.startOf(g);
    EXPECT_NE(start, builtIn.startOf(g)) << "game " << g.index;
    for (const std::string& part : startParts(start))
      EXPECT_TRUE(seen.insert(part).second) << "game " << g.index << " replays " << part;
  }
  fs::remove_all(builtIn.options().outDir);
  fs::remove_all(withBot.options().outDir);
}

}  // namespace
}  // namespace junqi
