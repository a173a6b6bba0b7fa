#include "search/evaluator.h"

namespace junqi {

EvalQuery rootQuery(const InfoState& state, const MoveList* legal) {
  const Observation& obs = state.observation();
  EvalQuery q;
  q.state = &state;
  for (Square s{}; s < kSquares; ++s) q.pieceAt[s] = obs.pieceAt(s);
  q.sideToMove = obs.sideToMove();
  q.quietPlies = obs.quietPlies();
  q.ply = obs.ply();
  const auto& events = obs.events();
  for (auto it = events.rbegin(); it != events.rend() && q.recentCount < 4; ++it) {
    if (it->type != ActionType::Move) continue;
    q.recent[q.recentCount] = it->move;
    q.recentResult[q.recentCount] = it->combat;
    ++q.recentCount;
  }
  q.legal = legal;
  return q;
}

}  // namespace junqi
