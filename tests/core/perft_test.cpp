// perft regression table (docs/perft.md). Shallow depths are checked against
// the slow reference perft (tests/support/reference_rules.h) computed right here;
// the deeper constants were computed with the fast perft and confirmed once
// with the reference perft (every entry of the table agreed; the depth-5
// reference runs took 4 s to 35 s each in Release, too slow to repeat here).
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/classic/layout.h"
#include "core/classic/movegen.h"
#include "core/classic/notation.h"
#include "core/classic/perft.h"
#include "tests/support/reference_rules.h"

namespace junqi {
namespace {

namespace ref = junqi::reference;

struct PerftCase {
  const char* name;
  const char* rules;     // ruleset text (Ruleset::parse)
  const char* position;  // position text (docs/notation.md); "start" is the example layout for both sides
  std::array<std::uint64_t, 5> leaves;  // perft at depth 1..5
};

// The start position: both sides deploy kExampleLayout (core/classic/layout.h).
constexpr const char* kStartText = "eplfl/pjelc/i1b1r/cb1md/r1j1g/cedpi/IPDEC/G1J1R/DM1BC/R1B1I/CLEJP/LFLPE r 0 0";

const std::vector<PerftCase>& table() {
  static const std::vector<PerftCase> cases = {
      {"start", "hiddenfront", kStartText, {34, 1162, 36637, 1164336, 35138377}},
      // The centre crossing C6-C7 is a road: fewer railway paths for engineers.
      {"start-refereed", "refereed", kStartText, {34, 1159, 36268, 1140417, 33868862}},
      // Random play (balanced vs aggressive auto layouts, seed 238, 122 plies):
      // engineers on open railways (red C2 and A3, blue C11), row 6 nearly empty.
      {"engineers", "hiddenfront", "eplfl/p1ecl/bm1er/ri1dD/dG3/3pc/1g3/2CM1/1JD2/E1BP1/BLE2/LFLP1 r 3 122",
       {72, 2538, 149640, 5402202, 292899221}},
      // Seed 29, 314 plies: pieces in five camps (B10, C9, B8, B5, D3) and a
      // red colonel that entered Blue's headquarters D12 and is frozen there;
      // landmines survive attacks under this preset.
      {"camps-and-headquarters", "worldatplay", "lflR1/1l1j1/1e2r/1iRc1/1d2I/g4/2P2/1p3/5/D2J1/LGE2/LFLPE r 12 314",
       {50, 2121, 101592, 4060033, 188143154}},
      // Seed 5, 284 plies: an endgame on the refereed board; the red engineer
      // on D11 can take the flag on D12 at once (that line counts one leaf).
      {"endgame-flag-in-reach", "refereed", "iplfl/3E1/5/2G2/5/4R/c3e/5/1P3/1C3/4J/LFLP1 r 1 284",
       {55, 1324, 72498, 1928299, 104021539}},
  };
  return cases;
}

Position positionOf(const PerftCase& c) { return parsePosition(c.position, Rules::of(Ruleset::parse(c.rules))); }

TEST(PerftTable, PositionsAreFixedTextsThatRoundTrip) {
  for (const PerftCase& c : table()) {
    const Position pos = positionOf(c);
    EXPECT_EQ(formatPosition(pos), c.position) << c.name;
    EXPECT_EQ(pos.rules().ruleset(), Ruleset::parse(c.rules)) << c.name;
  }
  // "start" is what `junqi perft --position start` plays: the example layout on both sides.
  const Layout example = parseLayout(kExampleLayout);
  for (const char* rules : {"hiddenfront", "refereed"}) {
    const Rules& r = Rules::of(Ruleset::parse(rules));
    EXPECT_TRUE(Position::fromLayouts(r, example, example).samePlacement(parsePosition(kStartText, r))) << rules;
  }
}

TEST(PerftTable, DepthsOneToThreeMatchTheReferencePerft) {
  for (const PerftCase& c : table()) {
    const Position pos = positionOf(c);
    for (int depth = 1; depth <= 3; ++depth) {
      const std::uint64_t fast = perft(pos, depth);
      EXPECT_EQ(fast, ref::perft(pos, depth)) << c.name << " depth " << depth;
      EXPECT_EQ(fast, c.leaves[depth - 1]) << c.name << " depth " << depth;
    }
  }
}

TEST(PerftTable, StartDepthFourMatchesTheReferencePerft) {
  const PerftCase& c = table()[0];
  const Position pos = positionOf(c);
  EXPECT_EQ(ref::perft(pos, 4), c.leaves[3]);
  EXPECT_EQ(perft(pos, 4), c.leaves[3]);
}

// Regression constants: fast perft, confirmed once with the reference perft.
TEST(PerftTable, DepthsFourAndFiveMatchTheRegressionConstants) {
  for (const PerftCase& c : table()) {
    const Position pos = positionOf(c);
    EXPECT_EQ(perft(pos, 4), c.leaves[3]) << c.name;
    EXPECT_EQ(perft(pos, 5), c.leaves[4]) << c.name;
  }
}

// Each first move's subtree against the reference, so a disagreement names its move.
TEST(PerftTable, DivideMatchesTheReferenceMoveByMove) {
  for (const PerftCase& c : table()) {
    const Position pos = positionOf(c);
    const auto divide = perftDivide(pos, 3);
    MoveList moves;
    generateMoves(pos, moves);
    ASSERT_EQ(divide.size(), static_cast<std::size_t>(moves.size())) << c.name;
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < divide.size(); ++i) {
      const Move m = divide[i].move;
      EXPECT_EQ(m, moves[static_cast<int>(i)]) << c.name << ": divide follows generation order";
      ref::RefBoard child = ref::RefBoard::of(pos);
      const bool takesFlag = !pos.isEmpty(m.to) && pos.typeAt(m.to) == PieceType::Flag;
      child.play(m);
      const std::uint64_t want = takesFlag ? 1 : ref::perft(child, 2);
      EXPECT_EQ(divide[i].leaves, want) << c.name << " " << moveName(m);
      sum += divide[i].leaves;
    }
    EXPECT_EQ(sum, c.leaves[2]) << c.name;
  }
}

TEST(PerftConventions, DepthZeroIsOneLeaf) {
  for (const PerftCase& c : table()) {
    EXPECT_EQ(perft(positionOf(c), 0), 1u);
    EXPECT_EQ(ref::perft(positionOf(c), 0), 1u);
  }
}

// "A flag capture ends its line (it counts as one leaf however much depth is left)."
TEST(PerftConventions, AFlagCaptureIsOneLeafAtAnyDepth) {
  const Position pos = positionOf(table()[4]);
  const Move take = *parseMove("D11-D12");
  ASSERT_TRUE(isLegalMove(pos, take));
  ASSERT_EQ(pos.typeAt(take.to), PieceType::Flag);
  for (int depth = 1; depth <= 4; ++depth) {
    bool seen = false;
    for (const auto& [m, leaves] : perftDivide(pos, depth))
      if (m == take) {
        seen = true;
        EXPECT_EQ(leaves, 1u) << "depth " << depth;
      }
    EXPECT_TRUE(seen) << "depth " << depth;
  }
  // The smallest case: the only move takes the flag.
  Position tiny(Rules::standard());
  tiny.addPiece(Seat::Red, PieceType::Engineer, *parseSquare("D11"));
  tiny.addPiece(Seat::Red, PieceType::Flag, *parseSquare("B1"));
  tiny.addPiece(Seat::Blue, PieceType::Flag, *parseSquare("D12"));
  tiny.addPiece(Seat::Blue, PieceType::Landmine, *parseSquare("C12"));
  tiny.addPiece(Seat::Blue, PieceType::Landmine, *parseSquare("E12"));
  tiny.addPiece(Seat::Blue, PieceType::Landmine, *parseSquare("C11"));
  tiny.addPiece(Seat::Red, PieceType::Landmine, *parseSquare("E10"));  // blocks the railway up column E
  tiny.addPiece(Seat::Red, PieceType::Landmine, *parseSquare("D10"));  // and the camp below
  tiny.addPiece(Seat::Red, PieceType::Landmine, *parseSquare("E11"));
  ASSERT_EQ(countMoves(tiny), 2);  // D11-D12 takes the flag, D11-C11 clears a landmine
  for (int depth = 1; depth <= 5; ++depth) EXPECT_EQ(ref::perft(tiny, depth), perft(tiny, depth)) << depth;
  // After D11-C11 Blue has no move at all: that line ends with no leaf.
  EXPECT_EQ(perft(tiny, 2), 1u);
  EXPECT_EQ(perft(tiny, 5), 1u);
}

// "A side with no move ends its line with no leaf."
TEST(PerftConventions, ASideWithoutMovesEndsItsLineWithNoLeaf) {
  Position pos(Rules::standard());
  pos.addPiece(Seat::Red, PieceType::Marshal, *parseSquare("A2"));
  pos.addPiece(Seat::Blue, PieceType::Flag, *parseSquare("B12"));
  pos.addPiece(Seat::Blue, PieceType::Landmine, *parseSquare("A12"));
  const int redMoves = countMoves(pos);
  ASSERT_GT(redMoves, 0);
  EXPECT_EQ(perft(pos, 1), static_cast<std::uint64_t>(redMoves));
  EXPECT_EQ(perft(pos, 2), 0u);  // Blue never has a move
  EXPECT_EQ(perft(pos, 3), 0u);
  EXPECT_EQ(ref::perft(pos, 2), 0u);
  EXPECT_EQ(ref::perft(pos, 1), static_cast<std::uint64_t>(redMoves));
}

}  // namespace
}  // namespace junqi
