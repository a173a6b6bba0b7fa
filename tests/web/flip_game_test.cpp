// Flip Junqi through the API: full games of both presets against an agent,
// the person's actions picked from the legal list the API sends; the record;
// and no state sent before the end carries a face-down piece's identity.
#include <string>

#include "core/flip/flip_record.h"
#include "tests/web/server_fixture.h"

namespace junqi::webtest {
namespace {

using FlipGameApi = ServerTest;

// Why a state sent to the person shows what nobody may see yet (empty when
// it does not): a face-down point with anything but its square, or the deal
// before the game is over.
std::string faceDownLeak(const nlohmann::json& state) {
  for (const auto& piece : state.at("board")) {
    if (!piece.value("hidden", false)) continue;
    for (const auto& [key, value] : piece.items())
      if (key != "square" && key != "hidden") return "the face-down " + piece.dump() + " shows '" + key + "'";
  }
  if (state.at("outcome").is_null() && (state.contains("reveal") || state.contains("deal")))
    return "the deal is shown before the end";
  return "";
}

nlohmann::json newFlipGame(ServerTest::Answer answer) {
  EXPECT_EQ(answer.status, 201) << answer.raw;
  return answer.body;
}

TEST_F(FlipGameApi, PlaysWholeGamesOfBothPresetsAndKeepsTheirRecords) {
  for (const char* rules : {"flip-worldatplay", "flip-kawu"}) {
    for (const char* seat : {"1", "2"}) {
      SCOPED_TRACE(std::string(rules) + " seat " + seat);
      sent_.clear();
      nlohmann::json state = newFlipGame(
          post("/api/games", nlohmann::json{{"rules", rules}, {"agent", "heuristic"}, {"seat", seat}}));
      EXPECT_EQ(state["game"], "flip");
      EXPECT_EQ(state["board"].size(), 50u);  // every piece dealt face down
      state = playRandomly(state, 2000);
      ASSERT_FALSE(state["outcome"].is_null()) << "the game did not end";
      ASSERT_TRUE(state.contains("reveal"));
      for (const std::string& raw : sent_) EXPECT_EQ(faceDownLeak(nlohmann::json::parse(raw)), "") << raw;

      // The record replays to the same end.
      const std::string id = state["id"];
      auto record = client_->Get("/api/games/" + id + "/record");
      ASSERT_TRUE(record);
      ASSERT_EQ(record->status, 200);
      EXPECT_NE(record->get_header_value("Content-Disposition").find(".jqf"), std::string::npos);
      const FlipGame replayed = replayFlip(parseFlipRecord(record->body));
      EXPECT_EQ(std::string(terminationName(replayed.outcome().reason)), state["outcome"]["reason"]);
      EXPECT_EQ(replayed.position().ply(), state["ply"]);
    }
  }
}

TEST_F(FlipGameApi, TheLeakCheckCatchesAnInjectedIdentity) {
  const nlohmann::json state =
      newFlipGame(post("/api/games", nlohmann::json{{"rules", "flip-kawu"}, {"agent", "heuristic"}}));
  ASSERT_EQ(faceDownLeak(state), "");
  nlohmann::json injected = state;
  injected["board"][0]["type"] = "Flag";
  EXPECT_NE(faceDownLeak(injected), "");
  injected = state;
  injected["reveal"] = nlohmann::json::array();
  EXPECT_NE(faceDownLeak(injected), "");
}

TEST_F(FlipGameApi, FlipsAPointAndRefusesWhatFlipJunqiHasNot) {
  nlohmann::json state = newFlipGame(post("/api/games", nlohmann::json{{"rules", "flip-worldatplay"}}));
  const std::string id = state["id"];
  EXPECT_EQ(state["legal"].size(), 50u);  // only flips before the colours are decided
  EXPECT_EQ(state["colours"]["1"], nullptr);
  const Answer flipped = post("/api/games/" + id + "/move", nlohmann::json{{"move", "A1"}});
  ASSERT_EQ(flipped.status, 200) << flipped.raw;
  EXPECT_EQ(flipped.body["history"][0]["action"], "A1");
  EXPECT_TRUE(flipped.body["history"][0].contains("revealed"));
  EXPECT_EQ(post("/api/games/" + id + "/move", nlohmann::json{{"move", "nowhere"}}).status, 400);
  EXPECT_EQ(post("/api/games/" + id + "/draw", nlohmann::json{{"answer", "offer"}}).status, 409);
  EXPECT_EQ(post("/api/games", nlohmann::json{{"rules", "flip-kawu"}, {"layout", kLayout}}).status, 400);
  EXPECT_EQ(post("/api/games", nlohmann::json{{"rules", "flip-kawu"}, {"seat", "red"}}).status, 400);
  EXPECT_EQ(post("/api/games", nlohmann::json{{"rules", "flip-kawu"}, {"agent", "tactical"}}).status, 400);
  EXPECT_EQ(post("/api/games", nlohmann::json{{"rules", "flip-nosuch"}}).status, 400);
  const Answer resigned = post("/api/games/" + id + "/resign", nlohmann::json::object());
  ASSERT_EQ(resigned.status, 200) << resigned.raw;
  EXPECT_EQ(resigned.body["outcome"]["winner"], "2");
}

}  // namespace
}  // namespace junqi::webtest
