// Records of every game in the viewer (issue 39): a Flip Junqi record (.jqf)
// and a four-player record (.jq4) open, step and show each seat only what it
// saw, the referee everything; bad records are refused in one line; the
// folders, the match watcher and the server's limits take the new records.
#include <algorithm>
#include <filesystem>
#include <fstream>

#include "core/classic/auto_layout.h"
#include "core/files.h"
#include "core/flip/flip_record.h"
#include "core/four/four_movegen.h"
#include "core/four/four_notation.h"
#include "core/four/four_observation.h"
#include "core/four/four_record.h"
#include "server/server_limits.h"
#include "tests/web/server_fixture.h"

namespace junqi::webtest {
namespace {

using GameRecords = ServerTest;

// A random Flip Junqi game of up to `actions` actions (over or not).
FlipGame randomFlipGame(int actions, std::uint64_t seed) {
  static const FlipRuleset rules = FlipRuleset::kawu();
  Rng rng(seed);
  FlipGame game(rules, randomFlipDeal(rng));
  MoveList moves;
  for (int i = 0; i < actions && !game.isOver(); ++i) {
    generateFlipActions(game.position(), moves);
    game.apply(Action::makeMove(game.position().toMove(), moves[static_cast<int>(rng.below(moves.size()))]));
  }
  return game;
}

std::string flipRecordText(const FlipGame& game) {
  return formatFlipRecord(flipRecordOf(game, {{"seat1-player", "a"}, {"seat2-player", "b"}}));
}

// A random four-player game of up to `moves` moves under `rules`.
FourGame randomFourGame(const std::string& rules, int moves, std::uint64_t seed) {
  const FourRuleset ruleset = FourRuleset::parse(rules);
  Rng rng(seed);
  std::array<Layout, kArmies> layouts;
  for (Layout& layout : layouts) layout = styledLayout(LayoutStyle::Balanced, ruleset.army, rng);
  FourGame game(ruleset, layouts);
  MoveList legal;
  for (int i = 0; i < moves && !game.isOver(); ++i) {
    generateFourMoves(game.position(), legal);
    game.play(legal[static_cast<int>(rng.below(legal.size()))]);
  }
  return game;
}

std::string fourRecordText(const FourGame& game) {
  return formatFourRecord(fourRecordOf(game, {{"south", "random"}, {"east", "random"}}));
}

// The name the store gave a record, after checking it opened.
std::string opened(ServerTest::Answer answer) {
  EXPECT_EQ(answer.status, 201) << answer.raw;
  return answer.body.value("name", "");
}

TEST_F(GameRecords, OpensAFlipRecordAndStepsThroughIt) {
  const FlipGame game = randomFlipGame(60, 11);
  const Answer open = post("/api/records", nlohmann::json{{"text", flipRecordText(game)}});
  const std::string name = opened(open);
  EXPECT_EQ(open.body["game"], "flip");
  EXPECT_EQ(open.body["seats"], nlohmann::json::array({"1", "2"}));
  EXPECT_EQ(open.body["steps"], static_cast<int>(game.history().size()));
  const Answer start = get("/api/records/" + name + "?step=0&seat=1");
  ASSERT_EQ(start.status, 200) << start.raw;
  EXPECT_EQ(start.body["game"], "flip");
  EXPECT_EQ(start.body["board"].size(), 50u);  // every point but the camps, face down
  for (const auto& piece : start.body["board"]) EXPECT_EQ(piece.value("hidden", false), true) << piece;
  EXPECT_EQ(start.body["tags"]["seat1-player"], "a");
  const Answer end = get("/api/records/" + name + "?step=9999&seat=2");  // past the end: the end
  ASSERT_EQ(end.status, 200) << end.raw;
  EXPECT_EQ(end.body["step"], static_cast<int>(game.history().size()));
  EXPECT_EQ(end.body["actions"].size(), game.history().size());
  EXPECT_EQ(end.body["board"].size(), static_cast<std::size_t>(popcount(game.position().occupied())));
  const Answer referee = get("/api/records/" + name + "?step=0");
  EXPECT_EQ(referee.body["seat"], "all");
  EXPECT_EQ(referee.body["deal"].size(), 50u);  // the referee knows every face-down piece
}

// The deal of a game with the identities under the points still face down at its end swapped round.
FlipDeal redealtFaceDown(const FlipGame& game) {
  std::vector<Square> points;
  for (Square s{}; s < kSquares; ++s)
    if (game.position().isFaceDown(s)) points.push_back(s);
  FlipDeal deal = game.deal();
  std::rotate(points.begin(), points.begin() + 1, points.end());  // each point gets the next one's piece
  for (std::size_t i = 0; i < points.size(); ++i) deal.under[points[i]] = game.deal().under[points[(i + 1) % points.size()]];
  return deal;
}

// What a seat sees of a Flip Junqi record is the same whatever lies under the
// points still face down; the referee's view tells the two deals apart,
// which shows that the comparison would catch a face-down piece shown.
TEST_F(GameRecords, AFlipSeatsViewIsTheSameWhateverLiesFaceDown) {
  const FlipGame game = randomFlipGame(40, 12);
  ASSERT_FALSE(game.isOver());
  FlipRecord other = flipRecordOf(game, {{"seat1-player", "a"}, {"seat2-player", "b"}});
  other.deal = redealtFaceDown(game);
  ASSERT_NE(other.deal, game.deal());
  const std::string a = opened(post("/api/records", nlohmann::json{{"text", flipRecordText(game)}}));
  const std::string b = opened(post("/api/records", nlohmann::json{{"text", formatFlipRecord(other)}}));
  const auto view = [&](const std::string& name, int step, const std::string& seat) {
    const Answer answer = get("/api/records/" + name + "?step=" + std::to_string(step) + "&seat=" + seat);
    EXPECT_EQ(answer.status, 200) << answer.raw;
    return answer.raw;
  };
  for (const int step : {0, 1, 10, 40})
    for (const std::string seat : {"1", "2"}) {
      EXPECT_EQ(view(a, step, seat), view(b, step, seat)) << "step " << step << ", seat " << seat;
      const nlohmann::json seen = nlohmann::json::parse(view(a, step, seat));
      EXPECT_FALSE(seen.contains("deal"));
      for (const auto& piece : seen["board"])
        if (piece.value("hidden", false)) {
          EXPECT_EQ(piece.size(), 2u) << piece;  // the point alone
        }
    }
  EXPECT_NE(view(a, 40, "all"), view(b, 40, "all"));
}

// Why a four-player view shows `seat` what it may not see (empty when it
// does not): a type on a piece of an army it does not see (a flag its
// marshal's fall showed aside), or an identity in a move it was told.
std::string fourLeak(const nlohmann::json& view, const FourRecord& record, int seat) {
  const Visibility v = record.rules.visibility;
  FourRecord prefix = record;
  if (const auto step = view["step"].get<std::size_t>(); step < record.moves.size()) {
    prefix.moves.resize(step);
    prefix.outcome = {};
  }
  const FourGame game = replayFour(prefix);
  for (const auto& piece : view["pieces"]) {
    const int army = parseArmyName(piece["army"].get<std::string>());
    const bool shownFlag = game.position().flagShown(army) && piece.value("type", "") == "flag";
    if (piece.contains("type") && !seesArmy(seat, army, v) && !shownFlag) return "the seat is shown " + piece.dump();
  }
  FourGame whole(record.rules, record.layouts);
  for (std::size_t i = 0; i < record.moves.size(); ++i) {
    const Move m = record.moves[i];
    const int mover = whole.position().toMove();
    const int defender = whole.position().isEmpty(m.to) ? -1 : whole.position().armyAt(m.to);
    whole.play(m);
    const FourPublicMove told = parseFourPublicMove(view["actions"][i].get<std::string>());
    if ((told.attackerType && !seesArmy(seat, mover, v)) || (told.defenderType && !seesArmy(seat, defender, v)))
      return "the seat is told " + view["actions"][i].get<std::string>();
  }
  return "";
}

TEST_F(GameRecords, OpensAFourPlayerRecordFromEverySeatInEachVisibility) {
  for (const std::string rules : {"four-worldatplay", "four-worldatplay:visibility=team",
                                  "four-worldatplay:visibility=all"}) {
    SCOPED_TRACE(rules);
    const FourGame game = randomFourGame(rules, 400, 21);
    const FourRecord record = fourRecordOf(game, {{"south", "random"}, {"east", "random"}});
    const Answer open = post("/api/records", nlohmann::json{{"text", formatFourRecord(record)}});
    const std::string name = opened(open);
    EXPECT_EQ(open.body["game"], "four");
    EXPECT_EQ(open.body["seats"], nlohmann::json::array({"south", "east", "north", "west"}));
    EXPECT_EQ(open.body["steps"], static_cast<int>(record.moves.size()));
    for (const int step : {0, 100, 9999})
      for (int seat = 0; seat < kArmies; ++seat) {
        const Answer view = get("/api/records/" + name + "?step=" + std::to_string(step) + "&seat=" +
                                std::string(armyName(seat)));
        ASSERT_EQ(view.status, 200) << view.raw;
        EXPECT_EQ(view.body["game"], "four");
        EXPECT_EQ(view.body["visibility"], std::string(visibilityName(record.rules.visibility)));
        EXPECT_EQ(view.body["actions"].size(), record.moves.size());
        EXPECT_EQ(fourLeak(view.body, record, seat), "") << "step " << step << ", " << armyName(seat);
      }
    const Answer end = get("/api/records/" + name + "?step=9999&seat=all");
    EXPECT_EQ(end.body["step"], static_cast<int>(record.moves.size()));
    for (const auto& piece : end.body["pieces"]) EXPECT_TRUE(piece.contains("type")) << piece;
  }
}

// The leak check on the referee's view of the same record finds the
// identities a seat may not see: the check can fail.
TEST_F(GameRecords, TheFourPlayerLeakCheckCatchesTheRefereesView) {
  const FourGame game = randomFourGame("four-worldatplay", 400, 21);
  const FourRecord record = fourRecordOf(game);
  const std::string name = opened(post("/api/records", nlohmann::json{{"text", formatFourRecord(record)}}));
  const Answer referee = get("/api/records/" + name + "?step=100&seat=all");
  ASSERT_EQ(referee.status, 200) << referee.raw;
  EXPECT_NE(fourLeak(referee.body, record, 0), "");
  nlohmann::json piecesOnly = referee.body;  // the board alone, with every move as south was told it
  piecesOnly["actions"] = get("/api/records/" + name + "?step=100&seat=south").body["actions"];
  EXPECT_NE(fourLeak(piecesOnly, record, 0), "");
  nlohmann::json movesOnly = get("/api/records/" + name + "?step=100&seat=south").body;
  movesOnly["actions"] = referee.body["actions"];  // south's board, with every move as the referee knew it
  EXPECT_NE(fourLeak(movesOnly, record, 0), "");
}

TEST_F(GameRecords, RefusesBadRecordsAndSeatsInOneLine) {
  const FlipGame flip = randomFlipGame(10, 13);
  FlipRecord illegal = flipRecordOf(flip);
  illegal.actions.push_back(Action::makeMove(Seat::Red, Move{Square(0), Square(59)}));
  const auto refusal = [&](const std::string& text, const std::string& says) {
    const Answer answer = post("/api/records", nlohmann::json{{"text", text}});
    EXPECT_EQ(answer.status, 400) << answer.raw;
    const std::string error = answer.body.value("error", "");
    EXPECT_NE(error.find(says), std::string::npos) << error;
    EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  };
  refusal(formatFlipRecord(illegal), "a Flip Junqi record: line");
  refusal("# junqi flip record\nvariant flip\nruleset flip-kawu\n", "a Flip Junqi record: a flip record needs its 'deal' line");
  refusal("variant four\nruleset four-worldatplay\n", "a four-player record: a four-player record needs a 'layout south' line");
  std::string four = fourRecordText(randomFourGame("four-worldatplay", 20, 22));
  refusal(four + "move A1-A2\n", "a four-player record: line");
  refusal(four + "result south-north flag-captured\n", "a four-player record: the record's result");
  refusal("junqi-record 1\nnonsense\n", "record line 2");

  const std::string flipName = opened(post("/api/records", nlohmann::json{{"text", flipRecordText(flip)}}));
  const std::string fourName = opened(post("/api/records", nlohmann::json{{"text", four}}));
  const Answer red = get("/api/records/" + flipName + "?seat=red");
  EXPECT_EQ(red.status, 400);
  EXPECT_EQ(red.body["error"], "'seat' of a flip record must be 1, 2 or all, not 'red'");
  const Answer one = get("/api/records/" + fourName + "?seat=1");
  EXPECT_EQ(one.status, 400);
  EXPECT_EQ(one.body["error"], "'seat' of a four record must be south, east, north, west or all, not '1'");
  EXPECT_EQ(get("/api/records/" + fourName + "?step=x").status, 400);
}

// A record of every game opens from the folders by a plain name of at most
// 255 characters; every other name is refused before the disk is read; a
// body past the cap is refused whatever the game.
TEST_F(GameRecords, TheServerLimitsHoldForEveryGame) {
  const std::string flip = flipRecordText(randomFlipGame(10, 14));
  const std::string four = fourRecordText(randomFourGame("four-worldatplay", 10, 23));
  for (const std::string& name : {std::string("a.jqf"), std::string(251, 'f') + ".jqf"})
    std::ofstream((dir_ / "records" / name).string()) << flip;
  for (const std::string& name : {std::string("b.jq4"), std::string(251, 'g') + ".jq4"})
    std::ofstream((dir_ / "records" / name).string()) << four;
  EXPECT_EQ(get("/api/records").body["records"].size(), 4u);
  for (const std::string& name : {std::string("a.jqf"), std::string(251, 'f') + ".jqf", std::string("b.jq4"),
                                  std::string(251, 'g') + ".jq4"})
    EXPECT_EQ(post("/api/records", nlohmann::json{{"folder", "records"}, {"file", name}}).status, 201) << name;
  for (const std::string& bad : {std::string(252, 'f') + ".jqf", std::string(30000, 'g') + ".jq4", std::string(".a.jqf"),
                                 std::string("../records/b.jq4"), std::string("a.jq5"), std::string("a.jqf.txt"),
                                 std::string("a.JQF")}) {
    const Answer answer = post("/api/records", nlohmann::json{{"folder", "records"}, {"file", bad}});
    EXPECT_EQ(answer.status, 400) << bad.substr(0, 40) << ": " << answer.raw.substr(0, 200);
  }
  const std::size_t cap = options_.limits.maxBody;
  std::string padded = four;
  while (padded.size() <= cap) padded += "# a comment to fill the body past the cap\n";
  EXPECT_EQ(post("/api/records", nlohmann::json{{"text", padded}}).status, 413);
  std::string paddedFlip = flip;
  while (paddedFlip.size() <= cap) paddedFlip += "# a comment to fill the body past the cap\n";
  EXPECT_EQ(post("/api/records", nlohmann::json{{"text", paddedFlip}}).status, 413);
}

// A Flip Junqi or four-player match (`junqi match --live`) writes its games
// as .jqf or .jq4 in games/ and, while they go on, in live/: the watcher
// lists and opens them, with a four-player match's team table.
TEST_F(GameRecords, WatchesFlipAndFourPlayerMatches) {
  const FlipGame flipGame = randomFlipGame(400, 15);
  const FourGame fourGame = randomFourGame("four-worldatplay", 30, 24);
  ASSERT_FALSE(fourGame.isOver());
  writeFileAtomically((dir_ / "match" / "games" / "game-00000.jqf").string(), flipRecordText(flipGame));
  std::filesystem::create_directories(dir_ / "match" / "live");
  writeFileAtomically((dir_ / "match" / "live" / "game-00001.jq4").string(), fourRecordText(fourGame));
  writeFileAtomically((dir_ / "match" / "team-ratings.txt").string(), "team  elo\n");
  const Answer match = get("/api/match");
  ASSERT_EQ(match.status, 200) << match.raw;
  EXPECT_EQ(match.body["games"], nlohmann::json::array({"game-00000.jqf"}));
  EXPECT_EQ(match.body["live"], nlohmann::json::array({"game-00001.jq4"}));
  EXPECT_EQ(match.body["teamTable"], "team  elo\n");
  const Answer finished = post("/api/records", nlohmann::json{{"folder", "match"}, {"file", "game-00000.jqf"}});
  EXPECT_EQ(finished.body["game"], "flip");
  const Answer live = post("/api/records", nlohmann::json{{"folder", "live"}, {"file", "game-00001.jq4"}});
  EXPECT_EQ(live.body["game"], "four");
  EXPECT_EQ(live.body["steps"], 30);
  const Answer view = get("/api/records/" + opened(live) + "?step=30&seat=north");
  EXPECT_TRUE(view.body["outcome"].is_null()) << view.raw;
}

}  // namespace
}  // namespace junqi::webtest
