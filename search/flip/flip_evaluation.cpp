#include "search/flip/flip_evaluation.h"

#include <algorithm>
#include <cmath>

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
  MoverTargets movers;  // one turn's tables for every piece
  collectFlipMoveTargets(pos, movers);
  double worst = 0;
  for (int i = 0; i < movers.movers; ++i) {
    const PieceType a = pos.identityAt(movers.from[i]).type;
    for (Bitboard hits = movers.targets[i] & pos.faceUp(victim); hits;) {
      const PieceType d = pos.identityAt(popLsb(hits)).type;
      const Combat c = resolveCombat(a, d, survives);
      const double taken = d == PieceType::Flag ? kFlagValue : defenderRemoved(c) ? flipPieceValue(d) : 0;
      worst = std::max(worst, taken - (attackerRemoved(c) ? flipPieceValue(a) : 0));
    }
  }
  return worst;
}

int hiddenPointsInReach(const FlipPosition& pos, Colour c) {
  MoverView view;  // face-down points are enterable here, as enemy pieces are
  view.own = pos.faceUp(c);
  view.occupied = pos.occupied();
  view.movable = pos.faceUp(c) & ~pos.immobile(c);
  view.engineers = pos.engineers(c);
  MoverTargets movers;
  collectTargets(pos.topology(), view, movers);
  Bitboard reach = 0;
  for (int i = 0; i < movers.movers; ++i) reach |= movers.targets[i];
  return popcount(reach & pos.faceDown());
}

double flipStaticValue(const FlipPosition& pos, double cover) {
  const Seat mover = pos.toMove();
  const auto own = pos.colourOf(mover);
  if (!own) return 0.0;
  const double threat = std::min(largestThreat(pos, other(*own)), 12.0);  // a flag in reach counts as a marshal and more
  double reach = 0;
  if (cover > 0 && pos.faceDown())
    reach = cover * (hiddenPointsInReach(pos, *own) - hiddenPointsInReach(pos, other(*own))) /
            popcount(pos.faceDown());
  return std::tanh((flipMaterialBalance(pos, mover) + 0.9 * threat + reach) / 20.0);
}

// The capture from the lowest point, when several pieces reach the flag.
std::optional<Move> flagCaptureInOne(const FlipPosition& pos) {
  const auto own = pos.colourOf(pos.toMove());
  if (!own) return std::nullopt;
  const Bitboard flags = pos.pieces(other(*own), PieceType::Flag);
  MoverTargets movers;
  collectFlipMoveTargets(pos, movers);
  std::optional<Move> capture;
  for (int i = 0; i < movers.movers; ++i) {
    const Bitboard hits = movers.targets[i] & flags;
    if (hits && (!capture || movers.from[i] < capture->from))
      capture = Move{movers.from[i], Square(lsb(hits))};
  }
  return capture;
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
