// Four-player move generation against a slow reference that reads the board's
// text directly (roads as pairs, railway lines as lists walked point by point,
// the engineer's paths by a search over railway links), on every position of
// random four-player games; game invariants on the way; the perft table
// (docs/perft.md) and its cross-check by the reference.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

#include "core/auto_layout.h"
#include "core/cross_board.h"
#include "core/four_movegen.h"
#include "core/four_perft.h"
#include "core/layout.h"
#include "core/notation.h"

namespace junqi {
namespace {

using MoveSet = std::set<std::pair<int, int>>;

bool has(const std::vector<int>& points, int p) { return std::find(points.begin(), points.end(), p) != points.end(); }

struct Reference {
  const FourPosition& pos;
  const BoardGeometry& board = crossBoard();
  int army = pos.toMove();

  bool friendly(int p) const { return !pos.isEmpty(p) && teamOfArmy(pos.armyAt(p)) == teamOfArmy(army); }
  bool open(int p) const { return pos.isEmpty(p) || (!friendly(p) && !has(board.camps(), p)); }

  void slides(int from, MoveSet& out) const {
    for (const std::vector<int>& line : board.railways()) {
      const auto at = std::find(line.begin(), line.end(), from);
      if (at == line.end()) continue;
      for (const int step : {1, -1})
        for (auto i = at - line.begin() + step; i >= 0 && i < static_cast<long>(line.size()); i += step) {
          const int q = line[static_cast<std::size_t>(i)];
          if (open(q)) out.insert({from, q});
          if (!pos.isEmpty(q)) break;
        }
    }
  }

  void engineerPaths(int from, MoveSet& out) const {
    std::vector<int> todo = {from}, seen = {from};
    while (!todo.empty()) {
      const int p = todo.back();
      todo.pop_back();
      for (const std::vector<int>& line : board.railways())
        for (std::size_t k = 0; k < line.size(); ++k) {
          if (line[k] != p) continue;
          for (const std::size_t n : {k - 1, k + 1}) {
            if (n >= line.size() || has(seen, line[n])) continue;
            const int q = line[n];
            seen.push_back(q);
            if (open(q)) out.insert({from, q});
            if (pos.isEmpty(q)) todo.push_back(q);
          }
        }
    }
  }

  MoveSet moves() const {
    MoveSet out;
    for (int from = 0; from < kCrossPoints; ++from) {
      if (pos.isEmpty(from) || pos.armyAt(from) != army) continue;
      const PieceType type = pos.typeAt(from);
      if (type == PieceType::Landmine || type == PieceType::Flag || has(board.headquarters(), from)) continue;
      for (const auto& [a, b] : board.roads()) {
        if (a == from && open(b)) out.insert({from, b});
        if (b == from && open(a)) out.insert({from, a});
      }
      if (type == PieceType::Engineer) engineerPaths(from, out);
      else slides(from, out);
    }
    return out;
  }
};

MoveSet generated(const FourPosition& pos) {
  MoveList list;
  generateFourMoves(pos, list);
  MoveSet out;
  for (const Move m : list) EXPECT_TRUE(out.insert({m.from, m.to}).second) << "twice: " << fourMoveName(m);
  return out;
}

FourPosition randomStart(Rng& rng) {
  std::array<Layout, kArmies> layouts;
  const FourRuleset rules = FourRuleset::worldAtPlay();
  for (Layout& l : layouts) l = randomLayout(rules.army, rng);
  return FourPosition(rules, layouts);
}

TEST(FourReference, GeneratorMatchesTheReferenceInRandomGames) {
  Rng rng(2026);
  int positions = 0;
  for (int game = 0; game < 60; ++game) {
    FourPosition pos = randomStart(rng);
    int pieces = popcount(pos.occupied());
    for (int ply = 0; ply < 600 && !fourOutcome(pos).isOver(); ++ply, ++positions) {
      const MoveSet moves = generated(pos);
      ASSERT_EQ(moves, Reference{pos}.moves()) << "game " << game << " ply " << ply;
      ASSERT_FALSE(moves.empty());  // an army without a move has left before its turn
      ASSERT_TRUE(pos.armyIn(pos.toMove()));
      auto it = moves.begin();
      std::advance(it, static_cast<long>(rng.below(moves.size())));
      pos.play({static_cast<std::uint8_t>(it->first), static_cast<std::uint8_t>(it->second)});
      const int now = popcount(pos.occupied());
      ASSERT_LE(now, pieces);  // pieces only fall
      pieces = now;
      for (int army = 0; army < kArmies; ++army) ASSERT_EQ(pos.armyIn(army), static_cast<bool>(pos.occupied(army)));
    }
  }
  EXPECT_GT(positions, 10000);
}

std::uint64_t referencePerft(const FourPosition& pos, int depth) {
  if (depth == 0) return 1;
  if (fourOutcome(pos).isOver()) return 0;
  std::uint64_t n = 0;
  for (const auto& [from, to] : Reference{pos}.moves()) {
    FourPosition next = pos;
    next.play({static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)});
    n += referencePerft(next, depth - 1);
  }
  return n;
}

FourPosition exampleStart() {
  const Layout example = parseLayout(kExampleLayout);
  return FourPosition(FourRuleset::worldAtPlay(), {example, example, example, example});
}

// docs/perft.md, "Four-player Junqi": every army deploys the example layout.
TEST(FourPerft, TableFromTheExampleStart) {
  const FourPosition start = exampleStart();
  const std::vector<std::uint64_t> expected = {1, 42, 1761, 73368, 3046535};
  for (int depth = 0; depth < static_cast<int>(expected.size()); ++depth)
    EXPECT_EQ(fourPerft(start, depth), expected[static_cast<std::size_t>(depth)]) << depth;
}

TEST(FourPerft, TheReferenceCountsTheSame) {
  EXPECT_EQ(referencePerft(exampleStart(), 3), fourPerft(exampleStart(), 3));
  Rng rng(7);
  FourPosition mid = randomStart(rng);
  randomFourPlayout(mid, rng, 120);
  ASSERT_FALSE(fourOutcome(mid).isOver());
  EXPECT_EQ(referencePerft(mid, 3), fourPerft(mid, 3));
}

}  // namespace
}  // namespace junqi
