// Rollout policies: how a search finishes a line from a leaf of its tree, in a
// determinized world where every identity is known.
#pragma once

#include <optional>
#include <string_view>

#include "core/position.h"
#include "core/random.h"

namespace junqi {

enum class RolloutPolicy {
  Random,     // uniformly random legal moves
  Greedy,     // prefer fights the mover wins in this world, avoid those it loses
};
std::string_view rolloutPolicyName(RolloutPolicy p);
std::optional<RolloutPolicy> parseRolloutPolicy(std::string_view name);

// Plays up to `depth` moves from `world` (which it changes) and returns the
// result from `perspective`'s side in [-1, 1]: +1/-1/0 if the game ended
// (times `discount` to the power of the plies it took), else the static
// evaluation (0 plies: evaluate at once). The board ends the game exactly as
// boardOutcome decides.
double rollout(Position& world, Seat perspective, RolloutPolicy policy, int depth, Rng& rng, double discount = 1.0);

// +1/-1/0 from `perspective` when the board has ended the game, nothing otherwise.
std::optional<double> terminalValue(const Position& pos, Seat perspective);

}  // namespace junqi
