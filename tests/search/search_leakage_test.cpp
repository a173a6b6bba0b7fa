// No agent reads what its seat cannot see. A game is replayed to some ply;
// for the seat to move, other worlds are built that differ only in the enemy's
// hidden identities (drawn from the seat's own InfoState, lost pieces too, with
// every action replayed). The seat's observation is the same in each, so an
// agent that reads only its InfoState must choose the same action and report
// the same search in every one of them.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/info_state.h"
#include "search/registry.h"
#include "tests/search/play.h"
#include "tests/support/alternate_world.h"

namespace junqi {
namespace {

using searchtest::withParam;

const std::vector<std::string> kSpecs = {"heuristic:seed=3", "pimc:sims=150,seed=3", "ismcts:sims=150,seed=3",
                                         "ismcts:sims=150,mo=1,seed=3", "random:seed=3"};

struct Decision {
  Action action;
  AgentReport report;
};

Decision decideWithReport(const std::string& spec, const Game& game, Side seat, std::uint64_t gameSeed) {
  auto agent = makeAgent(spec);
  agent->newGame(game.rules().ruleset(), seat, gameSeed);
  const Action a = agent->chooseAction(InfoState::of(game, seat));
  return {a, agent->lastReport()};
}

TEST(SearchLeakage, DecisionsDependOnlyOnWhatTheSeatSaw) {
  Rng rng(2024);
  int compared = 0, worldsThatDiffer = 0;
  for (const Ruleset& ruleset : {Ruleset::hiddenFront(), Ruleset::worldAtPlay()})
    for (std::uint64_t seed = 1; seed <= 3; ++seed)
      for (const int plies : {15, 70, 160}) {
        const Game game = searchtest::randomGame(ruleset, seed * 31 + static_cast<std::uint64_t>(plies), plies);
        if (game.isOver()) continue;
        const Side seat = game.position().sideToMove();
        const std::string seen = Observation::of(game, seat).toText();
        std::vector<Decision> truth;
        for (const std::string& spec : kSpecs) truth.push_back(decideWithReport(spec, game, seat, seed));
        for (int w = 0; w < 2; ++w) {
          std::string why;
          const auto world = test_support::alternateWorld(game, InfoState::of(game, seat), rng, &why);
          ASSERT_TRUE(world) << why;
          ASSERT_EQ(Observation::of(*world, seat).toText(), seen);
          // The world really differs from the truth somewhere hidden (most of the time).
          for (int k = 0; k < game.start().pieceCount(opposite(seat)); ++k) {
            const int piece = index(opposite(seat)) * kMaxPiecesPerSide + k;
            if (world->start().typeOf(piece) != game.start().typeOf(piece)) {
              ++worldsThatDiffer;
              break;
            }
          }
          for (std::size_t i = 0; i < kSpecs.size(); ++i) {
            const Decision d = decideWithReport(kSpecs[i], *world, seat, seed);
            const std::string where = kSpecs[i] + ", " + ruleset.toString() + ", game " + std::to_string(seed) +
                                      ", ply " + std::to_string(plies) + ", world " + std::to_string(w);
            EXPECT_EQ(searchtest::actionName(d.action), searchtest::actionName(truth[i].action)) << where;
            EXPECT_EQ(d.report.simulations, truth[i].report.simulations) << where;
            EXPECT_EQ(d.report.value, truth[i].report.value) << where;
            EXPECT_EQ(d.report.principalLine, truth[i].report.principalLine) << where;
            ++compared;
          }
        }
      }
  EXPECT_GT(compared, 150);
  EXPECT_GT(worldsThatDiffer, 25);
}

TEST(SearchLeakage, AgentsInAGameSeeOnlyTheirOwnSide) {
  // The same check along whole games between search agents: at a few plies,
  // the side to move's agent (a copy made from its spec, with the same game
  // seed) decides the same in a world with other hidden enemy identities.
  Rng rng(99);
  int compared = 0;
  const std::vector<std::pair<std::string, std::string>> pairings = {
      {"ismcts:sims=100,seed=1", "heuristic:seed=2"}, {"pimc:sims=100,seed=5", "ismcts:sims=100,mo=1,seed=6"}};
  for (const auto& [redSpec, blueSpec] : pairings) {
    auto red = makeAgent(redSpec), blue = makeAgent(blueSpec);
    searchtest::playGame(*red, *blue, Ruleset(), 8, 120, [&](const Game& game, const InfoState (&views)[2]) {
      if (game.history().size() % 10 != 9) return;
      const Side seat = game.position().sideToMove();
      const std::string& spec = seat == Side::Red ? redSpec : blueSpec;
      // The loop's incrementally updated view is the one built from scratch.
      ASSERT_EQ(views[index(seat)].observation().toText(), Observation::of(game, seat).toText());
      const Decision here = decideWithReport(spec, game, seat, 8);
      std::string why;
      const auto world = test_support::alternateWorld(game, InfoState::of(game, seat), rng, &why);
      ASSERT_TRUE(world) << why;
      const Decision there = decideWithReport(spec, *world, seat, 8);
      EXPECT_EQ(searchtest::actionName(here.action), searchtest::actionName(there.action))
          << spec << " at ply " << game.history().size();
      EXPECT_EQ(here.report.value, there.report.value) << spec << " at ply " << game.history().size();
      ++compared;
    });
  }
  EXPECT_GE(compared, 6);
}

// The check can fail: an agent that peeks at the referee's position (here, one
// that picks its move by the hidden identities of the enemy pieces) is caught.
class PeekingAgent : public Agent {
 public:
  explicit PeekingAgent(const Game& truth) : truth_(truth) {}
  std::string name() const override { return "peeking"; }
  std::string spec() const override { return "peeking"; }
  void newGame(const Ruleset&, Side, std::uint64_t) override {}
  Layout chooseLayout(const Ruleset&, Side) override { return {}; }
  Action chooseAction(const InfoState& state) override {
    MoveList moves;
    state.legalMoves(moves);
    std::uint64_t h = 0;
    const Position& pos = truth_.position();
    for (Bitboard b = pos.occupied(state.enemy()); b;) h = h * 31 + static_cast<std::uint64_t>(pos.typeAt(popLsb(b)));
    return Action::makeMove(state.seat(), moves[static_cast<int>(h % static_cast<std::uint64_t>(moves.size()))]);
  }

 private:
  const Game& truth_;
};

TEST(SearchLeakage, APeekingAgentIsCaught) {
  Rng rng(5);
  int differ = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const Game game = searchtest::randomGame(Ruleset(), seed, 50);
    const Side seat = game.position().sideToMove();
    PeekingAgent here(game);
    const Action a = here.chooseAction(InfoState::of(game, seat));
    const auto world = test_support::alternateWorld(game, InfoState::of(game, seat), rng);
    ASSERT_TRUE(world);
    PeekingAgent there(*world);
    differ += !(there.chooseAction(InfoState::of(*world, seat)) == a);
  }
  EXPECT_GT(differ, 0);
}

}  // namespace
}  // namespace junqi
