#include "search/rollout.h"

#include <string>

#include <fmt/format.h>

#include "core/classic/movegen.h"
#include "core/outcome.h"
#include "search/material.h"
#include "search/registry.h"

namespace junqi {

std::string_view rolloutPolicyName(RolloutPolicy p) { return p == RolloutPolicy::Random ? "random" : "greedy"; }

std::optional<RolloutPolicy> parseRolloutPolicy(std::string_view name) {
  if (name == "random") return RolloutPolicy::Random;
  if (name == "greedy") return RolloutPolicy::Greedy;
  return std::nullopt;
}

RolloutPolicy rolloutPolicyOfSpec(const AgentParams& p, std::string_view agent) {
  const std::string rollout = p.getString("rollout", "greedy");
  const auto policy = parseRolloutPolicy(rollout);
  if (!policy) throw AgentSpecError(fmt::format("agent '{}': rollout={} is not random or greedy", agent, rollout));
  return *policy;
}

std::optional<double> terminalValue(const Position& pos, Seat perspective) {
  const Outcome o = boardOutcome(pos);
  if (!o.isOver()) return std::nullopt;
  if (!o.winner) return 0.0;
  return *o.winner == perspective ? 1.0 : -1.0;
}

namespace {

Move greedyMove(const Position& world, const MoveList& moves, Rng& rng) {
  const Rules& rules = world.rules();
  return greedyRolloutMove(world, moves, rng, [&rules](PieceType a, PieceType d) { return rules.combat(a, d); });
}

}  // namespace

double rollout(Position& world, Seat perspective, RolloutPolicy policy, int depth, Rng& rng, double discount) {
  const int quietLimit = world.rules().ruleset().quietMoveLimit;
  const bool greedy = policy == RolloutPolicy::Greedy;
  MoveList moves;          // the greedy policy looks at every move
  MoverTargets targets;    // a random move needs only the count (core/classic/movegen.h)
  double weight = 1.0;  // discount^ply
  for (int ply = 0;; ++ply, weight *= discount) {
    // The same order as boardOutcome, with the moves generated once.
    if (const auto taker = world.flagCapturedBy()) return *taker == perspective ? weight : -weight;
    if (ply >= depth) {  // the last ply needs no move, only whether there is one
      if (!hasLegalMove(world)) return world.sideToMove() == perspective ? -weight : weight;
      if (quietLimit > 0 && world.quietPlies() >= quietLimit) return 0.0;
      return staticEvaluation(world, perspective);
    }
    int count = 0;
    if (greedy) {
      generateMoves(world, moves);
      count = moves.size();
    } else {
      collectTargets(world, targets);
      count = targets.moves;
    }
    if (count == 0) return world.sideToMove() == perspective ? -weight : weight;
    if (quietLimit > 0 && world.quietPlies() >= quietLimit) return 0.0;
    world.play(greedy ? greedyMove(world, moves, rng)
                      : nthMove(targets, static_cast<int>(rng.below(static_cast<std::uint64_t>(count)))));
  }
}

}  // namespace junqi
