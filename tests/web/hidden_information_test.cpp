// Hidden information is sacred: nothing the person is sent while a game goes
// on holds an identity of the agent's pieces.
#include "core/classic/auto_layout.h"
#include "core/classic/notation.h"
#include "core/classic/observation.h"
#include "core/classic/record.h"
#include "server/board_json.h"
#include "tests/support/permuted_world.h"
#include "tests/web/server_fixture.h"

namespace junqi::webtest {
namespace {

using HiddenInformation = ServerTest;

// The enemy's pieces carry a point and an id, never a type, and there is no reveal.
void expectNoEnemyIdentity(const std::string& raw, const std::string& enemy) {
  const nlohmann::json state = nlohmann::json::parse(raw);
  ASSERT_TRUE(state["outcome"].is_null()) << "the game ended: this state may reveal";
  EXPECT_FALSE(state.contains("reveal"));
  for (const auto& piece : state["pieces"]) {
    if (piece["side"] != enemy) continue;
    EXPECT_FALSE(piece.contains("type")) << piece;
    EXPECT_FALSE(piece.contains("symbol")) << piece;
  }
}

TEST_F(HiddenInformation, NoResponseOfARunningGameHoldsAnEnemyIdentity) {
  const Answer created = newGame("random", "red");
  ASSERT_EQ(created.status, 201) << created.raw;
  sent_.push_back(created.raw);
  const nlohmann::json state = playRandomly(created.body, 30);
  sent_.push_back(get("/api/games/" + state["id"].get<std::string>()).raw);
  // The game's seed is the server's: should the agent win early, the last states reveal, rightly.
  int running = 0;
  for (const std::string& raw : sent_)
    if (nlohmann::json::parse(raw)["outcome"].is_null()) {
      expectNoEnemyIdentity(raw, "blue");
      ++running;
    }
  EXPECT_GE(running, 10);
  // Once it is over the record shows the agent's layout: no earlier answer held it.
  const std::string id = state["id"];
  post("/api/games/" + id + "/resign", nlohmann::json::object());
  const GameRecord record = parseRecord(client_->Get(("/api/games/" + id + "/record").c_str())->body);
  const std::string agentLayout = formatLayout(*record.blueLayout);
  for (const std::string& raw : sent_) EXPECT_EQ(raw.find(agentLayout), std::string::npos);
}

// The seat's pieces and events as the server writes them are the same in a
// world where the enemy's untouched pieces have other identities.
TEST(HiddenInformationJson, TheSeatsViewIsTheSameWhateverTheHiddenIdentities) {
  const Ruleset ruleset;
  Rng rng(11);
  Game game(ruleset, styledLayout(LayoutStyle::Balanced, ruleset, rng), styledLayout(LayoutStyle::Random, ruleset, rng));
  MoveList moves;
  for (int i = 0; i < 60 && !game.isOver(); ++i) {
    generateMoves(game.position(), moves);
    game.apply(Action::makeMove(game.position().sideToMove(), moves[static_cast<int>(rng.below(moves.size()))]));
  }
  std::string why;
  const auto other = test_support::permutedWorld(game, Seat::Red, rng, &why);
  ASSERT_TRUE(other) << why;
  ASSERT_FALSE(other->position().samePlacement(game.position()) &&
               formatPosition(other->position()) == formatPosition(game.position()))
      << "the other world must differ in a hidden identity";
  const auto view = [](const Game& g) {
    const Observation seen = Observation::of(g, Seat::Red);
    nlohmann::json out = {{"pieces", server::seatPiecesJson(seen)}, {"events", nlohmann::json::array()}};
    for (const PublicEvent& e : seen.events()) out["events"].push_back(server::eventJson(e, seen));
    return out.dump();
  };
  EXPECT_EQ(view(game), view(*other));
  // ...while the full board, sent only at the end, tells the worlds apart.
  EXPECT_NE(server::fullPiecesJson(game.position()), server::fullPiecesJson(other->position()));
}

}  // namespace
}  // namespace junqi::webtest
