// What each seat sees of a four-player game, in each visibility mode, and
// that it sees nothing more: its observation does not change when the
// identities it cannot see are shuffled.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <functional>

#include "core/classic/auto_layout.h"
#include "core/four/four_movegen.h"
#include "core/four/four_notation.h"
#include "core/four/four_observation.h"
#include "core/classic/notation.h"
#include "tests/support/random_four_game.h"

namespace junqi {
namespace {

FourGame randomGame(std::uint64_t seed, int plies, Visibility visibility) {
  return fourgames::randomFourGame(seed, plies, visibility);
}

bool sees(int seat, int army, Visibility v) {
  return army == seat || v == Visibility::All || (v == Visibility::Team && army == allyOf(seat));
}

// The position with the identities of the armies `seat` does not see shuffled
// within each army (a shown flag stays: everyone sees it).
FourPosition shuffledUnseen(const FourPosition& pos, int seat, Visibility v, Rng& rng) {
  FourSetup setup = pos.setup();
  for (int army = 0; army < kArmies; ++army) {
    if (sees(seat, army, v)) continue;
    std::vector<FourPiece*> hidden;
    for (FourPiece& p : setup.pieces)
      if (p.army == army && !(p.type == PieceType::Flag && pos.flagShown(army))) hidden.push_back(&p);
    for (std::size_t i = hidden.size(); i > 1; --i)
      std::swap(hidden[i - 1]->type, hidden[rng.below(i)]->type);
  }
  return FourPosition(FourRuleset::worldAtPlay(), setup);
}

using SeatView = std::function<std::string(const FourPosition&, const std::vector<FourPlayedMove>&, int, Visibility)>;

// Does the view of some seat change when what it cannot see is shuffled?
bool viewLeaks(const SeatView& view) {
  for (const Visibility v : {Visibility::Own, Visibility::Team, Visibility::All})
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      const FourGame game = randomGame(seed, 150 * static_cast<int>(seed), v);
      Rng rng(seed);
      for (int seat = 0; seat < kArmies; ++seat) {
        const FourPosition other = shuffledUnseen(game.position(), seat, v, rng);
        if (view(game.position(), game.history(), seat, v) != view(other, game.history(), seat, v)) return true;
      }
    }
  return false;
}

std::string observationText(const FourPosition& pos, const std::vector<FourPlayedMove>& history, int seat, Visibility v) {
  const FourObservation obs = FourObservation::of(pos, history, seat, v);
  MoveList moves;
  obs.legalMoves(moves);
  std::string text = obs.toString();
  for (const Move m : moves) text += fourMoveName(m) + " ";
  return text;
}

TEST(FourObservation, ASeatSeesNothingItsModeHides) {
  EXPECT_FALSE(viewLeaks(observationText));
}

// The check above can fail: a view that prints the whole position leaks.
TEST(FourObservation, TheLeakCheckCatchesAViewThatShowsEverything) {
  EXPECT_TRUE(viewLeaks([](const FourPosition& pos, const std::vector<FourPlayedMove>&, int, Visibility) {
    return formatFourPosition(pos);
  }));
}

// "only your own army, your ally's as well, or all four"
TEST(FourObservation, EachModeShowsItsArmies) {
  for (const Visibility v : {Visibility::Own, Visibility::Team, Visibility::All}) {
    const FourGame game = randomGame(9, 40, v);
    for (int seat = 0; seat < kArmies; ++seat) {
      const FourObservation obs = FourObservation::of(game, seat);
      for (Square p{}; p < kCrossPoints; ++p) {
        if (game.position().isEmpty(p)) continue;
        const int army = game.position().armyAt(p);
        EXPECT_EQ(obs.armyAt(p), army);  // whose piece stands where: everyone
        EXPECT_EQ(obs.typeAt(p).has_value(), sees(seat, army, v)) << visibilityName(v) << " " << seat << " " << p;
        if (obs.typeAt(p)) {
          EXPECT_EQ(*obs.typeAt(p), game.position().typeAt(p));
        }
      }
    }
  }
}

// "a fallen field marshal shows that army's flag to everyone"
TEST(FourObservation, AShownFlagIsSeenByEveryone) {
  FourPosition pos(FourRuleset::worldAtPlay(),
                   {{0, PieceType::Flag, armyPoint(0, 1)}, {0, PieceType::Bomb, armyPoint(0, 22)},
                    {1, PieceType::Flag, armyPoint(1, 1)}, {1, PieceType::Marshal, armyPoint(0, 27)},
                    {1, PieceType::Lieutenant, armyPoint(1, 5)},
                    {2, PieceType::Flag, armyPoint(2, 1)}, {2, PieceType::Lieutenant, armyPoint(2, 5)},
                    {3, PieceType::Flag, armyPoint(3, 1)}, {3, PieceType::Lieutenant, armyPoint(3, 5)}},
                   0);
  const Move attack{Square(armyPoint(0, 22)), Square(armyPoint(0, 27))};
  ASSERT_TRUE(isLegalFourMove(pos, attack));
  const FourMoveResult r = pos.play(attack);
  const FourObservation west = FourObservation::of(pos, {{0, attack, r}}, 3, Visibility::Own);
  EXPECT_EQ(west.typeAt(armyPoint(1, 1)), PieceType::Flag);  // east's flag
  EXPECT_EQ(west.typeAt(armyPoint(2, 1)), std::nullopt);     // north's is still hidden
  EXPECT_EQ(west.history().back().combat, Combat::BothRemoved);  // the result, announced
  EXPECT_EQ(formatFourPublicMove(west.history().back()), fmt::format("south {} both-removed ?x? shown:east",
                                                                      fourMoveName(attack)));
  const FourObservation south = FourObservation::of(pos, {{0, attack, r}}, 0, Visibility::Own);
  EXPECT_EQ(formatFourPublicMove(south.history().back()).substr(fourMoveName(attack).size() + 6), " both-removed Bx? shown:east");
}

// What a bot is told (docs/protocol.md): the seat's board with '?' and the
// moves as it saw them rebuild exactly its observation, in every mode and
// at every point of random games.
TEST(FourObservation, TheBoardAndTheMovesAsTextRebuildTheSeatsObservation) {
  int checked = 0;
  for (const Visibility v : {Visibility::Own, Visibility::Team, Visibility::All})
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const FourGame game = randomGame(seed, 100 * static_cast<int>(seed) + 50, v);
      for (int seat = 0; seat < kArmies; ++seat) {
        const FourObservation obs = FourObservation::of(game, seat);
        std::vector<FourPublicMove> moves;
        for (const FourPublicMove& m : obs.history()) moves.push_back(parseFourPublicMove(formatFourPublicMove(m)));
        const FourObservation rebuilt = FourObservation::fromText(seat, v, obs.boardText(), moves);
        ASSERT_EQ(rebuilt.toString(), obs.toString());
        ASSERT_EQ(rebuilt.boardText(), obs.boardText());
        ++checked;
      }
    }
  EXPECT_EQ(checked, 36);
}

TEST(FourObservation, BadMoveTextIsNamed) {
  for (const char* bad : {"east", "up G5-G6 none", "east G5-Z6 none", "east G5-G6 won", "east G5-G6 both-removed",
                          "east G5-G6 both-removed ?xQ", "east G5-G6 none left:up", "east G5-G6 none extra"})
    EXPECT_THROW(parseFourPublicMove(bad), NotationError) << bad;
  EXPECT_THROW(FourObservation::fromText(0, Visibility::Own, "four ?G1,?G1/-/-/- south 0 0 -", {}), NotationError);
}

}  // namespace
}  // namespace junqi
