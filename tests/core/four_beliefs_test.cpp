// What one seat of a four-player game can tell about the pieces it does not
// see (core/four/four_beliefs.h), in each visibility mode: the truth always stays
// possible, the notes are as sharp as the rules make them, and worlds are
// drawn exactly from the counts.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "core/classic/auto_layout.h"
#include "core/four/cross_board.h"
#include "core/four/four_beliefs.h"
#include "core/four/four_movegen.h"
#include "core/classic/identity_counter.h"
#include "core/classic/rules.h"
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
// the seat sees, and fit every note (the chain draws of `visibility=own`
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
            for (Square p{}; p < kCrossPoints; ++p) {
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
            if (beliefs.chainWorlds() == 0) ++exact;
            EXPECT_EQ(beliefs.unfittedWorlds(), 0);
            ++checks;
          }
        }
        playRandom(game, rng);
      }
    }
  EXPECT_GT(checks, 300);
  EXPECT_GT(coupled, 0);  // the own mode's ally-enemy battles were exercised
  EXPECT_GT(exact, checks / 2);  // most draws came from rejection (independent)
}

// A seat that sees everything has nothing to draw; one that sees its army
// alone knows its own pieces and that moved pieces are no landmine or flag.
TEST(FourBeliefs, NotesFollowTheModeAndTheMoves) {
  for (const Visibility v : kModes) {
    FourGame game = startGame(3, v);
    Rng rng(3);
    for (int ply = 0; ply < 200 && !game.isOver(); ++ply) playRandom(game, rng);
    const FourBeliefs beliefs = FourBeliefs::of(FourObservation::of(game, 0), game.rules());
    for (Square p{}; p < kCrossPoints; ++p) {
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
  std::vector<Square> points;
  for (Square p{}; p < kCrossPoints && points.size() < 6; ++p)
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


// The exact probabilities of one piece's identities with every coupled battle
// counted: each unseen army's consistent assignments are counted with its
// coupled pieces pinned (core/classic/identity_counter.h), for every choice of those
// pieces' identities, and the choices combined across armies are kept when
// every coupled battle gives its announced result. Empty when that takes too
// many counts.
IdentityMarginals exactWithCoupling(const FourBeliefs& beliefs, const FourRuleset& rules, int piece) {
  IdentityMarginals out{};
  const Rules& combat = Rules::of(rules.army);
  std::vector<int> coupled;
  for (const auto& b : beliefs.coupled())
    for (const int p : {b.attacker, b.defender})
      if (std::find(coupled.begin(), coupled.end(), p) == coupled.end()) coupled.push_back(p);
  if (std::find(coupled.begin(), coupled.end(), piece) == coupled.end()) return out;
  // Per army: each choice of its coupled pieces' identities with its count.
  struct Choice {
    std::map<int, PieceType> types;
    double weight;
  };
  std::vector<std::vector<Choice>> armies;
  for (int a = 0; a < kArmies; ++a) {
    std::vector<int> mine;
    for (const int p : coupled)
      if (armyOfPiece(p) == a) mine.push_back(p);
    if (mine.empty()) continue;
    std::vector<Choice> choices{{{}, 1.0}};
    for (const int p : mine) {
      std::vector<Choice> next;
      for (const Choice& c : choices)
        for (int t = 0; t < kPieceTypes; ++t)
          if (beliefs.possibleOf(PieceId(p)) >> t & 1) {
            Choice more = c;
            more.types[p] = typeFromIndex(t);
            next.push_back(more);
          }
      choices = std::move(next);
      if (choices.size() > 4000) return IdentityMarginals{};
    }
    for (Choice& c : choices) {
      std::vector<IdentitySet> sets;
      for (int s = 0; s < kPiecesPerArmy; ++s) {
        const int p = a * kPiecesPerArmy + s;
        sets.push_back(c.types.count(p) ? identityBit(c.types.at(p)) : beliefs.possibleOf(PieceId(p)));
      }
      const IdentityCounter counter(sets, rules.army.counts, 0);
      c.weight = counter.consistent() ? static_cast<double>(counter.count()) : 0.0;
    }
    armies.push_back(std::move(choices));
  }
  double total = 0;
  std::map<int, PieceType> types;
  auto combine = [&](auto& self, std::size_t k, double weight) -> void {
    if (weight == 0) return;
    if (k == armies.size()) {
      for (const auto& b : beliefs.coupled())
        if (combat.combat(types.at(b.attacker), types.at(b.defender)) != b.combat) return;
      out[static_cast<std::size_t>(typeIndex(types.at(piece)))] += weight;
      total += weight;
      return;
    }
    for (const Choice& c : armies[k]) {
      for (const auto& [p, t] : c.types) types[p] = t;
      self(self, k + 1, weight * c.weight);
    }
  };
  long long combinations = 1;
  for (const auto& choices : armies) combinations *= static_cast<long long>(choices.size());
  if (combinations > 2'000'000) return IdentityMarginals{};
  combine(combine, 0, 1.0);
  if (total > 0)
    for (double& p : out) p /= total;
  return out;
}

// Random games that keep the ally-enemy battles few, so that worlds can be
// counted exactly: seen from south (its ally north), north and the east-west
// team fight at most once (flag captures aside), south fights as it likes,
// and south and north take an enemy flag whenever they can.
Move fewCoupledBattlesMove(const FourGame& game, Rng& rng, int& coupledSoFar, int coupledLimit = 1) {
  const FourPosition& pos = game.position();
  MoveList list;
  generateFourMoves(pos, list);
  const int mover = pos.toMove();
  auto coupled = [&](Move m) {
    if (pos.isEmpty(m.to) || pos.typeAt(m.to) == PieceType::Flag) return false;
    const int target = pos.armyAt(m.to);
    return (mover == 2 && teamOfArmy(target) == 1) || (teamOfArmy(mover) == 1 && target == 2);
  };
  std::vector<Move> allowed, flags;
  for (const Move m : list) {
    if (!pos.isEmpty(m.to) && pos.typeAt(m.to) == PieceType::Flag && teamOfArmy(mover) == 0) flags.push_back(m);
    if (!coupled(m) || coupledSoFar < coupledLimit) allowed.push_back(m);
  }
  if (allowed.empty()) allowed.assign(list.begin(), list.end());
  const Move m = flags.empty() ? allowed[rng.below(allowed.size())] : flags[rng.below(flags.size())];
  coupledSoFar += coupled(m);
  return m;
}

// Under `visibility=own` a battle between the seat's ally and an enemy
// couples two unseen pieces. Once the enemy's army has left the board, the
// worlds drawn must still weigh the ally's piece by the identities the gone
// enemy piece could have had (not by a placeholder): its drawn identities
// match the exact probabilities counted with every coupled battle, within
// 4.5 standard errors over 20,000 draws.
TEST(FourBeliefs, ACoupledBattleWithAnArmyThatLeftIsDrawnExactly) {
  constexpr int kSeat = 0, kCases = 3;
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 600 && checked < kCases; ++seed) {
    FourGame game = startGame(seed, Visibility::Own);
    Rng rng(seed);
    int coupledSoFar = 0;
    while (!game.isOver() && checked < kCases) {
      game.play(fewCoupledBattlesMove(game, rng, coupledSoFar));
      const std::uint8_t left = game.history().back().result.armiesLeft;
      if (!left || game.isOver() || !game.position().armyIn(kSeat) || !game.position().armyIn(allyOf(kSeat))) continue;
      const FourBeliefs beliefs = FourBeliefs::of(FourObservation::of(game, kSeat), game.rules());
      // A coupled battle of an army that just left, whose ally piece is still on the board.
      PieceId allyPiece = kNoPiece;
      for (const auto& b : beliefs.coupled()) {
        const PieceId enemy = armyOfPiece(b.attacker) == allyOf(kSeat) ? b.defender : b.attacker;
        const PieceId own = enemy == b.attacker ? b.defender : b.attacker;
        if ((left >> armyOfPiece(enemy) & 1) && beliefs.onBoard(own)) allyPiece = own;
      }
      if (allyPiece == kNoPiece) continue;
      const IdentityMarginals exact = exactWithCoupling(beliefs, game.rules(), allyPiece);
      ASSERT_GT(*std::max_element(exact.begin(), exact.end()), 0.0) << "seed " << seed;
      Square point = kNoSquare;
      for (Square p{}; p < kCrossPoints; ++p)
        if (beliefs.pieceOn(p) == allyPiece) point = p;
      ASSERT_NE(point, kNoSquare);
      constexpr int kDraws = 20000;
      std::array<int, kPieceTypes> seen{};
      for (int i = 0; i < kDraws; ++i) ++seen[static_cast<std::size_t>(typeIndex(beliefs.sampleWorld(rng).typeAt(point)))];
      EXPECT_LT(beliefs.chainWorlds(), kDraws / 1000) << "seed " << seed;  // rejection sampling: exact
      for (int t = 0; t < kPieceTypes; ++t) {
        const double p = exact[static_cast<std::size_t>(t)];
        const double sd = std::sqrt(p * (1 - p) / kDraws) + 1e-9;
        EXPECT_NEAR(seen[static_cast<std::size_t>(t)] / double(kDraws), p, 4.5 * sd + 1e-4)
            << "seed " << seed << " " << crossBoard().pointName(point) << " " << typeName(typeFromIndex(t)) << " ("
            << beliefs.coupledBattles() << " coupled battle(s))";
      }
      ++checked;
    }
  }
  EXPECT_EQ(checked, kCases);
}

// Once rejection fails, worlds come from the beliefs' Markov chain. With
// rejection turned off, in positions with two to four coupled battles (few
// enough to count exactly), the chain's draws of every coupled piece match its
// exact probabilities counted with every coupled battle. Successive draws are
// correlated, so the bound is 6 standard errors of independent draws.
TEST(FourBeliefs, TheChainDrawsCoupledWorldsExactly) {
  constexpr int kSeat = 0, kCases = 3, kDraws = 20000;
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 200 && checked < kCases; ++seed) {
    FourGame game = startGame(seed, Visibility::Own);
    Rng rng(seed);
    int coupledSoFar = 0;
    while (!game.isOver() && coupledSoFar < 4) game.play(fewCoupledBattlesMove(game, rng, coupledSoFar, 4));
    if (game.isOver() || !game.position().armyIn(kSeat)) continue;
    FourBeliefs beliefs = FourBeliefs::of(FourObservation::of(game, kSeat), game.rules());
    if (beliefs.coupledBattles() < 2) continue;
    std::vector<std::pair<int, IdentityMarginals>> exact;  // (point, probabilities) of coupled pieces on the board
    for (Square p{}; p < kCrossPoints; ++p) {
      const PieceId piece = beliefs.pieceOn(p);
      if (piece == kNoPiece || beliefs.sees(armyOfPiece(piece))) continue;
      const IdentityMarginals m = exactWithCoupling(beliefs, game.rules(), piece);
      if (*std::max_element(m.begin(), m.end()) > 0) exact.push_back({p, m});
    }
    if (exact.empty()) continue;
    beliefs.setRejectionTries(0);
    std::vector<std::array<int, kPieceTypes>> seen(exact.size(), std::array<int, kPieceTypes>{});
    for (int i = 0; i < kDraws; ++i) {
      const FourPosition world = beliefs.sampleWorld(rng);
      for (std::size_t k = 0; k < exact.size(); ++k)
        ++seen[k][static_cast<std::size_t>(typeIndex(world.typeAt(Square(exact[k].first))))];
    }
    EXPECT_EQ(beliefs.chainWorlds(), kDraws);
    for (std::size_t k = 0; k < exact.size(); ++k)
      for (int t = 0; t < kPieceTypes; ++t) {
        const double p = exact[k].second[static_cast<std::size_t>(t)];
        const double sd = std::sqrt(p * (1 - p) / kDraws) + 1e-9;
        EXPECT_NEAR(seen[k][static_cast<std::size_t>(t)] / double(kDraws), p, 6 * sd + 1e-4)
            << "seed " << seed << " " << crossBoard().pointName(exact[k].first) << " "
            << typeName(typeFromIndex(t)) << " (" << beliefs.coupledBattles() << " coupled battles)";
      }
    ++checked;
  }
  EXPECT_EQ(checked, kCases);
}

}  // namespace
}  // namespace junqi
