#include "core/flip/flip_perft.h"

namespace junqi {

namespace {

// A flip reveals what the deal put on the point.
struct RevealDealt {
  const FlipDeal& deal;
  int perPoint(const FlipPosition&) const { return 1; }
  template <class Visit>
  void each(const FlipPosition&, int square, Visit&& visit) const {
    visit(*deal.under[square]);
  }
};

// A flip reveals, in turn, every identity left in the pools.
struct RevealEveryIdentity {
  int perPoint(const FlipPosition& pos) const {
    int n = 0;
    for (const Colour c : {Colour::Red, Colour::Blue})
      for (const auto count : pos.pool(c)) n += count > 0;
    return n;
  }
  template <class Visit>
  void each(const FlipPosition& pos, int, Visit&& visit) const {
    for (const Colour c : {Colour::Red, Colour::Blue})
      for (int t = 0; t < kPieceTypes; ++t)
        if (pos.pool(c)[t] > 0) visit(Identity{c, typeFromIndex(t)});
  }
};

template <class Reveal>
std::uint64_t perftOf(const FlipPosition& pos, int depth, const Reveal& reveal);

// The leaves under one action, depth - 1 plies after it.
template <class Reveal>
std::uint64_t perftAfter(const FlipPosition& pos, Move m, int depth, const Reveal& reveal) {
  std::uint64_t leaves = 0;
  if (isFlip(m)) {
    reveal.each(pos, m.from, [&](Identity revealed) {
      FlipPosition next = pos;
      next.flip(m.from, revealed);
      leaves += perftOf(next, depth - 1, reveal);
    });
    return leaves;
  }
  FlipPosition next = pos;
  return next.move(m).flagCaptured ? 1 : perftOf(next, depth - 1, reveal);
}

template <class Reveal>
std::uint64_t perftOf(const FlipPosition& pos, int depth, const Reveal& reveal) {
  if (depth == 0) return 1;
  if (depth == 1) {  // in bulk: the moves, and each face-down point's outcomes
    const int flips = pos.poolSize();
    return static_cast<std::uint64_t>(countFlipActions(pos) - flips) +
           static_cast<std::uint64_t>(flips) * reveal.perPoint(pos);
  }
  MoveList actions;
  generateFlipActions(pos, actions);
  std::uint64_t leaves = 0;
  for (const Move m : actions) leaves += perftAfter(pos, m, depth, reveal);
  return leaves;
}

template <class Reveal>
std::vector<PerftDivide> divide(const FlipPosition& pos, int depth, const Reveal& reveal) {
  std::vector<PerftDivide> out;
  if (depth < 1) return out;
  MoveList actions;
  generateFlipActions(pos, actions);
  for (const Move m : actions) out.push_back({m, perftAfter(pos, m, depth, reveal)});
  return out;
}

}  // namespace

std::uint64_t flipPerft(const FlipPosition& pos, const FlipDeal& deal, int depth) {
  return perftOf(pos, depth, RevealDealt{deal});
}

std::uint64_t flipPerftExpanded(const FlipPosition& pos, int depth) {
  return perftOf(pos, depth, RevealEveryIdentity{});
}

}  // namespace junqi

namespace junqi {

std::vector<PerftDivide> flipPerftDivide(const FlipPosition& pos, const FlipDeal& deal, int depth, bool expandChance) {
  return expandChance ? divide(pos, depth, RevealEveryIdentity{}) : divide(pos, depth, RevealDealt{deal});
}

}  // namespace junqi
