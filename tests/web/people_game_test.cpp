// People against people on one server: a game made with seats left for
// people, each reached by a seat token that the seat's join link gives; the
// game's id watches. No seat and no spectator is ever sent an identity it may
// not see; a seat gone quiet ends the game with its record kept; a forged,
// wrong or spent token is refused with one clear line.
#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <thread>

#include "core/classic/record.h"
#include "core/four/four_notation.h"
#include "core/four/four_observation.h"
#include "core/four/four_record.h"
#include "core/text.h"
#include "tests/web/server_fixture.h"

namespace junqi::webtest {
namespace {

using PeopleGames = ServerTest;

// Why a classic state sent to `viewer` ("red", "blue" or "spectator") shows
// what it may not see, empty when it does not: a type on a piece not the
// viewer's (a flag the rules showed aside), an event naming a piece's identity
// to a spectator, or the reveal before the end.
std::string peopleClassicLeak(const nlohmann::json& state) {
  if (!state.at("outcome").is_null()) return "";  // the end reveals, rightly
  if (state.contains("reveal")) return "the reveal before the end";
  const std::string viewer = state.at("seat");
  for (const auto& piece : state.at("pieces"))
    if (piece.contains("type") && piece["side"] != viewer && piece["type"] != "flag")
      return viewer + " is shown " + piece.dump();
  if (viewer == "spectator")  // a seat's events name its own pieces ("your general"); a spectator's none
    for (const auto& event : state.at("events"))
      if (event.at("text").get<std::string>().find("your ") != std::string::npos)
        return "the spectator is told " + event.dump();
  return "";
}

// The same for four-player: a type of an army the viewer's visibility hides
// (a spectator sees no army), or the record before the end.
std::string peopleFourLeak(const nlohmann::json& state, Visibility visibility) {
  if (!state.at("outcome").is_null()) return "";
  if (state.contains("record")) return "the layouts before the end";
  const std::string viewer = state.at("seat");
  for (const auto& piece : state.at("pieces")) {
    if (!piece.contains("type") || piece["type"] == "flag") continue;
    if (viewer == "spectator" ||
        !seesArmy(parseArmyName(viewer), parseArmyName(piece.at("army").get<std::string>()), visibility))
      return viewer + " is shown " + piece.dump();
  }
  if (viewer != "spectator") return "";
  for (const auto& move : state.at("history")) {  // a battle's identities, "?x?" when unseen
    const std::string text = move.get<std::string>();  // words() views it
    for (const std::string_view word : words(text))
      if (word.size() == 3 && word[1] == 'x' && word != "?x?") return "the spectator is told the battle " + text;
  }
  return "";
}

// Creates a game of people; its answer (the owner's state, token and invites).
nlohmann::json createPeopleGame(ServerTest::Answer answer) {
  EXPECT_EQ(answer.status, 201) << answer.raw;
  EXPECT_TRUE(answer.body.contains("seatToken")) << answer.raw;
  return answer.body;
}

// Plays the seats (token -> its last state) in turn, each seat choosing a legal
// move by a stride, until the game ends; every state each viewer was sent,
// the spectator's polled as it goes.
struct PlayedGame {
  std::vector<nlohmann::json> sent;
  nlohmann::json last;
};
PlayedGame playPeopleToTheEnd(const std::function<ServerTest::Answer(const std::string&, const nlohmann::json*)>& call,
                              std::vector<std::string> tokens, const std::string& id) {
  PlayedGame played;
  for (int i = 0; i < 20000; ++i) {
    bool moved = false;
    for (const std::string& token : tokens) {
      const ServerTest::Answer seen = call("/api/seats/" + token, nullptr);
      EXPECT_EQ(seen.status, 200) << seen.raw;
      played.sent.push_back(seen.body);
      played.last = seen.body;
      if (!seen.body["outcome"].is_null()) return played;
      const auto& legal = seen.body["legal"];
      if (legal.empty()) continue;
      const nlohmann::json body = {{"move", legal[(i * 7) % legal.size()]}};
      const ServerTest::Answer after = call("/api/seats/" + token + "/move", &body);
      EXPECT_EQ(after.status, 200) << after.raw;
      played.sent.push_back(after.body);
      moved = true;
    }
    if (i % 10 == 0) played.sent.push_back(call("/api/games/" + id, nullptr).body);
    if (!moved) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  ADD_FAILURE() << "the game did not end";
  return played;
}

TEST_F(PeopleGames, TwoPeoplePlayAClassicGameToItsEnd) {
  const nlohmann::json created =
      createPeopleGame(post("/api/games", nlohmann::json{{"layout", kLayout}, {"seat", "red"}, {"people", {"blue"}}}));
  const std::string id = created["id"];
  ASSERT_EQ(created["invites"].size(), 1u);
  const std::string join = created["invites"][0]["join"];
  EXPECT_EQ(created["invites"][0]["seat"], "blue");
  EXPECT_EQ(created["invites"][0]["link"], "/?join=" + join);
  EXPECT_EQ(created["watch"], "/?watch=" + id);
  EXPECT_EQ(join.find(id), std::string::npos);
  const Answer joined = post("/api/join", nlohmann::json{{"join", join}});
  ASSERT_EQ(joined.status, 200) << joined.raw;
  EXPECT_EQ(joined.body["seat"], "blue");
  EXPECT_EQ(joined.body["players"]["blue"], "person");
  const auto call = [&](const std::string& path, const nlohmann::json* body) {
    return body ? post(path, *body) : get(path);
  };
  const PlayedGame played = playPeopleToTheEnd(call, {created["seatToken"], joined.body["seatToken"]}, id);
  ASSERT_FALSE(played.last["outcome"].is_null());
  EXPECT_GT(played.last["ply"].get<int>(), 20);
  int spectators = 0;
  for (const auto& state : played.sent) {
    EXPECT_EQ(peopleClassicLeak(state), "") << state.dump();
    spectators += state["seat"] == "spectator";
  }
  EXPECT_GT(spectators, 2);
  // The record is kept as a finished game's, the people named as people.
  const auto path = dir_ / "games" / ("game-" + id + ".jqr");
  ASSERT_TRUE(std::filesystem::exists(path));
  const GameRecord record = parseRecord(get("/api/games/" + id + "/record").raw);
  EXPECT_EQ(record.tag("red-player").value_or(""), "person");
  EXPECT_EQ(record.tag("blue-player").value_or(""), "person");
}

TEST_F(PeopleGames, FourPlayersTwoPeopleAndTwoAgents) {
  const nlohmann::json created = createPeopleGame(post(
      "/api/games", nlohmann::json{{"rules", "four-worldatplay:visibility=team"}, {"agent", "heuristic"},
                                   {"seat", "south"}, {"people", {"east"}}}));
  const std::string id = created["id"];
  EXPECT_EQ(created["players"], (nlohmann::json{{"south", "person"}, {"east", "person"}, {"north", "heuristic"},
                                                {"west", "heuristic"}}));
  const Answer joined = post("/api/join", nlohmann::json{{"join", created["invites"][0]["join"]}});
  ASSERT_EQ(joined.status, 200) << joined.raw;
  EXPECT_EQ(joined.body["seat"], "east");
  const auto call = [&](const std::string& path, const nlohmann::json* body) {
    return body ? post(path, *body) : get(path);
  };
  const PlayedGame played = playPeopleToTheEnd(call, {created["seatToken"], joined.body["seatToken"]}, id);
  ASSERT_FALSE(played.last["outcome"].is_null());
  EXPECT_GT(played.last["ply"].get<int>(), 8) << "a game of some moves";
  std::map<std::string, int> viewers;
  for (const auto& state : played.sent) {
    EXPECT_EQ(peopleFourLeak(state, Visibility::Team), "") << state.dump();
    ++viewers[state["seat"]];
  }
  EXPECT_GT(viewers["south"], 5);
  EXPECT_GT(viewers["east"], 5);
  EXPECT_GT(viewers["spectator"], 1);
  ASSERT_TRUE(std::filesystem::exists(dir_ / "games" / ("game-" + id + ".jq4")));
  const FourGame replayed = replayFour(parseFourRecord(played.last["record"].get<std::string>()));
  EXPECT_EQ(std::string(terminationName(replayed.outcome().reason)), played.last["outcome"]["reason"]);
}

// The checks above can fail: each catches an identity put into a real answer.
TEST_F(PeopleGames, TheLeakChecksCatchAnInjectedIdentity) {
  const nlohmann::json created =
      createPeopleGame(post("/api/games", nlohmann::json{{"layout", kLayout}, {"people", {"blue"}}}));
  const nlohmann::json watched = get("/api/games/" + created["id"].get<std::string>()).body;
  ASSERT_EQ(watched["seat"], "spectator");
  ASSERT_EQ(peopleClassicLeak(watched), "");
  nlohmann::json injected = watched;
  injected["pieces"][0]["type"] = "marshal";
  EXPECT_NE(peopleClassicLeak(injected), "");
  injected = watched;
  injected["events"] = {{{"ply", 1}, {"side", "red"}, {"text", "red: your general B4-B5"}}};
  EXPECT_NE(peopleClassicLeak(injected), "");
  injected = created;
  for (auto& piece : injected["pieces"])
    if (piece["side"] == "blue") piece["type"] = "bomb";
  EXPECT_NE(peopleClassicLeak(injected), "");
  const nlohmann::json four = createPeopleGame(
      post("/api/games", nlohmann::json{{"rules", "four-worldatplay"}, {"agent", "heuristic"}, {"people", {"north"}}}));
  const nlohmann::json fourWatched = get("/api/games/" + four["id"].get<std::string>()).body;
  ASSERT_EQ(peopleFourLeak(fourWatched, Visibility::Own), "");
  injected = fourWatched;
  injected["pieces"][0]["type"] = "marshal";
  EXPECT_NE(peopleFourLeak(injected, Visibility::Own), "");
  injected = fourWatched;
  injected["history"] = {"east L7-K6 defender-removed ?xR"};
  EXPECT_NE(peopleFourLeak(injected, Visibility::Own), "");
}

TEST_F(PeopleGames, AStaleGameEndsAfterItsTimeoutWithItsRecordKept) {
  server::ServerOptions options = options_;
  options.seatTimeoutSeconds = 1;
  start(options);
  const nlohmann::json created =
      createPeopleGame(post("/api/games", nlohmann::json{{"layout", kLayout}, {"people", {"blue"}}}));
  const std::string id = created["id"], owner = created["seatToken"];
  ASSERT_EQ(post("/api/join", nlohmann::json{{"join", created["invites"][0]["join"]}}).status, 200);
  // Red keeps asking; blue, who joined, asks nothing more.
  nlohmann::json state = created;
  for (int i = 0; i < 40 && state["outcome"].is_null(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    state = get("/api/seats/" + owner).body;
  }
  ASSERT_FALSE(state["outcome"].is_null()) << "the game did not end after blue left";
  EXPECT_EQ(state["outcome"]["reason"], "forfeit");
  EXPECT_EQ(state["outcome"]["winner"], "red");
  EXPECT_NE(state["note"].get<std::string>().find("blue left"), std::string::npos) << state["note"];
  const auto path = dir_ / "games" / ("game-" + id + ".jqr");
  ASSERT_TRUE(std::filesystem::exists(path));
  EXPECT_NE(parseRecord(get("/api/games/" + id + "/record").raw).outcomeDetail.find("blue left"), std::string::npos);
  // A game where nobody asks at all ends too, at the server's next request.
  const nlohmann::json quiet =
      createPeopleGame(post("/api/games", nlohmann::json{{"layout", kLayout}, {"people", {"blue"}}}));
  std::this_thread::sleep_for(std::chrono::milliseconds(1300));
  EXPECT_EQ(get("/api/presets").status, 200);
  const Answer watched = get("/api/games/" + quiet["id"].get<std::string>());
  ASSERT_FALSE(watched.body["outcome"].is_null()) << watched.raw;
  EXPECT_TRUE(std::filesystem::exists(dir_ / "games" / ("game-" + quiet["id"].get<std::string>() + ".jqr")));
}

TEST_F(PeopleGames, AForgedOrWrongTokenIsRefusedWithAClearError) {
  const nlohmann::json created =
      createPeopleGame(post("/api/games", nlohmann::json{{"layout", kLayout}, {"people", {"blue"}}}));
  const std::string id = created["id"], join = created["invites"][0]["join"], owner = created["seatToken"];
  const std::string forged(32, 'a');
  Answer refused = get("/api/seats/" + forged);
  EXPECT_EQ(refused.status, 404);
  EXPECT_NE(refused.raw.find("no game has a seat for this token"), std::string::npos) << refused.raw;
  EXPECT_EQ(get("/api/seats/" + join).status, 404) << "a join token is no seat token";
  EXPECT_EQ(get("/api/seats/" + id).status, 400) << "the game's id is no seat token";
  refused = get("/api/seats/not-a-token");
  EXPECT_EQ(refused.status, 400);
  EXPECT_NE(refused.raw.find("32 hex digits"), std::string::npos) << refused.raw;
  refused = post("/api/join", nlohmann::json{{"join", forged}});
  EXPECT_EQ(refused.status, 404);
  EXPECT_NE(refused.raw.find("no game has a seat open for this link"), std::string::npos) << refused.raw;
  EXPECT_EQ(post("/api/join", nlohmann::json{{"join", owner}}).status, 404) << "the owner's token opens no seat";
  EXPECT_EQ(post("/api/join", nlohmann::json{{"join", "xyz"}}).status, 400);
  ASSERT_EQ(post("/api/join", nlohmann::json{{"join", join}}).status, 200);
  refused = post("/api/join", nlohmann::json{{"join", join}});
  EXPECT_EQ(refused.status, 409) << "a link lets in one person";
  EXPECT_NE(refused.raw.find("this seat was taken"), std::string::npos) << refused.raw;
  // The game's id watches and never acts.
  refused = post("/api/games/" + id + "/move", nlohmann::json{{"move", created["legal"][0]}});
  EXPECT_EQ(refused.status, 403);
  EXPECT_NE(refused.raw.find("act through your seat's link"), std::string::npos) << refused.raw;
  EXPECT_EQ(post("/api/games/" + id + "/resign", nlohmann::json::object()).status, 403);
  EXPECT_EQ(get("/api/games/" + id).body["legal"].size(), 0u);
  // The seat of the other person is not this one's to play.
  EXPECT_EQ(post("/api/seats/" + owner + "/move", nlohmann::json{{"move", "A1-A2"}}).status, 400);
  // Seats for people are checked as any field is.
  EXPECT_EQ(post("/api/games", nlohmann::json{{"layout", kLayout}, {"people", {"red"}}}).status, 400);
  EXPECT_EQ(post("/api/games", nlohmann::json{{"layout", kLayout}, {"people", {"green"}}}).status, 400);
  EXPECT_EQ(post("/api/games", nlohmann::json{{"layout", kLayout}, {"people", "blue"}}).status, 400);
}

}  // namespace
}  // namespace junqi::webtest
