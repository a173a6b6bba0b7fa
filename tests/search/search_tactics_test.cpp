// Tactics every player must get right, on small hand-built positions:
//   - take the enemy flag when it stands next to one of our pieces and we know
//     it is the flag (known by the counts, or shown after the marshal's loss);
//   - stop a piece that would take our flag on the next move, when exactly
//     one move does.
// Each position is played for both seats (the board turned round, colours
// swapped), and each agent decides with a few seeds.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/classic/info_state.h"
#include "core/classic/movegen.h"
#include "core/classic/notation.h"
#include "search/classic/flag_in_two.h"  // canTakeFlag
#include "tests/search/play.h"

namespace junqi {
namespace {

using searchtest::decide;
using searchtest::mirrorPosition;
using searchtest::withParam;

// The positions are small (a search of 3000 iterations takes some 10-40 ms).
// 300 iterations are not enough here: PIMC's 20 worlds then get 15 iterations
// each, fewer than the root has moves, and ISMCTS spends most of the opponent's
// visits on untried moves that exist only in some worlds (the ones where an
// unknown piece is an engineer), so it sometimes misses the threat.
const std::vector<std::string> kSearchers = {"pimc:sims=3000", "ismcts:sims=3000", "ismcts:sims=3000,mo=1",
                                             "heuristic"};

struct Scenario {
  Ruleset ruleset;
  std::string position;            // as Red plays it (Red is the seat unless the setup says otherwise)
  std::vector<std::string> setup;  // moves played from the position before the decision
  std::string expected;            // the only right move for the side then to move
};

Move rotated(Move m) {
  return {Square(rotate180(m.from)), Square(rotate180(m.to))};
}

Move mustParse(const std::string& text) {
  const auto m = parseMove(text);
  if (!m) throw std::invalid_argument("bad move " + text);
  return *m;
}

// The scenario's game for `seat` (Red: as written; Blue: turned round) and the expected move.
std::pair<Game, Move> build(const Scenario& s, bool mirrored) {
  const std::string text = mirrored ? mirrorPosition(s.position) : s.position;
  Game game(parsePosition(text, Rules::of(s.ruleset)));
  for (const std::string& t : s.setup) {
    const Move m = mirrored ? rotated(mustParse(t)) : mustParse(t);
    game.apply(Action::makeMove(game.position().sideToMove(), m));
  }
  const Move expected = mirrored ? rotated(mustParse(s.expected)) : mustParse(s.expected);
  return {std::move(game), expected};
}

void expectAllFind(const Game& game, Move expected, const std::string& what) {
  const Seat seat = game.position().sideToMove();
  for (const std::string& spec : kSearchers)
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const Action a = decide(withParam(spec, "seed", seed), game, seat, 100 + seed);
      EXPECT_EQ(a.type, ActionType::Move);
      EXPECT_EQ(a.side, seat);
      EXPECT_EQ(moveName(a.move), moveName(expected))
          << spec << " seed " << seed << " as " << seatName(seat) << ": " << what << "\n"
          << boardDiagram(game.position());
    }
}

// The seat can take the flag with `expected`, and its InfoState knows that piece is the flag.
void checkFlagCapture(const Scenario& s) {
  for (const bool mirrored : {false, true}) {
    auto [game, expected] = build(s, mirrored);
    const Seat seat = game.position().sideToMove();
    SCOPED_TRACE(std::string("seat ") + std::string(seatName(seat)) + ", position " +
                 formatPosition(game.position()));
    // The scenario is what it claims: the move takes the flag.
    Game after = game;
    after.apply(Action::makeMove(seat, expected));
    ASSERT_EQ(after.outcome().reason, Termination::FlagCaptured);
    ASSERT_EQ(after.outcome().winner, seat);
    // ...and the seat can know it.
    const InfoState view = InfoState::of(game, seat);
    const int target = game.position().pieceAt(expected.to) - index(opposite(seat)) * kMaxPiecesPerSide;
    EXPECT_DOUBLE_EQ(view.marginals()[target][typeIndex(PieceType::Flag)], 1.0)
        << "the seat's InfoState does not know that the piece on " << squareName(expected.to)
        << " is the flag (support: " << describeIdentities(view.support(target)) << ")";
    expectAllFind(game, expected, "takes the flag in one");
  }
}

// Every move but `expected` lets the opponent take our flag at once.
void checkFlagDefence(const Scenario& s) {
  for (const bool mirrored : {false, true}) {
    auto [game, expected] = build(s, mirrored);
    const Seat seat = game.position().sideToMove();
    SCOPED_TRACE(std::string("seat ") + std::string(seatName(seat)) + ", position " +
                 formatPosition(game.position()));
    MoveList moves;
    generateMoves(game.position(), moves);
    ASSERT_GT(moves.size(), 5);
    ASSERT_FALSE(canTakeFlag(game.position()));
    int saving = 0;
    for (const Move m : moves) {
      Position p = game.position();
      p.play(m);
      if (!canTakeFlag(p)) {
        ++saving;
        EXPECT_EQ(moveName(m), moveName(expected));
      }
    }
    ASSERT_EQ(saving, 1);
    expectAllFind(game, expected, "the only move that keeps the flag");
  }
}

// Blue has all 25 pieces on the board, and only B12 of its headquarters is
// occupied: that piece is the flag. Red's marshal on B11 takes it.
TEST(SearchTactics, TakesAFlagKnownByTheCounts) {
  checkFlagCapture({Ruleset::hiddenFront(), "lfl1l/pMece/j1b1r/id1gi/cpmbd/epcjr/5/G4/5/5/2P1E/1F3 r 0 40", {},
                    "B11-B12"});
}

// Under worldatplay, Blue's marshal falls on a bomb and Blue's flag (D12, the
// other headquarters holds a brigadier) is shown; Red's captain on D11 takes it.
TEST(SearchTactics, TakesAFlagShownAfterTheMarshalsLoss) {
  checkFlagCapture({Ruleset::worldAtPlay(), "1ilf1/3C1/5/1j3/5/2m2/2B2/R4/5/5/5/1F3 b 0 30", {"C7-C6"}, "D11-D12"});
}

// Blue has two pieces on the board; the game goes on, so its flag is one of
// them, and only the one on B12 may be the flag (a flag never moves). Red's
// lieutenant on B11 takes it; attacking the piece would otherwise be a bad trade.
TEST(SearchTactics, TakesTheOnlyPieceThatCanBeTheFlag) {
  checkFlagCapture({Ruleset::hiddenFront(), "1f3/1P3/5/2g2/5/5/5/5/5/5/2D2/1F3 r 0 10", {}, "B11-B12"});
}

// Worldatplay: Red's marshal falls on a bomb, which shows Red's flag (B1) to
// Blue; a Blue piece then slides along row 2 to B2, next to it. Only Red's
// bomb in the camp B3 can reach B2, and a bomb removes whatever it hits.
TEST(SearchTactics, StopsAPieceAtTheFlagWithABomb) {
  checkFlagDefence({Ruleset::worldAtPlay(), "lfl2/5/5/1j1g1/5/4b/4M/2I2/3G1/1B3/4c/1F3 r 0 30",
                    {"E6-E7", "E2-B2"}, "B3-B2"});
}

// The same threat from a piece that turned a railway corner to reach B2, so it
// is an engineer: Red's lieutenant on A2 surely beats it.
TEST(SearchTactics, StopsAnEngineerAtTheFlagWithALieutenant) {
  checkFlagDefence({Ruleset::worldAtPlay(), "lfl2/5/5/1j1g1/5/4b/4M/2I2/3Ge/5/P4/1F3 r 0 30",
                    {"E6-E7", "E4-B2"}, "A2-B2"});
}

}  // namespace
}  // namespace junqi
