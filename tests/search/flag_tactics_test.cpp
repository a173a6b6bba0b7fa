// Flag tactics and the root choice: the one-move flag facts every agent relies
// on, on hand-built positions whose answers are known (the positions of
// search_tactics_test.cpp), and the move a search plays from given root
// statistics.
#include <gtest/gtest.h>

#include "core/classic/notation.h"
#include "search/classic/flag_tactics.h"
#include "search/classic/ismcts.h"
#include "search/classic/root_choice.h"

namespace junqi {
namespace {

Game gameAfter(const Ruleset& ruleset, const std::string& position, const std::vector<std::string>& moves) {
  Game game(parsePosition(position, Rules::of(ruleset)));
  for (const std::string& text : moves) game.apply(Action::makeMove(game.position().sideToMove(), *parseMove(text)));
  return game;
}

// Flag tactics of every legal move, by move name.
std::map<std::string, FlagTactics> tacticsByMove(const InfoState& state) {
  MoveList moves;
  state.legalMoves(moves);
  const auto tactics = flagTactics(state, moves);
  std::map<std::string, FlagTactics> out;
  for (int i = 0; i < moves.size(); ++i) out[moveName(moves[i])] = tactics[static_cast<std::size_t>(i)];
  return out;
}

// Blue's flag is known by the counts (all 25 Blue pieces stand, one headquarters is empty).
TEST(FlagTactics, AKnownFlagIsACertainWin) {
  const Game game = gameAfter(Ruleset::hiddenFront(), "lfl1l/pMece/j1b1r/id1gi/cpmbd/epcjr/5/G4/5/5/2P1E/1F3 r 0 40", {});
  const auto t = tacticsByMove(InfoState::of(game, Seat::Red));
  EXPECT_DOUBLE_EQ(t.at("B11-B12").winNow, 1.0);
  EXPECT_DOUBLE_EQ(t.at("B11-B12").score(), 1.0);
  for (const auto& [move, f] : t) {
    if (move != "B11-B12") {
      EXPECT_DOUBLE_EQ(f.winNow, 0.0) << move;
    }
  }
}

// Blue's piece on B2 (it turned a railway corner: an engineer) threatens Red's
// flag on B1; only the lieutenant's capture on A2-B2 removes it for sure.
TEST(FlagTactics, OnlyTheCaptureOfTheIntruderKeepsTheFlag) {
  const Game game = gameAfter(Ruleset::worldAtPlay(), "lfl2/5/5/1j1g1/5/4b/4M/2I2/3Ge/5/P4/1F3 r 0 30",
                              {"E6-E7", "E4-B2"});
  const InfoState state = InfoState::of(game, Seat::Red);
  EXPECT_DOUBLE_EQ(flagThreatNow(state), 1.0);
  const auto t = tacticsByMove(state);
  EXPECT_DOUBLE_EQ(t.at("A2-B2").loseNext, 0.0);
  for (const auto& [move, f] : t) {
    if (move != "A2-B2") {
      EXPECT_GT(f.loseNext, 0.99) << move;
    }
  }
}

// Our captain attacks the unknown intruder next to our flag: the threat stays
// exactly when the intruder beats the captain.
TEST(FlagTactics, ACaptureThatMayFailLeavesTheThreatWithItsChance) {
  const Game game = gameAfter(Ruleset::hiddenFront(), "lfl1l/5/5/5/5/5/5/5/5/5/Ce3/1F3 r 0 10", {});
  const InfoState state = InfoState::of(game, Seat::Red);
  const auto& q = state.marginals()[state.observation().pieceAt(*parseSquare("B2")) - kMaxPiecesPerSide];
  double survives = 0;
  for (int t = 0; t < kPieceTypes; ++t)
    if (state.observation().rules().combat(PieceType::Captain, typeFromIndex(t)) == Combat::AttackerRemoved)
      survives += q[t];
  ASSERT_GT(survives, 0.05);
  ASSERT_LT(survives, 0.95);
  EXPECT_NEAR(tacticsByMove(state).at("A2-B2").loseNext, survives, 1e-9);
  EXPECT_DOUBLE_EQ(flagThreatNow(state), 1.0);
}

std::vector<RootMoveStats> rootOf(const InfoState& state) {
  MoveList moves;
  state.legalMoves(moves);
  std::vector<RootMoveStats> root;
  for (const Move m : moves) root.push_back({m, 10, 0.0});
  return root;
}

RootMoveStats& entry(std::vector<RootMoveStats>& root, const std::string& move) {
  for (RootMoveStats& r : root)
    if (moveName(r.move) == move) return r;
  throw std::invalid_argument(move);
}

// The guard overrules a search that prefers a move which loses the flag.
TEST(RootChoice, TheFlagGuardKeepsTheFlag) {
  const Game game = gameAfter(Ruleset::worldAtPlay(), "lfl2/5/5/1j1g1/5/4b/4M/2I2/3Ge/5/P4/1F3 r 0 30",
                              {"E6-E7", "E4-B2"});
  const InfoState state = InfoState::of(game, Seat::Red);
  auto root = rootOf(state);
  entry(root, "D4-D5").visits = 500;
  EXPECT_EQ(moveName(root[chooseRootMove(state, root, {})].move), "A2-B2");
  EXPECT_EQ(moveName(root[chooseRootMove(state, root, {.flagGuard = false})].move), "D4-D5");
}

TEST(RootChoice, TheFlagGuardTakesACertainFlag) {
  const Game game = gameAfter(Ruleset::hiddenFront(), "lfl1l/pMece/j1b1r/id1gi/cpmbd/epcjr/5/G4/5/5/2P1E/1F3 r 0 40", {});
  const InfoState state = InfoState::of(game, Seat::Red);
  auto root = rootOf(state);
  entry(root, "A5-A6").visits = 500;
  EXPECT_EQ(moveName(root[chooseRootMove(state, root, {})].move), "B11-B12");
}

// Every move loses the flag (the intruder on B2 cannot be reached): the guard
// still lets the search choose.
TEST(RootChoice, WhenEveryMoveLosesTheFlagTheSearchStillChooses) {
  const Game game = gameAfter(Ruleset::hiddenFront(), "lfl1l/5/5/5/5/5/5/5/5/M4/1e3/1F3 r 0 10", {});
  const InfoState state = InfoState::of(game, Seat::Red);
  auto root = rootOf(state);
  for (const FlagTactics& f : flagTactics(state, [&] {
         MoveList m;
         state.legalMoves(m);
         return m;
       }()))
    ASSERT_DOUBLE_EQ(f.loseNext, 1.0);
  entry(root, "A3-A4").visits = 500;
  EXPECT_EQ(moveName(root[chooseRootMove(state, root, {})].move), "A3-A4");
}

// Red went A2-A3 last move; undoing it is played only when the search clearly prefers it.
TEST(RootChoice, NoAimlessReversal) {
  const Game game = gameAfter(Ruleset::hiddenFront(), "1f2g/5/5/5/5/5/5/5/5/5/P4/1F2G r 0 10", {"A2-A3", "E12-E11"});
  const InfoState state = InfoState::of(game, Seat::Red);
  ASSERT_EQ(moveName(*previousQuietMove(state.observation())), "A2-A3");
  auto root = rootOf(state);
  entry(root, "A3-A2") = {*parseMove("A3-A2"), 500, 0.50};
  entry(root, "E1-E2") = {*parseMove("E1-E2"), 100, 0.48};
  EXPECT_EQ(moveName(root[chooseRootMove(state, root, {})].move), "E1-E2");
  EXPECT_EQ(moveName(root[chooseRootMove(state, root, {.avoidReversal = false})].move), "A3-A2");
  entry(root, "A3-A2").value = 0.9;  // clearly better: a reversal with a reason
  EXPECT_EQ(moveName(root[chooseRootMove(state, root, {})].move), "A3-A2");
}

}  // namespace
}  // namespace junqi
