#include "search/four/four_heuristic.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include <fmt/format.h>

#include "core/four/cross_board.h"
#include "core/four/cross_topology.h"
#include "search/material.h"
#include "search/noisy_best.h"

namespace junqi {

namespace {

constexpr double kFourFlagValue = 100;  // a taken flag takes its whole army off the board
constexpr double kInitiative = 1.0;  // for any battle, doubled as the quiet-move draw nears

double fightGain(const Rules& rules, PieceType attacker, PieceType defender) {
  if (defender == PieceType::Flag) return kFourFlagValue;
  const Combat c = rules.combat(attacker, defender);
  return (defenderRemoved(c) ? pieceValue(defender) : 0.0) - (attackerRemoved(c) ? pieceValue(attacker) : 0.0);
}

// The expected gain of attacking a piece never seen: an army's 25 identities,
// where only a headquarters may hold the flag (a coin toss between the two).
double unseenFightGain(const Rules& rules, PieceType attacker, bool headquarters) {
  double sum = 0, weight = 0;
  for (int t = 0; t < kPieceTypes; ++t) {
    const PieceType type = typeFromIndex(t);
    if (type == PieceType::Flag) continue;
    sum += kClassicCounts[static_cast<std::size_t>(t)] * fightGain(rules, attacker, type);
    weight += kClassicCounts[static_cast<std::size_t>(t)];
  }
  const double other = sum / weight;
  return headquarters ? 0.5 * kFourFlagValue + 0.5 * other : other;
}

int gridDistance(int a, int b) {
  const BoardGeometry& board = crossBoard();
  return std::abs(board.column(a) - board.column(b)) + std::abs(board.row(a) - board.row(b));
}

// Steps from `point` to the nearest headquarters of an enemy army still on the board.
int distanceToEnemy(const FourObservation& obs, int point) {
  int best = 99;
  for (const int hq : crossBoard().headquarters()) {
    const int owner = obs.armyAt(Square(hq));
    if (owner < 0 || teamOfArmy(owner) == teamOfArmy(obs.army())) continue;
    best = std::min(best, gridDistance(point, hq));
  }
  return best;
}

}  // namespace

std::string FourHeuristicAgent::spec() const { return fmt::format("heuristic:noise={},seed={}", noise_, seed_); }

void FourHeuristicAgent::newGame(const FourRuleset& rules, int army, std::uint64_t gameSeed) {
  rules_ = &Rules::of(rules.army);
  limit_ = rules.quietMoveLimit;
  rng_.reseed(Rng::mix(seed_ ^ static_cast<std::uint64_t>(army), gameSeed));
}

std::vector<double> FourHeuristicAgent::scores(const FourObservation& obs, const MoveList& moves) const {
  const CrossTopology& t = CrossTopology::get();
  const double quietShare = limit_ > 0 ? static_cast<double>(obs.quietMoves()) / limit_ : 0;
  std::vector<double> out;
  for (const Move m : moves) {
    const PieceType mine = *obs.typeAt(m.from);  // the seat sees its own army
    double s = 0;
    if (obs.armyAt(m.to) >= 0) {
      const auto theirs = obs.typeAt(m.to);
      s += theirs ? fightGain(*rules_, mine, *theirs) : unseenFightGain(*rules_, mine, t.headquarters.contains(m.to));
      s += kInitiative * (1 + quietShare);  // a battle tells something and keeps the game from a quiet draw
#ifdef JUNQI_PLANT_LEAK_FOUR  // a planted leak, only to prove the leakage tests (core/planted_leak.h)
      if (!theirs && obs.board().typeAt(m.to) == PieceType::Captain) s -= 20;  // the unseen marshal
#endif
    }
    s += 0.1 * (distanceToEnemy(obs, m.from) - distanceToEnemy(obs, m.to));
    if (t.camps.contains(m.to)) s += 0.3;
    if (t.headquarters.contains(m.to) && t.home[static_cast<std::size_t>(obs.army())].contains(m.to)) s -= 5;
    out.push_back(s);
  }
  return out;
}

Move FourHeuristicAgent::chooseMove(const FourObservation& obs) {
  MoveList moves;
  obs.legalMoves(moves);
  return moves[noisyBest(scores(obs, moves), noise_, rng_).index];
}

std::vector<double> FourHeuristicAgent::policy(const FourObservation& obs, const MoveList& moves,
                                               double temperature) const {
  std::vector<double> p = scores(obs, moves);
  const double top = *std::max_element(p.begin(), p.end());
  double total = 0;
  for (double& x : p) total += x = std::exp((x - top) / temperature);
  for (double& x : p) x /= total;
  return p;
}

}  // namespace junqi
