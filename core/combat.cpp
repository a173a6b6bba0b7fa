#include "core/combat.h"

#include <array>

namespace junqi {

namespace {
constexpr std::array<std::string_view, 4> kNames = {"none", "defender-removed", "attacker-removed",
                                                    "both-removed"};
}

std::string_view combatName(Combat c) { return kNames[static_cast<int>(c)]; }

std::optional<Combat> parseCombatName(std::string_view name) {
  for (int i = 0; i < static_cast<int>(kNames.size()); ++i)
    if (kNames[i] == name) return static_cast<Combat>(i);
  return std::nullopt;
}

}  // namespace junqi
