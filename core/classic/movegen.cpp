#include "core/classic/movegen.h"

#include <bit>
#include <stdexcept>

namespace junqi {

Bitboard engineerRailReach(const Topology& topology, Square from, Bitboard occupied) {
  Bitboard visited = bit(from);
  Bitboard frontier = visited;
  while (frontier) {
    Bitboard next = 0;
    for (Bitboard f = frontier; f;) next |= topology.railNeighbours[popLsb(f)];
    next &= ~visited;
    visited |= next;
    frontier = next & ~occupied;  // paths continue only through empty points
  }
  return visited & ~bit(from);
}

namespace {

// Straight railway slides from `from`: up to and including the first occupied
// point. Off the railway every ray is empty.
//
// Two ways to find a ray's nearest blocker. Branch-free: count zeros (64 on an
// empty ray, which railRayPast maps to nothing): positions the CPU has not
// seen, as in games and searches, cost no mispredictions. Branching: skip
// empty rays and points off the railway; faster where the branch predictor
// has learned the position, as in perft's bulk count over sibling positions
// that differ by one move. Figures in docs/benchmarks.md.
template <bool kBranchFree>
inline Bitboard straightSlides(const Topology& t, Square from, Bitboard occupied) {
  Bitboard targets = 0;
  for (int d = 0; d < kDirections; ++d) {
    Bitboard ray = t.railRay[from][d];
    const Bitboard blockers = ray & occupied;
    if constexpr (kBranchFree) {
      const int past = increasesIndex(d) ? std::countr_zero(blockers) + 1 : 64 - std::countl_zero(blockers);
      ray &= ~t.railRayPast[d][past];
    } else if (blockers) {
      ray &= ~t.railRay[increasesIndex(d) ? lsb(blockers) : msb(blockers)][d];
    }
    targets |= ray;
  }
  return targets;
}

// The targets of the piece on `from`, which belongs to the side to move and may
// move, branching on its kind: for one piece (legalTargets) and perft's bulk
// count. Move generation takes the pieces by kind instead (forEachMover).
inline Bitboard targetsOf(const Topology& t, const MoverView& v, Square from) {
  // Steps may not enter an occupied camp; railway points are never camps.
  const Bitboard steps = t.stepNeighbours[from] & ~(t.camps & v.occupied);
  if (!contains(t.railway, from)) return steps & ~v.own;
  const Bitboard rail = contains(v.engineers, from) ? engineerRailReach(t, from, v.occupied)
                                                    : straightSlides<false>(t, from, v.occupied);
  return (steps | rail) & ~v.own;
}

// Each piece of the side to move that may move, with its targets. Branch-free,
// pieces come by kind, so that none pays for another kind's work or a branch
// on its kind: those off the railway (steps only), those on it (straight
// slides), then engineers on it (paths that turn); within a kind, by point.
template <bool kBranchFree = true, class Visit>
inline void forEachMover(const Topology& t, const MoverView& v, Visit&& visit) {
  if constexpr (!kBranchFree) {
    for (Bitboard movers = v.movable; movers;) {
      const Square from = popLsb(movers);
      if (!visit(from, targetsOf(t, v, from))) return;
    }
  } else {
    const Bitboard open = ~(t.camps & v.occupied) & ~v.own;  // steps may not enter an occupied camp
    for (Bitboard m = v.movable & ~t.railway; m;) {
      const Square from = popLsb(m);
      if (!visit(from, t.stepNeighbours[from] & open)) return;
    }
    for (Bitboard m = v.movable & t.railway & ~v.engineers; m;) {
      const Square from = popLsb(m);
      if (!visit(from, (t.stepNeighbours[from] & open) | (straightSlides<true>(t, from, v.occupied) & ~v.own))) return;
    }
    for (Bitboard m = v.movable & t.railway & v.engineers; m;) {
      const Square from = popLsb(m);
      if (!visit(from, (t.stepNeighbours[from] & open) | (engineerRailReach(t, from, v.occupied) & ~v.own))) return;
    }
  }
}

}  // namespace

MoverView moverView(const Position& pos) {
  const Seat us = pos.sideToMove();
  return {pos.occupied(us), pos.occupied(), pos.movable(us), pos.engineers(us)};
}

Bitboard legalTargets(const Topology& t, const MoverView& v, Square from) {
  return contains(v.movable, from) ? targetsOf(t, v, from) : 0;
}

Bitboard legalTargets(const Position& pos, Square from) {
  return legalTargets(pos.rules().topology(), moverView(pos), from);
}

namespace {

void generatePortable(const Topology& t, const MoverView& v, MoveList& out) {
  out.clear();
  forEachMover(t, v, [&](Square from, Bitboard targets) {
    out.pushAll(from, targets);
    return true;
  });
}

#if JUNQI_AVX512_COMPRESS
// A visitor, not a lambda, so that its call carries the AVX-512 target and
// is inlined into generateCompressed.
struct CompressedWriter {
  MoveList& out;
  JUNQI_TARGET_AVX512 bool operator()(Square from, Bitboard targets) const {
    out.pushAllCompressed(from, targets);
    return true;
  }
};

JUNQI_TARGET_AVX512 void generateCompressed(const Topology& t, const MoverView& v, MoveList& out) {
  out.clear();
  forEachMover(t, v, CompressedWriter{out});
}
#endif

}  // namespace

bool cpuHasCompressedWriter() {
#if JUNQI_AVX512_COMPRESS
  static const bool has = [] {
    __builtin_cpu_init();  // (if this runs before libgcc's own constructor)
    return __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vbmi2");
  }();
  return has;
#else
  return false;
#endif
}

void generateMoves(const Topology& t, const MoverView& v, MoveList& out, MoveWriter writer) {
#if JUNQI_AVX512_COMPRESS
  if (writer == MoveWriter::Compressed || (writer == MoveWriter::Best && cpuHasCompressedWriter()))
    return generateCompressed(t, v, out);
#endif
  if (writer == MoveWriter::Compressed) throw std::logic_error("generateMoves: this build has no compressed writer");
  generatePortable(t, v, out);
}

void generateMoves(const Topology& t, const MoverView& v, MoveList& out) {
  generateMoves(t, v, out, MoveWriter::Best);
}

void generateMoves(const Position& pos, MoveList& out) {
  generateMoves(pos.rules().topology(), moverView(pos), out);
}

void collectTargets(const Position& pos, MoverTargets& out) {
  collectTargets(pos.rules().topology(), moverView(pos), out);
}

void collectTargets(const Topology& topology, const MoverView& view, MoverTargets& out) {
  out.movers = out.moves = 0;
  forEachMover(topology, view, [&](Square from, Bitboard targets) {
    // Written whether or not the piece can move, kept only if it can: no branch.
    out.from[out.movers] = from;
    out.targets[out.movers] = targets;
    out.movers += targets != 0;
    out.moves += popcount(targets);
    return true;
  });
}

Move nthMove(const MoverTargets& t, int k) {
  int i = 0;
  for (int n = popcount(t.targets[0]); k >= n; n = popcount(t.targets[++i])) k -= n;
  return Move{t.from[i], nthSetPoint(t.targets[i], k)};
}

int countMoves(const Position& pos) {
  int n = 0;
  forEachMover<false>(pos.rules().topology(), moverView(pos), [&](int, Bitboard targets) {
    n += popcount(targets);
    return true;
  });
  return n;
}

bool hasLegalMove(const Topology& t, const MoverView& v) {
  bool any = false;
  forEachMover(t, v, [&](int, Bitboard targets) {
    any = targets != 0;
    return !any;
  });
  return any;
}

bool hasLegalMove(const Position& pos) { return hasLegalMove(pos.rules().topology(), moverView(pos)); }

bool isLegalMove(const Position& pos, Move m) {
  return m.from < kSquares && m.to < kSquares && contains(legalTargets(pos, m.from), m.to);
}

MovePath classifyMove(const Topology& t, Bitboard occupiedBefore, Move m) {
  if (contains(t.stepNeighbours[m.from], m.to)) return MovePath::Step;
  if (contains(straightSlides<true>(t, m.from, occupiedBefore), m.to)) return MovePath::Straight;
  return MovePath::Turned;
}

MovePath classifyMove(const Position& before, Move m) {
  return classifyMove(before.rules().topology(), before.occupied(), m);
}

}  // namespace junqi
