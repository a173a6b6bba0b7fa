#include "search/classic/tactical_agent.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include <fmt/format.h>

#include "search/material.h"
#include "search/classic/flag_tactics.h"
#include "search/classic/one_ply.h"
#include "search/classic/root_choice.h"

namespace junqi {

namespace {

constexpr double kTacticalFlagValue = 100.0;
constexpr double kReplyWeight = 0.8;  // the enemy does not know what it attacks: a little below full weight

// Material the attacker's side gains when `attacker` attacks `defender`.
double fightGain(const Rules& rules, PieceType attacker, PieceType defender) {
  const Combat c = rules.combat(attacker, defender);
  return (defenderRemoved(c) ? pieceValue(defender) : 0.0) - (attackerRemoved(c) ? pieceValue(attacker) : 0.0);
}

// One board our move can lead to (a branch), with how likely it is.
struct Branch {
  double probability = 0;
  Bitboard own = 0, enemy = 0;
  int moverSquare = kNoSquare;    // where our moving piece stands (kNoSquare: it fell)
  int targetSquare = kNoSquare;   // an enemy target that survived, with its narrowed identities
  IdentityMarginals target{};
  double material = 0;            // what the fight wins or loses on this branch (0 for a quiet move)
};

class Scorer {
 public:
  explicit Scorer(const InfoState& state)
      : state_(state), obs_(state.observation()), rules_(obs_.rules()), topo_(rules_.topology()),
        us_(state.seat()), them_(state.enemy()),
        own_(obs_.occupied(us_)), enemy_(obs_.occupied(them_)), previous_(previousQuietMove(obs_)),
        lead_(expectedMaterialLead(state)) {
    aimAt_ = likeliestFlagPoint();
  }

  // `flagScore`: the move's flagScores entry (search/classic/root_choice.h).
  double score(Move m, double flagScore) const {
    const PieceType mine = ownTypeAt(m.from);
    double s = kTacticalFlagValue * flagScore;
    for (const Branch& o : outcomes(m, mine)) {
      s += o.probability * (o.material - kReplyWeight * bestReply(o, mine));
      if (o.moverSquare == m.to) s += o.probability * plan(m, mine);
    }
    if (reverses(m, previous_) && !contains(enemy_, m.to)) s -= 0.4;
    return s;
  }

 private:
  PieceType ownTypeAt(Square square) const { return obs_.ownType(obs_.pieceAt(square)); }

  // The enemy headquarters most likely to hold the flag (kNoSquare if none can).
  Square likeliestFlagPoint() const {
    Square best = kNoSquare;
    double bestP = 0;
    for (Bitboard b = topo_.headquarters & topo_.home[index(them_)] & enemy_; b;) {
      const Square s = popLsb(b);
      const double p = enemyBelief(state_, s)[typeIndex(PieceType::Flag)];
      if (p > bestP) bestP = p, best = s;
    }
    return best;
  }

  // The boards a move leads to: one for a quiet move, up to three for a fight
  // (the flag's capture ends the game and is scored by the flag tactics).
  // When ahead, a trade also brings the end nearer.
  std::vector<Branch> outcomes(Move m, PieceType mine) const {
    const Bitboard ownMoved = (own_ & ~bit(m.from)) | bit(m.to), ownLost = own_ & ~bit(m.from);
    if (!contains(enemy_, m.to)) return {{1.0, ownMoved, enemy_, m.to}};
    const FightOdds f = fightOdds(rules_, mine, enemyBelief(state_, m.to));
    const double tradeBonus = lead_ > 0 ? 0.05 * lead_ : 0;
    std::vector<Branch> out;
    if (f.won > 0) out.push_back({f.won, ownMoved, enemy_ & ~bit(m.to), m.to, kNoSquare, {}, f.wonValue});
    if (f.traded > 0)
      out.push_back({f.traded, ownLost, enemy_ & ~bit(m.to), kNoSquare, kNoSquare, {},
                     f.tradedValue - pieceValue(mine) + tradeBonus});
    if (f.lost > 0) out.push_back({f.lost, ownLost, enemy_, kNoSquare, m.to, f.beaten, -pieceValue(mine)});
    return out;
  }

  // The most material one enemy piece can expect to win with its next move.
  double bestReply(const Branch& o, PieceType mine) const {
    const Bitboard targets = o.own & ~topo_.camps;
    double best = 0;
    for (Bitboard e = o.enemy & ~rules_.frozenSquares(); e;) {
      const Square s = popLsb(e);
      const PieceReach reach = pieceReach(topo_, o.enemy, o.own | o.enemy, s);
      const Bitboard plain = reach.plain & targets, turned = reach.engineer & targets;
      if (!turned) continue;
      const IdentityMarginals& q = s == o.targetSquare ? o.target : enemyBelief(state_, s);
      double expected = 0;
      for (int t = 0; t < kPieceTypes; ++t) {
        const PieceType type = typeFromIndex(t);
        if (q[t] <= 0 || isImmobile(type)) continue;
        double gain = 0;
        for (Bitboard r = type == PieceType::Engineer ? turned : plain; r;) {
          const Square target = popLsb(r);
          const PieceType ours = target == o.moverSquare ? mine : ownTypeAt(target);
          if (ours != PieceType::Flag) gain = std::max(gain, fightGain(rules_, type, ours));
        }
        expected += q[t] * gain;
      }
      best = std::max(best, expected);
    }
    return best;
  }

  // Where a piece is headed, for a move that puts it on m.to.
  double plan(Move m, PieceType mine) const {
    double s = 0;
    if (contains(topo_.camps, m.to)) s += contains(topo_.home[index(them_)], m.to) ? 0.6 : 0.3;
    if (contains(topo_.camps, m.from)) s -= 0.2;
    if (contains(topo_.headquarters & topo_.home[index(us_)], m.to) && rules_.ruleset().headquartersFreeze) s -= 5.0;
    const int r = rank(mine);
    const double push = mine == PieceType::Engineer || mine == PieceType::Bomb ? 0.04
                        : r >= 9 ? 0.06 : r >= 7 ? 0.1 : 0.18;
    s += push * (distanceToAim(m.from) - distanceToAim(m.to));
    // Ahead in material: do not let the quiet-move count run out.
    const int limit = rules_.ruleset().quietMoveLimit;
    if (limit > 0 && lead_ > 3 && obs_.quietPlies() > limit / 2) s -= 0.5 * obs_.quietPlies() / limit;
    return s;
  }

  // Steps to the point we aim at (the likeliest flag), or rows to the enemy's back row.
  int distanceToAim(Square square) const {
    if (aimAt_ != kNoSquare) return std::abs(columnOf(square) - columnOf(aimAt_)) + std::abs(rowOf(square) - rowOf(aimAt_));
    return us_ == Seat::Red ? kRows - 1 - rowOf(square) : rowOf(square);
  }

  const InfoState& state_;
  const Observation& obs_;
  const Rules& rules_;
  const Topology& topo_;
  const Seat us_, them_;
  const Bitboard own_, enemy_;
  const std::optional<Move> previous_;
  const double lead_;  // our material minus the enemy's expected material
  Square aimAt_ = kNoSquare;
};

}  // namespace

TacticalAgent::TacticalAgent(const AgentParams& params)
    : BasicAgent(params, LayoutStyle::Balanced), noise_(params.getDouble("noise", 0.05)) {
  if (!(noise_ >= 0)) throw AgentSpecError(fmt::format("agent 'tactical': noise={} is negative", noise_));
}

std::string TacticalAgent::spec() const { return fmt::format("tactical:noise={},{}", noise_, commonSpec()); }

std::vector<std::pair<Move, double>> TacticalAgent::priors(const InfoState& state, double temperature) {
  auto scored = scoreMoves(state);
  double top = -1e300, sum = 0;
  for (const auto& [m, s] : scored) top = std::max(top, s);
  for (auto& [m, s] : scored) sum += s = std::exp((s - top) / std::max(temperature, 1e-6));
  for (auto& [m, s] : scored) s /= sum;
  return scored;
}

std::vector<std::pair<Move, double>> TacticalAgent::scoreMoves(const InfoState& state) {
  MoveList moves;
  state.legalMoves(moves);
  const std::vector<double> flags = flagScores(state, moves);
  const Scorer scorer(state);
  std::vector<std::pair<Move, double>> scored;
  for (int i = 0; i < moves.size(); ++i) scored.emplace_back(moves[i], scorer.score(moves[i], flags[static_cast<std::size_t>(i)]));
  return scored;
}

Action TacticalAgent::chooseAction(const InfoState& state) {
  return playBestScored(state, scoreMoves(state), {}, noise_);  // the flags are in the scores already
}

}  // namespace junqi
