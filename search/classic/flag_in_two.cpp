#include "search/classic/flag_in_two.h"

#include "core/classic/movegen.h"
#include "search/classic/one_ply.h"
#include "search/rollout.h"

namespace junqi {

Bitboard possibleFlagHeadquarters(const InfoState& state) {
  const Observation& obs = state.observation();
  Bitboard out = 0;
  for (Bitboard hq = obs.rules().topology().headquarters & obs.occupied(state.enemy()); hq;) {
    const Square square = popLsb(hq);
    if (enemyBelief(state, square)[typeIndex(PieceType::Flag)] > 0) out |= bit(square);
  }
  return out;
}

bool canTakeFlag(const Position& pos) {
  MoveList moves;
  generateMoves(pos, moves);
  for (const Move m : moves)
    if (!pos.isEmpty(m.to) && pos.typeAt(m.to) == PieceType::Flag) return true;
  return false;
}

bool flagForcedInTwo(const Position& world, Move m, Seat us) {
  Position p = world;
  if (p.play(m).flagCaptured) return true;
  if (const auto v = terminalValue(p, us)) return *v > 0;
  Position pass = p;
  pass.setSideToMove(us);
  if (!canTakeFlag(pass)) return false;  // most moves stop here
  MoveList replies;
  generateMoves(p, replies);
  for (const Move r : replies) {
    Position q = p;
    q.play(r);
    if (const auto v = terminalValue(q, us)) {
      if (*v <= 0) return false;
    } else if (!canTakeFlag(q)) {
      return false;
    }
  }
  return true;
}

std::vector<double> flagInTwo(const InfoState& state, const MoveList& moves, int worlds) {
  std::vector<double> odds(static_cast<std::size_t>(moves.size()), 0.0);
  const Bitboard targets = possibleFlagHeadquarters(state);
  if (!targets) return odds;
  const Topology& topology = state.observation().rules().topology();
  std::vector<int> candidates;
  for (int i = 0; i < moves.size(); ++i)
    if (topology.stepNeighbours[moves[i].to] & targets) candidates.push_back(i);
  if (candidates.empty()) return odds;
  Rng rng(0x6a756e7169ULL);  // fixed: the same position always gets the same answer
  for (int w = 0; w < worlds; ++w) {
    const Position world = state.sample(rng);
    for (const int i : candidates) odds[static_cast<std::size_t>(i)] += flagForcedInTwo(world, moves[i], state.seat());
  }
  for (const int i : candidates) odds[static_cast<std::size_t>(i)] /= worlds;
  return odds;
}

}  // namespace junqi
