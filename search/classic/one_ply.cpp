#include "search/classic/one_ply.h"

#include "core/classic/movegen.h"
#include "search/material.h"

namespace junqi {

FightOdds fightOdds(const Rules& rules, PieceType mine, const IdentityMarginals& target) {
  FightOdds f;
  for (int t = 0; t < kPieceTypes; ++t) {
    if (target[t] <= 0) continue;
    const PieceType theirs = typeFromIndex(t);
    const Combat c = rules.combat(mine, theirs);
    if (theirs == PieceType::Flag) {
      if (defenderRemoved(c)) f.flag += target[t];
    } else if (c == Combat::DefenderRemoved) {
      f.won += target[t], f.wonValue += target[t] * pieceValue(theirs);
    } else if (c == Combat::BothRemoved) {
      f.traded += target[t], f.tradedValue += target[t] * pieceValue(theirs);
    } else {
      f.lost += target[t], f.beaten[t] = target[t];
    }
  }
  if (f.won > 0) f.wonValue /= f.won;
  if (f.traded > 0) f.tradedValue /= f.traded;
  if (f.lost > 0)
    for (double& x : f.beaten) x /= f.lost;
  return f;
}

double expectedMaterialLead(const InfoState& state) {
  const Observation& obs = state.observation();
  double lead = 0;
  for (Bitboard b = obs.occupied(state.seat()); b;) lead += pieceValue(obs.ownType(obs.pieceAt(popLsb(b))));
  for (Bitboard b = obs.occupied(state.enemy()); b;) {
    const IdentityMarginals& q = enemyBelief(state, popLsb(b));
    for (int t = 0; t < kPieceTypes; ++t) lead -= q[t] * pieceValue(typeFromIndex(t));
  }
  return lead;
}

double expectedFightMaterial(const InfoState& state, Move m) {
  const Observation& obs = state.observation();
  if (obs.pieceAt(m.to) == kNoPiece) return 0;
  const PieceType mine = obs.ownType(obs.pieceAt(m.from));
  const FightOdds f = fightOdds(obs.rules(), mine, enemyBelief(state, m.to));
  if (f.flag > 0) return 0;
  return f.won * f.wonValue + f.traded * (f.tradedValue - pieceValue(mine)) - f.lost * pieceValue(mine);
}

bool isSureTrade(const InfoState& state, Move m) {
  const Observation& obs = state.observation();
  if (obs.pieceAt(m.to) == kNoPiece) return false;
  const PieceType mine = obs.ownType(obs.pieceAt(m.from));
  if (!isOfficer(mine) || mine == PieceType::Engineer) return false;
  return enemyBelief(state, m.to)[typeIndex(mine)] >= 0.75;
}

PieceReach pieceReach(const Topology& topology, Bitboard own, Bitboard occupied, Square from) {
  MoverView v{own, occupied, bit(from), 0};
  PieceReach r;
  r.plain = legalTargets(topology, v, from);
  v.engineers = bit(from);
  r.engineer = legalTargets(topology, v, from);
  return r;
}

}  // namespace junqi
