// Every bad request is a 4xx answer with a one-line JSON message, never a crash.
#include <future>

#include "tests/web/server_fixture.h"

namespace junqi::webtest {
namespace {

using Validation = ServerTest;

// The status, and a message of one line that contains `words`.
void expectRefused(const ServerTest::Answer& answer, int status, const std::string& words) {
  EXPECT_EQ(answer.status, status) << answer.raw;
  ASSERT_TRUE(answer.body.is_object()) << answer.raw;
  const std::string message = answer.body.value("error", "");
  EXPECT_NE(message.find(words), std::string::npos) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos);
}

TEST_F(Validation, RefusesBadJson) {
  expectRefused(post("/api/games", std::string("{\"agent\": ")), 400, "not valid JSON");
  expectRefused(post("/api/games", std::string("[1, 2]")), 400, "must be a JSON object");
  expectRefused(post("/api/games", nlohmann::json{{"agent", 5}, {"layout", kLayout}}), 400, "'agent' must be a string");
}

TEST_F(Validation, RefusesAnUnknownPresetOrAgentOrABrokenLayout) {
  expectRefused(post("/api/games", nlohmann::json{{"rules", "nosuch"}, {"layout", kLayout}}), 400, "nosuch");
  expectRefused(newGame("nosuchagent"), 400, "unknown agent 'nosuchagent': this server offers random, heuristic");
  expectRefused(post("/api/games", nlohmann::json{{"layout", "IPDEC/G.J.R/DM.BC/R.B.I/CLEJP/LELPF"}}), 400, "flag");
  expectRefused(post("/api/games", nlohmann::json{{"layout", "XX"}}), 400, "");
  expectRefused(newGame("random", "green"), 400, "'seat' must be red or blue");
}

TEST_F(Validation, RefusesAnIllegalMoveWithTheRulesReason) {
  const std::string id = newGame("random").body["id"];
  expectRefused(post("/api/games/" + id + "/move", nlohmann::json{{"move", "A2-A3"}}), 400, "own piece");
  expectRefused(post("/api/games/" + id + "/move", nlohmann::json{{"move", "Z9-A1"}}), 400, "not a move");
  expectRefused(post("/api/games/" + id + "/move", nlohmann::json::object()), 400, "not a move");
  EXPECT_EQ(get("/api/games/" + id).body["ply"], 0);  // nothing changed
}

TEST_F(Validation, RefusesAMoveWhenItIsNotThePersonsTurn) {
  const Answer created = newGame("slow1500", "blue");  // red, the agent, thinks first
  ASSERT_EQ(created.status, 201) << created.raw;
  EXPECT_TRUE(created.body["thinking"]);
  EXPECT_TRUE(created.body["legal"].empty());
  expectRefused(post("/api/games/" + created.body["id"].get<std::string>() + "/move",
                     nlohmann::json{{"move", "B11-B10"}}),
                409, "it is not your turn");
}

TEST_F(Validation, RefusesASecondMoveAtOnce) {
  const Answer created = newGame("slow500");
  const std::string id = created.body["id"], move = created.body["legal"][0];
  auto first = std::async(std::launch::async, [&] { return post("/api/games/" + id + "/move", nlohmann::json{{"move", move}}); });
  auto second = std::async(std::launch::async, [&] { return post("/api/games/" + id + "/move", nlohmann::json{{"move", move}}); });
  const int a = first.get().status, b = second.get().status;
  EXPECT_EQ(std::min(a, b), 200);
  EXPECT_EQ(std::max(a, b), 409);
  EXPECT_EQ(get("/api/games/" + id).body["events"].size(), 1u);  // one move, the agent still thinking
}

TEST_F(Validation, RefusesWhatIsNotThereOrNotYet) {
  expectRefused(get("/api/games/0123456789abcdef"), 404, "no game");
  expectRefused(get("/api/nothing"), 404, "no such page");
  const std::string id = newGame("random").body["id"];
  expectRefused(get("/api/games/" + id + "/record"), 409, "once the game is over");
  post("/api/games/" + id + "/resign", nlohmann::json::object());
  expectRefused(post("/api/games/" + id + "/move", nlohmann::json{{"move", "A4-A5"}}), 409, "the game is over");
  expectRefused(post("/api/games/" + id + "/resign", nlohmann::json::object()), 409, "the game is over");
}

TEST_F(Validation, RefusesABodyPastTheCap) {
  const std::string big = nlohmann::json{{"text", std::string(options_.limits.maxBody, 'x')}}.dump();
  expectRefused(post("/api/records", big), 413, "too long");
  EXPECT_EQ(get("/api/presets").status, 200);  // and serves on
}

TEST_F(Validation, CapsTheGamesItHolds) {
  server::ServerOptions options = options_;
  options.maxGames = 2;
  start(options);
  const Answer one = newGame("random"), two = newGame("random");
  ASSERT_EQ(two.status, 201);
  expectRefused(newGame("random"), 503, "2 games, all still going");
  post("/api/games/" + one.body["id"].get<std::string>() + "/resign", nlohmann::json::object());
  EXPECT_EQ(newGame("random").status, 201);  // the finished game made room
  expectRefused(get("/api/games/" + one.body["id"].get<std::string>()), 404, "no game");
}

}  // namespace
}  // namespace junqi::webtest
