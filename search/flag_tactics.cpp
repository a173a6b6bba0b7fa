#include "search/flag_tactics.h"

#include <algorithm>

namespace junqi {

namespace {

// The board right after one of our moves, as far as the flags care.
struct BoardAfter {
  Bitboard own = 0, enemy = 0;
  int changedSquare = kNoSquare;     // an enemy piece whose identity the move narrowed
  IdentityMarginals changed{};       // its identities, given the move's outcome
};

class FlagThreat {
 public:
  explicit FlagThreat(const InfoState& state)
      : state_(state), obs_(state.observation()), topo_(obs_.rules().topology()),
        enemyFirst_(index(state.enemy()) * kMaxPiecesPerSide) {
    const Side us = state.seat();
    for (int k = 0; k < obs_.pieceCount(us); ++k) {
      const int p = index(us) * kMaxPiecesPerSide + k;
      if (obs_.isAlive(p) && obs_.ownType(p) == PieceType::Flag) flag_ = obs_.squareOf(p);
    }
  }

  // P(some enemy piece can move onto our flag) on this board, the enemy to move.
  double loseNext(const BoardAfter& b) const {
    if (flag_ == kNoSquare || !contains(b.own, flag_)) return 0;
    double safe = 1;
    const Bitboard movers = b.enemy & ~obs_.rules().frozenSquares();
    for (Bitboard e = movers; e;) {
      const int s = popLsb(e);
      MoverView v;
      v.own = b.enemy;
      v.occupied = b.own | b.enemy;
      v.movable = bit(s);
      const bool plain = contains(legalTargets(topo_, v, s), flag_);
      v.engineers = bit(s);
      const bool engineer = plain || contains(legalTargets(topo_, v, s), flag_);
      if (!engineer) continue;
      const IdentityMarginals& q = s == b.changedSquare ? b.changed : state_.marginals()[obs_.pieceAt(s) - enemyFirst_];
      double p = 0;
      for (int t = 0; t < kPieceTypes; ++t) {
        const PieceType type = typeFromIndex(t);
        if (isImmobile(type)) continue;
        if (plain || type == PieceType::Engineer) p += q[t];
      }
      safe *= 1 - std::min(1.0, p);
    }
    return 1 - safe;
  }

  FlagTactics ofMove(Move m) const {
    const Side us = state_.seat();
    const Bitboard own = obs_.occupied(us), enemy = obs_.occupied(state_.enemy());
    BoardAfter quiet{(own & ~bit(m.from)) | bit(m.to), enemy};
    if (!contains(enemy, m.to)) return {0, loseNext(quiet)};
    // A fight: weigh its outcomes by the target's identities.
    const PieceType mine = obs_.ownType(obs_.pieceAt(m.from));
    const IdentityMarginals& q = state_.marginals()[obs_.pieceAt(m.to) - enemyFirst_];
    const Rules& rules = obs_.rules();
    FlagTactics f;
    double won = 0, traded = 0, lost = 0;
    IdentityMarginals beaten{};
    for (int t = 0; t < kPieceTypes; ++t) {
      if (q[t] <= 0) continue;
      const Combat c = rules.combat(mine, typeFromIndex(t));
      if (typeFromIndex(t) == PieceType::Flag && defenderRemoved(c)) f.winNow += q[t];
      else if (c == Combat::DefenderRemoved) won += q[t];
      else if (c == Combat::BothRemoved) traded += q[t];
      else lost += q[t], beaten[t] = q[t];
    }
    const double goesOn = won + traded + lost;
    if (goesOn <= 0) return f;
    double risk = 0;
    if (won > 0) risk += won * loseNext({(own & ~bit(m.from)) | bit(m.to), enemy & ~bit(m.to)});
    if (traded > 0) risk += traded * loseNext({own & ~bit(m.from), enemy & ~bit(m.to)});
    if (lost > 0) {
      for (double& x : beaten) x /= lost;
      risk += lost * loseNext({own & ~bit(m.from), enemy, m.to, beaten});
    }
    f.loseNext = risk / goesOn;
    return f;
  }

  double now() const {
    return loseNext({obs_.occupied(state_.seat()), obs_.occupied(state_.enemy())});
  }

 private:
  const InfoState& state_;
  const Observation& obs_;
  const Topology& topo_;
  const int enemyFirst_;
  int flag_ = kNoSquare;
};

}  // namespace

std::vector<FlagTactics> flagTactics(const InfoState& state, const MoveList& moves) {
  const FlagThreat threat(state);
  std::vector<FlagTactics> out;
  out.reserve(static_cast<std::size_t>(moves.size()));
  for (const Move m : moves) out.push_back(threat.ofMove(m));
  return out;
}

double flagThreatNow(const InfoState& state) { return FlagThreat(state).now(); }

}  // namespace junqi
