// Rules: a ruleset compiled for fast play (its topology, a combat table and the
// masks the move generator needs). Rules objects are interned: Rules::of returns
// the same object for equal rulesets, and it lives as long as the program, so
// positions can hold a plain pointer to it.
#pragma once

#include <array>

#include "core/combat.h"
#include "core/classic/ruleset.h"
#include "core/classic/topology.h"

namespace junqi {

class Rules {
 public:
  static const Rules& of(const Ruleset& ruleset);
  static const Rules& standard();  // the default preset

  const Ruleset& ruleset() const { return ruleset_; }
  const Topology& topology() const { return *topology_; }

  Combat combat(PieceType attacker, PieceType defender) const {
    return combat_[typeIndex(attacker)][typeIndex(defender)];
  }
  // Points whose occupant can never move again (the headquarters, or none).
  Bitboard frozenSquares() const { return frozen_; }

  explicit Rules(const Ruleset& ruleset);  // prefer Rules::of
  Rules(const Rules&) = delete;
  Rules& operator=(const Rules&) = delete;

 private:
  Ruleset ruleset_;
  const Topology* topology_;
  Bitboard frozen_;
  std::array<std::array<Combat, kPieceTypes>, kPieceTypes> combat_{};
};

}  // namespace junqi
