// Rollout policies: how a search finishes a line from a leaf of its tree, in a
// determinized world where every identity is known.
#pragma once

#include <optional>
#include <string_view>

#include "core/classic/position.h"
#include "core/random.h"
#include "search/material.h"

namespace junqi {

class AgentParams;

enum class RolloutPolicy {
  Random,     // uniformly random legal moves
  Greedy,     // prefer fights the mover wins in this world, avoid those it loses
};
std::string_view rolloutPolicyName(RolloutPolicy p);

// The greedy policy's move on any board with isEmpty and typeAt (the
// two-army and the four-player ones), `combat(attacker, defender)` giving a
// fight's result: a flag capture at once, else a winning fight, else a move
// that is not a losing fight (an even trade counts when it takes as much as
// it gives), else any move; each uniform among its kind (reservoir sampling).
template <class Board, class CombatOf>
Move greedyRolloutMove(const Board& world, const MoveList& moves, Rng& rng, const CombatOf& combat) {
  int goodCount = 0, safeCount = 0;
  Move good{}, safe{};
  for (const Move m : moves) {
    if (world.isEmpty(m.to)) {
      if (rng.below(static_cast<std::uint64_t>(++safeCount)) == 0) safe = m;
      continue;
    }
    const PieceType defender = world.typeAt(m.to);
    if (defender == PieceType::Flag) return m;
    const Combat c = combat(world.typeAt(m.from), defender);
    if (c == Combat::DefenderRemoved) {
      if (rng.below(static_cast<std::uint64_t>(++goodCount)) == 0) good = m;
    } else if (c == Combat::BothRemoved && pieceValue(defender) >= pieceValue(world.typeAt(m.from))) {
      if (rng.below(static_cast<std::uint64_t>(++safeCount)) == 0) safe = m;
    }
  }
  if (goodCount) return good;
  if (safeCount) return safe;
  return moves[static_cast<int>(rng.below(static_cast<std::uint64_t>(moves.size())))];
}
std::optional<RolloutPolicy> parseRolloutPolicy(std::string_view name);
// An agent spec's rollout= (greedy by default); another value is refused in
// one line naming the agent: AgentSpecError.
RolloutPolicy rolloutPolicyOfSpec(const AgentParams& p, std::string_view agent);

// Plays up to `depth` moves from `world` (which it changes) and returns the
// result from `perspective`'s side in [-1, 1]: +1/-1/0 if the game ended
// (times `discount` to the power of the plies it took), else the static
// evaluation (0 plies: evaluate at once). The board ends the game exactly as
// boardOutcome decides.
double rollout(Position& world, Seat perspective, RolloutPolicy policy, int depth, Rng& rng, double discount = 1.0);

// +1/-1/0 from `perspective` when the board has ended the game, nothing otherwise.
std::optional<double> terminalValue(const Position& pos, Seat perspective);

}  // namespace junqi
