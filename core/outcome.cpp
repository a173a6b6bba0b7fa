#include "core/outcome.h"

#include <array>

#include "core/classic/movegen.h"

namespace junqi {

namespace {
constexpr std::array<std::string_view, 9> kTerminationNames = {
    "none",        "flag-captured",   "immobilised", "quiet-moves", "agreed-draw",
    "resignation", "timeout-forfeit", "forfeit",     "adjudicated"};
}

std::string_view terminationName(Termination t) { return kTerminationNames[static_cast<int>(t)]; }

std::optional<Termination> parseTermination(std::string_view name) {
  for (int i = 0; i < static_cast<int>(kTerminationNames.size()); ++i)
    if (kTerminationNames[i] == name) return static_cast<Termination>(i);
  return std::nullopt;
}

Outcome boardOutcome(const Position& pos) {
  if (const auto taker = pos.flagCapturedBy()) return {Termination::FlagCaptured, *taker};
  if (!hasLegalMove(pos)) return {Termination::Immobilised, opposite(pos.sideToMove())};
  const int limit = pos.rules().ruleset().quietMoveLimit;
  if (limit > 0 && pos.quietPlies() >= limit) return {Termination::QuietMoves, std::nullopt};
  return {};
}

}  // namespace junqi
