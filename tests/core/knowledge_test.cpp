// What a seat learns about the enemy's pieces: one test per inference, each
// from a small scripted game. The expected sets and probabilities are worked
// out here from the rule texts (shared/seeds/000, 001, 003) and by counting,
// never copied from the engine's output.
//
// Positions are written as in docs/notation.md (row 12 first, upper case Red,
// lower case Blue). Every position below is reachable: both flags in a
// headquarters of their own side, landmines in their side's back two rows (and
// out of the headquarters under hiddenfront), counts within the ruleset's.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/classic/auto_layout.h"
#include "core/classic/info_state.h"
#include "core/classic/notation.h"

namespace junqi {
namespace {

using T = PieceType;

// ---------------------------------------------------------------------------
// Helpers

IdentitySet setOf(std::initializer_list<PieceType> types) {
  IdentitySet s = 0;
  for (const PieceType t : types) s |= identityBit(t);
  return s;
}

// The officers of ranks lo..hi (empty when lo > hi).
IdentitySet ranks(int lo, int hi) {
  IdentitySet s = 0;
  for (int r = std::max(lo, 1); r <= std::min(hi, 9); ++r) s |= identityBit(typeFromIndex(r - 1));
  return s;
}

const IdentitySet kAll = kAnyIdentity;
const IdentitySet kMobile = ranks(1, 9) | identityBit(T::Bomb);  // what a piece that moved can be
const IdentitySet kNotFlag = static_cast<IdentitySet>(kAll & ~identityBit(T::Flag));
const IdentitySet kNotMarshal = static_cast<IdentitySet>(kAll & ~identityBit(T::Marshal));

Square at(std::string_view square) {
  const auto s = parseSquare(square);
  if (!s) throw std::invalid_argument(std::string("bad square ") + std::string(square));
  return *s;
}

// Plays a move for the side to move; a scripted move that is illegal is a broken test.
const ActionRecord& play(Game& game, std::string_view text) {
  const auto m = parseMove(text);
  if (!m) throw std::invalid_argument(std::string("bad move ") + std::string(text));
  const Action a = Action::makeMove(game.position().sideToMove(), *m);
  if (const auto why = game.whyIllegal(a)) throw std::logic_error(std::string(text) + " is illegal: " + *why);
  return game.apply(a);
}

// The knowledge index (piece id within its side) of the piece standing on `square` now.
int pieceOn(const Game& game, std::string_view square) {
  const int p = game.position().pieceAt(at(square));
  if (p == kNoPiece) throw std::logic_error(std::string("no piece on ") + std::string(square));
  return p % kMaxPiecesPerSide;
}

Game fromText(std::string_view position, const Ruleset& ruleset) {
  return Game(parsePosition(position, Rules::of(ruleset)));
}

// A game from layouts: Red deploys `red`, Blue `blue` (layouts in their owner's coordinates).
Game fromLayouts(const Ruleset& ruleset, std::string_view red = kExampleLayout,
                 std::string_view blue = kExampleLayout) {
  return Game(ruleset, parseLayout(red), parseLayout(blue));
}

std::string note(IdentitySet s) { return describeIdentities(s); }

std::vector<Ruleset> classicPresets() { return {Ruleset::hiddenFront(), Ruleset::worldAtPlay(), Ruleset::refereed()}; }

// ---------------------------------------------------------------------------
// Deployment rules at the start (a game from layouts)

// What the deployment rules allow on a point of `side`'s half, worked out from
// the row and column alone (seeds 000/001/003: flag in a headquarters;
// landmines in the back two rows, under hiddenfront never in a headquarters;
// no bomb in the front row; ranked pieces anywhere).
IdentitySet deploymentSet(Seat side, int square, const Ruleset& r) {
  const int row = side == Seat::Red ? rowOf(Square(square)) + 1 : kRows - rowOf(Square(square));  // 1 = back row
  const int col = columnOf(Square(square));
  const bool hq = row == 1 && (col == 1 || col == 3);
  IdentitySet s = ranks(1, 9);
  if (row < 6) s |= identityBit(T::Bomb);
  if (hq) s |= identityBit(T::Flag);
  if (row <= 2 && (!hq || r.landmineInHeadquarters)) s |= identityBit(T::Landmine);
  return s;
}

// For every enemy piece at the start, for both seats: the notes and the
// support are exactly the deployment set of its point.
// Blue deploys a uniformly random legal layout: the notes must not depend on what stands where.
void expectDeploymentSets(const Ruleset& r) {
  Rng rng(2026);
  const Game game = fromLayouts(r, kExampleLayout, formatLayout(randomLayout(r, rng)));
  for (const Seat seat : {Seat::Red, Seat::Blue}) {
    const InfoState view = InfoState::of(game, seat);
    const Seat them = opposite(seat);
    ASSERT_TRUE(view.observation().startedFromLayouts());
    ASSERT_EQ(view.knowledge().pieceCount(), 25);
    for (int k = 0; k < view.knowledge().pieceCount(); ++k) {
      const Square square = game.start().squareOf(pieceOf(them, k));
      const IdentitySet expected = deploymentSet(them, square, r);
      EXPECT_EQ(view.knowledge().possible(k), expected)
          << r.preset << ", " << seatName(seat) << "'s notes on the piece on " << squareName(square) << ": "
          << note(view.knowledge().possible(k)) << " where the rules give " << note(expected);
      EXPECT_EQ(view.support(k), expected) << r.preset << ", piece on " << squareName(square);
    }
  }
}

TEST(Knowledge, TheFlagCanOnlyBeInAHeadquartersAtTheStart) {
  for (const Ruleset& r : classicPresets()) {
    const Game game = fromLayouts(r);
    const InfoState view = InfoState::of(game, Seat::Red);
    int flagCandidates = 0;
    for (int k = 0; k < view.knowledge().pieceCount(); ++k) {
      const Square square = game.start().squareOf(PieceId(kMaxPiecesPerSide + k));
      const bool hq = square == at("B12") || square == at("D12");
      EXPECT_EQ((view.knowledge().possible(k) & identityBit(T::Flag)) != 0, hq) << squareName(square);
      EXPECT_EQ(view.marginals()[k][typeIndex(T::Flag)] > 0, hq) << squareName(square);
      flagCandidates += hq;
    }
    EXPECT_EQ(flagCandidates, 2);
  }
  expectDeploymentSets(Ruleset::hiddenFront());
}

TEST(Knowledge, LandminesCanOnlyBeInTheBackTwoRowsAtTheStart) {
  for (const Ruleset& r : classicPresets()) {
    const Game game = fromLayouts(r);
    const InfoState view = InfoState::of(game, Seat::Blue);  // Blue's notes on Red: rows 1-2
    for (int k = 0; k < view.knowledge().pieceCount(); ++k) {
      const Square square = game.start().squareOf(PieceId(k));
      const bool hq = square == at("B1") || square == at("D1");
      const bool allowed = rowOf(square) <= 1 && (!hq || r.landmineInHeadquarters);
      EXPECT_EQ((view.knowledge().possible(k) & identityBit(T::Landmine)) != 0, allowed)
          << r.preset << " " << squareName(square);
    }
  }
  expectDeploymentSets(Ruleset::worldAtPlay());
}

TEST(Knowledge, HiddenfrontKeepsLandminesOutOfTheHeadquarters) {
  // hiddenfront: "Each landmine must be in one of your back two rows, but never
  // inside a headquarters." worldatplay and refereed only ask for the back rows.
  for (const Ruleset& r : classicPresets()) {
    const Game game = fromLayouts(r);
    const InfoState view = InfoState::of(game, Seat::Red);
    for (const char* hq : {"B12", "D12"}) {
      const int k = pieceOn(game, hq);
      const bool landmine = (view.knowledge().possible(k) & identityBit(T::Landmine)) != 0;
      EXPECT_EQ(landmine, r.preset != "hiddenfront") << r.preset << " " << hq;
      EXPECT_EQ(view.marginals()[k][typeIndex(T::Landmine)] > 0, r.preset != "hiddenfront") << r.preset << " " << hq;
      EXPECT_EQ(note(view.support(k)), r.preset == "hiddenfront" ? "officer, bomb or flag" : "any");
    }
  }
  expectDeploymentSets(Ruleset::hiddenFront());
}

TEST(Knowledge, BombsAreNeverInTheFrontRowAtTheStart) {
  for (const Ruleset& r : classicPresets()) {
    const Game game = fromLayouts(r);
    const InfoState view = InfoState::of(game, Seat::Red);
    for (int k = 0; k < view.knowledge().pieceCount(); ++k) {
      const Square square = game.start().squareOf(PieceId(kMaxPiecesPerSide + k));
      const bool front = rowOf(square) == 6;  // row 7, Blue's front row
      EXPECT_EQ((view.knowledge().possible(k) & identityBit(T::Bomb)) == 0, front) << squareName(square);
      EXPECT_EQ(view.marginals()[k][typeIndex(T::Bomb)] == 0.0, front) << squareName(square);
    }
  }
  expectDeploymentSets(Ruleset::refereed());
}

TEST(Knowledge, FrontRowPiecesCanOnlyBeOfficersAtTheStart) {
  for (const Ruleset& r : classicPresets()) {
    const Game game = fromLayouts(r);
    const InfoState view = InfoState::of(game, Seat::Red);
    for (const char* square : {"A7", "B7", "C7", "D7", "E7"}) {
      const int k = pieceOn(game, square);
      EXPECT_EQ(view.knowledge().possible(k), kOfficers) << r.preset << " " << square;
      EXPECT_EQ(view.support(k), kOfficers);
      EXPECT_EQ(note(view.support(k)), "officer");
    }
    // A middle-row piece may also be a bomb; a back-row piece a landmine too.
    EXPECT_EQ(view.knowledge().possible(pieceOn(game, "A9")), kOfficers | identityBit(T::Bomb));
    EXPECT_EQ(view.knowledge().possible(pieceOn(game, "A11")),
              kOfficers | identityBit(T::Bomb) | identityBit(T::Landmine));
  }
  expectDeploymentSets(Ruleset::hiddenFront());
}

// ---------------------------------------------------------------------------
// Movement

TEST(Knowledge, APieceThatMovedIsNeitherALandmineNorTheFlag) {
  for (const Ruleset& r : classicPresets()) {
    // Blue's A11 and C12 stand where landmines may start; only A11 moves.
    Game game = fromText("1fl2/p4/5/4c/5/5/5/5/5/4P/5/1F3 r 0 0", r);
    const int mover = pieceOn(game, "A11"), still = pieceOn(game, "C12");
    const InfoState before = InfoState::of(game, Seat::Red);
    EXPECT_TRUE(before.knowledge().possible(mover) & identityBit(T::Landmine));
    EXPECT_FALSE(before.knowledge().moved(mover));
    play(game, "E3-E4");
    play(game, "A11-A10");
    const InfoState view = InfoState::of(game, Seat::Red);
    EXPECT_TRUE(view.knowledge().moved(mover));
    EXPECT_EQ(view.knowledge().possible(mover), kMobile) << note(view.knowledge().possible(mover));
    EXPECT_EQ(view.support(mover), kMobile);
    EXPECT_EQ(view.marginals()[mover][typeIndex(T::Landmine)], 0.0);
    EXPECT_EQ(view.marginals()[mover][typeIndex(T::Flag)], 0.0);
    // The piece that stayed keeps its landmine possibility.
    EXPECT_FALSE(view.knowledge().moved(still));
    EXPECT_TRUE(view.knowledge().possible(still) & identityBit(T::Landmine));
  }
}

TEST(Knowledge, ARailwayMoveThatTurnedShowsAnEngineer) {
  // A11 down the column-A railway to A7, then along row 7 to C7: a turn.
  for (const Ruleset& r : classicPresets()) {
    Game game = fromText("1f3/e4/2i2/5/5/5/5/5/5/4P/5/1F3 r 0 0", r);
    const int k = pieceOn(game, "A11");
    play(game, "E3-E4");
    play(game, "A11-C7");
    const InfoState view = InfoState::of(game, Seat::Red);
    ASSERT_EQ(view.observation().events().back().path, MovePath::Turned);
    EXPECT_EQ(view.knowledge().possible(k), identityBit(T::Engineer)) << note(view.knowledge().possible(k));
    EXPECT_EQ(note(view.support(k)), "engineer");
    EXPECT_DOUBLE_EQ(view.marginals()[k][typeIndex(T::Engineer)], 1.0);
  }
}

TEST(Knowledge, AStraightRailwayMoveDoesNotShowAnEngineer) {
  // Two engineers slide straight along the column railways: that could be any mobile piece.
  Game game = fromText("1f3/e3e/2i2/5/5/5/5/5/5/4P/5/1F3 r 0 0", Ruleset::hiddenFront());
  const int a = pieceOn(game, "A11"), e = pieceOn(game, "E11");
  play(game, "E3-E4");
  play(game, "A11-A7");
  play(game, "E4-E3");
  play(game, "E11-E8");
  const InfoState view = InfoState::of(game, Seat::Red);
  for (const auto& ev : view.observation().events()) {
    if (ev.side == Seat::Blue) {
      EXPECT_EQ(ev.path, MovePath::Straight);
    }
  }
  for (const int k : {a, e}) {
    EXPECT_EQ(view.knowledge().possible(k), kMobile) << note(view.knowledge().possible(k));
    EXPECT_EQ(view.support(k), kMobile);
    EXPECT_GT(view.marginals()[k][typeIndex(T::Marshal)], 0.0);
    EXPECT_LT(view.marginals()[k][typeIndex(T::Engineer)], 1.0);
  }
}

TEST(Knowledge, TimeoutsDrawOffersAndResignationsTellNothingAboutIdentities) {
  Game game = fromLayouts(Ruleset::hiddenFront());
  const InfoState start = InfoState::of(game, Seat::Red);
  game.apply(Action::timeout(Seat::Red));
  game.apply(Action::offerDraw(Seat::Blue));
  game.apply(Action::declineDraw(Seat::Red));
  game.apply(Action::timeout(Seat::Blue));
  game.apply(Action::resign(Seat::Blue));
  const InfoState view = InfoState::of(game, Seat::Red);
  ASSERT_EQ(view.observation().events().size(), 5u);
  EXPECT_EQ(view.observation().timeouts(Seat::Blue), 1);
  EXPECT_TRUE(view.observation().outcome().isOver());
  for (int k = 0; k < 25; ++k) {
    EXPECT_FALSE(view.knowledge().moved(k));
    EXPECT_EQ(view.knowledge().possible(k), start.knowledge().possible(k));
    for (int t = 0; t < kPieceTypes; ++t) EXPECT_EQ(view.marginals()[k][t], start.marginals()[k][t]);
  }
}

// ---------------------------------------------------------------------------
// Fights against a known own piece
//
// What the announced result says about the enemy piece, worked out as a player
// would from the combat rules (seed 000 "Combat", seed 003 "Combat"): a bomb
// removes both whatever it meets; an engineer clears a landmine and survives;
// any other attacker on a landmine is removed, and the landmine too under
// hiddenfront but not under worldatplay/refereed; otherwise the higher rank
// survives and equal ranks are both removed.

// The defender's identities that give `result` when my `mine` attacks it.
IdentitySet defenderGiven(PieceType mine, Combat result, const Ruleset& r) {
  if (mine == T::Bomb) return result == Combat::BothRemoved ? kAll : IdentitySet{0};
  const int m = rank(mine);
  const IdentitySet landmine = identityBit(T::Landmine);
  switch (result) {
    case Combat::DefenderRemoved:  // lower ranks; a landmine if I sent an engineer; the flag (game over)
      return ranks(1, m - 1) | (mine == T::Engineer ? landmine : 0) | identityBit(T::Flag);
    case Combat::AttackerRemoved:  // higher ranks; a landmine that stays
      return ranks(m + 1, 9) | (mine != T::Engineer && r.landmineSurvivesAttack ? landmine : 0);
    case Combat::BothRemoved:  // the same rank, a bomb, a landmine that goes with the attacker
      return ranks(m, m) | identityBit(T::Bomb) | (mine != T::Engineer && !r.landmineSurvivesAttack ? landmine : 0);
    case Combat::None:
      break;
  }
  return 0;
}

// The attacker's identities that give `result` when it attacks my `mine`.
IdentitySet attackerGiven(PieceType mine, Combat result, const Ruleset& r) {
  if (mine == T::Bomb) return result == Combat::BothRemoved ? kMobile : IdentitySet{0};
  if (mine == T::Landmine) {
    switch (result) {
      case Combat::DefenderRemoved: return identityBit(T::Engineer);
      case Combat::AttackerRemoved: return r.landmineSurvivesAttack ? ranks(2, 9) : IdentitySet{0};
      case Combat::BothRemoved:
        return identityBit(T::Bomb) | (r.landmineSurvivesAttack ? IdentitySet{0} : ranks(2, 9));
      case Combat::None: break;
    }
    return 0;
  }
  const int m = rank(mine);
  switch (result) {
    case Combat::DefenderRemoved: return ranks(m + 1, 9);
    case Combat::AttackerRemoved: return ranks(1, m - 1);
    case Combat::BothRemoved: return ranks(m, m) | identityBit(T::Bomb);
    case Combat::None: break;
  }
  return 0;
}

std::string position(const std::string& blueRow11, const std::string& redRow10) {
  return "1f3/" + blueRow11 + "/" + redRow10 + "/4c/5/5/5/5/5/4P/5/1F3 r 0 0";
}

TEST(Knowledge, EveryResultOfMyAttackLeavesExactlyTheDefendersThatGiveIt) {
  // My piece on A10 attacks their piece on A11 (a point where a landmine may
  // stand), for every pair of identities under every preset.
  const std::vector<PieceType> mine = {T::Engineer, T::Lieutenant, T::Captain, T::Major, T::Colonel,
                                       T::Brigadier, T::MajorGeneral, T::General, T::Marshal, T::Bomb};
  int fights = 0;
  for (const Ruleset& r : classicPresets())
    for (const PieceType a : mine)
      for (int d = 0; d < kPieceTypes; ++d) {
        const PieceType defender = typeFromIndex(d);
        if (defender == T::Flag) continue;  // taking the flag: CapturingTheFlagShowsTheFlag
        const std::string row11(1, static_cast<char>(std::tolower(typeSymbol(defender))));
        const std::string row10(1, typeSymbol(a));
        Game game = fromText(position(row11 + "4", row10 + "4"), r);
        const int k = pieceOn(game, "A11");
        play(game, "A10-A11");
        const InfoState view = InfoState::of(game, Seat::Red);
        const PublicEvent& e = view.observation().events().back();
        IdentitySet expected = defenderGiven(a, e.combat, r) & kNotFlag;  // the flag was not taken
        // worldatplay/refereed: a lost marshal shows its flag; a loss without it was not the marshal.
        const bool shown = r.marshalLossRevealsFlag && defenderRemoved(e.combat) && defender == T::Marshal;
        EXPECT_EQ(view.observation().shownFlag(Seat::Blue).has_value(), shown);
        if (r.marshalLossRevealsFlag && defenderRemoved(e.combat))
          expected &= shown ? identityBit(T::Marshal) : kNotMarshal;
        ASSERT_TRUE(expected & identityBit(defender)) << "the test's own reasoning is wrong";
        EXPECT_EQ(view.knowledge().possible(k), expected)
            << r.preset << ": my " << typeName(a) << " attacked a " << typeName(defender) << ", "
            << combatName(e.combat) << ": the notes say " << note(view.knowledge().possible(k)) << ", the rules "
            << note(expected);
        EXPECT_EQ(view.support(k), expected) << r.preset << " " << typeName(a) << " x " << typeName(defender);
        ++fights;
      }
  EXPECT_EQ(fights, 3 * 10 * 11);
}

TEST(Knowledge, EveryResultOfTheirAttackLeavesExactlyTheAttackersThatGiveIt) {
  // Their piece on A3 attacks my piece on A2 (a point where my landmine may stand).
  const std::vector<PieceType> theirs = {T::Engineer, T::Lieutenant, T::Captain, T::Major, T::Colonel,
                                         T::Brigadier, T::MajorGeneral, T::General, T::Marshal, T::Bomb};
  int fights = 0;
  for (const Ruleset& r : classicPresets())
    for (int d = 0; d < kPieceTypes; ++d)
      for (const PieceType a : theirs) {
        const PieceType defender = typeFromIndex(d);
        if (defender == T::Flag) continue;
        const std::string text = std::string("1f3/5/5/4c/5/5/5/5/5/") +
                                 static_cast<char>(std::tolower(typeSymbol(a))) + "3P/" + typeSymbol(defender) +
                                 "4/1F3 b 0 1";
        Game game = fromText(text, r);
        const int k = pieceOn(game, "A3");
        play(game, "A3-A2");
        const InfoState view = InfoState::of(game, Seat::Red);
        const PublicEvent& e = view.observation().events().back();
        IdentitySet expected = attackerGiven(defender, e.combat, r) & kMobile;  // it moved
        const bool shown = r.marshalLossRevealsFlag && attackerRemoved(e.combat) && a == T::Marshal;
        EXPECT_EQ(view.observation().shownFlag(Seat::Blue).has_value(), shown);
        if (r.marshalLossRevealsFlag && attackerRemoved(e.combat))
          expected &= shown ? identityBit(T::Marshal) : kNotMarshal;
        ASSERT_TRUE(expected & identityBit(a)) << "the test's own reasoning is wrong";
        EXPECT_EQ(view.knowledge().possible(k), expected)
            << r.preset << ": their " << typeName(a) << " attacked my " << typeName(defender) << ", "
            << combatName(e.combat) << ": the notes say " << note(view.knowledge().possible(k)) << ", the rules "
            << note(expected);
        EXPECT_EQ(view.support(k), expected);
        ++fights;
      }
  EXPECT_EQ(fights, 3 * 11 * 10);
}

// The same inferences spelled out one at a time, with the sets written by hand.

IdentitySet afterMyAttack(const Ruleset& r, char mine, char theirs) {
  Game game = fromText(position(std::string(1, theirs) + "4", std::string(1, mine) + "4"), r);
  const int k = pieceOn(game, "A11");
  play(game, "A10-A11");
  return InfoState::of(game, Seat::Red).knowledge().possible(k);
}

IdentitySet afterTheirAttack(const Ruleset& r, char theirs, char mine) {
  Game game = fromText(std::string("1f3/5/5/4c/5/5/5/5/5/") + theirs + "3P/" + mine + "4/1F3 b 0 1", r);
  const int k = pieceOn(game, "A3");
  play(game, "A3-A2");
  return InfoState::of(game, Seat::Red).knowledge().possible(k);
}

TEST(Knowledge, MyColonelRemovedAloneMeansRankSixUpOrALandmineThatStays) {
  const IdentitySet sixUp = setOf({T::Brigadier, T::MajorGeneral, T::General, T::Marshal});
  EXPECT_EQ(afterMyAttack(Ruleset::worldAtPlay(), 'R', 'g'), sixUp | identityBit(T::Landmine));
  EXPECT_EQ(afterMyAttack(Ruleset::worldAtPlay(), 'R', 'l'), sixUp | identityBit(T::Landmine));
  EXPECT_EQ(afterMyAttack(Ruleset::refereed(), 'R', 'i'), sixUp | identityBit(T::Landmine));
  // hiddenfront: a landmine would have gone with the colonel.
  EXPECT_EQ(afterMyAttack(Ruleset::hiddenFront(), 'R', 'g'), sixUp);
  EXPECT_EQ(note(afterMyAttack(Ruleset::hiddenFront(), 'R', 'm')), "6+");
}

TEST(Knowledge, BothRemovedMeansTheSameRankOrABombOrUnderHiddenfrontALandmine) {
  const IdentitySet colonelOrBomb = setOf({T::Colonel, T::Bomb});
  for (const char theirs : {'r', 'b'}) {
    EXPECT_EQ(afterMyAttack(Ruleset::worldAtPlay(), 'R', theirs), colonelOrBomb);
    EXPECT_EQ(afterMyAttack(Ruleset::hiddenFront(), 'R', theirs), colonelOrBomb | identityBit(T::Landmine));
  }
  EXPECT_EQ(afterMyAttack(Ruleset::hiddenFront(), 'R', 'l'), colonelOrBomb | identityBit(T::Landmine));
  // Their piece attacked my colonel and both went: a colonel or a bomb (it moved: no landmine).
  EXPECT_EQ(afterTheirAttack(Ruleset::hiddenFront(), 'r', 'R'), colonelOrBomb);
  EXPECT_EQ(afterTheirAttack(Ruleset::hiddenFront(), 'b', 'R'), colonelOrBomb);
  // My bomb: both go whatever it met, so only "not the flag".
  EXPECT_EQ(afterMyAttack(Ruleset::hiddenFront(), 'B', 'c'), kNotFlag);
}

TEST(Knowledge, MyEngineerRemovingTheDefenderShowsALandmine) {
  // Nothing ranks below an engineer: only a landmine (or the flag, which ends the game) loses to one.
  for (const Ruleset& r : classicPresets()) EXPECT_EQ(afterMyAttack(r, 'E', 'l'), identityBit(T::Landmine)) << r.preset;
  // Removed by the defender: any officer above it (and not a landmine, which the engineer clears).
  EXPECT_EQ(afterMyAttack(Ruleset::worldAtPlay(), 'E', 'p'), ranks(2, 9));
  // Their piece that removed my landmine is an engineer.
  EXPECT_EQ(afterTheirAttack(Ruleset::worldAtPlay(), 'e', 'L'), identityBit(T::Engineer));
}

TEST(Knowledge, TheirPieceRemovedByMyPieceRanksBelowIt) {
  // Their captain lost attacking my colonel: 1-4. My major-general took their piece: 1-6.
  EXPECT_EQ(afterTheirAttack(Ruleset::hiddenFront(), 'c', 'R'), ranks(1, 4));
  EXPECT_EQ(afterMyAttack(Ruleset::hiddenFront(), 'D', 'c'), ranks(1, 6));
  EXPECT_EQ(afterMyAttack(Ruleset::worldAtPlay(), 'J', 'c'), ranks(1, 3));
  // Their piece took my major: 5+ (the marshal included: it survived, so nothing was shown).
  EXPECT_EQ(afterTheirAttack(Ruleset::hiddenFront(), 'g', 'J'), ranks(5, 9));
  EXPECT_EQ(afterTheirAttack(Ruleset::worldAtPlay(), 'm', 'J'), ranks(5, 9));
}

TEST(Knowledge, TheirPieceLostOnMyLandmineIsAnOfficerAboveEngineerOrABomb) {
  // worldatplay/refereed: the landmine stays, the attacker goes: rank 2-9.
  EXPECT_EQ(afterTheirAttack(Ruleset::refereed(), 'j', 'L'), ranks(2, 8));  // not the marshal: no flag shown
  // hiddenfront: both go: rank 2-9 or a bomb.
  EXPECT_EQ(afterTheirAttack(Ruleset::hiddenFront(), 'j', 'L'), ranks(2, 9) | identityBit(T::Bomb));
  EXPECT_EQ(afterTheirAttack(Ruleset::worldAtPlay(), 'b', 'L'), identityBit(T::Bomb));
}

TEST(Knowledge, CapturingTheFlagShowsTheFlag) {
  // Under worldatplay a piece in a headquarters may be anything before the capture.
  Game game = fromText("1f3/1P3/5/4c/5/5/5/5/5/4P/5/1F3 r 0 0", Ruleset::worldAtPlay());
  const int k = pieceOn(game, "B12");
  EXPECT_EQ(InfoState::of(game, Seat::Red).knowledge().possible(k), kAll);
  play(game, "B11-B12");
  const InfoState view = InfoState::of(game, Seat::Red);
  ASSERT_TRUE(game.isOver());
  EXPECT_TRUE(view.observation().events().back().flagCaptured);
  EXPECT_EQ(view.knowledge().possible(k), identityBit(T::Flag));
}

// ---------------------------------------------------------------------------
// The flag shown when a marshal is lost

TEST(Knowledge, TheirLostMarshalShowsTheirFlagAndWhichPieceWasTheMarshal) {
  for (const Ruleset& r : {Ruleset::worldAtPlay(), Ruleset::refereed()}) {
    // My bomb on A9 meets their marshal on A10. Both headquarters are occupied.
    Game game = fromText("1f1p1/5/m4/B3c/5/5/5/5/5/4P/5/1F3 r 0 0", r);
    const int flag = pieceOn(game, "B12"), other = pieceOn(game, "D12"), marshal = pieceOn(game, "A10"),
              bystander = pieceOn(game, "E9");
    EXPECT_TRUE(InfoState::of(game, Seat::Red).knowledge().possible(other) & identityBit(T::Flag));
    play(game, "A9-A10");
    const InfoState view = InfoState::of(game, Seat::Red);
    ASSERT_EQ(view.observation().shownFlag(Seat::Blue), std::optional<int>(kMaxPiecesPerSide + flag));
    EXPECT_EQ(view.knowledge().possible(flag), identityBit(T::Flag));
    EXPECT_EQ(view.knowledge().possible(marshal), identityBit(T::Marshal));
    // One flag and one marshal: nobody else is either.
    EXPECT_FALSE(view.knowledge().possible(other) & identityBit(T::Flag));
    EXPECT_FALSE(view.knowledge().possible(other) & identityBit(T::Marshal));
    EXPECT_FALSE(view.knowledge().possible(bystander) & identityBit(T::Marshal));
    EXPECT_DOUBLE_EQ(view.marginals()[flag][typeIndex(T::Flag)], 1.0);
    EXPECT_DOUBLE_EQ(view.marginals()[marshal][typeIndex(T::Marshal)], 1.0);
  }
}

TEST(Knowledge, TheirMarshalLostAttackingShowsTheirFlagToo) {
  // Their marshal attacks my bomb.
  Game game = fromText("1f1p1/5/5/4c/5/5/5/5/5/m3P/B4/1F3 b 0 1", Ruleset::worldAtPlay());
  const int flag = pieceOn(game, "B12"), marshal = pieceOn(game, "A3");
  play(game, "A3-A2");
  const InfoState view = InfoState::of(game, Seat::Red);
  EXPECT_EQ(view.knowledge().possible(marshal), identityBit(T::Marshal));
  EXPECT_EQ(view.knowledge().possible(flag), identityBit(T::Flag));
}

TEST(Knowledge, TheirPieceLostWithoutAFlagShownWasNotTheMarshal) {
  for (const Ruleset& r : {Ruleset::worldAtPlay(), Ruleset::refereed()}) {
    // My marshal and their bomb: both go; only my flag is shown.
    Game game = fromText("1f1p1/5/b4/M3c/5/5/5/5/5/4P/5/1F3 r 0 0", r);
    const int k = pieceOn(game, "A10");
    play(game, "A9-A10");
    const InfoState view = InfoState::of(game, Seat::Red);
    EXPECT_FALSE(view.observation().shownFlag(Seat::Blue).has_value());
    EXPECT_TRUE(view.observation().shownFlag(Seat::Red).has_value());
    EXPECT_EQ(view.knowledge().possible(k), identityBit(T::Bomb)) << note(view.knowledge().possible(k));
    // My bomb and their major-general: both go, nothing shown, so it was anything but the flag or the marshal.
    Game second = fromText("1f1p1/5/d4/B3c/5/5/5/5/5/4P/5/1F3 r 0 0", r);
    const int j = pieceOn(second, "A10");
    play(second, "A9-A10");
    EXPECT_EQ(InfoState::of(second, Seat::Red).knowledge().possible(j), kMobile & kNotMarshal);
  }
}

TEST(Knowledge, MyLostMarshalShowsMyFlagToTheEnemy) {
  // Blue's view: Red's marshal attacked Blue's bomb; Red's flag on D1 is shown to Blue.
  Game game = fromText("1f1p1/5/b4/M3c/5/5/5/5/5/4P/5/1P1F1 r 0 0", Ruleset::worldAtPlay());
  const int redFlag = pieceOn(game, "D1"), redMarshal = pieceOn(game, "A9"), redOther = pieceOn(game, "B1");
  play(game, "A9-A10");
  const InfoState blue = InfoState::of(game, Seat::Blue);
  EXPECT_EQ(blue.observation().shownFlag(Seat::Red), std::optional<int>(redFlag));
  EXPECT_EQ(blue.knowledge().possible(redFlag), identityBit(T::Flag));
  EXPECT_EQ(blue.knowledge().possible(redMarshal), identityBit(T::Marshal));
  EXPECT_FALSE(blue.knowledge().possible(redOther) & identityBit(T::Flag));
}

TEST(Knowledge, HiddenfrontShowsNoFlagWhenTheMarshalIsLost) {
  Game game = fromText("1f1p1/5/m4/B3c/5/5/5/5/5/4P/5/1F3 r 0 0", Ruleset::hiddenFront());
  const int flag = pieceOn(game, "B12"), other = pieceOn(game, "D12"), marshal = pieceOn(game, "A10");
  play(game, "A9-A10");
  const InfoState view = InfoState::of(game, Seat::Red);
  EXPECT_FALSE(view.observation().shownFlag(Seat::Blue).has_value());
  for (const PublicEvent& e : view.observation().events())
    for (const auto shown : e.flagShown) EXPECT_EQ(shown, kNoPiece);
  EXPECT_EQ(view.observation().toText().find("flag-shown"), std::string::npos);
  // Both headquarters may still hold the flag; the lost piece may have been anything but the flag.
  EXPECT_TRUE(view.knowledge().possible(flag) & identityBit(T::Flag));
  EXPECT_TRUE(view.knowledge().possible(other) & identityBit(T::Flag));
  // (A10 is no landmine point, so: any officer or a bomb.)
  EXPECT_EQ(view.knowledge().possible(marshal), kMobile);
  EXPECT_LT(view.marginals()[marshal][typeIndex(T::Marshal)], 1.0);
}

// ---------------------------------------------------------------------------
// Counting

TEST(Knowledge, OnceAllThreeEngineersAreKnownNoOtherPieceIsAnEngineer) {
  Game game = fromText("1f3/e1e1e/2i2/5/5/5/5/5/5/4P/5/1F3 r 0 0", Ruleset::hiddenFront());
  const int e1 = pieceOn(game, "A11"), e2 = pieceOn(game, "E11"), e3 = pieceOn(game, "C11"),
            flag = pieceOn(game, "B12"), other = pieceOn(game, "C10");
  play(game, "E3-E4");
  play(game, "A11-C7");  // turns at A7
  play(game, "E4-E3");
  play(game, "E11-D7");  // turns at E7
  {
    const InfoState two = InfoState::of(game, Seat::Red);
    EXPECT_TRUE(two.knowledge().possible(other) & identityBit(T::Engineer));  // a third engineer is still out there
    EXPECT_TRUE(two.knowledge().possible(e3) & identityBit(T::Engineer));
  }
  play(game, "E3-E4");
  play(game, "C11-A10");  // along row 11 to A11, then down column A
  const InfoState view = InfoState::of(game, Seat::Red);
  for (const int k : {e1, e2, e3}) EXPECT_EQ(view.knowledge().possible(k), identityBit(T::Engineer));
  for (const int k : {flag, other}) {
    EXPECT_FALSE(view.knowledge().possible(k) & identityBit(T::Engineer)) << note(view.knowledge().possible(k));
    EXPECT_FALSE(view.support(k) & identityBit(T::Engineer));
    EXPECT_EQ(view.marginals()[k][typeIndex(T::Engineer)], 0.0);
  }
  EXPECT_EQ(view.knowledge().possible(other), static_cast<IdentitySet>(kMobile & ~identityBit(T::Engineer)));
}

// All 25 of Blue's pieces on the board; only A12, C12, E12 and A11 stand where a
// landmine may (hiddenfront: not D12, which is empty), and only B12 where the flag may.
constexpr std::string_view kFullBlue = "lfl1l/p4/2c1c/ee1ep/p1c1j/jrrii/5/d1d1g/mb1b1/4P/5/1F3 b 0 1";

TEST(Knowledge, WhenExactlyAsManyPiecesCanBeLandminesAsTheSideHasTheyAllAre) {
  Game game = fromText(kFullBlue, Ruleset::hiddenFront());
  ASSERT_EQ(game.start().pieceCount(Seat::Blue), 25);
  const std::vector<int> backRow = {pieceOn(game, "A12"), pieceOn(game, "C12"), pieceOn(game, "E12")};
  const int a11 = pieceOn(game, "A11");
  {
    // Four candidates for three landmines: nobody is pinned yet.
    const InfoState before = InfoState::of(game, Seat::Red);
    for (const int k : backRow) {
      EXPECT_NE(before.knowledge().possible(k), identityBit(T::Landmine));
      EXPECT_NEAR(before.marginals()[k][typeIndex(T::Landmine)], 0.75, 1e-12);  // 3 of 4, by symmetry
    }
  }
  play(game, "A11-A10");
  const InfoState view = InfoState::of(game, Seat::Red);
  EXPECT_EQ(view.knowledge().possible(a11), kMobile);
  for (const int k : backRow) {
    EXPECT_EQ(view.knowledge().possible(k), identityBit(T::Landmine)) << note(view.knowledge().possible(k));
    EXPECT_DOUBLE_EQ(view.marginals()[k][typeIndex(T::Landmine)], 1.0);
  }
}

TEST(Knowledge, WhenOnlyOnePieceCanBeTheFlagItIsTheFlag) {
  const Game game = fromText(kFullBlue, Ruleset::hiddenFront());
  const InfoState view = InfoState::of(game, Seat::Red);
  const int flag = pieceOn(game, "B12");
  EXPECT_EQ(view.knowledge().possible(flag), identityBit(T::Flag));
  EXPECT_DOUBLE_EQ(view.marginals()[flag][typeIndex(T::Flag)], 1.0);
}

TEST(Knowledge, TheFlagOfAGameStillGoingIsStillOnTheBoard) {
  // Only 3 of Blue's 25 pieces are shown; the other 22 were lost before. A lost
  // flag ends the game (a bomb on the flag takes it too), and flags never move,
  // so while the game goes on Blue's flag is the piece on B12, the only
  // headquarters it holds.
  for (const Ruleset& r : classicPresets()) {
    const Game game = fromText("1f3/l4/5/4c/5/5/5/5/5/4P/5/1F3 r 0 0", r);
    ASSERT_FALSE(game.isOver());
    const InfoState view = InfoState::of(game, Seat::Red);
    const int flag = pieceOn(game, "B12");
    EXPECT_EQ(view.support(flag), identityBit(T::Flag)) << r.preset << ": " << note(view.support(flag));
    EXPECT_NEAR(view.marginals()[flag][typeIndex(T::Flag)], 1.0, 1e-12) << r.preset;
  }
}

// ---------------------------------------------------------------------------
// Exact marginals

// hiddenfront, the example layout for both sides, seen by Red. Counting Blue's
// legal layouts by hand: the flag on one of 2 headquarters; the 3 landmines on
// 3 of the 8 back-row points outside the headquarters (C(8,3) = 56); the 2
// bombs on 2 of the 16 non-front points left (C(16,2) = 120); the 19 officers
// on the 19 points left, 19!/(3!^3 2!^4) ways, the same number whatever the
// special pieces did. So every special placement is equally likely, and the
// officers are a uniform arrangement over the 19 points they get.
TEST(Knowledge, ExactMarginalsAtTheStartFollowFromCountingLayouts) {
  const Game game = fromLayouts(Ruleset::hiddenFront());
  const InfoState view = InfoState::of(game, Seat::Red);
  const unsigned long long officers19 = 35198235072000ULL;  // 19!/(3!^3 2!^4)
  EXPECT_EQ(static_cast<unsigned long long>(view.counter().count()), 2 * 56 * 120 * officers19);
  EXPECT_EQ(2 * 56 * 120 * officers19, 473064279367680000ULL);
  const auto p = [&](const char* square, PieceType t) { return view.marginals()[pieceOn(game, square)][typeIndex(t)]; };
  constexpr double eps = 1e-12;
  // Headquarters: the flag half the time; a bomb if the flag is in the other one
  // and a bomb pair (15 of 120) takes this point; otherwise an officer.
  EXPECT_NEAR(p("B12", T::Flag), 1.0 / 2, eps);
  EXPECT_NEAR(p("D12", T::Flag), 1.0 / 2, eps);
  EXPECT_NEAR(p("B12", T::Bomb), 1.0 / 16, eps);
  EXPECT_NEAR(p("B12", T::Marshal), (7.0 / 16) / 19, eps);
  EXPECT_EQ(p("B12", T::Landmine), 0.0);
  // Back-row point outside the headquarters: a landmine 3 times in 8.
  EXPECT_NEAR(p("A12", T::Landmine), 3.0 / 8, eps);
  EXPECT_NEAR(p("C11", T::Landmine), 3.0 / 8, eps);
  EXPECT_NEAR(p("A12", T::Bomb), (5.0 / 8) * (1.0 / 8), eps);
  EXPECT_NEAR(p("A12", T::Engineer), (35.0 / 64) * 3 / 19, eps);
  // Middle rows: a bomb 15 times in 120.
  EXPECT_NEAR(p("A9", T::Bomb), 1.0 / 8, eps);
  EXPECT_NEAR(p("E10", T::Marshal), (7.0 / 8) / 19, eps);
  // Front row: always an officer, so in proportion to the counts.
  EXPECT_NEAR(p("C7", T::Marshal), 1.0 / 19, eps);
  EXPECT_NEAR(p("C7", T::Engineer), 3.0 / 19, eps);
  EXPECT_NEAR(p("C7", T::Colonel), 2.0 / 19, eps);
  EXPECT_EQ(p("C7", T::Bomb), 0.0);
}

TEST(Knowledge, ExactMarginalsAfterAFightFollowFromCounting) {
  // My brigadier (A6) takes their front piece on A7 (a captain): it was one of
  // the 13 officers of rank 1-5, each in proportion to its count; the other 18
  // officers are then a uniform arrangement over the other 18 officer points.
  Game game = fromLayouts(Ruleset::hiddenFront());
  const int a7 = pieceOn(game, "A7"), b7 = pieceOn(game, "B7"), b12 = pieceOn(game, "B12"), a9 = pieceOn(game, "A9");
  ASSERT_EQ(play(game, "A6-A7").result.combat, Combat::DefenderRemoved);
  const InfoState view = InfoState::of(game, Seat::Red);
  const auto p = [&](int k, PieceType t) { return view.marginals()[k][typeIndex(t)]; };
  constexpr double eps = 1e-12;
  EXPECT_NEAR(p(a7, T::Engineer), 3.0 / 13, eps);
  EXPECT_NEAR(p(a7, T::Lieutenant), 3.0 / 13, eps);
  EXPECT_NEAR(p(a7, T::Colonel), 2.0 / 13, eps);
  EXPECT_EQ(p(a7, T::Brigadier), 0.0);
  EXPECT_NEAR(p(b7, T::Marshal), 1.0 / 18, eps);
  EXPECT_NEAR(p(b7, T::Engineer), (3 - 3.0 / 13) / 18, eps);  // 2/13
  EXPECT_NEAR(p(b7, T::Brigadier), 2.0 / 18, eps);
  EXPECT_NEAR(p(b12, T::Flag), 1.0 / 2, eps);
  EXPECT_NEAR(p(b12, T::Marshal), (7.0 / 16) / 18, eps);
  EXPECT_NEAR(p(a9, T::Bomb), 1.0 / 8, eps);
  // The count: the same special placements, and 13 * 18!/(...) officer arrangements with A7 low,
  // i.e. 19!/(3!^3 2!^4) * 13/19.
  EXPECT_EQ(static_cast<unsigned long long>(view.counter().count()), 473064279367680000ULL / 19 * 13);
}

// Brute force: every assignment of identities to the pieces on the board,
// each weighted by the ways to give the rest of the counts to the lost pieces
// that were never shown (multinomial).
TEST(Knowledge, ExactMarginalsMatchBruteForceEnumeration) {
  // worldatplay. Blue: flag B12, major D12, landmine A11, marshal A10, lieutenant E9, captain C7.
  // Red: bomb A9, engineer C6, lieutenant E3, flag B1.
  Game game = fromText("1f1j1/l4/m4/B3p/5/2c2/2E2/5/5/4P/5/1F3 r 0 0", Ruleset::worldAtPlay());
  const int f = pieceOn(game, "B12"), x = pieceOn(game, "D12"), y = pieceOn(game, "A11"), m = pieceOn(game, "A10"),
            z = pieceOn(game, "E9"), w = pieceOn(game, "C7");
  play(game, "A9-A10");  // my bomb and their marshal: both go, their flag is shown
  play(game, "C7-C6");   // their piece takes my engineer
  play(game, "E3-E4");
  play(game, "E9-E8");   // their piece moves
  const InfoState view = InfoState::of(game, Seat::Red);
  ASSERT_EQ(view.knowledge().pieceCount(), 6);

  // What the rules give, piece by piece (before counting).
  const std::vector<int> free = {x, y, w, z};
  const std::vector<IdentitySet> sets = {
      kAll,                                // D12: a headquarters under worldatplay allows anything
      kNotFlag,                            // A11: back row, not a headquarters
      ranks(2, 9),                         // beat my engineer (and moved)
      kMobile,                             // moved
  };
  PieceCounts left = Ruleset::worldAtPlay().counts;
  --left[typeIndex(T::Flag)];     // f: shown
  --left[typeIndex(T::Marshal)];  // m: lost as the flag was shown
  const int lost = 25 - 6;
  const auto multinomial = [&](const PieceCounts& c) {
    double v = std::tgamma(lost + 1.0);
    for (const int n : c) v /= std::tgamma(n + 1.0);
    return v;
  };
  std::vector<IdentityMarginals> expected(4, IdentityMarginals{});
  double total = 0;
  for (int a = 0; a < kPieceTypes; ++a)
    for (int b = 0; b < kPieceTypes; ++b)
      for (int c = 0; c < kPieceTypes; ++c)
        for (int d = 0; d < kPieceTypes; ++d) {
          const int pick[4] = {a, b, c, d};
          PieceCounts rest = left;
          bool ok = true;
          for (int i = 0; i < 4 && ok; ++i) {
            ok = (sets[i] >> pick[i] & 1) && rest[pick[i]] > 0;
            if (ok) --rest[pick[i]];
          }
          if (!ok) continue;
          const double weight = multinomial(rest);
          total += weight;
          for (int i = 0; i < 4; ++i) expected[i][pick[i]] += weight;
        }
  ASSERT_GT(total, 0);
  for (int i = 0; i < 4; ++i)
    for (int t = 0; t < kPieceTypes; ++t)
      EXPECT_NEAR(view.marginals()[free[i]][t], expected[i][t] / total, 1e-12)
          << "piece " << free[i] << " identity " << typeName(typeFromIndex(t));
  EXPECT_DOUBLE_EQ(view.marginals()[f][typeIndex(T::Flag)], 1.0);
  EXPECT_DOUBLE_EQ(view.marginals()[m][typeIndex(T::Marshal)], 1.0);
  EXPECT_EQ(view.marginals()[w][typeIndex(T::Engineer)], 0.0);  // it beat my engineer
  EXPECT_EQ(view.marginals()[x][typeIndex(T::Flag)], 0.0);      // the flag is shown elsewhere
}

// ---------------------------------------------------------------------------
// A prior

TEST(Knowledge, APriorShiftsTheMarginalsItsWayAndKeepsTheSupport) {
  const Game game = fromLayouts(Ruleset::hiddenFront());
  InfoState view = InfoState::of(game, Seat::Red);
  const int n = view.knowledge().pieceCount();
  const auto uniform = view.marginals();
  std::vector<IdentitySet> support(n);
  for (int k = 0; k < n; ++k) support[k] = view.support(k);

  // Five times as much weight on "the front piece on C7 is the marshal".
  const int c7 = pieceOn(game, "C7"), b7 = pieceOn(game, "B7"), a9 = pieceOn(game, "A9");
  std::vector<IdentityWeights> prior(n);
  for (auto& row : prior) row.fill(1.0);
  prior[c7][typeIndex(T::Marshal)] = 5.0;
  view.setPrior(prior);
  const auto& weighted = view.marginals();
  // Every assignment with C7 the marshal counts 5 times: P' = 5p / (5p + 1 - p), p = 1/19.
  const double p = 1.0 / 19;
  EXPECT_NEAR(weighted[c7][typeIndex(T::Marshal)], 5 * p / (5 * p + 1 - p), 1e-12);  // 5/23
  EXPECT_GT(weighted[c7][typeIndex(T::Marshal)], uniform[c7][typeIndex(T::Marshal)]);
  // Everyone else is the marshal less often, each by the same factor 1 / (5p + 1 - p).
  for (const int k : {b7, a9}) {
    EXPECT_LT(weighted[k][typeIndex(T::Marshal)], uniform[k][typeIndex(T::Marshal)]);
    EXPECT_NEAR(weighted[k][typeIndex(T::Marshal)], uniform[k][typeIndex(T::Marshal)] / (5 * p + 1 - p), 1e-12);
  }
  for (int k = 0; k < n; ++k) {
    EXPECT_EQ(view.support(k), support[k]) << "piece " << k;
    double sum = 0;
    for (const double q : weighted[k]) sum += q;
    EXPECT_NEAR(sum, 1.0, 1e-9);
  }
  // The empty prior restores the uniform beliefs.
  view.setPrior({});
  for (int k = 0; k < n; ++k)
    for (int t = 0; t < kPieceTypes; ++t) EXPECT_NEAR(view.marginals()[k][t], uniform[k][t], 1e-12);
}

// ---------------------------------------------------------------------------
// Notes

TEST(Knowledge, NotesReadLikeAPlayersNotes) {
  EXPECT_EQ(describeIdentities(kAnyIdentity), "any");
  EXPECT_EQ(describeIdentities(kOfficers), "officer");
  EXPECT_EQ(describeIdentities(identityBit(T::Engineer)), "engineer");
  EXPECT_EQ(describeIdentities(ranks(2, 5)), "2-5");
  EXPECT_EQ(describeIdentities(ranks(7, 9) | identityBit(T::Landmine)), "7+ or landmine");
  EXPECT_EQ(describeIdentities(identityBit(T::Major)), "4");
  EXPECT_EQ(describeIdentities(setOf({T::Colonel, T::Bomb})), "5 or bomb");

  // The same notes from play.
  // "7+ or landmine": my brigadier removed alone by their piece on A11 (worldatplay).
  EXPECT_EQ(note(afterMyAttack(Ruleset::worldAtPlay(), 'I', 'l')), "7+ or landmine");
  // "2-5": their piece took my engineer, then lost to my brigadier.
  {
    Game game = fromText("1f3/5/5/4c/5/5/5/5/c4/E3P/I4/1F3 b 0 1", Ruleset::hiddenFront());
    const int k = pieceOn(game, "A4");
    play(game, "A4-A3");
    EXPECT_EQ(note(InfoState::of(game, Seat::Red).knowledge().possible(k)), "2+");
    play(game, "E3-E4");
    play(game, "A3-A2");
    EXPECT_EQ(note(InfoState::of(game, Seat::Red).knowledge().possible(k)), "2-5");
    EXPECT_EQ(note(InfoState::of(game, Seat::Red).support(k)), "2-5");
  }
  // "officer": a front-row piece at the start; "any": a piece in a worldatplay headquarters.
  {
    const Game game = fromLayouts(Ruleset::hiddenFront());
    EXPECT_EQ(note(InfoState::of(game, Seat::Red).support(pieceOn(game, "C7"))), "officer");
    const Game w = fromText("1f3/l4/5/4c/5/5/5/5/5/4P/5/1F3 r 0 0", Ruleset::worldAtPlay());
    EXPECT_EQ(note(InfoState::of(w, Seat::Red).knowledge().possible(pieceOn(w, "B12"))), "any");
  }
}

}  // namespace
}  // namespace junqi
