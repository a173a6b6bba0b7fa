// The four-player generator (core/four/four_movegen.h) move for move and in the
// same order as the straightforward generator it replaced (kept here: walks
// scanned run by run, moves written point by point), with both move writers,
// on positions of random games; point 128 (K17, which the generator takes
// apart from the 128-bit word) both as a source and a target.
#include <gtest/gtest.h>

#include <bit>
#include <vector>

#include "core/classic/auto_layout.h"
#include "core/four/cross_board.h"
#include "core/four/four_movegen.h"
#include "core/four/four_perft.h"

namespace junqi {
namespace {

// The generator before the 128-bit tables, as it was.
namespace previous {

struct View {
  const CrossTopology& t = CrossTopology::get();
  CrossBitboard friendly, occupied, attackable;
};

View viewOf(const FourPosition& pos, int army) {
  View v;
  v.friendly = pos.occupied(army) | pos.occupied(allyOf(army));
  v.occupied = pos.occupied();
  v.attackable = v.occupied & ~v.friendly & ~v.t.camps;
  return v;
}

CrossBitboard engineerTargets(const View& v, int from) {
  CrossBitboard seen = CrossBitboard::bit(from), reached, frontier = CrossBitboard::bit(from);
  while (frontier) {
    const Square p = popLsb(frontier);
    const CrossBitboard next = v.t.railNeighbours[static_cast<std::size_t>(p)] & ~seen;
    seen |= next;
    reached |= next;
    frontier |= next & ~v.occupied;
  }
  return reached & (~v.occupied | v.attackable);
}

CrossBitboard slideTargets(const View& v, int from) {
  const CrossTopology& t = v.t;
  CrossBitboard reached;
  for (int w = t.walksFrom[static_cast<std::size_t>(from)]; w < t.walksFrom[static_cast<std::size_t>(from) + 1]; ++w) {
    const CrossTopology::Walk walk = t.walks[static_cast<std::size_t>(w)];
    for (int r = walk.firstRun; r < walk.firstRun + walk.runs; ++r) {
      const CrossTopology::Run& run = t.runs[static_cast<std::size_t>(r)];
      const CrossBitboard blockers = run.points & v.occupied;
      if (!blockers) {
        reached |= run.points;
        continue;
      }
      const std::size_t first = static_cast<std::size_t>(run.rising ? blockers.lsb() : blockers.msb());
      reached |= run.points & (run.rising ? t.upTo[first] : t.downTo[first]);
      break;
    }
  }
  return reached & (~v.occupied | v.attackable);
}

CrossBitboard stepTargets(const View& v, int from) {
  return v.t.stepNeighbours[static_cast<std::size_t>(from)] & (~v.occupied | v.attackable);
}

void push(std::vector<Move>& out, int from, CrossBitboard targets) {
  while (targets) out.push_back({Square(from), Square(popLsb(targets))});
}

std::vector<Move> moves(const FourPosition& pos) {
  const View v = viewOf(pos, pos.toMove());
  CrossBitboard mobile = pos.occupied(pos.toMove()) & ~pos.immobile();
  if (pos.headquartersFreeze()) mobile &= ~v.t.headquarters;
  std::vector<Move> out;
  for (CrossBitboard b = mobile & ~v.t.railway; b;) {
    const Square from = popLsb(b);
    push(out, from, stepTargets(v, from));
  }
  for (CrossBitboard b = mobile & v.t.railway & ~pos.engineers(); b;) {
    const Square from = popLsb(b);
    push(out, from, stepTargets(v, from) | slideTargets(v, from));
  }
  for (CrossBitboard b = mobile & v.t.railway & pos.engineers(); b;) {
    const Square from = popLsb(b);
    push(out, from, stepTargets(v, from) | engineerTargets(v, from));
  }
  return out;
}

}  // namespace previous

std::vector<Move> listed(const MoveList& list) { return {list.begin(), list.end()}; }

std::vector<MoveWriter> writers() {
  std::vector<MoveWriter> out = {MoveWriter::Portable};
  if (cpuHasFourCompressed()) out.push_back(MoveWriter::Compressed);
  return out;
}

// Every position of 120 random games (their moves drawn from the previous
// generator's list, so that the games do not depend on the generator under
// test): the same moves in the same order with each writer, the same targets
// piece by piece (and none from the other points), and a legal move exactly
// when the previous generator has one.
TEST(FourMovegen, SameMovesInTheSameOrderAsThePreviousGenerator) {
  Rng rng(16);
  const FourRuleset rules = FourRuleset::worldAtPlay();
  int positions = 0, fromLast = 0, toLast = 0;
  for (int game = 0; game < 120; ++game) {
    std::array<Layout, kArmies> layouts;
    for (Layout& l : layouts) l = randomLayout(rules.army, rng);
    FourPosition pos(rules, layouts);
    for (int ply = 0; ply < 1000 && !fourOutcome(pos).isOver(); ++ply, ++positions) {
      const std::vector<Move> expected = previous::moves(pos);
      for (const MoveWriter writer : writers()) {
        MoveList list;
        list.push({Square(1), Square(2)});  // cleared first
        generateFourMoves(pos, list, writer);
        ASSERT_EQ(listed(list), expected) << "game " << game << " ply " << ply;
      }
      MoveList list;
      generateFourMoves(pos, list);
      ASSERT_EQ(listed(list), expected);
      for (Square from{}; from < kCrossPoints; ++from) {
        if (ply % 5 != 0 && (pos.isEmpty(from) || pos.armyAt(from) != pos.toMove())) continue;  // all points every 5th ply
        CrossBitboard targets;
        for (const Move m : expected)
          if (m.from == from) targets |= CrossBitboard::bit(m.to);
        ASSERT_EQ(fourTargets(pos, from), targets) << crossBoard().pointName(from);
      }
      for (const Move m : expected) {
        fromLast += m.from == kCrossPoints - 1;
        toLast += m.to == kCrossPoints - 1;
        ASSERT_TRUE(isLegalFourMove(pos, m));
      }
      ASSERT_FALSE(isLegalFourMove(pos, {Square(0), Square(0)}));
      ASSERT_EQ(fourHasLegalMove(pos, pos.toMove()), !expected.empty());
      pos.play(expected[static_cast<std::size_t>(rng.below(expected.size()))]);
    }
  }
  EXPECT_GT(positions, 50000);
  EXPECT_GT(fromLast, 100);  // point 128 (K17) as a source and a target
  EXPECT_GT(toLast, 100);
}

// fourHasLegalMove for every army, not only the one to move, against the
// previous generator's moves for that army.
TEST(FourMovegen, HasLegalMoveForEveryArmy) {
  Rng rng(61);
  const FourRuleset rules = FourRuleset::worldAtPlay();
  int checks = 0;
  for (int game = 0; game < 60; ++game) {
    std::array<Layout, kArmies> layouts;
    for (Layout& l : layouts) l = randomLayout(rules.army, rng);
    FourPosition pos(rules, layouts);
    while (!fourOutcome(pos).isOver()) {
      for (int army = 0; army < kArmies; ++army) {
        if (!pos.armyIn(army)) continue;
        FourSetup setup = pos.setup();
        setup.toMove = army;
        const FourPosition turned(rules, setup);
        const bool any = !previous::moves(turned).empty();
        ASSERT_EQ(fourHasLegalMove(pos, army), any);
        ++checks;
      }
      randomFourPlayout(pos, rng, 1);
    }
  }
  EXPECT_GT(checks, 50000);
}

}  // namespace
}  // namespace junqi
