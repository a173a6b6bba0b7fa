// What one seat of a four-player game can tell about the pieces it does not
// see (core/four_beliefs.h), in each visibility mode: the truth always stays
// possible, the notes are as sharp as the rules make them, and worlds are
// drawn exactly from the counts.
#include <gtest/gtest.h>

#include <cmath>

#include "core/auto_layout.h"
#include "core/cross_board.h"
#include "core/four_beliefs.h"
#include "core/four_movegen.h"
#include "tests/support/random_four_game.h"

namespace junqi {
namespace {

FourGame startGame(std::uint64_t seed, Visibility visibility) {
  Rng rng(seed);
  return fourgames::randomFourStart(rng, visibility);
}

void playRandom(FourGame& game, Rng& rng) { fourgames::playRandomFourMove(game, rng); }

bool holds(IdentitySet set, PieceType t) { return set & identityBit(t); }

constexpr Visibility kModes[] = {Visibility::Own, Visibility::Team, Visibility::All};

// Every seat's notes allow every piece's true identity, at many points of
// many random games, in every mode; sampled worlds keep the board and what
// the seat sees, and fit every note (the fallback draws of `visibility=own`
// included).
TEST(FourBeliefs, TheTruthIsAlwaysPossibleAndWorldsKeepWhatTheSeatSees) {
  int checks = 0, coupled = 0;
  int exact = 0;
  for (const Visibility v : kModes)
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      FourGame game = startGame(seed, v);
      Rng rng(seed * 7);
      for (int ply = 0; !game.isOver() && ply < 900; ++ply) {
        if (ply % 60 == 59) {
          for (int seat = 0; seat < kArmies; ++seat) {
            if (!game.position().armyIn(seat)) continue;
            const FourObservation obs = FourObservation::of(game, seat);
            const FourBeliefs beliefs = FourBeliefs::of(obs, game.rules());
            ASSERT_TRUE(beliefs.consistent()) << "seed " << seed << " ply " << ply;
            coupled += beliefs.coupledBattles();
            const FourPosition world = beliefs.sampleWorld(rng);
            for (int p = 0; p < kCrossPoints; ++p) {
              if (game.position().isEmpty(p)) continue;
              const PieceType truth = game.position().typeAt(p);
              ASSERT_TRUE(holds(beliefs.possibleAt(p), truth)) << crossBoard().pointName(p) << " seed " << seed;
              ASSERT_GT(beliefs.marginalsAt(p)[static_cast<std::size_t>(typeIndex(truth))], 0.0);
              ASSERT_EQ(world.armyAt(p), game.position().armyAt(p));
              if (obs.typeAt(p)) {
                ASSERT_EQ(world.typeAt(p), *obs.typeAt(p));
              }
              ASSERT_TRUE(holds(beliefs.possibleAt(p), world.typeAt(p)));
            }
            ASSERT_EQ(world.toMove(), game.position().toMove());
            if (beliefs.fallbacks() == 0) ++exact;
            ++checks;
          }
        }
        playRandom(game, rng);
      }
    }
  EXPECT_GT(checks, 300);
  EXPECT_GT(coupled, 0);  // the own mode's ally-enemy battles were exercised
  EXPECT_GT(exact, checks / 2);  // most draws were exact
}

// A seat that sees everything has nothing to draw; one that sees its army
// alone knows its own pieces and that moved pieces are no landmine or flag.
TEST(FourBeliefs, NotesFollowTheModeAndTheMoves) {
  for (const Visibility v : kModes) {
    FourGame game = startGame(3, v);
    Rng rng(3);
    for (int ply = 0; ply < 200 && !game.isOver(); ++ply) playRandom(game, rng);
    const FourBeliefs beliefs = FourBeliefs::of(FourObservation::of(game, 0), game.rules());
    for (int p = 0; p < kCrossPoints; ++p) {
      if (game.position().isEmpty(p)) continue;
      const int army = game.position().armyAt(p);
      const bool seen = army == 0 || v == Visibility::All || (v == Visibility::Team && army == 2);
      EXPECT_EQ(beliefs.sees(army), seen);
      const IdentitySet set = beliefs.possibleAt(p);
      if (seen) {
        EXPECT_EQ(set, identityBit(game.position().typeAt(p)));
      }
      bool started = false;
      for (int r = 0; r < kHalfSquares; ++r) started |= armyPoint(army, r) == p;
      if (!started) {
        EXPECT_FALSE(set & kImmobileIdentities) << crossBoard().pointName(p);
      }
    }
  }
}

// A battle the seat saw with its own piece narrows the enemy's: a piece that
// beat ours outranks it (or is a landmine, which only the landmine rule lets
// win), one that lost to ours ranks below it.
TEST(FourBeliefs, BattlesWithOurPiecesNarrowTheEnemy) {
  int narrowed = 0;
  for (std::uint64_t seed = 1; seed <= 20 && narrowed < 20; ++seed) {
    FourGame game = startGame(seed, Visibility::Own);
    Rng rng(seed);
    while (!game.isOver() && game.history().size() < 600) {
      playRandom(game, rng);
      const FourPlayedMove& m = game.history().back();
      if (m.army != 0 || m.result.combat != Combat::AttackerRemoved || game.position().isEmpty(m.move.to)) continue;
      if (!game.position().armyIn(0)) break;
      const FourBeliefs beliefs = FourBeliefs::of(FourObservation::of(game, 0), game.rules());
      const IdentitySet set = beliefs.possibleAt(m.move.to);
      for (int t = 0; t < kPieceTypes; ++t) {
        const PieceType type = typeFromIndex(t);
        if (set >> t & 1) {
          EXPECT_EQ(Rules::of(game.rules().army).combat(m.result.attackerType, type), Combat::AttackerRemoved);
        }
      }
      ++narrowed;
    }
  }
  EXPECT_GE(narrowed, 10);
}

// Worlds are drawn in proportion to the exact count: over many draws each
// identity of an unseen piece comes up as often as its marginal says.
TEST(FourBeliefs, WorldsAreDrawnExactlyFromTheCounts) {
  FourGame game = startGame(5, Visibility::Team);
  Rng rng(5);
  for (int ply = 0; ply < 240 && !game.isOver(); ++ply) playRandom(game, rng);
  const FourBeliefs beliefs = FourBeliefs::of(FourObservation::of(game, 0), game.rules());
  ASSERT_TRUE(beliefs.marginalsExact());
  std::vector<int> points;
  for (int p = 0; p < kCrossPoints && points.size() < 6; ++p)
    if (!game.position().isEmpty(p) && !beliefs.sees(game.position().armyAt(p))) points.push_back(p);
  ASSERT_EQ(points.size(), 6u);
  constexpr int kDraws = 20000;
  std::vector<std::array<int, kPieceTypes>> seen(points.size(), std::array<int, kPieceTypes>{});
  for (int i = 0; i < kDraws; ++i) {
    const FourPosition world = beliefs.sampleWorld(rng);
    for (std::size_t k = 0; k < points.size(); ++k) ++seen[k][static_cast<std::size_t>(typeIndex(world.typeAt(points[k])))];
  }
  for (std::size_t k = 0; k < points.size(); ++k) {
    const IdentityMarginals m = beliefs.marginalsAt(points[k]);
    for (int t = 0; t < kPieceTypes; ++t) {
      const double p = m[static_cast<std::size_t>(t)];
      const double sd = std::sqrt(p * (1 - p) / kDraws) + 1e-9;
      EXPECT_NEAR(seen[k][static_cast<std::size_t>(t)] / double(kDraws), p, 4.5 * sd + 1e-4)
          << crossBoard().pointName(points[k]) << " " << typeName(typeFromIndex(t));
    }
  }
}

}  // namespace
}  // namespace junqi
