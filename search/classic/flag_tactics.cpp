#include "search/classic/flag_tactics.h"

#include <algorithm>

#include "search/classic/one_ply.h"

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
      : state_(state), obs_(state.observation()), topo_(obs_.rules().topology()) {
    const Seat us = state.seat();
    for (int k = 0; k < obs_.pieceCount(us); ++k) {
      const PieceId p = pieceOf(us, k);
      if (obs_.isAlive(p) && obs_.ownType(p) == PieceType::Flag) flag_ = obs_.squareOf(p);
    }
  }

  // P(some enemy piece can move onto our flag) on this board, the enemy to move.
  double loseNext(const BoardAfter& b) const {
    if (flag_ == kNoSquare || !contains(b.own, flag_)) return 0;
    double safe = 1;
    for (Bitboard e = b.enemy & ~obs_.rules().frozenSquares(); e;) {
      const Square s = popLsb(e);
      const PieceReach reach = pieceReach(topo_, b.enemy, b.own | b.enemy, s);
      const bool plain = contains(reach.plain, flag_);
      if (!plain && !contains(reach.engineer, flag_)) continue;
      const IdentityMarginals& q = s == b.changedSquare ? b.changed : enemyBelief(state_, s);
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
    const Bitboard own = obs_.occupied(state_.seat()), enemy = obs_.occupied(state_.enemy());
    const Bitboard ownMoved = (own & ~bit(m.from)) | bit(m.to), ownLost = own & ~bit(m.from);
    if (!contains(enemy, m.to)) return {0, loseNext({ownMoved, enemy})};
    // A fight: weigh its outcomes by the target's identities.
    const FightOdds f = fightOdds(obs_.rules(), obs_.ownType(obs_.pieceAt(m.from)), enemyBelief(state_, m.to));
    const double goesOn = f.won + f.traded + f.lost;
    if (goesOn <= 0) return {f.flag, 0};
    double risk = 0;
    if (f.won > 0) risk += f.won * loseNext({ownMoved, enemy & ~bit(m.to)});
    if (f.traded > 0) risk += f.traded * loseNext({ownLost, enemy & ~bit(m.to)});
    if (f.lost > 0) risk += f.lost * loseNext({ownLost, enemy, m.to, f.beaten});
    return {f.flag, risk / goesOn};
  }

  double now() const {
    return loseNext({obs_.occupied(state_.seat()), obs_.occupied(state_.enemy())});
  }

 private:
  const InfoState& state_;
  const Observation& obs_;
  const Topology& topo_;
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
