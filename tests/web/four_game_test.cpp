// Four-player Junqi through the API: whole games against three agents in
// each visibility mode, the person's moves picked from the legal list the API
// sends; no state sent before the end names an identity the seat may not see.
#include <string>

#include "core/four/four_notation.h"
#include "core/four/four_observation.h"
#include "core/four/four_record.h"
#include "tests/web/server_fixture.h"

namespace junqi::webtest {
namespace {

using FourGameApi = ServerTest;

// Why a state sent to `seat` shows what it may not see (empty when it does
// not): a piece's type of an army the visibility hides (a shown flag aside),
// or the record (every layout) before the end.
std::string hiddenIdentityLeak(const nlohmann::json& state, Visibility visibility) {
  const int seat = parseArmyName(state.at("seat").get<std::string>());
  for (const auto& piece : state.at("pieces")) {
    if (!piece.contains("type") || piece["type"] == "flag") continue;
    if (!seesArmy(seat, parseArmyName(piece.at("army").get<std::string>()), visibility))
      return "the seat is shown " + piece.dump();
  }
  if (state.at("outcome").is_null() && state.contains("record")) return "the layouts are shown before the end";
  return "";
}

// Plays the person's moves (the i-th legal move by a stride) until the end; every state sent.
std::vector<nlohmann::json> playToTheEnd(ServerTest& test, nlohmann::json state,
                                         const std::function<ServerTest::Answer(const std::string&,
                                                                                const nlohmann::json*)>& call) {
  std::vector<nlohmann::json> sent{state};
  const std::string id = state["id"];
  for (int i = 0; i < 5000 && state["outcome"].is_null(); ++i) {
    if (state["legal"].empty()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      state = call("/api/games/" + id, nullptr).body;
    } else {
      const nlohmann::json body = {{"move", state["legal"][(i * 7) % state["legal"].size()]}};
      const ServerTest::Answer moved = call("/api/games/" + id + "/move", &body);
      EXPECT_EQ(moved.status, 200) << moved.raw;
      state = moved.body;
    }
    sent.push_back(state);
  }
  (void)test;
  return sent;
}

TEST_F(FourGameApi, PlaysWholeGamesInEachVisibilityAndShowsTheSeatOnlyWhatItSees) {
  const std::pair<const char*, Visibility> modes[] = {{"four-worldatplay", Visibility::Own},
                                                      {"four-worldatplay:visibility=team", Visibility::Team},
                                                      {"four-worldatplay:visibility=all", Visibility::All}};
  const char* seats[] = {"south", "east", "west"};
  int n = 0;
  for (const auto& [rules, visibility] : modes) {
    SCOPED_TRACE(rules);
    const Answer created =
        post("/api/games", nlohmann::json{{"rules", rules}, {"agent", "heuristic"}, {"seat", seats[n++]}});
    ASSERT_EQ(created.status, 201) << created.raw;
    EXPECT_EQ(created.body["game"], "four");
    const auto sent = playToTheEnd(*this, created.body, [&](const std::string& path, const nlohmann::json* body) {
      return body ? post(path, *body) : get(path);
    });
    const nlohmann::json& last = sent.back();
    ASSERT_FALSE(last["outcome"].is_null()) << "the game did not end";
    EXPECT_GT(last["ply"].get<int>(), 8) << "a game of some moves";
    for (const auto& state : sent) EXPECT_EQ(hiddenIdentityLeak(state, visibility), "") << state.dump();
    const FourGame replayed = replayFour(parseFourRecord(last["record"].get<std::string>()));
    EXPECT_EQ(std::string(terminationName(replayed.outcome().reason)), last["outcome"]["reason"]);
  }
}

TEST_F(FourGameApi, DrawsTheCrossBoardFromItsGeometry) {
  const Answer board = get("/api/board?rules=four-worldatplay");
  ASSERT_EQ(board.status, 200) << board.raw;
  EXPECT_EQ(board.body["points"].size(), 129u);
  EXPECT_FALSE(board.body["railways"].empty());
  EXPECT_FALSE(board.body["camps"].empty());
}

TEST_F(FourGameApi, TheLeakCheckCatchesAnInjectedIdentity) {
  const Answer created = post("/api/games", nlohmann::json{{"rules", "four-worldatplay"}, {"agent", "heuristic"}});
  ASSERT_EQ(created.status, 201) << created.raw;
  const nlohmann::json& state = created.body;
  ASSERT_EQ(hiddenIdentityLeak(state, Visibility::Own), "");
  nlohmann::json injected = state;
  for (auto& piece : injected["pieces"])
    if (piece["army"] == "east") piece["type"] = "marshal";
  EXPECT_NE(hiddenIdentityLeak(injected, Visibility::Own), "");
  injected = state;
  injected["record"] = "junqi-four-record";
  EXPECT_NE(hiddenIdentityLeak(injected, Visibility::Own), "");
  EXPECT_EQ(post("/api/games", nlohmann::json{{"rules", "four-worldatplay"}, {"seat", "red"}}).status, 400);
  EXPECT_EQ(post("/api/games/" + state["id"].get<std::string>() + "/draw", nlohmann::json::object()).status, 409);
}

}  // namespace
}  // namespace junqi::webtest
