#include "search/classic/heuristic_agent.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/classic/movegen.h"
#include "search/material.h"
#include "search/classic/one_ply.h"
#include "search/classic/root_choice.h"

namespace junqi {

namespace {

constexpr double kHeuristicFlagValue = 100.0;

// The expected material change for us when our `mine` fights an enemy piece
// with identity distribution `q` (we attack when `weAttack`).
double expectedFight(PieceType mine, const IdentityMarginals& q, bool weAttack, const Rules& rules) {
  double sum = 0;
  for (int t = 0; t < kPieceTypes; ++t) {
    if (q[t] <= 0) continue;
    const PieceType theirs = typeFromIndex(t);
    const Combat c = weAttack ? rules.combat(mine, theirs) : rules.combat(theirs, mine);
    const bool mineLost = weAttack ? attackerRemoved(c) : defenderRemoved(c);
    const bool theirsLost = weAttack ? defenderRemoved(c) : attackerRemoved(c);
    double delta = 0;
    if (theirsLost) delta += theirs == PieceType::Flag ? kHeuristicFlagValue : pieceValue(theirs);
    if (mineLost) delta -= mine == PieceType::Flag ? kHeuristicFlagValue : pieceValue(mine);
    sum += q[t] * delta;
  }
  return sum;
}

// The points each enemy piece might reach next turn, assuming any piece that
// could be mobile is, and any that could be an engineer is.
struct EnemyReach {
  std::array<Bitboard, kSquares> targets{};  // by enemy piece's square
};

EnemyReach enemyReach(const InfoState& state, Bitboard ownOccupied, Bitboard enemyOccupied) {
  const Observation& obs = state.observation();
  const Topology& topo = obs.rules().topology();
  MoverView v;
  v.own = enemyOccupied;
  v.occupied = ownOccupied | enemyOccupied;
  const int first = index(state.enemy()) * kMaxPiecesPerSide;
  for (Bitboard b = enemyOccupied; b;) {
    const Square s = popLsb(b);
    const int k = obs.pieceAt(s) - first;
    if (k < 0 || k >= kMaxPiecesPerSide) continue;
    const IdentitySet set = state.support(k);
    if (set & ~kImmobileIdentities & kAnyIdentity) v.movable |= bit(s);
    if (set & identityBit(PieceType::Engineer)) v.engineers |= bit(s);
  }
  v.movable &= ~obs.rules().frozenSquares();
  EnemyReach r;
  for (Bitboard b = v.movable; b;) {
    const Square s = popLsb(b);
    r.targets[s] = legalTargets(topo, v, s);
  }
  return r;
}

}  // namespace

HeuristicAgent::HeuristicAgent(const AgentParams& params)
    : BasicAgent(params, LayoutStyle::Balanced), noise_(params.getDouble("noise", 0.05)) {}

std::string HeuristicAgent::spec() const { return fmt::format("heuristic:{},noise={}", commonSpec(), noise_); }

std::vector<std::pair<Move, double>> HeuristicAgent::scoreMoves(const InfoState& state) const {
  const Observation& obs = state.observation();
  const Rules& rules = obs.rules();
  const Topology& topo = rules.topology();
  const Seat us = state.seat(), them = state.enemy();
  // The worst an enemy attack on our piece of type `mine` on `square` is expected to cost us.
  const auto danger = [&](const EnemyReach& reach, PieceType mine, int square, Bitboard enemies) {
    if (contains(topo.camps, square)) return 0.0;
    double worst = 0;
    for (Bitboard b = enemies; b;) {
      const Square s = popLsb(b);
      if (!contains(reach.targets[s], square)) continue;
      worst = std::max(worst, -expectedFight(mine, enemyBelief(state, s), false, rules));
    }
    return worst;
  };

  const Bitboard own = obs.occupied(us), enemies = obs.occupied(them);
  const EnemyReach now = enemyReach(state, own, enemies);
  // Our flag (we know where it is): enemy pieces that can reach it next turn.
  Bitboard flagThreats = 0;
  int flagSquare = kNoSquare;
  for (int k = 0; k < obs.pieceCount(us); ++k) {
    const PieceId p = pieceOf(us, k);
    if (obs.isAlive(p) && obs.ownType(p) == PieceType::Flag) flagSquare = obs.squareOf(p);
  }
  if (flagSquare != kNoSquare)
    for (Bitboard b = enemies; b;) {
      const Square s = popLsb(b);
      if (contains(now.targets[s], flagSquare)) flagThreats |= bit(s);
    }

  MoveList moves;
  state.legalMoves(moves);
  std::vector<std::pair<Move, double>> scored;
  for (const Move m : moves) {
    const PieceType mine = obs.ownType(obs.pieceAt(m.from));
    double score = 0;
    const bool attack = contains(enemies, m.to);
    if (attack) {
      score += expectedFight(mine, enemyBelief(state, m.to), true, rules);
      if (contains(flagThreats, m.to)) score += 20.0;  // stop the piece at our flag
    } else {
      if (contains(topo.camps, m.to)) score += contains(topo.home[index(them)], m.to) ? 0.6 : 0.3;
      if (contains(topo.headquarters, m.to) && rules.ruleset().headquartersFreeze) score -= 5.0;
      // Progress toward the enemy's back row, by role.
      const int forward = us == Seat::Red ? rowOf(m.to) - rowOf(m.from) : rowOf(m.from) - rowOf(m.to);
      const int r = rank(mine);
      const double push = mine == PieceType::Engineer ? 0.02
                          : mine == PieceType::Bomb   ? 0.03
                          : r >= 7                    ? 0.06
                                                      : 0.15;
      score += push * forward;
    }
    // Safety: leave a square where we are in danger; do not walk into danger.
    const Bitboard ownAfter = (own & ~bit(m.from)) | bit(m.to);
    const Bitboard enemiesAfter = attack ? enemies & ~bit(m.to) : enemies;
    score += 0.8 * danger(now, mine, m.from, enemies);
    const EnemyReach after = enemyReach(state, ownAfter, enemiesAfter);
    const double risk = danger(after, mine, m.to, enemiesAfter);
    score -= 0.9 * (attack ? risk * 0.5 : risk);  // after a fight we may no longer stand there
    if (flagSquare != kNoSquare && flagThreats && !attack) {
      // A quiet move that leaves our flag exposed is a blunder.
      bool stillThreatened = false;
      for (Bitboard b = enemiesAfter; b;) stillThreatened |= contains(after.targets[popLsb(b)], flagSquare);
      if (stillThreatened) score -= 10.0;
    }
    scored.emplace_back(m, score);
  }
  return scored;
}

Action HeuristicAgent::chooseAction(const InfoState& state) {
  const auto scored = scoreMoves(state);
  // Never a flag blunder: only the moves the flag guard allows.
  MoveList moves;
  for (const auto& [m, s] : scored) moves.push(m);
  return playBestScored(state, scored, flagSafeMoves(state, moves), noise_);
}

}  // namespace junqi
