// A match's games in progress, written for onlookers (junqi serve --match):
// the game's hook after each action, the throttled live record, and a match
// that keeps DIR/live/ to the games being played.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <mutex>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "core/classic/auto_layout.h"
#include "core/files.h"
#include "core/classic/record.h"
#include "search/registry.h"
#include "arena/match.h"
#include "arena/match_game.h"

namespace junqi {
namespace {

namespace fs = std::filesystem;

fs::path freshDir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / fmt::format("junqi-live-test-{}-{}", ::getpid(), name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::vector<fs::path> filesIn(const fs::path& dir) {
  std::vector<fs::path> out;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(dir, error)) out.push_back(entry.path());
  return out;
}

// What the "peek" agent saw in the live folder at each of its turns after the game's first action.
struct Seen {
  std::mutex mutex;
  fs::path liveDir;
  std::vector<std::size_t> liveFiles;  // the number of files, turn by turn
  std::string lastText;                // the last live record it read
};
Seen& seen() {
  static Seen s;
  return s;
}

// Plays its first legal move, first looking into the live folder as an onlooker would.
class PeekAgent : public Agent {
 public:
  std::string name() const override { return "peek"; }
  std::string spec() const override { return "peek"; }
  void newGame(const Ruleset&, Seat seat, std::uint64_t) override { turns_ = seat == Seat::Red ? 0 : 1; }
  Layout chooseLayout(const Ruleset& ruleset, Seat) override {
    Rng rng(3);
    return randomLayout(ruleset, rng);
  }
  Action chooseAction(const InfoState& state) override {
    if (turns_++ > 0) {  // an action has been played: its game is live
      std::lock_guard lock(seen().mutex);
      const auto files = filesIn(seen().liveDir);
      seen().liveFiles.push_back(files.size());
      if (files.size() == 1) seen().lastText = readFile(files[0].string());
    }
    MoveList moves;
    state.legalMoves(moves);
    return Action::makeMove(state.seat(), moves[0]);
  }

 private:
  int turns_ = 0;
};

TEST(LiveGames, PlayGameCallsItsHookAfterEveryAction) {
  auto red = makeAgent("random:seed=1");
  auto blue = makeAgent("random:seed=2");
  GameConfig config;
  config.seed = 4;
  config.maxPlies = 30;
  std::size_t calls = 0;
  config.onAction = [&](const Game& game) { EXPECT_EQ(game.history().size(), ++calls); };
  const PlayedGame played = playGame(*red, *blue, config);
  EXPECT_GT(calls, 0u);
  EXPECT_EQ(calls, played.game.history().size());
}

// The first action is written at once, later ones no sooner than the interval
// allows; the file is a record of the game so far, and goes with its writer.
TEST(LiveGames, TheLiveRecordIsWrittenAtTheFirstActionThenThrottledAndRemovedAtTheEnd) {
  const fs::path dir = freshDir("writer");
  const std::string path = (dir / "game-00000.jqr").string();
  auto red = makeAgent("random:seed=1");
  auto blue = makeAgent("random:seed=2");
  GameConfig config;
  config.seed = 4;
  config.maxPlies = 30;
  {
    LiveRecordWriter slow(path, {{"red-player", "a"}, {"blue-player", "b"}}, 3600);
    config.onAction = [&](const Game& game) { slow(game); };
    playGame(*red, *blue, config);
    EXPECT_EQ(slow.writes(), 1);  // the first action only: the next write is an hour away
    const GameRecord record = parseRecord(readFile(path));
    EXPECT_EQ(record.actions.size(), 1u);
    EXPECT_FALSE(record.outcome.isOver());
    EXPECT_EQ(record.tag("red-player").value_or(""), "a");
  }
  EXPECT_FALSE(fs::exists(path));
  {
    LiveRecordWriter eager(path, {}, 0);
    config.onAction = [&](const Game& game) { eager(game); };
    const PlayedGame played = playGame(*red, *blue, config);
    EXPECT_EQ(eager.writes(), static_cast<int>(played.game.history().size()));
    EXPECT_EQ(parseRecord(readFile(path)).actions.size(), played.game.history().size());
  }
  EXPECT_FALSE(fs::exists(path));
  fs::remove_all(dir);
}

// While a game is played its record so far is in DIR/live/ (the agents look
// there at each turn); at the start a stale file goes, at the end none is left.
TEST(LiveGames, AMatchShowsEachGameInLiveWhileItIsPlayedAndLeavesNoneBehind) {
  static const bool registered = [] {
    registerAgentKind({"peek", "a test agent that looks into a match's live folder",
                       [](const AgentParams&) { return std::make_unique<PeekAgent>(); }});
    return true;
  }();
  (void)registered;
  const fs::path dir = freshDir("match");
  seen().liveDir = dir / "live";
  fs::create_directories(seen().liveDir);
  writeFileAtomically((seen().liveDir / "game-00099.jqr").string(), "stale");
  MatchOptions options;
  options.players = {{"peek1", "peek", ""}, {"peek2", "peek", ""}};
  options.pairs = 1;
  options.maxPlies = 12;
  options.outDir = dir.string();
  options.live = true;
  Match(options).run();

  ASSERT_FALSE(seen().liveFiles.empty());
  for (const std::size_t n : seen().liveFiles) EXPECT_EQ(n, 1u);  // the game being played, nothing stale
  const GameRecord live = parseRecord(seen().lastText);
  EXPECT_FALSE(live.outcome.isOver());
  EXPECT_GT(live.actions.size(), 0u);
  EXPECT_EQ(live.tag("red-player").value_or(""), "peek2");  // the second game: seats swapped
  EXPECT_TRUE(fs::is_directory(seen().liveDir));
  EXPECT_TRUE(filesIn(seen().liveDir).empty());
  EXPECT_EQ(filesIn(dir / "games").size(), 2u);
  fs::remove_all(dir);
}

// Without --live nothing is written there (a live record holds both layouts):
// a stale folder is still emptied.
TEST(LiveGames, AMatchWritesNoLiveGamesUnlessAskedTo) {
  const fs::path dir = freshDir("quiet");
  fs::create_directories(dir / "live");
  writeFileAtomically((dir / "live" / "game-00099.jqr").string(), "stale");
  MatchOptions options;
  options.players = {{"a", "random", ""}, {"b", "random:seed=2", ""}};
  options.pairs = 1;
  options.maxPlies = 12;
  options.outDir = dir.string();
  int liveSeen = 0;
  Match(options).run([&](const std::string&) { liveSeen += fs::exists(dir / "live") ? 1 : 0; });
  EXPECT_EQ(liveSeen, 0);
  EXPECT_FALSE(fs::exists(dir / "live"));
  EXPECT_EQ(filesIn(dir / "games").size(), 2u);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace junqi
