// FourRuleset: the rules of four-player Junqi (001's section "Four-player
// Junqi"). Movement, battles and deployment are those of the two-army game
// of the same text (Ruleset::worldAtPlay: bombs, landmines, camps,
// headquarters, layouts); what the four-player text adds is data here: what a
// seat sees (three kinds) and the quiet-move draw (70 moves, counted across
// all four armies). One preset, written like the others:
// "four-worldatplay:visibility=team".
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/classic/ruleset.h"

namespace junqi {

// Whose pieces a seat sees the identities of (001: "only your own army, your
// ally's as well, or all four"). Battles announce only their result in all three.
enum class Visibility : std::uint8_t { Own, Team, All };
std::string_view visibilityName(Visibility v);  // "own", "team", "all"

struct FourRuleset {
  std::string preset = "four-worldatplay";
  Visibility visibility = Visibility::Own;
  int quietMoveLimit = 70;  // consecutive moves (all armies) without a battle that draw; 0 = never
  Ruleset army = Ruleset::worldAtPlay();  // the two-army rules each army plays by

  static FourRuleset worldAtPlay();  // shared/seeds/001
  static FourRuleset byName(std::string_view preset);  // throws FourRulesetError
  static std::vector<std::string> presetNames();
  // Is this ruleset text one of four-player Junqi (its preset begins with "four")?
  static bool namesFour(std::string_view text);
  // "preset" or "preset:key=value,...": throws FourRulesetError naming what is wrong.
  static FourRuleset parse(std::string_view text);
  std::string toString() const;  // the preset and the fields that differ from it
  std::string describe() const;  // every field, one "key = value  # meaning" line each

  bool operator==(const FourRuleset&) const = default;
};

struct FourRulesetError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace junqi
