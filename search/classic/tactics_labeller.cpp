// The tactics suite's labeller (search/classic/tactics_suite.h): which category a
// decision falls into and its acceptable moves, worked out from worlds sampled
// from the seat's InfoState by full move generation in each world, a check
// independent of the flag arithmetic the agents use (search/classic/flag_tactics.h).
// The engineer-path category shares the agents' one-world check
// (flagForcedInTwo, search/classic/flag_in_two.h) but applies it to every legal move.
#include <algorithm>
#include <optional>

#include "core/classic/movegen.h"
#include "search/classic/flag_in_two.h"
#include "search/classic/flag_tactics.h"
#include "search/material.h"
#include "search/classic/one_ply.h"
#include "search/classic/tactics_suite.h"

namespace junqi {

namespace {

// The most material the enemy could win with one capture if it were to move
// now, knowing every identity.
double enemyBestCapture(const Position& world, Seat us) {
  Position pass = world;
  pass.setSideToMove(opposite(us));
  MoveList moves;
  generateMoves(pass, moves);
  const double before = material(pass, us) - material(pass, opposite(us));
  double best = 0;
  for (const Move m : moves) {
    if (pass.isEmpty(m.to)) continue;
    Position p = pass;
    p.play(m);
    best = std::max(best, before - (material(p, us) - material(p, opposite(us))));
  }
  return best;
}

// Per move, from sampled worlds: how often it takes the flag, how often the
// game goes on and the enemy can then take ours, and the fight's material.
struct SampledOdds {
  std::vector<double> win, lose;
  std::vector<double> material;  // expected material change of the move's fight (0 if quiet)
  std::vector<double> forced;    // how often the flag falls next move whatever the enemy does (if asked)
  double threatNow = 0;          // the enemy could take our flag if it were to move now
  double lead = 0;               // our expected material minus the enemy's
  double enemyCapture = 0;       // the material the enemy's best capture would win now, expected
};

// `twoMoves`: estimate `forced` too (else it stays 0).
SampledOdds sampleOdds(const InfoState& state, const MoveList& moves, int samples, Rng& rng, bool twoMoves) {
  SampledOdds odds;
  const std::size_t n = static_cast<std::size_t>(moves.size());
  odds.win.assign(n, 0), odds.lose.assign(n, 0), odds.material.assign(n, 0), odds.forced.assign(n, 0);
  const Seat us = state.seat();
  // Only these moves can win in two (search/classic/flag_in_two.h); the check is dear.
  const Bitboard flagHeadquarters = possibleFlagHeadquarters(state);
  const Topology& topology = state.observation().rules().topology();
  std::vector<bool> mayForce(n);
  for (std::size_t i = 0; i < n; ++i)
    mayForce[i] = twoMoves && (topology.stepNeighbours[moves[static_cast<int>(i)].to] & flagHeadquarters);
  for (int s = 0; s < samples; ++s) {
    const Position world = state.sample(rng);
    Position pass = world;
    pass.setSideToMove(state.enemy());
    odds.threatNow += canTakeFlag(pass);
    const double before = material(world, us) - material(world, state.enemy());
    odds.lead += before;
    odds.enemyCapture += enemyBestCapture(world, us);
    for (std::size_t i = 0; i < n; ++i) {
      const Move m = moves[static_cast<int>(i)];
      if (mayForce[i]) odds.forced[i] += flagForcedInTwo(world, m, us);
      Position p = world;
      if (p.play(m).flagCaptured) {
        ++odds.win[i];
        continue;
      }
      odds.lose[i] += canTakeFlag(p);
      odds.material[i] += material(p, us) - material(p, state.enemy()) - before;
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    odds.win[i] /= samples, odds.lose[i] /= samples, odds.forced[i] /= samples;
    odds.material[i] /= std::max(1.0, samples * (1 - odds.win[i]));
  }
  odds.threatNow /= samples, odds.lead /= samples, odds.enemyCapture /= samples;
  return odds;
}

// ------------------------------------------------------------ cheap filters

// An engineer's move that turns on the railway (no other piece could make it)
// to a point next to an enemy headquarters that probably holds the flag.
bool isEngineerApproach(const InfoState& state, Move m) {
  const Observation& obs = state.observation();
  if (obs.ownType(obs.pieceAt(m.from)) != PieceType::Engineer) return false;
  const Topology& topology = obs.rules().topology();
  if (classifyMove(topology, obs.occupied(), m) != MovePath::Turned) return false;
  for (Bitboard hq = topology.stepNeighbours[m.to] & topology.headquarters & obs.occupied(state.enemy()); hq;) {
    const Square square = popLsb(hq);
    if (enemyBelief(state, square)[typeIndex(PieceType::Flag)] >= 0.5) return true;
  }
  return false;
}

// ------------------------------------------------------------ categories

// A certain flag capture: accept every certain one.
std::optional<TacticsLabel> flagCapture(const InfoState& state, const MoveList& moves, const SampledOdds& odds) {
  TacticsLabel label{"flag-capture", {}};
  for (int i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    if (odds.win[static_cast<std::size_t>(i)] < 1.0) continue;
    if (enemyBelief(state, m.to)[typeIndex(PieceType::Flag)] < 1.0 - 1e-12) continue;
    label.accept.push_back(m);
  }
  if (label.accept.empty()) return std::nullopt;
  return label;
}

// A real threat to our flag that some (a minority of) moves answer much better.
std::optional<TacticsLabel> flagDefence(const MoveList& moves, const SampledOdds& odds) {
  if (odds.threatNow < 0.5) return std::nullopt;
  std::vector<double> score(odds.win.size());
  for (std::size_t i = 0; i < score.size(); ++i) {
    if (odds.win[i] > 0) return std::nullopt;  // a gamble on the enemy flag: not a pure defence
    score[i] = -odds.lose[i];
  }
  const double best = *std::max_element(score.begin(), score.end());
  const double worst = *std::min_element(score.begin(), score.end());
  if (best - worst < 0.5) return std::nullopt;
  TacticsLabel label{"flag-defence", {}};
  for (std::size_t i = 0; i < score.size(); ++i)
    if (score[i] >= best - 0.05) label.accept.push_back(moves[static_cast<int>(i)]);
  if (2 * label.accept.size() > static_cast<std::size_t>(moves.size())) return std::nullopt;
  return label;
}

// Flags quiet, and a big officer could attack a probable landmine or bomb that is not the flag at a loss.
std::optional<TacticsLabel> landmineOrBomb(const InfoState& state, const MoveList& moves, const SampledOdds& odds) {
  if (odds.threatNow > 0) return std::nullopt;
  const Observation& obs = state.observation();
  TacticsLabel label{"landmine-bomb", {}};
  bool trap = false;
  for (int i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    const std::size_t k = static_cast<std::size_t>(i);
    if (odds.win[k] > 0 || odds.lose[k] > 0) return std::nullopt;
    bool bad = false;
    if (obs.pieceAt(m.to) != kNoPiece && rank(obs.ownType(obs.pieceAt(m.from))) >= 7) {
      const IdentityMarginals& q = enemyBelief(state, m.to);
      bad = q[typeIndex(PieceType::Landmine)] + q[typeIndex(PieceType::Bomb)] >= 0.6 &&
            q[typeIndex(PieceType::Flag)] == 0 && odds.material[k] < -2;
    }
    trap |= bad;
    if (!bad) label.accept.push_back(m);
  }
  if (!trap) return std::nullopt;
  return label;
}

// No move takes the flag now, but an engineer's turning railway path sets up a
// capture next move that the enemy probably cannot stop: accept the moves that
// force it about as often as the best, if an engineer's approach is among them.
std::optional<TacticsLabel> engineerPath(const InfoState& state, const MoveList& moves, const SampledOdds& odds) {
  if (*std::max_element(odds.win.begin(), odds.win.end()) > 0) return std::nullopt;
  const double best = *std::max_element(odds.forced.begin(), odds.forced.end());
  if (best < 0.5) return std::nullopt;
  TacticsLabel label{"engineer-path", {}};
  bool byEngineer = false;
  for (int i = 0; i < moves.size(); ++i) {
    if (odds.forced[static_cast<std::size_t>(i)] < best - 0.05) continue;
    label.accept.push_back(moves[i]);
    byEngineer |= isEngineerApproach(state, moves[i]);
  }
  if (!byEngineer || 2 * label.accept.size() > static_cast<std::size_t>(moves.size())) return std::nullopt;
  return label;
}

// Flags quiet (for two moves too), nothing of ours hangs, one side clearly
// ahead, and a sure even trade on offer. Ahead: trade (or win material) - fewer
// pieces make the lead count for more. Behind: anything but the trade or a
// losing fight.
std::optional<TacticsLabel> trade(const InfoState& state, const MoveList& moves, const SampledOdds& odds) {
  const bool ahead = odds.lead >= kClearLead, behind = odds.lead <= -kClearLead;
  if ((!ahead && !behind) || odds.threatNow > 0 || odds.enemyCapture > 1.0) return std::nullopt;
  const Observation& obs = state.observation();
  TacticsLabel label{ahead ? "trade-ahead" : "trade-behind", {}};
  bool offered = false;
  for (int i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    const std::size_t k = static_cast<std::size_t>(i);
    if (odds.win[k] > 0 || odds.forced[k] > 0.05) return std::nullopt;
    const bool sure = isSureTrade(state, m);
    const bool fight = obs.pieceAt(m.to) != kNoPiece;
    offered |= sure && odds.lose[k] == 0;
    const bool good = odds.lose[k] == 0 &&
                      (ahead ? fight && odds.material[k] >= -0.5 : !sure && (!fight || odds.material[k] >= -0.5));
    if (good) label.accept.push_back(m);
  }
  if (!offered || label.accept.empty() || label.accept.size() == static_cast<std::size_t>(moves.size()))
    return std::nullopt;
  return label;
}

}  // namespace

// Cheap tests first: most decisions need no sampling.
std::optional<TacticsLabel> labelTacticsPosition(const InfoState& state, int samples, Rng& rng) {
  MoveList moves;
  state.legalMoves(moves);
  if (moves.size() < 3) return std::nullopt;
  const Observation& obs = state.observation();
  bool knownFlag = false, bigAttack = false, approach = false, sureTrade = false;
  for (const Move m : moves) {
    approach |= isEngineerApproach(state, m);
    if (obs.pieceAt(m.to) == kNoPiece) continue;
    const IdentityMarginals& q = enemyBelief(state, m.to);
    knownFlag |= q[typeIndex(PieceType::Flag)] >= 1.0 - 1e-12;
    bigAttack |= rank(obs.ownType(obs.pieceAt(m.from))) >= 7 &&
                 q[typeIndex(PieceType::Landmine)] + q[typeIndex(PieceType::Bomb)] >= 0.6;
    sureTrade |= isSureTrade(state, m);
  }
  const bool threat = flagThreatNow(state) >= 0.4;
  if (!knownFlag && !bigAttack && !threat && !approach && !sureTrade) return std::nullopt;
  const SampledOdds odds = sampleOdds(state, moves, samples, rng, approach || sureTrade);
  if (knownFlag)
    if (auto label = flagCapture(state, moves, odds)) return label;
  if (auto label = flagDefence(moves, odds)) return label;
  if (bigAttack)
    if (auto label = landmineOrBomb(state, moves, odds)) return label;
  if (approach)
    if (auto label = engineerPath(state, moves, odds)) return label;
  if (sureTrade) return trade(state, moves, odds);
  return std::nullopt;
}

}  // namespace junqi
