// What a built-in search thought of each move it chose, kept by playGame and
// written into the match's records as search lines (docs/records.md).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "core/classic/record.h"
#include "search/registry.h"
#include "arena/match.h"
#include "arena/match_game.h"

namespace junqi {
namespace {

namespace fs = std::filesystem;

// Notes on the searching seat's moves only (most of them), each one about the move played.
void expectNotesOnlyFor(const Game& game, const std::vector<std::optional<SearchNote>>& notes, Seat searcher) {
  ASSERT_EQ(notes.size(), game.history().size());
  int noted = 0;
  for (std::size_t i = 0; i < notes.size(); ++i) {
    const Action& a = game.history()[i].action;
    const bool searched = a.type == ActionType::Move && a.side == searcher;
    if (!searched) {
      ASSERT_FALSE(notes[i].has_value()) << "action " << i + 1;
    }
    if (!notes[i]) continue;  // a searcher's forced move: no search, no note
    ++noted;
    const SearchNote& n = *notes[i];
    EXPECT_EQ(n.simulations, 50);
    EXPECT_GE(n.value, -1.0);
    EXPECT_LE(n.value, 1.0);
    ASSERT_FALSE(n.line.empty());
    EXPECT_LE(n.line.size(), 8u);
    EXPECT_EQ(n.line.front(), a.move);
    ASSERT_FALSE(n.shares.empty());
    EXPECT_LE(n.shares.size(), 5u);
    double total = 0;
    for (std::size_t k = 0; k < n.shares.size(); ++k) {
      total += n.shares[k].second;
      if (k > 0) {
        EXPECT_GE(n.shares[k - 1].second, n.shares[k].second);  // most visited first
      }
    }
    EXPECT_GT(total, 0.0);
    EXPECT_LE(total, 1.0 + 1e-9);
  }
  EXPECT_GT(noted, 5);
}

// The heuristic agent reports simulations (its scored moves) but no search root: no notes.
TEST(SearchNotes, PlayGameKeepsTheNotesOfTheSearchingSeatOnly) {
  auto red = makeAgent("heuristic:seed=1");
  auto blue = makeAgent("ismcts:sims=50,seed=2");
  GameConfig config;
  config.seed = 3;
  config.maxPlies = 30;
  const PlayedGame played = playGame(*red, *blue, config);
  expectNotesOnlyFor(played.game, played.searchNotes, Seat::Blue);
}

TEST(SearchNotes, MatchRecordsHoldThemAndRoundTrip) {
  const fs::path dir = fs::temp_directory_path() / fmt::format("junqi-search-notes-{}", ::getpid());
  fs::remove_all(dir);
  MatchOptions o;
  o.players = {{"search", "ismcts:sims=50", ""}, {"random", "random", ""}};
  o.pairs = 1;
  o.concurrency = 1;
  o.seed = 5;
  o.maxPlies = 30;
  o.outDir = (dir / "run").string();
  Match(o).run();
  int records = 0;
  for (const auto& entry : fs::directory_iterator(dir / "run" / "games")) {
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    const GameRecord record = parseRecord(text.str());
    const Game game = replay(record);
    const Seat searcher = record.tag("red-player") == "search" ? Seat::Red : Seat::Blue;
    expectNotesOnlyFor(game, record.searchNotes, searcher);
    GameRecord again = recordOf(game, record.tags, record.outcomeDetail);
    again.searchNotes = record.searchNotes;
    EXPECT_EQ(formatRecord(again), text.str());
    ++records;
  }
  EXPECT_EQ(records, 2);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace junqi
