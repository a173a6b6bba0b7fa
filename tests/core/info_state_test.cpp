// The information-set layer: observations, knowledge, exact beliefs and
// determinizations, checked against the truth over many random games.
#include <gtest/gtest.h>

#include "core/classic/auto_layout.h"
#include "core/classic/info_state.h"
#include "core/classic/notation.h"
#include "tests/support/alternate_world.h"

namespace junqi {
namespace {

// A random game under `ruleset`, stopped after `maxPlies` moves; calls
// visit(game) after every action.
template <class Visit>
Game playRandomGame(const Ruleset& ruleset, std::uint64_t seed, int maxPlies, Visit&& visit) {
  Rng rng(seed);
  const LayoutStyle style = static_cast<LayoutStyle>(seed % 4);
  const Layout red = styledLayout(style, ruleset, rng), blue = styledLayout(style, ruleset, rng);
  Game game(ruleset, red, blue);
  MoveList moves;
  while (!game.isOver() && game.position().ply() < maxPlies) {
    generateMoves(game.position(), moves);
    game.apply(Action::makeMove(game.position().sideToMove(), moves[static_cast<int>(rng.below(moves.size()))]));
    visit(game);
  }
  return game;
}

std::vector<Ruleset> presets() { return {Ruleset::hiddenFront(), Ruleset::worldAtPlay(), Ruleset::refereed()}; }

// `junqi beliefs-check` runs thousands of games; the sanitizer build (ten
// times slower) plays a third of these.
#ifdef JUNQI_SANITIZED_BUILD
constexpr std::uint64_t kTruthGames = 4;
#else
constexpr std::uint64_t kTruthGames = 12;
#endif

TEST(InfoState, TruthIsAlwaysAmongThePossible) {
  int checks = 0;
  for (const Ruleset& r : presets())
    for (std::uint64_t seed = 0; seed < kTruthGames; ++seed) {
      std::optional<InfoState> views[2];
      playRandomGame(r, seed, 600, [&](const Game& game) {
        for (const Seat seat : {Seat::Red, Seat::Blue}) {
          auto& view = views[index(seat)];
          if (!view) view.emplace(InfoState::of(game, seat));
          else view->apply(publicEvent(game, game.history().size() - 1));
          const Seat them = opposite(seat);
          ASSERT_TRUE(view->knowledge().consistent());
          ASSERT_TRUE(view->counter().consistent());
          for (int k = 0; k < view->knowledge().pieceCount(); ++k) {
            const PieceType truth = game.start().typeOf(pieceOf(them, k));
            ASSERT_TRUE(view->knowledge().possible(k) & identityBit(truth))
                << "seed " << seed << " ply " << game.position().ply() << " piece " << k << " is "
                << typeName(truth) << " but the notes say " << describeIdentities(view->knowledge().possible(k));
            ASSERT_GT(view->marginals()[k][typeIndex(truth)], 0.0);
            ++checks;
          }
        }
      });
    }
  EXPECT_GT(checks, 2500 * static_cast<int>(kTruthGames));
}

TEST(InfoState, EverySampleReplaysTheObservedHistoryAndLooksTheSameToTheSeat) {
  // Worlds that differ only in what the seat cannot see give it byte-identical
  // observations: nothing of the hidden identities leaks into them.
  Rng rng(12);
  int worlds = 0;
  for (const Ruleset& r : presets())
    for (std::uint64_t seed = 100; seed < 112; ++seed)
      playRandomGame(r, seed, 400, [&](const Game& game) {
        if (game.isOver() || game.position().ply() % 37 != 0) return;
        for (const Seat seat : {Seat::Red, Seat::Blue}) {
          const InfoState view = InfoState::of(game, seat);
          const std::string seen = Observation::of(game, seat).toText();
          for (int s = 0; s < 5; ++s) {
            std::string why;
            const std::optional<Game> world = test_support::alternateWorld(game, view, rng, &why);
            ASSERT_TRUE(world) << why;
            EXPECT_EQ(Observation::of(*world, seat).toText(), seen);
            ++worlds;
          }
        }
      });
  EXPECT_GT(worlds, 300);
}

TEST(InfoState, IncrementalUpdatesMatchARebuildFromTheWholeGame) {
  for (std::uint64_t seed = 0; seed < 6; ++seed) {
    std::optional<InfoState> view;
    const Game game = playRandomGame(Ruleset::worldAtPlay(), seed, 300, [&](const Game& g) {
      if (!view) view.emplace(InfoState::of(g, Seat::Blue));
      else view->apply(publicEvent(g, g.history().size() - 1));
    });
    const InfoState fresh = InfoState::of(game, Seat::Blue);
    view->setOutcome(game.outcome());
    EXPECT_EQ(view->observation().toText(), fresh.observation().toText());
    for (int k = 0; k < fresh.knowledge().pieceCount(); ++k) {
      EXPECT_EQ(view->knowledge().possible(k), fresh.knowledge().possible(k));
      for (int t = 0; t < kPieceTypes; ++t) EXPECT_DOUBLE_EQ(view->marginals()[k][t], fresh.marginals()[k][t]);
    }
  }
}

TEST(InfoState, SampledPositionsKeepOwnPiecesAndPublicFacts) {
  Rng rng(4);
  const Game game = playRandomGame(Ruleset::hiddenFront(), 21, 150, [](const Game&) {});
  const InfoState view = InfoState::of(game, Seat::Red);
  for (int i = 0; i < 200; ++i) {
    const Position p = view.sample(rng);
    EXPECT_EQ(p.occupied(), game.position().occupied());
    EXPECT_EQ(p.sideToMove(), game.position().sideToMove());
    EXPECT_EQ(p.quietPlies(), game.position().quietPlies());
    for (Bitboard b = p.occupied(Seat::Red); b;) {
      const Square s = popLsb(b);
      EXPECT_EQ(p.typeAt(s), game.position().typeAt(s));  // own pieces are never resampled
      EXPECT_EQ(p.pieceAt(s), game.position().pieceAt(s));  // ids follow the pieces
    }
    for (Bitboard b = p.occupied(Seat::Blue); b;) {
      const Square s = popLsb(b);
      EXPECT_TRUE(view.knowledge().possible(p.pieceAt(s) - kMaxPiecesPerSide) & identityBit(p.typeAt(s)));
    }
  }
}

}  // namespace
}  // namespace junqi
