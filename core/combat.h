// Combat: what happens when a piece moves onto an enemy piece.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "core/piece.h"

namespace junqi {

// The result of a fight as every rule text announces it to both players:
// which of the two pieces left the board. Nothing else is told.
enum class Combat : std::uint8_t {
  None,             // the move was not an attack
  DefenderRemoved,  // the attacker survives and takes the point
  AttackerRemoved,  // the defender survives and stays
  BothRemoved,      // equal ranks, a bomb, or (some rulesets) a landmine
};

// Resolves a fight in the order the rules give:
//   1. if either piece is a bomb, both are removed;
//   2. if the defender is the flag, the attacker captures it;
//   3. if the defender is a landmine, an engineer clears it and survives; any
//      other attacker is removed, with the landmine too unless it survives;
//   4. otherwise the higher rank survives; equal ranks are both removed.
// A bomb that hits the flag removes it (rule 1): the flag is lost all the same.
constexpr Combat resolveCombat(PieceType attacker, PieceType defender, bool landmineSurvivesAttack) {
  if (attacker == PieceType::Bomb || defender == PieceType::Bomb) return Combat::BothRemoved;
  if (defender == PieceType::Flag) return Combat::DefenderRemoved;
  if (defender == PieceType::Landmine) {
    if (attacker == PieceType::Engineer) return Combat::DefenderRemoved;
    return landmineSurvivesAttack ? Combat::AttackerRemoved : Combat::BothRemoved;
  }
  if (rank(attacker) > rank(defender)) return Combat::DefenderRemoved;
  if (rank(attacker) < rank(defender)) return Combat::AttackerRemoved;
  return Combat::BothRemoved;
}

constexpr bool attackerRemoved(Combat c) { return c == Combat::AttackerRemoved || c == Combat::BothRemoved; }
constexpr bool defenderRemoved(Combat c) { return c == Combat::DefenderRemoved || c == Combat::BothRemoved; }

// "defender-removed", "attacker-removed", "both-removed" ("none" for no fight).
std::string_view combatName(Combat c);
std::optional<Combat> parseCombatName(std::string_view name);

}  // namespace junqi
