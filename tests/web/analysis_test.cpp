// The analysis view (issue 39 item 6, docs/web.md, "The analysis view"): for a seat at a
// step of a record of each game, its exact beliefs and an agent's top moves;
// the answer depends on the seat's view alone; bad requests are 400; the
// search is cut to the analysis budget and one analysis runs at a time; and
// the same for a person's own seat of a game in play (LiveAnalysis).
#include <cmath>
#include <functional>
#include <set>
#include <thread>

#include "core/classic/auto_layout.h"
#include "core/classic/movegen.h"
#include "core/classic/record.h"
#include "core/flip/flip_movegen.h"
#include "core/flip/flip_record.h"
#include "core/four/cross_board.h"
#include "core/four/four_beliefs.h"
#include "core/four/four_notation.h"
#include "core/four/four_movegen.h"
#include "core/four/four_record.h"
#include "server/analysis/analysis.h"
#include "tests/support/permuted_world.h"
#include "tests/web/server_fixture.h"

namespace junqi::webtest {
namespace {

class Analysis : public ServerTest {
 protected:
  void SetUp() override {
    ServerTest::SetUp();
    server::ServerOptions options = options_;
    options.agents.push_back("ismcts=ismcts:sims=300");
    options.agents.push_back("huge=ismcts:sims=100000,threads=4");
    start(options);
  }
  // Opens the record's text; its name in the store.
  std::string openText(const std::string& text) {
    const Answer open = post("/api/records", nlohmann::json{{"text", text}});
    EXPECT_EQ(open.status, 201) << open.raw;
    return open.body.value("name", "");
  }
  Answer analyse(const std::string& record, int step, const std::string& seat, const std::string& agent) {
    return post("/api/analysis", nlohmann::json{{"record", record}, {"step", step}, {"seat", seat}, {"agent", agent}});
  }
};

// A classic game of `plies` random moves from two layouts.
Game analysisClassicGame(int plies, std::uint64_t seed) {
  const Ruleset ruleset;
  Rng rng(seed);
  Game game(ruleset, styledLayout(LayoutStyle::Balanced, ruleset, rng), styledLayout(LayoutStyle::Random, ruleset, rng));
  MoveList moves;
  for (int i = 0; i < plies && !game.isOver(); ++i) {
    generateMoves(game.position(), moves);
    game.apply(Action::makeMove(game.position().sideToMove(), moves[static_cast<int>(rng.below(moves.size()))]));
  }
  return game;
}

FlipGame analysisFlipGame(int actions, std::uint64_t seed) {
  Rng rng(seed);
  FlipGame game(FlipRuleset::kawu(), randomFlipDeal(rng));
  MoveList moves;
  for (int i = 0; i < actions && !game.isOver(); ++i) {
    generateFlipActions(game.position(), moves);
    game.apply(Action::makeMove(game.position().toMove(), moves[static_cast<int>(rng.below(moves.size()))]));
  }
  return game;
}

FourGame analysisFourGame(int moves, std::uint64_t seed) {
  const FourRuleset ruleset = FourRuleset::parse("four-worldatplay");
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

// Every piece's beliefs sum to 1; `exact(piece)` gives the numbers they must equal.
void expectExactBeliefs(const nlohmann::json& answer, const std::function<nlohmann::json(const nlohmann::json&)>& exact) {
  ASSERT_TRUE(answer.contains("beliefs")) << answer;
  ASSERT_FALSE(answer["beliefs"].empty());
  for (const auto& piece : answer["beliefs"]) {
    double sum = 0;
    for (const auto& [symbol, p] : piece["beliefs"].items()) sum += p.get<double>();
    EXPECT_NEAR(sum, 1.0, 1e-9) << piece;
    EXPECT_EQ(piece["beliefs"], exact(piece)) << piece;
  }
}

nlohmann::json symbolsOf(const IdentityMarginals& marginals) {
  nlohmann::json out = nlohmann::json::object();
  for (int t = 0; t < kPieceTypes; ++t)
    if (marginals[t] > 0) out[std::string(1, typeSymbol(typeFromIndex(t)))] = marginals[t];
  return out;
}

// Top moves: legal shares, most visited first, summing to at most 1.
void expectTopMoves(const nlohmann::json& answer, long long maxSims) {
  ASSERT_FALSE(answer["moves"].empty()) << answer;
  double sum = 0, last = 1;
  for (const auto& m : answer["moves"]) {
    EXPECT_LE(m["share"].get<double>(), last + 1e-12);
    last = m["share"];
    sum += last;
  }
  EXPECT_LE(sum, 1 + 1e-9);
  EXPECT_GT(answer["simulations"].get<long long>(), 0);
  EXPECT_LE(answer["simulations"].get<long long>(), maxSims);
  EXPECT_EQ(answer["choice"], answer["moves"][0]["move"]);
}

TEST_F(Analysis, ClassicBeliefsAreTheSeatsExactOnesAndTheSearchGivesTopMoves) {
  const Game game = analysisClassicGame(40, 3);
  const std::string name = openText(formatRecord(recordOf(game)));
  const Answer a = analyse(name, 40, "red", "ismcts");  // red moves at even steps
  ASSERT_EQ(a.status, 200) << a.raw;
  EXPECT_EQ(a.body["game"], "classic");
  EXPECT_EQ(a.body["toMove"], "red");
  const InfoState view = InfoState::of(game, Seat::Red);
  expectExactBeliefs(a.body, [&](const nlohmann::json& piece) {
    return symbolsOf(view.marginals()[piece["id"].get<int>() - kMaxPiecesPerSide]);
  });
  EXPECT_EQ(a.body["beliefs"].size(), static_cast<std::size_t>(popcount(game.position().occupied(Seat::Blue))));
  expectTopMoves(a.body, 300);
  // Blue is not to move: its beliefs, and no moves.
  const Answer b = analyse(name, 40, "blue", "ismcts");
  ASSERT_EQ(b.status, 200) << b.raw;
  EXPECT_TRUE(b.body["moves"].empty());
  EXPECT_FALSE(b.body["beliefs"].empty());
}

TEST_F(Analysis, FlipBeliefsAreThePoolsAndTheSearchGivesTopMoves) {
  const FlipGame game = analysisFlipGame(30, 4);
  ASSERT_FALSE(game.isOver());
  const std::string name = openText(formatFlipRecord(flipRecordOf(game)));
  const std::string seat = game.position().toMove() == Seat::Red ? "1" : "2";
  const Answer a = analyse(name, 30, seat, "mcts");
  ASSERT_EQ(a.status, 200) << a.raw;
  const FlipPosition& pos = game.position();
  EXPECT_EQ(a.body["beliefs"].size(), static_cast<std::size_t>(pos.poolSize()));
  expectExactBeliefs(a.body, [&](const nlohmann::json&) {
    nlohmann::json odds = nlohmann::json::object();
    for (const Colour c : {Colour::Red, Colour::Blue})
      for (int t = 0; t < kPieceTypes; ++t)
        if (const double p = pos.flipProbability({c, typeFromIndex(t)}); p > 0) {
          const char s = typeSymbol(typeFromIndex(t));
          odds[std::string(1, c == Colour::Red ? s : static_cast<char>(std::tolower(s)))] = p;
        }
    return odds;
  });
  expectTopMoves(a.body, 400);
}

TEST_F(Analysis, FourBeliefsAreTheArmysExactOnesAndTheSearchGivesTopMoves) {
  const FourGame game = analysisFourGame(24, 5);  // south to move again after 24 moves
  ASSERT_FALSE(game.isOver());
  const std::string army(armyName(game.position().toMove()));
  const std::string name = openText(formatFourRecord(fourRecordOf(game)));
  const Answer a = analyse(name, 24, army, "ismcts");
  ASSERT_EQ(a.status, 200) << a.raw;
  const FourObservation view = FourObservation::of(game, game.position().toMove());
  const FourBeliefs beliefs = FourBeliefs::of(view, game.rules());
  expectExactBeliefs(a.body, [&](const nlohmann::json& piece) {
    return symbolsOf(beliefs.marginalsAt(*crossBoard().point(piece["point"].get<std::string>())));
  });
  for (const auto& piece : a.body["beliefs"]) EXPECT_NE(piece["army"], army);
  expectTopMoves(a.body, 200);
}

// The seat's analysis is the same in a world whose hidden enemy identities
// are permuted: it is computed from the seat's view alone.
TEST_F(Analysis, AClassicSeatsAnalysisIsTheSameWhateverTheHiddenIdentities) {
  const Game game = analysisClassicGame(30, 11);
  Rng rng(12);
  std::string why;
  const auto other = test_support::permutedWorld(game, Seat::Red, rng, &why);
  ASSERT_TRUE(other) << why;
  ASSERT_NE(formatRecord(recordOf(game)), formatRecord(recordOf(*other)));
  const std::string one = openText(formatRecord(recordOf(game))), two = openText(formatRecord(recordOf(*other)));
  for (const int step : {10, 30}) {
    const Answer a = analyse(one, step, "red", "ismcts"), b = analyse(two, step, "red", "ismcts");
    ASSERT_EQ(a.status, 200) << a.raw;
    EXPECT_EQ(a.raw, b.raw) << "step " << step;
  }
}

// Flip Junqi: a deal that differs under the points still face down gives the same analysis.
TEST_F(Analysis, AFlipSeatsAnalysisIsTheSameWhateverLiesFaceDown) {
  const FlipGame game = analysisFlipGame(20, 13);
  FlipRecord record = flipRecordOf(game), swapped = record;
  std::vector<Square> down;
  for (Square s{}; s < kSquares; ++s)
    if (!game.position().isEmpty(s) && game.position().isFaceDown(s)) down.push_back(s);
  ASSERT_GE(down.size(), 2u);
  std::size_t pair = 1;
  while (pair < down.size() && swapped.deal.under[down[0]] == swapped.deal.under[down[pair]]) ++pair;
  ASSERT_LT(pair, down.size());
  std::swap(swapped.deal.under[down[0]], swapped.deal.under[down[pair]]);
  const std::string one = openText(formatFlipRecord(record)), two = openText(formatFlipRecord(swapped));
  const std::string seat = game.position().toMove() == Seat::Red ? "1" : "2";
  const Answer a = analyse(one, 20, seat, "mcts"), b = analyse(two, 20, seat, "mcts");
  ASSERT_EQ(a.status, 200) << a.raw;
  EXPECT_EQ(a.raw, b.raw);
}

// A four-player game from `layouts` playing `moves` (each legal there).
FourGame analysisFourReplay(const std::array<Layout, kArmies>& layouts, const std::vector<Move>& moves) {
  FourGame game(FourRuleset::parse("four-worldatplay"), layouts);
  for (const Move m : moves) game.play(m);
  return game;
}

// Four-player: a world where two untouched pieces of an army south does not
// see (east) swap identities gives south the same analysis.
TEST_F(Analysis, AFourSeatsAnalysisIsTheSameWhateverTheHiddenIdentities) {
  const FourRuleset ruleset = FourRuleset::parse("four-worldatplay");
  Rng rng(5);
  std::array<Layout, kArmies> layouts;
  for (Layout& layout : layouts) layout = styledLayout(LayoutStyle::Balanced, ruleset.army, rng);
  const FourGame game = analysisFourGame(24, 5);  // the same layouts (the same seed)
  std::vector<Move> moves;
  std::set<Square> touched;
  for (const FourPlayedMove& m : game.history()) {
    moves.push_back(m.move);
    touched.insert(m.move.from);
    touched.insert(m.move.to);
  }
  std::array<Layout, kArmies> swapped = layouts;
  Layout& east = swapped[1];
  bool done = false;
  for (int i = 0; i < kHalfSquares && !done; ++i)
    for (int j = i + 1; j < kHalfSquares && !done; ++j) {
      const auto a = east.at[i], b = east.at[j];
      if (!a || !b || *a == *b || *a == PieceType::Flag || *b == PieceType::Flag) continue;
      if (touched.count(armyPoint(1, i)) || touched.count(armyPoint(1, j))) continue;
      if (!mayStartOn(*a, j, ruleset.army) || !mayStartOn(*b, i, ruleset.army)) continue;
      std::swap(east.at[i], east.at[j]);
      done = true;
    }
  ASSERT_TRUE(done) << "no two untouched east pieces to swap";
  const FourGame other = analysisFourReplay(swapped, moves);
  const std::string one = openText(formatFourRecord(fourRecordOf(game))),
                    two = openText(formatFourRecord(fourRecordOf(other)));
  ASSERT_EQ(get("/api/records/" + one + "?step=24&seat=south").raw, get("/api/records/" + two + "?step=24&seat=south").raw);
  ASSERT_NE(get("/api/records/" + one + "?step=24&seat=all").raw, get("/api/records/" + two + "?step=24&seat=all").raw);
  const Answer a = analyse(one, 24, "south", "ismcts"), b = analyse(two, 24, "south", "ismcts");
  ASSERT_EQ(a.status, 200) << a.raw;
  EXPECT_EQ(a.raw, b.raw);
}

TEST_F(Analysis, BadRequestsAreRefusedInOneLine) {
  const std::string name = openText(formatRecord(recordOf(analysisClassicGame(10, 7))));
  const auto refused = [&](const nlohmann::json& body, int status, const std::string& words) {
    const Answer a = post("/api/analysis", body);
    EXPECT_EQ(a.status, status) << body << " " << a.raw;
    const std::string error = a.body.value("error", "");
    EXPECT_NE(error.find(words), std::string::npos) << error;
    EXPECT_EQ(error.find('\n'), std::string::npos);
  };
  const nlohmann::json good = {{"record", name}, {"step", 4}, {"seat", "red"}, {"agent", "ismcts"}};
  EXPECT_EQ(post("/api/analysis", good).status, 200);
  refused(nlohmann::json::object(), 400, "record");
  refused({{"record", name}, {"seat", "red"}, {"agent", "ismcts"}}, 400, "step");
  refused({{"record", name}, {"step", -1}, {"seat", "red"}, {"agent", "ismcts"}}, 400, "0 to 10");
  refused({{"record", name}, {"step", 11}, {"seat", "red"}, {"agent", "ismcts"}}, 400, "0 to 10");
  refused({{"record", name}, {"step", "4"}, {"seat", "red"}, {"agent", "ismcts"}}, 400, "integer");
  refused({{"record", name}, {"step", 4}, {"seat", "all"}, {"agent", "ismcts"}}, 400, "seat");
  refused({{"record", name}, {"step", 4}, {"seat", "green"}, {"agent", "ismcts"}}, 400, "seat");
  refused({{"record", name}, {"step", 4}, {"seat", "red"}, {"agent", "ismcts:sims=9"}}, 400, "agent");
  refused({{"record", name}, {"step", 4}, {"seat", "red"}, {"agent", "mcts"}}, 400, "agent");  // a flip agent
  refused({{"record", name}, {"step", 4}, {"seat", "red"}, {"agent", "ismcts"}, {"sims", 9}}, 400, "sims");
  EXPECT_EQ(post("/api/analysis", nlohmann::json{{"record", "99999"}, {"step", 0}, {"seat", "red"}, {"agent", "ismcts"}}).status,
            404);
}

TEST(AnalysisBudget, ASpecIsCutToTheBudget) {
  const server::AnalysisBudget budget;
  EXPECT_EQ(server::boundedAnalysisSpec("ismcts:sims=100000,threads=4,seconds=60", budget, true),
            "ismcts:sims=2000,threads=1,seconds=5");
  EXPECT_EQ(server::boundedAnalysisSpec("ismcts:sims=300,c=0.7", budget, true), "ismcts:sims=300,c=0.7");
  EXPECT_EQ(server::boundedAnalysisSpec("ismcts", budget, true), "ismcts:sims=2000");
  EXPECT_EQ(server::boundedAnalysisSpec("heuristic", budget, false), "heuristic");
}

TEST_F(Analysis, TheSearchIsCutToTheBudgetAndOneAnalysisRunsAtATime) {
  const std::string name = openText(formatRecord(recordOf(analysisClassicGame(6, 8))));
  const Answer huge = analyse(name, 6, "red", "huge");
  ASSERT_EQ(huge.status, 200) << huge.raw;
  EXPECT_LE(huge.body["simulations"].get<long long>(), server::AnalysisBudget{}.maxSims);
  // While a slow agent analyses, a second analysis is 503.
  const int begun = slowSearchesBegun();
  Answer first;
  std::thread slow([&] {
    httplib::Client client("127.0.0.1", port_);
    const auto r = client.Post("/api/analysis",
                               nlohmann::json{{"record", name}, {"step", 6}, {"seat", "red"}, {"agent", "slow1500"}}.dump(),
                               "application/json");
    if (r) first.status = r->status;
  });
  while (slowSearchesBegun() == begun) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  const Answer second = analyse(name, 6, "red", "heuristic");
  slow.join();
  EXPECT_EQ(second.status, 503) << second.raw;
  EXPECT_EQ(first.status, 200);
  EXPECT_EQ(analyse(name, 6, "red", "heuristic").status, 200);  // free again
}

// ---- A game in play: the asker's own seat, from its own view alone. ----

class LiveAnalysis : public Analysis {
 protected:
  Answer analyseGame(const std::string& id, const std::string& agent) {
    return post("/api/games/" + id + "/analysis", nlohmann::json{{"agent", agent}});
  }
  Answer analyseSeat(const std::string& token, const std::string& agent) {
    return post("/api/seats/" + token + "/analysis", nlohmann::json{{"agent", agent}});
  }
  // The game's record once the person resigned (the hidden truth, told at the end).
  std::string resignedRecord(const std::string& id) {
    EXPECT_EQ(post("/api/games/" + id + "/resign", nlohmann::json::object()).status, 200);
    return get("/api/games/" + id + "/record").raw;
  }
};

TEST_F(LiveAnalysis, TheCreatorAnalysesItsOwnClassicSeatInPlay) {
  const Answer created = newGame("random");
  ASSERT_EQ(created.status, 201) << created.raw;
  ASSERT_EQ(created.body["toMove"], "red");
  const Answer a = analyseGame(created.body["id"], "ismcts");
  ASSERT_EQ(a.status, 200) << a.raw;
  EXPECT_EQ(a.body["game"], "classic");
  EXPECT_EQ(a.body["seat"], "red");
  EXPECT_EQ(a.body["ply"], 0);
  EXPECT_EQ(a.body["agent"], "ismcts");
  EXPECT_EQ(a.body["beliefs"].size(), 25u);  // every blue piece, none of red's own
  for (const auto& piece : a.body["beliefs"]) EXPECT_GE(piece["id"].get<int>(), kMaxPiecesPerSide) << piece;
  expectTopMoves(a.body, 300);
  std::set<std::string> legal;
  for (const auto& m : created.body["legal"]) legal.insert(m);
  for (const auto& m : a.body["moves"]) EXPECT_TRUE(legal.count(m["move"])) << m;
}

// Two games whose hidden truth differs (the server's seeds give the agent two
// layouts) give the person's seat the same analysis, byte for byte.
TEST_F(LiveAnalysis, AClassicSeatsLiveAnalysisIsTheSameWhateverTheAgentsLayout) {
  const Answer one = newGame("random"), two = newGame("random");
  ASSERT_EQ(one.status, 201) << one.raw;
  ASSERT_EQ(two.status, 201) << two.raw;
  const Answer a = analyseGame(one.body["id"], "ismcts"), b = analyseGame(two.body["id"], "ismcts");
  ASSERT_EQ(a.status, 200) << a.raw;
  EXPECT_EQ(a.raw, b.raw);
  ASSERT_NE(resignedRecord(one.body["id"]), resignedRecord(two.body["id"])) << "the hidden layouts were the same";
}

// Mid-game: the live analysis equals the record's analysis of the same step
// for the same seat (shown above to depend on the seat's view alone), field
// by field, after moves and captures.
TEST_F(LiveAnalysis, AClassicSeatsLiveAnalysisMidGameIsTheRecordsAnalysisOfThatStep) {
  const Answer created = newGame("random");
  ASSERT_EQ(created.status, 201) << created.raw;
  const std::string id = created.body["id"];
  nlohmann::json state = playRandomly(created.body, 12);
  for (int wait = 0; wait < 500 && state["outcome"].is_null() && state["legal"].empty(); ++wait) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));  // the agent's reply
    state = get("/api/games/" + id).body;
  }
  ASSERT_TRUE(state["outcome"].is_null()) << "the game ended early";
  ASSERT_EQ(state["toMove"], "red");
  const Answer live = analyseGame(id, "ismcts");
  ASSERT_EQ(live.status, 200) << live.raw;
  const int ply = live.body["ply"];
  ASSERT_EQ(ply, state["ply"].get<int>());
  const std::string name = openText(resignedRecord(id));
  const Answer recorded = analyse(name, ply, "red", "ismcts");
  ASSERT_EQ(recorded.status, 200) << recorded.raw;
  for (const char* field : {"beliefs", "moves", "choice", "simulations", "value", "toMove", "seat"})
    EXPECT_EQ(live.body[field], recorded.body[field]) << field;
}

TEST_F(LiveAnalysis, AFlipSeatsLiveAnalysisIsTheSameWhateverTheDeal) {
  const nlohmann::json game = {{"rules", "flip-kawu"}, {"agent", "heuristic"}};
  const Answer one = post("/api/games", game), two = post("/api/games", game);
  ASSERT_EQ(one.status, 201) << one.raw;
  ASSERT_EQ(two.status, 201) << two.raw;
  const Answer a = analyseGame(one.body["id"], "mcts"), b = analyseGame(two.body["id"], "mcts");
  ASSERT_EQ(a.status, 200) << a.raw;
  EXPECT_EQ(a.body["game"], "flip");
  EXPECT_EQ(a.body["ply"], one.body["ply"]);
  EXPECT_EQ(a.body["beliefs"].size(), 50u);  // every piece face down
  expectTopMoves(a.body, 400);
  EXPECT_EQ(a.raw, b.raw);
  ASSERT_NE(resignedRecord(one.body["id"]), resignedRecord(two.body["id"])) << "the deals were the same";
}

TEST_F(LiveAnalysis, AFourPlayerArmyIsAnalysedFromItsOwnObservation) {
  const Answer created = post("/api/games", nlohmann::json{{"rules", "four-worldatplay"}, {"agent", "heuristic"}});
  ASSERT_EQ(created.status, 201) << created.raw;
  const Answer a = analyseGame(created.body["id"], "ismcts");
  ASSERT_EQ(a.status, 200) << a.raw;
  EXPECT_EQ(a.body["game"], "four");
  EXPECT_EQ(a.body["seat"], "south");
  EXPECT_EQ(a.body["ply"], created.body["ply"]);  // as the state counts
  EXPECT_FALSE(a.body["beliefs"].empty());
  for (const auto& piece : a.body["beliefs"]) {
    EXPECT_NE(piece["army"], "south") << piece;  // its own pieces it sees
    double sum = 0;
    for (const auto& [symbol, p] : piece["beliefs"].items()) sum += p.get<double>();
    EXPECT_NEAR(sum, 1.0, 1e-9) << piece;
  }
}

// A game of people: each seat analyses through its own token, as itself; the
// game's id (the spectators' link) analyses nothing; no field picks another seat.
TEST_F(LiveAnalysis, OnlyTheAskersOwnSeatIsAnalysedNeverASpectatorsOrAnothers) {
  const Answer created = post("/api/games", nlohmann::json{{"layout", kLayout}, {"seat", "red"}, {"people", {"blue"}}});
  ASSERT_EQ(created.status, 201) << created.raw;
  const std::string id = created.body["id"], red = created.body["seatToken"];
  const Answer joined = post("/api/join", nlohmann::json{{"join", created.body["invites"][0]["join"]}});
  ASSERT_EQ(joined.status, 200) << joined.raw;
  const std::string blue = joined.body["seatToken"];
  const Answer watcher = analyseGame(id, "ismcts");
  EXPECT_EQ(watcher.status, 403) << watcher.raw;
  EXPECT_NE(watcher.body.value("error", "").find("seat's link"), std::string::npos) << watcher.raw;
  const Answer r = analyseSeat(red, "ismcts"), b = analyseSeat(blue, "ismcts");
  ASSERT_EQ(r.status, 200) << r.raw;
  ASSERT_EQ(b.status, 200) << b.raw;
  EXPECT_EQ(r.body["seat"], "red");
  EXPECT_EQ(b.body["seat"], "blue");
  EXPECT_FALSE(r.body["moves"].empty());  // red is to move
  EXPECT_TRUE(b.body["moves"].empty());
  for (const auto& piece : b.body["beliefs"]) EXPECT_LT(piece["id"].get<int>(), kMaxPiecesPerSide) << piece;
  const Answer other =
      post("/api/seats/" + blue + "/analysis", nlohmann::json{{"agent", "ismcts"}, {"seat", "red"}});
  EXPECT_EQ(other.status, 400) << other.raw;
  EXPECT_EQ(analyseSeat(std::string(32, 'a'), "ismcts").status, 404);
  EXPECT_EQ(analyseSeat("nope", "ismcts").status, 400);
  EXPECT_EQ(analyseSeat(red, "mcts").status, 400);  // a flip agent for a classic game
}

TEST_F(LiveAnalysis, OneAnalysisRunsAtATimeRecordOrGame) {
  const std::string name = openText(formatRecord(recordOf(analysisClassicGame(6, 8))));
  const Answer created = newGame("random");
  ASSERT_EQ(created.status, 201) << created.raw;
  const int begun = slowSearchesBegun();
  Answer first;
  std::thread slow([&] {
    httplib::Client client("127.0.0.1", port_);
    const auto r = client.Post("/api/analysis",
                               nlohmann::json{{"record", name}, {"step", 6}, {"seat", "red"}, {"agent", "slow1500"}}.dump(),
                               "application/json");
    if (r) first.status = r->status;
  });
  while (slowSearchesBegun() == begun) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  const Answer second = analyseGame(created.body["id"], "heuristic");
  slow.join();
  EXPECT_EQ(second.status, 503) << second.raw;
  EXPECT_EQ(first.status, 200);
  EXPECT_EQ(analyseGame(created.body["id"], "heuristic").status, 200);
}

}  // namespace
}  // namespace junqi::webtest
