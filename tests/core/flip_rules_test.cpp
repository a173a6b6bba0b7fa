// Flip Junqi, sentence by sentence: text 001's section "Flip Junqi"
// (flip-worldatplay) and text 004 (flip-kawu). docs/rules.md, "Flip Junqi",
// lists each sentence against its test.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>
#include <string>

#include "core/flip/flip_game.h"
#include "core/flip/flip_movegen.h"
#include "core/flip/flip_notation.h"
#include "core/classic/topology.h"
#include "tests/support/flip_boards.h"
#include "tests/core/rule_fixtures.h"

namespace junqi {
namespace {

using namespace fixtures;

const FlipRuleset kWorldAtPlay = FlipRuleset::worldAtPlay();
const FlipRuleset kKawu = FlipRuleset::kawu();
const FlipRuleset kBothPresets[] = {kWorldAtPlay, kKawu};

Action act(Seat seat, std::string_view from, std::string_view to) { return Action::makeMove(seat, move(from, to)); }
Action flipOf(Seat seat, std::string_view square) { return Action::makeMove(seat, flipAt(at(square))); }

// May the piece on A5 attack the one on A6 (seat 1, red, to move)?
bool mayTake(const FlipRuleset& rules, char attacker, char defender, std::string extra = "") {
  const std::string pieces = std::string(1, attacker) + ":A5 " + std::string(1, defender) + ":A6 " + extra;
  return contains(flipMoveTargets(flipBoard(rules, pieces), at("A5")), at("A6"));
}

// ------------------------------------------------------------------ the deal

TEST(FlipSetup, AllFiftyPiecesStartFaceDownOnThePointsThatAreNotCamps) {
  const Topology& t = Topology::classic(true);
  for (const FlipRuleset& rules : kBothPresets) {
    const FlipPosition start(rules);
    EXPECT_EQ(start.faceDown(), t.all & ~t.camps);
    EXPECT_EQ(start.poolSize(), 50);
    EXPECT_EQ(start.faceUp(Colour::Red) | start.faceUp(Colour::Blue), 0u) << "the camps start empty";
    EXPECT_EQ(start.pool(Colour::Red), kClassicCounts);
    EXPECT_EQ(start.pool(Colour::Blue), kClassicCounts);
    EXPECT_FALSE(start.colourOf(Seat::Red)) << "nobody knows who is red at the start";
    EXPECT_EQ(start.toMove(), Seat::Red) << "seat 1 moves first";
  }
  Rng rng(1);
  const FlipDeal deal = randomFlipDeal(rng);
  int red = 0, blue = 0;
  for (Square s{}; s < kSquares; ++s) {
    EXPECT_EQ(deal.under[s].has_value(), !contains(t.camps, s)) << squareName(s);
    if (deal.under[s]) ++(deal.under[s]->colour == Colour::Red ? red : blue);
  }
  EXPECT_EQ(red, 25);
  EXPECT_EQ(blue, 25);
}

TEST(FlipSetup, DealsPutLandminesAndFlagsAnywhere) {
  const Topology& t = Topology::classic(true);
  Bitboard landmines = 0, flags = 0;
  Rng rng(7);
  for (int game = 0; game < 1000; ++game) {
    const FlipDeal deal = randomFlipDeal(rng);
    for (Square s{}; s < kSquares; ++s) {
      if (!deal.under[s]) continue;
      if (deal.under[s]->type == PieceType::Landmine) landmines |= bit(s);
      if (deal.under[s]->type == PieceType::Flag) flags |= bit(s);
    }
  }
  EXPECT_EQ(names(landmines), names(t.all & ~t.camps)) << "landmines anywhere, even on a railway";
  EXPECT_EQ(names(flags), names(t.all & ~t.camps)) << "flags anywhere";
}

TEST(FlipSetup, TheSameSeedDealsTheSameEverywhere) {
  Rng a(42), b(42);
  EXPECT_EQ(randomFlipDeal(a), randomFlipDeal(b));
  Rng c(43);
  EXPECT_NE(randomFlipDeal(a), randomFlipDeal(c));
}

// ------------------------------------------------------------------ a turn

TEST(FlipTurn, ATurnIsOneFlipOrOneMoveOfYourOwnFaceUpPiece) {
  for (const FlipRuleset& rules : kBothPresets) {
    FlipGame game = flipGame(rules, "C:A5 j:E5 ?F:A1 ?f:E12");
    MoveList actions;
    generateFlipActions(game.position(), actions);
    int flips = 0;
    for (const Move m : actions) {
      if (isFlip(m)) {
        ++flips;
        EXPECT_TRUE(game.position().isFaceDown(m.from));
      } else {
        EXPECT_EQ(squareName(m.from), "A5") << "only seat 1's own face-up piece moves";
      }
    }
    EXPECT_EQ(flips, 2);
    EXPECT_GT(actions.size(), 2);
    game.apply(flipOf(Seat::Red, "A1"));
    EXPECT_EQ(game.position().toMove(), Seat::Blue) << "a flip uses the whole turn";
    EXPECT_TRUE(game.whyIllegal(act(Seat::Blue, "A5", "A6"))) << "seat 2 cannot move red's captain";
    EXPECT_FALSE(game.whyIllegal(act(Seat::Blue, "E5", "E6")));
  }
}

TEST(FlipTurn, AnyFaceDownPieceMayBeFlippedYoursOrNot) {
  for (const FlipRuleset& rules : kBothPresets) {
    const FlipGame game = flipGame(rules, "C:A5 ?F:A1 ?f:E12");
    EXPECT_FALSE(game.whyIllegal(flipOf(Seat::Red, "A1"))) << "its own";
    EXPECT_FALSE(game.whyIllegal(flipOf(Seat::Red, "E12"))) << "the enemy's";
    EXPECT_EQ(*game.whyIllegal(flipOf(Seat::Red, "A5")), "A5 holds no face-down piece to flip");
  }
}

// ------------------------------------------------------------------ colours

TEST(FlipColours, TheFirstToFlipTheSameColourTwiceInARowPlaysIt) {
  // Seat 1 flips red then blue; seat 2 flips blue then blue: seat 2 is blue.
  FlipGame game = flipGame(kWorldAtPlay, "?C:A1 ?p:B1 ?c:C1 ?j:D1 ?F:E1 ?f:A12", std::nullopt);
  game.apply(flipOf(Seat::Red, "A1"));
  game.apply(flipOf(Seat::Blue, "B1"));
  game.apply(flipOf(Seat::Red, "C1"));
  EXPECT_FALSE(game.position().colourOf(Seat::Red)) << "seat 1 flipped red, then blue";
  EXPECT_EQ(game.position().lastFlip(Seat::Red), Colour::Blue);
  const FlipActionRecord& decided = game.apply(flipOf(Seat::Blue, "D1"));
  EXPECT_EQ(decided.result.coloursDecidedBy, Seat::Blue);
  EXPECT_EQ(game.position().colourOf(Seat::Blue), Colour::Blue);
  EXPECT_EQ(game.position().colourOf(Seat::Red), Colour::Red) << "the other player takes the other";
}

TEST(FlipColours, TwiceInARowMeansTheSeatsOwnTwoFlips) {
  // Red, red by different seats decides nothing; seat 1's red, then red again does.
  FlipGame game = flipGame(kWorldAtPlay, "?C:A1 ?P:B1 ?c:C1 ?J:D1 ?F:E1 ?f:A12", std::nullopt);
  game.apply(flipOf(Seat::Red, "A1"));
  game.apply(flipOf(Seat::Blue, "B1"));
  EXPECT_FALSE(game.position().colourOf(Seat::Red));
  game.apply(flipOf(Seat::Red, "D1"));
  EXPECT_EQ(game.position().colourOf(Seat::Red), Colour::Red);
  EXPECT_EQ(game.position().colourOf(Seat::Blue), Colour::Blue);
}

TEST(FlipColours, UntilTheColoursAreDecidedBothMayOnlyFlip) {
  FlipGame game = flipGame(kWorldAtPlay, "?C:A5 ?c:C2 ?F:A1 ?f:E12", std::nullopt);
  game.apply(flipOf(Seat::Red, "A5"));  // a red captain, face up: nobody's yet
  game.apply(flipOf(Seat::Blue, "C2"));
  MoveList actions;
  generateFlipActions(game.position(), actions);
  for (const Move m : actions) EXPECT_TRUE(isFlip(m)) << moveName(m);
  EXPECT_EQ(actions.size(), 2);
  EXPECT_EQ(*game.whyIllegal(act(Seat::Red, "A5", "A6")), "until the colours are decided both players may only flip");
}

TEST(FlipColours, UnderKawuTheVeryFirstFlipDecides) {
  FlipGame game = flipGame(kKawu, "?c:A5 ?C:C2 ?F:A1 ?f:E12", std::nullopt);
  const FlipActionRecord& first = game.apply(flipOf(Seat::Red, "A5"));
  EXPECT_EQ(first.result.coloursDecidedBy, Seat::Red);
  EXPECT_EQ(game.position().colourOf(Seat::Red), Colour::Blue) << "seat 1 turned over a blue piece";
  EXPECT_EQ(game.position().colourOf(Seat::Blue), Colour::Red);
  EXPECT_TRUE(game.whyIllegal(act(Seat::Blue, "A5", "A6"))) << "seat 2 plays red";
  game.apply(flipOf(Seat::Blue, "C2"));
  EXPECT_FALSE(game.whyIllegal(act(Seat::Red, "A5", "A6"))) << "seat 1 moves its blue captain";
}

// ------------------------------------------------------------------ moving

TEST(FlipMovement, APieceMayLeaveAHeadquarters) {
  for (const FlipRuleset& rules : kBothPresets)
    EXPECT_EQ(flipTargetNames(flipBoard(rules, "P:B1"), "B1"), names(points({"A1", "C1", "B2"}))) << rules.preset;
}

TEST(FlipMovement, RoadsRailwaysAndEngineersAsInTheClassicGame) {
  for (const FlipRuleset& rules : kBothPresets) {
    // A lieutenant slides straight along column A and row 2; an engineer turns.
    EXPECT_EQ(flipTargetNames(flipBoard(rules, "P:A2"), "A2"),
              names(points({"A1", "A3", "A4", "A5", "A6", "A7", "A8", "A9", "A10", "A11", "B2", "B3", "C2", "D2",
                            "E2"})));
    const Bitboard engineer = flipMoveTargets(flipBoard(rules, "E:A2"), at("A2"));
    EXPECT_TRUE(contains(engineer, at("E11"))) << "round two corners";
    EXPECT_TRUE(contains(engineer, at("C7"))) << "over the centre crossing";
  }
}

TEST(FlipMovement, LandminesAndTheFlagNeverMove) {
  for (const FlipRuleset& rules : kBothPresets) {
    const FlipPosition pos = flipBoard(rules, "L:A2 F:C2");
    EXPECT_EQ(flipMoveTargets(pos, at("A2")), 0u);
    EXPECT_EQ(flipMoveTargets(pos, at("C2")), 0u);
  }
}

TEST(FlipMovement, ALandmineOnARailwayBlocksThatLineUntilItIsCleared) {
  // 001: the lieutenant may not go onto the mine; 004: it may, but not past it.
  const Bitboard blocked = flipMoveTargets(flipBoard(kWorldAtPlay, "P:A2 l:A5"), at("A2"));
  EXPECT_TRUE(contains(blocked, at("A4")));
  EXPECT_FALSE(contains(blocked, at("A5")) || contains(blocked, at("A6")));
  const Bitboard kawu = flipMoveTargets(flipBoard(kKawu, "P:A2 l:A5"), at("A2"));
  EXPECT_TRUE(contains(kawu, at("A5")));
  EXPECT_FALSE(contains(kawu, at("A6")));
  EXPECT_TRUE(contains(flipMoveTargets(flipBoard(kWorldAtPlay, "P:A2"), at("A2")), at("A6"))) << "once cleared";
}

TEST(FlipMovement, AFaceDownPieceCannotBeAttackedOnlyFlipped) {
  for (const FlipRuleset& rules : kBothPresets) {
    const FlipGame game = flipGame(rules, "M:A2 ?p:A3 ?f:E12");
    const Bitboard targets = flipMoveTargets(game.position(), at("A2"));
    EXPECT_FALSE(contains(targets, at("A3")));
    EXPECT_FALSE(contains(targets, at("A4"))) << "it blocks the railway too";
    EXPECT_EQ(*game.whyIllegal(act(Seat::Red, "A2", "A3")), "A3 is face down: it can be flipped, not attacked");
    EXPECT_FALSE(game.whyIllegal(flipOf(Seat::Red, "A3")));
    EXPECT_FALSE(game.whyIllegal(flipOf(Seat::Red, "E12"))) << "a face-down flag is flipped first";
  }
}

// ------------------------------------------------------------------ combat

TEST(FlipCombat, UnderWorldatplayNoMoveThrowsAPieceAway) {
  EXPECT_FALSE(mayTake(kWorldAtPlay, 'C', 'j')) << "a captain may not attack a major";
  EXPECT_TRUE(mayTake(kWorldAtPlay, 'C', 'p'));
  EXPECT_TRUE(mayTake(kWorldAtPlay, 'C', 'c')) << "equal ranks still trade";
  EXPECT_FALSE(mayTake(kWorldAtPlay, 'M', 'l')) << "only an engineer or a bomb goes onto a landmine";
  EXPECT_TRUE(mayTake(kWorldAtPlay, 'E', 'l'));
  EXPECT_TRUE(mayTake(kWorldAtPlay, 'B', 'l'));
  EXPECT_TRUE(mayTake(kWorldAtPlay, 'B', 'm')) << "a bomb still removes whatever it hits";
  EXPECT_TRUE(mayTake(kWorldAtPlay, 'P', 'b')) << "attacking a bomb trades like equal ranks (docs/rules.md)";
  const FlipGame game = flipGame(kWorldAtPlay, "C:A5 j:A6");
  EXPECT_EQ(*game.whyIllegal(act(Seat::Red, "A5", "A6")),
            "the captain on A5 may not attack the major on A6: that would throw it away");
}

TEST(FlipCombat, UnderKawuAnyAttackOnAFaceUpEnemyIsAllowed) {
  for (const char attacker : std::string("EPCJRIDGMB"))
    for (const char defender : std::string("epcjridgmbl")) EXPECT_TRUE(mayTake(kKawu, attacker, defender));
}

TEST(FlipCombat, HigherRankWinsEqualRanksTradeABombTakesBoth) {
  for (const FlipRuleset& rules : kBothPresets) {
    FlipGame higher = flipGame(rules, "J:A5 c:A6");
    EXPECT_EQ(higher.apply(act(Seat::Red, "A5", "A6")).result.combat, Combat::DefenderRemoved);
    EXPECT_EQ(higher.position().identityAt(at("A6")), (Identity{Colour::Red, PieceType::Major}));
    FlipGame equal = flipGame(rules, "C:A5 c:A6");
    EXPECT_EQ(equal.apply(act(Seat::Red, "A5", "A6")).result.combat, Combat::BothRemoved);
    for (const char* pieces : {"B:A5 m:A6", "M:A5 b:A6"}) {
      FlipGame bomb = flipGame(rules, pieces);
      EXPECT_EQ(bomb.apply(act(Seat::Red, "A5", "A6")).result.combat, Combat::BothRemoved) << pieces;
      EXPECT_TRUE(bomb.position().isEmpty(at("A6")));
    }
  }
  FlipGame lower = flipGame(kKawu, "C:A5 j:A6");  // only kawu lets a piece attack upwards
  EXPECT_EQ(lower.apply(act(Seat::Red, "A5", "A6")).result.combat, Combat::AttackerRemoved);
}

TEST(FlipCombat, AnEngineerClearsALandmineAndABombDiesWithIt) {
  for (const FlipRuleset& rules : kBothPresets) {
    FlipGame engineer = flipGame(rules, "E:A5 l:A6");
    EXPECT_EQ(engineer.apply(act(Seat::Red, "A5", "A6")).result.combat, Combat::DefenderRemoved);
    FlipGame bomb = flipGame(rules, "B:A5 l:A6");
    EXPECT_EQ(bomb.apply(act(Seat::Red, "A5", "A6")).result.combat, Combat::BothRemoved);
  }
}

TEST(FlipCombat, UnderKawuALandmineDestroysAnyOtherAttacker) {
  FlipGame game = flipGame(kKawu, "M:A5 l:A6");
  EXPECT_EQ(game.apply(act(Seat::Red, "A5", "A6")).result.combat, Combat::AttackerRemoved);
  EXPECT_EQ(game.position().identityAt(at("A6")).type, PieceType::Landmine) << "the landmine stays";
}

TEST(FlipCombat, PiecesInCampsCannotBeAttacked) {
  for (const FlipRuleset& rules : kBothPresets)
    EXPECT_FALSE(contains(flipMoveTargets(flipBoard(rules, "M:A5 p:B5"), at("A5")), at("B5")));
}

TEST(FlipCombat, UnderWorldatplayTheFlagCannotBeTouchedWhileItsLandminesRemain) {
  EXPECT_FALSE(mayTake(kWorldAtPlay, 'P', 'f', "l:E12")) << "a face-up landmine";
  EXPECT_FALSE(mayTake(kWorldAtPlay, 'P', 'f', "?l:E12")) << "a face-down one counts too";
  EXPECT_TRUE(mayTake(kWorldAtPlay, 'P', 'f', "L:E12")) << "one's own landmines do not guard the enemy flag";
  const FlipGame game = flipGame(kWorldAtPlay, "P:A5 f:A6 l:E12");
  EXPECT_EQ(*game.whyIllegal(act(Seat::Red, "A5", "A6")),
            "the flag on A6 cannot be touched while its side has landmines left");
}

TEST(FlipCombat, UnderKawuTheFlagFallsToAnyAttacker) {
  EXPECT_TRUE(mayTake(kKawu, 'E', 'f', "l:E12 l:D12 l:C12"));
}

// ------------------------------------------------------------------ the end

TEST(FlipGameEnd, ClearTheLandminesThenAnyPieceOnTheFaceUpFlagWins) {
  // The engineer clears the last landmine and survives; then the lieutenant takes the flag.
  FlipGame game = flipGame(kWorldAtPlay, "E:E11 P:A5 l:E12 f:A6 p:C12");
  EXPECT_TRUE(game.whyIllegal(act(Seat::Red, "A5", "A6")));
  game.apply(act(Seat::Red, "E11", "E12"));
  EXPECT_EQ(game.position().identityAt(at("E12")).type, PieceType::Engineer);
  game.apply(act(Seat::Blue, "C12", "C11"));
  const FlipActionRecord& taken = game.apply(act(Seat::Red, "A5", "A6"));
  EXPECT_TRUE(taken.result.flagCaptured);
  EXPECT_EQ(game.outcome(), (Outcome{Termination::FlagCaptured, Seat::Red}));
}

TEST(FlipGameEnd, TakingTheFlagWinsUnderKawu) {
  FlipGame game = flipGame(kKawu, "B:A5 f:A6 l:E12 p:C12");
  game.apply(act(Seat::Red, "A5", "A6"));  // a bomb: both go, the flag is taken all the same
  EXPECT_EQ(game.outcome(), (Outcome{Termination::FlagCaptured, Seat::Red}));
}

TEST(FlipGameEnd, WithoutEngineersAndBombsTheMinedFlagIsOutOfReach) {
  const FlipPosition pos = flipBoard(kWorldAtPlay, "M:A5 G:E6 f:A6 l:E7");
  MoveList actions;
  generateFlipActions(pos, actions);
  for (const Move m : actions) {
    EXPECT_NE(squareName(m.to), "A6") << "the flag, while a landmine remains";
    EXPECT_NE(squareName(m.to), "E7") << "the landmine: only an engineer or a bomb";
  }
}

TEST(FlipGameEnd, NothingToFlipAndNothingThatMayMoveLoses) {
  for (const FlipRuleset& rules : kBothPresets) {
    const FlipGame stuck = flipGame(rules, "F:A1 L:B1 p:E12");
    EXPECT_EQ(stuck.outcome(), (Outcome{Termination::Immobilised, Seat::Blue})) << rules.preset;
  }
  // 001: a captain whose every move would throw it away cannot move.
  const FlipGame hemmed = flipGame(kWorldAtPlay, "F:C1 C:A1 j:A2 j:B1 p:E12");
  EXPECT_EQ(hemmed.outcome(), (Outcome{Termination::Immobilised, Seat::Blue}));
  EXPECT_FALSE(flipGame(kKawu, "F:C1 C:A1 j:A2 j:B1 p:E12").isOver()) << "kawu lets it attack";
  EXPECT_FALSE(flipGame(kWorldAtPlay, "F:A1 L:B1 p:E12 ?P:C2").isOver()) << "a piece to flip is an action";
}

TEST(FlipDraws, EightyTurnsWithoutAFlipOrAFightDraw) {
  for (const FlipRuleset& rules : kBothPresets) {
    FlipPosition pos = flipBoard(rules, "G:A5 g:E8 F:C1 f:C12 ?P:C2");
    pos.setCounters(79, 100);
    FlipGame quiet(pos, [] {
      FlipDeal d;
      d.under[at("C2")] = Identity{Colour::Red, PieceType::Lieutenant};
      return d;
    }());
    FlipGame flipped = quiet, fought = quiet;
    quiet.apply(act(Seat::Red, "A5", "A4"));
    EXPECT_EQ(quiet.outcome(), (Outcome{Termination::QuietMoves, std::nullopt})) << rules.preset;
    flipped.apply(flipOf(Seat::Red, "C2"));
    EXPECT_EQ(flipped.position().quietPlies(), 0) << "a flip restarts the count";
  }
  FlipGame fight = flipGame(kKawu, "P:A5 j:A6 F:C1 f:C12");
  fight.apply(act(Seat::Red, "A5", "A6"));
  EXPECT_EQ(fight.position().quietPlies(), 0) << "kawu: an attack the attacker loses restarts it too";
  EXPECT_EQ(kWorldAtPlay.quietMoveLimit, 80) << "001: 80 turns in a row";
  EXPECT_EQ(kKawu.quietMoveLimit, 80) << "004: 40 moves on each side";
}

// ------------------------------------------------------------------ information

TEST(FlipInformation, LosingTheMarshalRevealsNoFlag) {
  FlipGame game = flipGame(kWorldAtPlay, "B:A5 m:A6 ?f:E12 ?l:D12");
  game.apply(act(Seat::Red, "A5", "A6"));
  EXPECT_TRUE(game.position().isFaceDown(at("E12")));
  EXPECT_EQ(game.position().pool(Colour::Blue)[typeIndex(PieceType::Flag)], 1);
}

TEST(FlipInformation, WhatLiesFaceDownIsInNoPositionOnlyInTheDeal) {
  Rng a(1), b(2);
  FlipGame one(kWorldAtPlay, randomFlipDeal(a)), two(kWorldAtPlay, randomFlipDeal(b));
  EXPECT_NE(one.deal(), two.deal());
  EXPECT_EQ(one.position(), two.position()) << "the backs are identical";
  EXPECT_EQ(formatFlipPosition(one.position()), formatFlipPosition(two.position()));
}

TEST(FlipInformation, EachFlipRevealsADrawFromThePoolsAndWorldsAreSampledExactly) {
  // 30 actions into a game: every face-down point shows each identity as often
  // as the pools say (within 4.5 standard errors over 20,000 sampled deals).
  Rng rng(3);
  FlipGame game(kKawu, randomFlipDeal(rng));
  for (int i = 0; i < 30; ++i) {
    MoveList actions;
    generateFlipActions(game.position(), actions);
    game.apply(Action::makeMove(game.position().toMove(), actions[static_cast<int>(rng.below(actions.size()))]));
  }
  const FlipPosition& pos = game.position();
  constexpr int kDeals = 20000;
  std::map<std::pair<int, int>, int> seen;  // (point, colour * 12 + type) -> deals
  for (int d = 0; d < kDeals; ++d) {
    const FlipDeal deal = randomFlipDeal(pos, rng);
    for (Bitboard b = pos.faceDown(); b;) {
      const Square s = popLsb(b);
      ++seen[{s, index(deal.under[s]->colour) * kPieceTypes + typeIndex(deal.under[s]->type)}];
    }
  }
  double total = 0;
  for (const Colour c : {Colour::Red, Colour::Blue})
    for (int t = 0; t < kPieceTypes; ++t) {
      const double p = pos.flipProbability({c, typeFromIndex(t)});
      total += p;
      for (Bitboard b = pos.faceDown(); b;) {
        const Square s = popLsb(b);
        const double freq = seen[{s, index(c) * kPieceTypes + t}] / double(kDeals);
        EXPECT_NEAR(freq, p, 4.5 * std::sqrt(p * (1 - p) / kDeals) + 1e-12) << squareName(s) << " " << typeName(typeFromIndex(t));
      }
    }
  EXPECT_NEAR(total, 1.0, 1e-12);
}

TEST(FlipGameEnd, ResignationEndsTheGameEitherSideAnyTime) {
  FlipGame game = flipGame(kWorldAtPlay, "P:A5 f:C12 F:C1 ?p:E12");
  game.apply(Action::resign(Seat::Blue));
  EXPECT_EQ(game.outcome(), (Outcome{Termination::Resignation, Seat::Red}));
  FlipGame other = flipGame(kWorldAtPlay, "P:A5 f:C12 F:C1 ?p:E12");
  EXPECT_EQ(*other.whyIllegal(Action::offerDraw(Seat::Red)), "Flip Junqi has only flips, moves and resignation");
}

}  // namespace
}  // namespace junqi
