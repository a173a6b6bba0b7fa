#include "search/flip_evaluation.h"

#include <algorithm>

namespace junqi {

double flipPieceValue(PieceType t) {
  switch (t) {
    case PieceType::Engineer: return 4;
    case PieceType::Bomb: return 6;
    case PieceType::Landmine: return 3;
    case PieceType::Flag: return 0;
    default: return rank(t) + (t == PieceType::General ? 1 : 0) + (t == PieceType::Marshal ? 2 : 0) - 1;
  }
}

namespace {

double material(const FlipPosition& pos, Colour c) {
  double sum = 0;
  for (Bitboard b = pos.faceUp(c); b;) sum += flipPieceValue(pos.identityAt(popLsb(b)).type);
  for (int t = 0; t < kPieceTypes; ++t) sum += pos.pool(c)[t] * flipPieceValue(typeFromIndex(t));
  return sum;
}

}  // namespace

double flipMaterialBalance(const FlipPosition& pos, Seat seat) {
  const auto own = pos.colourOf(seat);
  return own ? material(pos, *own) - material(pos, other(*own)) : 0.0;
}

double largestThreat(const FlipPosition& pos, Colour victim) {
  const auto attacker = pos.colourOf(pos.toMove());
  if (!attacker || *attacker == victim) return 0;
  const bool survives = pos.rules().landmineSurvivesAttack;
  double worst = 0;
  for (Bitboard movers = pos.faceUp(*attacker) & ~pos.immobile(*attacker); movers;) {
    const int from = popLsb(movers);
    const PieceType a = pos.identityAt(from).type;
    for (Bitboard hits = flipMoveTargets(pos, from) & pos.faceUp(victim); hits;) {
      const PieceType d = pos.identityAt(popLsb(hits)).type;
      const Combat c = resolveCombat(a, d, survives);
      const double taken = d == PieceType::Flag ? kFlagValue : defenderRemoved(c) ? flipPieceValue(d) : 0;
      worst = std::max(worst, taken - (attackerRemoved(c) ? flipPieceValue(a) : 0));
    }
  }
  return worst;
}

std::optional<Move> flagCaptureInOne(const FlipPosition& pos) {
  const auto own = pos.colourOf(pos.toMove());
  if (!own) return std::nullopt;
  for (Bitboard movers = pos.faceUp(*own) & ~pos.immobile(*own); movers;) {
    const int from = popLsb(movers);
    for (Bitboard hits = flipMoveTargets(pos, from) & pos.faceUp(other(*own)); hits;) {
      const int to = popLsb(hits);
      if (pos.identityAt(to).type == PieceType::Flag)
        return Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)};
    }
  }
  return std::nullopt;
}

bool leavesFlagToCapture(const FlipPosition& pos, Move action) {
  FlipPosition next = pos;
  if (isFlip(action)) {
    next.setToMove(opposite(pos.toMove()));  // the flip's outcome aside, the board is the same
  } else {
    next.move(action);
  }
  return flagCaptureInOne(next).has_value();
}

}  // namespace junqi
