// The record viewer and the match watcher through the API.
#include <cmath>
#include <filesystem>
#include <fstream>

#include "core/classic/auto_layout.h"
#include "core/files.h"
#include "core/classic/record.h"
#include "server/http_util.h"
#include "server/match_watch.h"
#include "tests/web/server_fixture.h"

namespace junqi::webtest {
namespace {

using RecordViewer = ServerTest;

// A random game of `plies` moves (not over), as record text.
std::string randomGameRecord(int plies, std::uint64_t seed) {
  const Ruleset ruleset;
  Rng rng(seed);
  Game game(ruleset, styledLayout(LayoutStyle::Balanced, ruleset, rng), styledLayout(LayoutStyle::Defensive, ruleset, rng));
  MoveList moves;
  for (int i = 0; i < plies && !game.isOver(); ++i) {
    generateMoves(game.position(), moves);
    game.apply(Action::makeMove(game.position().sideToMove(), moves[static_cast<int>(rng.below(moves.size()))]));
  }
  return formatRecord(recordOf(game, {{"red-player", "r"}, {"blue-player", "b"}}));
}

TEST_F(RecordViewer, StepsThroughARecordAsTheFullBoard) {
  const std::string text = randomGameRecord(40, 3);
  const Answer opened = post("/api/records", nlohmann::json{{"text", text}});
  ASSERT_EQ(opened.status, 201) << opened.raw;
  const std::string name = opened.body["name"];
  const int steps = opened.body["steps"];
  EXPECT_EQ(steps, static_cast<int>(parseRecord(text).actions.size()));
  const Answer start = get("/api/records/" + name + "?step=0");
  ASSERT_EQ(start.status, 200) << start.raw;
  EXPECT_EQ(start.body["pieces"].size(), 50u);
  for (const auto& piece : start.body["pieces"]) EXPECT_TRUE(piece.contains("type"));
  const Answer end = get("/api/records/" + name + "?step=9999");  // past the end: the end
  EXPECT_EQ(end.body["step"], steps);
  EXPECT_EQ(end.body["actions"].size(), static_cast<std::size_t>(steps));
  EXPECT_EQ(end.body["tags"]["red-player"], "r");
}

TEST_F(RecordViewer, ShowsASeatsViewWithItsExactBeliefs) {
  const std::string text = randomGameRecord(60, 5);
  const Game truth = replay(parseRecord(text));
  const std::string name = post("/api/records", nlohmann::json{{"text", text}}).body["name"];
  const Answer view = get("/api/records/" + name + "?step=60&seat=blue");
  ASSERT_EQ(view.status, 200) << view.raw;
  int enemy = 0;
  for (const auto& piece : view.body["pieces"]) {
    if (piece["side"] == "blue") {
      EXPECT_TRUE(piece.contains("type"));
      continue;
    }
    ++enemy;
    EXPECT_FALSE(piece.contains("type")) << piece;
    double total = 0;
    for (const auto& [symbol, q] : piece["beliefs"].items()) total += q.get<double>();
    EXPECT_NEAR(total, 1.0, 1e-9);
    // The truth is always among the possible.
    const int square = *parseSquare(piece["square"].get<std::string>());
    const std::string truthSymbol(1, typeSymbol(truth.position().typeAt(Square(square))));
    EXPECT_GT(piece["beliefs"].value(truthSymbol, 0.0), 0.0) << piece;
  }
  EXPECT_GT(enemy, 10);
}

// A search note shows what the searching side's private information made it
// think: the full board and that side see it, the other side does not.
TEST_F(RecordViewer, ShowsASearchNoteOnlyToTheFullBoardAndTheSearcher) {
  GameRecord record = parseRecord(randomGameRecord(4, 6));
  const Move redMove = record.actions[0].action.move;  // red moves first
  record.searchNotes.resize(record.actions.size());
  record.searchNotes[0] = SearchNote{0.5, 200, {redMove, record.actions[1].action.move}, {{redMove, 0.75}}};
  const std::string name = post("/api/records", nlohmann::json{{"text", formatRecord(record)}}).body["name"];
  const auto searchAt = [&](int step, const std::string& seat) {
    const Answer view = get("/api/records/" + name + "?step=" + std::to_string(step) + "&seat=" + seat);
    EXPECT_EQ(view.status, 200) << view.raw;
    return view.body.value("search", nlohmann::json());
  };
  const nlohmann::json full = searchAt(1, "all");
  ASSERT_TRUE(full.is_object()) << full;
  EXPECT_EQ(full["seat"], "red");
  EXPECT_EQ(full["value"], 0.5);
  EXPECT_EQ(full["simulations"], 200);
  EXPECT_EQ(full["line"], nlohmann::json::array({moveName(redMove), moveName(record.actions[1].action.move)}));
  EXPECT_EQ(full["shares"], nlohmann::json::array({{{"move", moveName(redMove)}, {"share", 0.75}}}));
  EXPECT_EQ(searchAt(1, "red"), full);
  EXPECT_TRUE(searchAt(1, "blue").is_null());  // red's thoughts are hidden from blue
  EXPECT_TRUE(searchAt(2, "all").is_null());   // blue's move had no search
  EXPECT_TRUE(searchAt(0, "all").is_null());
}

TEST_F(RecordViewer, RefusesBadRecordsAndParameters) {
  EXPECT_EQ(post("/api/records", nlohmann::json{{"text", "junqi-record 1\nnonsense\n"}}).status, 400);
  EXPECT_EQ(post("/api/records", nlohmann::json::object()).status, 400);
  const std::string name = post("/api/records", nlohmann::json{{"text", randomGameRecord(4, 1)}}).body["name"];
  EXPECT_EQ(get("/api/records/" + name + "?seat=green").status, 400);
  EXPECT_EQ(get("/api/records/" + name + "?step=abc").status, 400);
  EXPECT_EQ(get("/api/records/999").status, 404);
  const Answer escape = post("/api/records", nlohmann::json{{"folder", "records"}, {"file", "../../etc/passwd"}});
  EXPECT_EQ(escape.status, 400) << escape.raw;
  EXPECT_EQ(post("/api/records", nlohmann::json{{"folder", "home"}, {"file", "a.jqr"}}).status, 400);
  EXPECT_EQ(post("/api/records", nlohmann::json{{"folder", "records"}, {"file", "absent.jqr"}}).status, 404);
}

// A file name is checked character by character: one of 30,000 characters
// (std::regex recursed on it until the stack was gone: SIGSEGV) is a 400
// like any bad name, and plain names up to 255 characters still open.
TEST_F(RecordViewer, RefusesAVeryLongFileNameAndStillOpensPlainOnes) {
  const std::string huge = std::string(30000, 'a') + ".jqr";
  const Answer refused = post("/api/records", nlohmann::json{{"folder", "records"}, {"file", huge}});
  EXPECT_EQ(refused.status, 400) << refused.raw.substr(0, 200);
  const auto statusOf = [&](const std::string& name) {
    try {
      server::readRecordFile((dir_ / "records").string(), name);
      return 200;
    } catch (const server::ApiError& e) {
      return e.status;
    }
  };
  EXPECT_EQ(statusOf(huge), 400);
  EXPECT_EQ(statusOf(std::string(252, 'a') + ".jqr"), 400);  // 256 characters
  for (const std::string bad : {".a.jqr", "-a.jqr", ".jqr", "a.jqr.txt", "a b.jqr", "a/b.jqr", "a.JQR"})
    EXPECT_EQ(statusOf(bad), 400) << bad;
  for (const std::string& good : {std::string("a.jqr"), std::string("_.jqr"), std::string("Game_01.v-2..jqr"),
                                  std::string(251, 'b') + ".jqr"}) {
    std::ofstream((dir_ / "records" / good).string()) << randomGameRecord(4, 1);  // (name + ".tmp" is too long)
    EXPECT_EQ(statusOf(good), 200) << good;
    EXPECT_EQ(post("/api/records", nlohmann::json{{"folder", "records"}, {"file", good}}).status, 201) << good;
  }
}

TEST_F(RecordViewer, OpensRecordsOfTheServersFolders) {
  writeFileAtomically((dir_ / "records" / "one.jqr").string(), randomGameRecord(10, 2));
  const Answer listed = get("/api/records");
  ASSERT_EQ(listed.status, 200);
  EXPECT_EQ(listed.body["records"], nlohmann::json::array({"one.jqr"}));
  const Answer opened = post("/api/records", nlohmann::json{{"folder", "records"}, {"file", "one.jqr"}});
  EXPECT_EQ(opened.status, 201) << opened.raw;
  EXPECT_EQ(opened.body["steps"], 10);
}

using MatchWatcher = ServerTest;

TEST_F(MatchWatcher, ShowsTheTableTheReportAndTheGames) {
  EXPECT_TRUE(get("/api/match").body["table"].is_null());  // nothing written yet
  EXPECT_EQ(get("/api/match/report.svg").status, 404);
  writeFileAtomically((dir_ / "match" / "ratings.txt").string(), "player  elo\nrandom  0\n");
  writeFileAtomically((dir_ / "match" / "report.svg").string(), "<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
  writeFileAtomically((dir_ / "match" / "games" / "game-00000.jqr").string(), randomGameRecord(6, 4));
  const Answer match = get("/api/match");
  ASSERT_EQ(match.status, 200) << match.raw;
  EXPECT_EQ(match.body["table"], "player  elo\nrandom  0\n");
  EXPECT_EQ(match.body["report"], true);
  EXPECT_EQ(match.body["games"], nlohmann::json::array({"game-00000.jqr"}));
  const auto svg = client_->Get("/api/match/report.svg");
  ASSERT_TRUE(svg);
  EXPECT_EQ(svg->status, 200);
  EXPECT_EQ(svg->get_header_value("Content-Type"), "image/svg+xml");
  EXPECT_EQ(post("/api/records", nlohmann::json{{"folder", "match"}, {"file", "game-00000.jqr"}}).status, 201);
}

// A game still being played (DIR/live/, written by the match as it goes) is
// listed apart from the finished ones and opens from the folder "live".
TEST_F(MatchWatcher, ListsAndOpensTheGamesInProgress) {
  EXPECT_EQ(get("/api/match").body["live"], nlohmann::json::array());  // no live/ yet
  const std::string text = randomGameRecord(6, 4);
  ASSERT_TRUE(parseRecord(text).outcome.reason == Termination::None);  // a game not over
  std::filesystem::create_directories(dir_ / "match" / "live");
  writeFileAtomically((dir_ / "match" / "live" / "game-00003.jqr").string(), text);
  const Answer match = get("/api/match");
  ASSERT_EQ(match.status, 200) << match.raw;
  EXPECT_EQ(match.body["live"], nlohmann::json::array({"game-00003.jqr"}));
  EXPECT_EQ(match.body["games"], nlohmann::json::array());
  const Answer opened = post("/api/records", nlohmann::json{{"folder", "live"}, {"file", "game-00003.jqr"}});
  ASSERT_EQ(opened.status, 201) << opened.raw;
  EXPECT_EQ(opened.body["steps"], 6);
  const Answer view = get("/api/records/" + opened.body["name"].get<std::string>() + "?step=6");
  EXPECT_TRUE(view.body["outcome"].is_null()) << view.raw;
  // The game ended meanwhile (its live file went): a 404 that says so.
  EXPECT_EQ(post("/api/records", nlohmann::json{{"folder", "live"}, {"file", "game-00004.jqr"}}).status, 404);
}

TEST_F(MatchWatcher, SaysSoWhenItWatchesNoMatch) {
  server::ServerOptions options = options_;
  options.matchDir.clear();
  start(options);
  const Answer match = get("/api/match");
  EXPECT_EQ(match.status, 404);
  EXPECT_NE(match.body["error"].get<std::string>().find("--match"), std::string::npos);
}

}  // namespace
}  // namespace junqi::webtest
