// The order generateMoves lists moves in (core/classic/movegen.h): pieces off the
// railway, then non-engineers on it, then engineers on it; within a kind by
// point, each piece's targets by point. Random playouts and the nn agent's
// ties depend on it, so it is pinned here.
#include <algorithm>
#include <tuple>

#include <gtest/gtest.h>

#include "core/classic/auto_layout.h"
#include "core/classic/movegen.h"

namespace junqi {
namespace {

// The documented sort key of a move in `pos`.
std::tuple<int, int, int> orderKey(const Position& pos, Move m) {
  const Topology& t = pos.rules().topology();
  const int kind = !contains(t.railway, m.from) ? 0 : pos.typeAt(m.from) == PieceType::Engineer ? 2 : 1;
  return {kind, m.from, m.to};
}

TEST(MoveOrder, PiecesOffTheRailwayThenSlidersThenEngineersEachByPoint) {
  int positions = 0, kindsSeen = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Rng rng(seed);
    const Layout red = randomLayout(Ruleset::hiddenFront(), rng), blue = randomLayout(Ruleset::hiddenFront(), rng);
    Position pos = Position::fromLayouts(Rules::of(Ruleset::hiddenFront()), red, blue);
    MoveList moves;
    for (int ply = 0; ply < 300 && !pos.flagCapturedBy(); ++ply, ++positions) {
      generateMoves(pos, moves);
      ASSERT_EQ(countMoves(pos), moves.size());
      for (int i = 1; i < moves.size(); ++i)
        ASSERT_LT(orderKey(pos, moves[i - 1]), orderKey(pos, moves[i]))
            << moveName(moves[i - 1]) << " before " << moveName(moves[i]) << " at ply " << ply;
      if (moves.empty()) break;
      kindsSeen |= 1 << std::get<0>(orderKey(pos, moves[0])) | 1 << std::get<0>(orderKey(pos, moves[moves.size() - 1]));
      pos.play(moves[static_cast<int>(rng.below(static_cast<std::uint64_t>(moves.size())))]);
    }
  }
  EXPECT_GT(positions, 3000);
  EXPECT_EQ(kindsSeen, 0b111);  // every kind came first or last somewhere
}

// The two ways of writing a list (core/classic/movegen.h, MoveWriter) give the same
// moves in the same order, on the positions of random games and for single
// pieces with targets in both halves of the 64 points.
TEST(MoveWriters, CompressedAndPortableListsAreTheSame) {
  if (!cpuHasCompressedWriter()) GTEST_SKIP() << "this CPU has no AVX-512 VBMI2: only the portable writer runs";
  Rng rng(11);
  for (int n = 0; n < 2000; ++n) {
    const std::uint64_t targets = (rng.next() & rng.next()) | (n < 64 ? std::uint64_t{1} << n : 0);
    const auto from = static_cast<std::uint8_t>(rng.below(60));
    MoveList portable, compressed;
    portable.pushAll(Square(from), targets);
    compressed.pushAllCompressed(Square(from), targets);
    compressed.pushAllCompressed(Square(from), 0);  // nothing: the list stays
    ASSERT_EQ(portable.size(), compressed.size()) << std::hex << targets;
    for (int i = 0; i < portable.size(); ++i) ASSERT_EQ(portable[i], compressed[i]) << std::hex << targets << " #" << i;
  }
  int positions = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    Rng game(seed);
    const Layout red = randomLayout(Ruleset::hiddenFront(), game), blue = randomLayout(Ruleset::hiddenFront(), game);
    Position pos = Position::fromLayouts(Rules::of(Ruleset::hiddenFront()), red, blue);
    for (int ply = 0; ply < 300 && !pos.flagCapturedBy(); ++ply, ++positions) {
      MoveList portable, compressed;
      generateMoves(pos.rules().topology(), moverView(pos), portable, MoveWriter::Portable);
      generateMoves(pos.rules().topology(), moverView(pos), compressed, MoveWriter::Compressed);
      ASSERT_TRUE(std::equal(portable.begin(), portable.end(), compressed.begin(), compressed.end()))
          << "seed " << seed << " ply " << ply;
      if (portable.empty()) break;
      pos.play(portable[static_cast<int>(game.below(static_cast<std::uint64_t>(portable.size())))]);
    }
  }
  EXPECT_GT(positions, 1500);
}

}  // namespace
}  // namespace junqi
