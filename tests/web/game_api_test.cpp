// A person's game through the API: the page, the choices, layouts, a game
// played to its end, its record on disk.
#include <chrono>
#include <filesystem>
#include <thread>

#include "core/files.h"
#include "core/classic/record.h"
#include "core/flip/flip_ruleset.h"
#include "core/four/four_ruleset.h"
#include "tests/web/server_fixture.h"

namespace junqi::webtest {
namespace {

using GameApi = ServerTest;

TEST_F(GameApi, ServesThePageBuiltIntoTheProgram) {
  const auto page = client_->Get("/");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_NE(page->body.find("<svg id=\"board\""), std::string::npos);
  EXPECT_EQ(page->get_header_value("Content-Type"), "text/html; charset=utf-8");
  const auto script = client_->Get("/app.js");
  ASSERT_TRUE(script);
  EXPECT_EQ(script->status, 200);
  EXPECT_NE(script->body.find("/api/games"), std::string::npos);
}

TEST_F(GameApi, ListsThePresetsAndTheAgents) {
  const Answer presets = get("/api/presets");
  ASSERT_EQ(presets.status, 200);
  std::vector<std::string> names;
  for (const auto& p : presets.body) names.push_back(p["name"]);
  std::vector<std::string> expected = Ruleset::presetNames();
  for (const std::string& flip : FlipRuleset::presetNames()) expected.push_back(flip);
  for (const std::string& four : FourRuleset::presetNames()) expected.push_back(four);
  EXPECT_EQ(names, expected);
  const Answer agents = get("/api/agents");
  ASSERT_EQ(agents.status, 200);
  bool random = false;
  for (const auto& a : agents.body) random = random || a["name"] == "random";
  EXPECT_TRUE(random);
  // Each game has its own agents: the flip defaults are heuristic and mcts, then its levels.
  const Answer flip = get("/api/agents?game=flip");
  ASSERT_EQ(flip.status, 200);
  ASSERT_GE(flip.body.size(), 2u);
  EXPECT_EQ(flip.body[0]["name"], "heuristic");
  EXPECT_EQ(flip.body[1]["name"], "mcts");
  for (std::size_t i = 2; i < flip.body.size(); ++i)
    EXPECT_EQ(flip.body[i]["name"], "level-" + std::to_string(i - 1)) << "the menu's flip entry " << i;
  EXPECT_EQ(get("/api/agents?game=chess").status, 400);
}

// `junqi serve --rules flip-kawu`: the page opens with that preset (its first),
// and still offers every other one in the usual order.
TEST_F(GameApi, TheOperatorsPresetComesFirst) {
  server::ServerOptions options = options_;
  options.firstPreset = "flip-kawu";
  start(options);
  const Answer presets = get("/api/presets");
  ASSERT_EQ(presets.status, 200);
  std::vector<std::string> names;
  for (const auto& p : presets.body) names.push_back(p["name"]);
  std::vector<std::string> expected = {"flip-kawu"};
  for (const std::string& name : Ruleset::presetNames()) expected.push_back(name);
  for (const std::string& flip : FlipRuleset::presetNames())
    if (flip != "flip-kawu") expected.push_back(flip);
  for (const std::string& four : FourRuleset::presetNames()) expected.push_back(four);
  EXPECT_EQ(names, expected);
}

TEST_F(GameApi, MakesLayoutsAndGivesTheRulesVerdictOnOne) {
  for (const char* style : {"random", "aggressive", "defensive", "balanced"}) {
    const Answer layout = post("/api/layouts", nlohmann::json{{"rules", "worldatplay"}, {"style", style}, {"seed", 9}});
    ASSERT_EQ(layout.status, 200) << layout.raw;
    const Answer verdict = post("/api/layouts/check", nlohmann::json{{"rules", "worldatplay"}, {"layout", layout.body["text"]}});
    EXPECT_EQ(verdict.body["ok"], true) << style;
  }
  // The flag swapped out of its headquarters (B1) with the engineer on E1: the rules' own sentence.
  const Answer bad = post("/api/layouts/check", nlohmann::json{{"layout", "IPDEC/G.J.R/DM.BC/R.B.I/CLEJP/LELPF"}});
  ASSERT_EQ(bad.status, 200);
  EXPECT_EQ(bad.body["ok"], false);
  EXPECT_NE(bad.body["error"].get<std::string>().find("flag"), std::string::npos) << bad.raw;
  EXPECT_EQ(post("/api/layouts", nlohmann::json{{"style", "sneaky"}}).status, 400);
}

TEST_F(GameApi, DrawsTheBoardOfEachPreset) {
  const Answer road = get("/api/board?rules=refereed");
  const Answer rail = get("/api/board?rules=hiddenfront");
  ASSERT_EQ(road.status, 200);
  EXPECT_EQ(road.body["camps"].size(), 10u);
  EXPECT_EQ(road.body["headquarters"].size(), 4u);
  EXPECT_NE(road.body["railways"], rail.body["railways"]);  // the centre crossing
}

TEST_F(GameApi, PlaysAGameAgainstAnAgentAndWritesItsRecord) {
  const Answer created = newGame("random", "blue");
  ASSERT_EQ(created.status, 201) << created.raw;
  EXPECT_EQ(created.body["seat"], "blue");
  nlohmann::json state = playRandomly(created.body, 40);
  const std::string id = state["id"];
  EXPECT_EQ(get("/api/games/" + id + "/record").status, state["outcome"].is_null() ? 409 : 200);
  if (state["outcome"].is_null()) state = post("/api/games/" + id + "/resign", nlohmann::json::object()).body;
  ASSERT_FALSE(state["outcome"].is_null());
  EXPECT_EQ(state["reveal"].size(), state["pieces"].size());  // the full board, every identity
  for (const auto& piece : state["reveal"]) EXPECT_TRUE(piece.contains("type"));
  const auto record = client_->Get(("/api/games/" + id + "/record").c_str());
  ASSERT_TRUE(record);
  EXPECT_EQ(record->status, 200);
  const auto onDisk = std::filesystem::path(options_.gamesDir) / ("game-" + id + ".jqr");
  ASSERT_TRUE(std::filesystem::exists(onDisk));
  EXPECT_EQ(readFile(onDisk.string()), record->body);
  const Game game = replay(parseRecord(record->body));  // a record that replays to the same end
  EXPECT_TRUE(game.isOver());
  EXPECT_EQ(game.history().size(), state["events"].size());
}

TEST_F(GameApi, ADrawOfferIsAnsweredByTheAgent) {
  const Answer created = newGame("random");
  const std::string id = created.body["id"];
  const Answer offered = post("/api/games/" + id + "/draw", nlohmann::json{{"answer", "offer"}});
  ASSERT_EQ(offered.status, 200) << offered.raw;
  EXPECT_TRUE(offered.body["outcome"].is_null());  // random declines
  EXPECT_EQ(offered.body["events"].back()["text"], "blue declines the draw");
  const Answer again = post("/api/games/" + id + "/draw", nlohmann::json{{"answer", "offer"}});
  EXPECT_EQ(again.status, 400);  // the ruleset's cooldown, in its words
  EXPECT_NE(again.body["error"].get<std::string>().find("must wait"), std::string::npos) << again.raw;
}

// The preset's clock: a person who lets the move time run out gets the rules'
// timeout, as a match would give it: the turn passes (and the agent moves),
// or, where the ruleset says so, the game is lost at once. Two games share
// one wait, so the test takes little over a second.
TEST_F(GameApi, ThePresetsMoveClockAppliesTheRulesTimeout) {
  const auto timed = [&](const std::string& rules) {
    const Answer created = post("/api/games", nlohmann::json{{"rules", rules}, {"agent", "random"}, {"layout", kLayout}});
    EXPECT_EQ(created.status, 201) << created.raw;
    EXPECT_EQ(created.body["clock"]["moveSeconds"], 1) << created.raw;
    EXPECT_GT(created.body["clock"]["secondsLeft"].get<double>(), 0.5) << created.raw;
    return created.body["id"].get<std::string>();
  };
  const std::string passes = timed("hiddenfront:move-seconds=1");
  const std::string loses = timed("hiddenfront:move-seconds=1,timeout-passes-turn=no");
  EXPECT_EQ(newGame("random").body["clock"]["moveSeconds"], 30);  // the preset's own clock
  EXPECT_TRUE(post("/api/games", nlohmann::json{{"rules", "worldatplay"}, {"agent", "random"}, {"layout", kLayout}})
                  .body["clock"].is_null());  // an untimed preset
  std::this_thread::sleep_for(std::chrono::milliseconds(1200));

  const Answer late = post("/api/games/" + passes + "/move", nlohmann::json{{"move", "A4-A5"}});
  EXPECT_EQ(late.status, 409);
  EXPECT_NE(late.raw.find("ran out: the turn passed"), std::string::npos) << late.raw;
  const Answer passed = get("/api/games/" + passes);
  EXPECT_TRUE(passed.body["outcome"].is_null()) << passed.raw;
  EXPECT_EQ(passed.body["clock"]["timeouts"], 1);
  EXPECT_EQ(passed.body["events"][0]["text"], "red ran out of time");

  const Answer lost = get("/api/games/" + loses);
  ASSERT_FALSE(lost.body["outcome"].is_null()) << lost.raw;
  EXPECT_EQ(lost.body["outcome"]["winner"], "blue");
  EXPECT_EQ(lost.body["outcome"]["reason"], "timeout-forfeit");
  EXPECT_EQ(lost.body["events"][0]["text"], "red ran out of time");
  EXPECT_TRUE(lost.body["clock"]["secondsLeft"].is_null());
}

}  // namespace
}  // namespace junqi::webtest
