#include "search/classic/random_agent.h"

namespace junqi {

Action RandomAgent::chooseAction(const InfoState& state) {
  MoveList moves;
  state.legalMoves(moves);
  report_ = {};
  report_.simulations = 0;
  return Action::makeMove(state.seat(), moves[static_cast<int>(rng_.below(static_cast<std::uint64_t>(moves.size())))]);
}

}  // namespace junqi
