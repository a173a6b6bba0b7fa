// No agent reads what its seat cannot see. A game is replayed to some ply;
// for the seat to move, other worlds are built that the seat cannot tell from
// the game, and an agent that reads only what its seat saw must choose the
// same layout, action and draw answer, and report the same search, in every
// one of them. Most worlds are built from the referee's game alone: the enemy
// pieces nothing has touched yet (never moved, never fought, never shown) swap
// identities among themselves where the rules let them stand, so every public
// fact is the same. They are never drawn from the seat's InfoState, where a
// leak that narrowed its beliefs would be copied into every world and cancel
// out. One more world a position is drawn from the InfoState (every hidden
// identity varies, moved pieces too), for agents that would peek at those.
// The last tests plant leaks and expect them to be caught.
#include <gtest/gtest.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/classic/info_state.h"
#include "core/classic/notation.h"
#include "search/registry.h"
#include "tests/search/play.h"
#include "tests/support/alternate_world.h"
#include "tests/support/permuted_world.h"

namespace junqi {
namespace {

const std::vector<std::string> kLeakageSpecs = {"heuristic:seed=3", "pimc:sims=150,seed=3", "ismcts:sims=150,seed=3",
                                         "ismcts:sims=150,mo=1,seed=3", "random:seed=3"};

// How a seat's InfoState is made from the referee's game: honestly, or (in the
// fault-injection tests) with a planted leak.
using ViewFn = std::function<InfoState(const Game&, Seat)>;
InfoState honestView(const Game& game, Seat seat) { return InfoState::of(game, seat); }

// Everything an agent does at a decision that a leak could change.
struct Conduct {
  std::string layout, action;
  bool acceptsDraw = false;
  AgentReport report;
};

Conduct conductOf(const std::string& spec, const Game& game, Seat seat, std::uint64_t gameSeed,
                  const ViewFn& view = honestView) {
  auto agent = makeAgent(spec);
  const Ruleset& ruleset = game.rules().ruleset();
  agent->newGame(ruleset, seat, gameSeed);
  Conduct c;
  c.layout = formatLayout(agent->chooseLayout(ruleset, seat));
  const InfoState state = view(game, seat);
  c.action = searchtest::actionName(agent->chooseAction(state));
  c.report = agent->lastReport();
  c.acceptsDraw = agent->acceptDraw(state);
  return c;
}

// What differs between two conducts, in words; empty when nothing does.
std::string difference(const Conduct& a, const Conduct& b) {
  std::string d;
  if (a.layout != b.layout) d += " layout " + a.layout + " vs " + b.layout + ";";
  if (a.action != b.action) d += " action " + a.action + " vs " + b.action + ";";
  if (a.acceptsDraw != b.acceptsDraw) d += " draw answer;";
  if (a.report.simulations != b.report.simulations) d += " simulations;";
  if (a.report.value != b.report.value)
    d += " value " + std::to_string(a.report.value) + " vs " + std::to_string(b.report.value) + ";";
  if (a.report.principalLine != b.report.principalLine) d += " principal line;";
  return d;
}

struct World {
  std::string kind;  // how it was built, for messages
  Game game;
};

// Two worlds built from the referee's game, and one drawn from the seat's InfoState.
std::vector<World> worldsTheSeatCannotTellApart(const Game& game, Seat seat, Rng& rng) {
  std::vector<World> worlds;
  std::string why;
  for (int w = 0; w < 2; ++w) {
    if (auto world = test_support::permutedWorld(game, seat, rng, &why))
      worlds.push_back({"permuted world " + std::to_string(w), std::move(*world)});
    else
      ADD_FAILURE() << why;
  }
  if (auto world = test_support::alternateWorld(game, InfoState::of(game, seat), rng, &why))
    worlds.push_back({"drawn world", std::move(*world)});
  else
    ADD_FAILURE() << why;
  return worlds;
}

bool hiddenIdentitiesDiffer(const Game& game, const Game& world, Seat them) {
  for (int k = 0; k < game.start().pieceCount(them); ++k) {
    const PieceId piece = pieceOf(them, k);
    if (world.start().typeOf(piece) != game.start().typeOf(piece)) return true;
  }
  return false;
}

TEST(SearchLeakage, DecisionsDependOnlyOnWhatTheSeatSaw) {
  Rng rng(2024);
  int compared = 0, worldsThatDiffer = 0;
  for (const Ruleset& ruleset : {Ruleset::hiddenFront(), Ruleset::worldAtPlay()})
    for (std::uint64_t seed = 1; seed <= 3; ++seed)
      for (const int plies : {15, 70, 160}) {
        const Game game = searchtest::randomGame(ruleset, seed * 31 + static_cast<std::uint64_t>(plies), plies);
        if (game.isOver()) continue;
        const Seat seat = game.position().sideToMove();
        const std::string seen = Observation::of(game, seat).toText();
        std::vector<Conduct> truth;
        for (const std::string& spec : kLeakageSpecs) truth.push_back(conductOf(spec, game, seat, seed));
        for (const World& world : worldsTheSeatCannotTellApart(game, seat, rng)) {
          // Built from the referee's facts: the seat's observation must not tell it apart.
          ASSERT_EQ(Observation::of(world.game, seat).toText(), seen) << world.kind;
          worldsThatDiffer += hiddenIdentitiesDiffer(game, world.game, opposite(seat));
          for (std::size_t i = 0; i < kLeakageSpecs.size(); ++i) {
            const std::string where = kLeakageSpecs[i] + ", " + ruleset.toString() + ", game " + std::to_string(seed) +
                                      ", ply " + std::to_string(plies) + ", " + world.kind;
            EXPECT_EQ(difference(conductOf(kLeakageSpecs[i], world.game, seat, seed), truth[i]), "") << where;
            ++compared;
          }
        }
      }
  EXPECT_GT(compared, 250);
  EXPECT_GT(worldsThatDiffer, 40);
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
      const Seat seat = game.position().sideToMove();
      const std::string& spec = seat == Seat::Red ? redSpec : blueSpec;
      // The loop's incrementally updated view is the one built from scratch.
      ASSERT_EQ(views[index(seat)].observation().toText(), Observation::of(game, seat).toText());
      const Conduct here = conductOf(spec, game, seat, 8);
      for (const World& world : worldsTheSeatCannotTellApart(game, seat, rng)) {
        EXPECT_EQ(difference(conductOf(spec, world.game, seat, 8), here), "")
            << spec << " at ply " << game.history().size() << ", " << world.kind;
        ++compared;
      }
    });
  }
  EXPECT_GE(compared, 18);
}

// The check can fail: an agent that peeks at the referee's position (here, one
// that picks its move by the hidden identities of the enemy pieces) is caught.
class PeekingAgent : public Agent {
 public:
  explicit PeekingAgent(const Game& truth) : truth_(truth) {}
  std::string name() const override { return "peeking"; }
  std::string spec() const override { return "peeking"; }
  void newGame(const Ruleset&, Seat, std::uint64_t) override {}
  Layout chooseLayout(const Ruleset&, Seat) override { return {}; }
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
  int permutedDiffer = 0, drawnDiffer = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const Game game = searchtest::randomGame(Ruleset(), seed, 50);
    const Seat seat = game.position().sideToMove();
    PeekingAgent here(game);
    const Action a = here.chooseAction(InfoState::of(game, seat));
    for (const World& world : worldsTheSeatCannotTellApart(game, seat, rng)) {
      PeekingAgent there(world.game);
      const bool differs = !(there.chooseAction(InfoState::of(world.game, seat)) == a);
      (world.kind.starts_with("permuted") ? permutedDiffer : drawnDiffer) += differs;
    }
  }
  EXPECT_GT(permutedDiffer, 0);
  EXPECT_GT(drawnDiffer, 0);
}

// A planted leak through the InfoState itself: the seat's beliefs are told
// which enemy piece is the marshal (a prior that rules it out everywhere else).
// Worlds drawn from such an InfoState would all keep the marshal where the leak
// put it; worlds built from the referee's game move it, and the check fails.
InfoState viewThatKnowsTheMarshal(const Game& game, Seat seat) {
  InfoState state = InfoState::of(game, seat);
  const Seat them = opposite(seat);
  std::vector<IdentityWeights> prior(static_cast<std::size_t>(game.start().pieceCount(them)));
  for (std::size_t k = 0; k < prior.size(); ++k) {
    prior[k].fill(1.0);
    if (game.start().typeOf(pieceOf(them, static_cast<int>(k))) != PieceType::Marshal)
      prior[k][static_cast<int>(PieceType::Marshal)] = 0.0;
  }
  state.setPrior(std::move(prior));
  return state;
}

bool marshalMoved(const Game& game, const Game& world, Seat them) {
  for (int k = 0; k < game.start().pieceCount(them); ++k) {
    const PieceId piece = pieceOf(them, k);
    if ((game.start().typeOf(piece) == PieceType::Marshal) != (world.start().typeOf(piece) == PieceType::Marshal))
      return true;
  }
  return false;
}

TEST(SearchLeakage, ABeliefLeakOfTheMarshalIsCaught) {
  Rng rng(7);
  // The random agent reads no beliefs, so only the searching players can show the leak.
  const std::vector<std::string> specs(kLeakageSpecs.begin(), kLeakageSpecs.end() - 1);
  std::vector<int> caught(specs.size(), 0);
  int worldsThatMovedTheMarshal = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed)
    for (const int plies : {10, 30}) {
      const Game game = searchtest::randomGame(Ruleset(), seed * 7 + static_cast<std::uint64_t>(plies), plies);
      if (game.isOver()) continue;
      const Seat seat = game.position().sideToMove();
      std::optional<Game> world;
      for (int attempt = 0; attempt < 5 && !(world && marshalMoved(game, *world, opposite(seat))); ++attempt) {
        world = test_support::permutedWorld(game, seat, rng);
        ASSERT_TRUE(world);
      }
      if (!marshalMoved(game, *world, opposite(seat))) continue;  // the marshal has moved or fought
      ++worldsThatMovedTheMarshal;
      for (std::size_t i = 0; i < specs.size(); ++i) {
        const Conduct here = conductOf(specs[i], game, seat, seed, viewThatKnowsTheMarshal);
        const Conduct there = conductOf(specs[i], *world, seat, seed, viewThatKnowsTheMarshal);
        caught[i] += !difference(here, there).empty();
      }
    }
  ASSERT_GE(worldsThatMovedTheMarshal, 6);
  for (std::size_t i = 0; i < specs.size(); ++i) EXPECT_GT(caught[i], 0) << specs[i] << " was not caught leaking";
}

}  // namespace
}  // namespace junqi

