#include "core/movegen.h"

namespace junqi {

Bitboard engineerRailReach(const Topology& topology, int from, Bitboard occupied) {
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

// Straight railway slides from `from`: up to and including the first occupied point.
inline Bitboard straightSlides(const Topology& t, int from, Bitboard occupied) {
  Bitboard targets = 0;
  for (int d = 0; d < kDirections; ++d) {
    Bitboard ray = t.railRay[from][d];
    const Bitboard blockers = ray & occupied;
    if (blockers) ray &= ~t.railRay[increasesIndex(d) ? lsb(blockers) : msb(blockers)][d];
    targets |= ray;
  }
  return targets;
}

// The targets of the piece on `from`, which belongs to the side to move and may move.
inline Bitboard targetsOf(const Position& pos, const Topology& t, int from, Bitboard own, Bitboard occupied) {
  // Steps may not enter an occupied camp; railway points are never camps.
  Bitboard targets = t.stepNeighbours[from] & ~(t.camps & occupied);
  if (contains(t.railway, from)) {
    targets |= contains(pos.engineers(pos.sideToMove()), from) ? engineerRailReach(t, from, occupied)
                                                                : straightSlides(t, from, occupied);
  }
  return targets & ~own;
}

template <class Visit>
inline void forEachMover(const Position& pos, Visit&& visit) {
  const Topology& t = pos.rules().topology();
  const Side us = pos.sideToMove();
  const Bitboard own = pos.occupied(us);
  const Bitboard occupied = pos.occupied();
  for (Bitboard movers = pos.movable(us); movers;) {
    const int from = popLsb(movers);
    if (!visit(from, targetsOf(pos, t, from, own, occupied))) return;
  }
}

}  // namespace

Bitboard legalTargets(const Position& pos, int from) {
  if (!contains(pos.movable(pos.sideToMove()), from)) return 0;
  return targetsOf(pos, pos.rules().topology(), from, pos.occupied(pos.sideToMove()), pos.occupied());
}

void generateMoves(const Position& pos, MoveList& out) {
  out.clear();
  forEachMover(pos, [&](int from, Bitboard targets) {
    while (targets) out.push(Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(popLsb(targets))});
    return true;
  });
}

int countMoves(const Position& pos) {
  int n = 0;
  forEachMover(pos, [&](int, Bitboard targets) {
    n += popcount(targets);
    return true;
  });
  return n;
}

bool hasLegalMove(const Position& pos) {
  bool any = false;
  forEachMover(pos, [&](int, Bitboard targets) {
    any = targets != 0;
    return !any;
  });
  return any;
}

bool isLegalMove(const Position& pos, Move m) {
  return m.from < kSquares && m.to < kSquares && contains(legalTargets(pos, m.from), m.to);
}

MovePath classifyMove(const Position& before, Move m) {
  const Topology& t = before.rules().topology();
  if (contains(t.stepNeighbours[m.from], m.to)) return MovePath::Step;
  if (contains(straightSlides(t, m.from, before.occupied()), m.to)) return MovePath::Straight;
  return MovePath::Turned;
}

}  // namespace junqi
