#include "core/flip_movegen.h"

#include <fmt/format.h>

#include "core/movegen.h"

namespace junqi {

bool mayAttack(const FlipPosition& pos, Identity attacker, Identity defender) {
  const FlipRuleset& r = pos.rules();
  // 001: "While any enemy Landmine remains, the enemy Flag cannot be touched."
  if (defender.type == PieceType::Flag) return !r.minesGuardFlag || pos.landminesLeft(defender.colour) == 0;
  if (r.throwAwayMoves) return true;
  // 001: "only an Engineer or a Bomb can go onto a Landmine, and a piece cannot
  // attack one that outranks it. Equal ranks still trade, and a Bomb still
  // removes itself and whatever it hits."
  if (defender.type == PieceType::Landmine)
    return attacker.type == PieceType::Engineer || attacker.type == PieceType::Bomb;
  if (attacker.type == PieceType::Bomb || defender.type == PieceType::Bomb) return true;
  return rank(attacker.type) >= rank(defender.type);
}

namespace {

// The classic generator's view of the side to move: face-down pieces block
// and cannot be entered, as if they were its own.
MoverView flipMoverView(const FlipPosition& pos, Colour own) {
  MoverView v;
  v.own = pos.faceUp(own) | pos.faceDown();
  v.occupied = pos.occupied();
  v.movable = pos.faceUp(own) & ~pos.immobile(own);
  v.engineers = pos.engineers(own);
  return v;
}

Bitboard allowedTargets(const FlipPosition& pos, const MoverView& view, Colour own, int from) {
  Bitboard targets = legalTargets(pos.topology(), view, from);
  const Identity mover = pos.identityAt(from);
  for (Bitboard enemies = targets & pos.faceUp(other(own)); enemies;) {
    const int to = popLsb(enemies);
    if (!mayAttack(pos, mover, pos.identityAt(to))) targets &= ~bit(to);
  }
  return targets;
}

template <class Visit>
void forEachMove(const FlipPosition& pos, Visit&& visit) {
  const auto own = pos.colourOf(pos.toMove());
  if (!own) return;  // until the colours are decided both players only flip
  const MoverView view = flipMoverView(pos, *own);
  for (Bitboard movers = view.movable; movers;) {
    const int from = popLsb(movers);
    visit(from, allowedTargets(pos, view, *own, from));
  }
}

}  // namespace

Bitboard flipMoveTargets(const FlipPosition& pos, int from) {
  const auto own = pos.colourOf(pos.toMove());
  if (!own || !contains(pos.faceUp(*own) & ~pos.immobile(*own), from)) return 0;
  return allowedTargets(pos, flipMoverView(pos, *own), *own, from);
}

void generateFlipActions(const FlipPosition& pos, MoveList& out) {
  out.clear();
  for (Bitboard b = pos.faceDown(); b;) out.push(flipAt(popLsb(b)));
  forEachMove(pos, [&](int from, Bitboard targets) { out.pushAll(static_cast<std::uint8_t>(from), targets); });
}

int countFlipActions(const FlipPosition& pos) {
  int n = pos.poolSize();
  forEachMove(pos, [&](int, Bitboard targets) { n += popcount(targets); });
  return n;
}

bool hasLegalFlipAction(const FlipPosition& pos) { return countFlipActions(pos) > 0; }

bool isLegalFlipAction(const FlipPosition& pos, Move m) { return !whyIllegalFlipAction(pos, m); }

std::optional<std::string> whyIllegalFlipAction(const FlipPosition& pos, Move m) {
  if (m.from >= kSquares || m.to >= kSquares) return "that point is not on the board";
  const std::string from = squareName(m.from);
  if (isFlip(m)) {
    if (pos.isFaceDown(m.from)) return std::nullopt;
    return fmt::format("{} holds no face-down piece to flip", from);
  }
  const auto own = pos.colourOf(pos.toMove());
  if (!own) return "until the colours are decided both players may only flip";
  if (pos.isEmpty(m.from) || pos.isFaceDown(m.from) || pos.identityAt(m.from).colour != *own)
    return fmt::format("{} holds no face-up piece of yours", from);
  if (contains(flipMoveTargets(pos, m.from), m.to)) return std::nullopt;
  const std::string to = squareName(m.to);
  if (pos.isFaceDown(m.to)) return fmt::format("{} is face down: it can be flipped, not attacked", to);
  const Identity mover = pos.identityAt(m.from);
  if (isImmobile(mover.type)) return fmt::format("the {} on {} never moves", typeName(mover.type), from);
  if (!pos.isEmpty(m.to) && pos.identityAt(m.to).colour != *own &&
      contains(legalTargets(pos.topology(), flipMoverView(pos, *own), m.from), m.to)) {
    const Identity target = pos.identityAt(m.to);
    if (target.type == PieceType::Flag)
      return fmt::format("the flag on {} cannot be touched while its side has landmines left", to);
    return fmt::format("the {} on {} may not attack the {} on {}: that would throw it away", typeName(mover.type),
                       from, typeName(target.type), to);
  }
  return fmt::format("the {} on {} cannot reach {}", typeName(mover.type), from, to);
}

}  // namespace junqi
