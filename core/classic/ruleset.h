// Ruleset: every dimension on which the rule texts disagree, as data.
//
// The rule texts in shared/seeds agree on most of the game and differ on a
// few points; each difference is a field here, and each classic text is a
// named preset (docs/rules.md maps every field to the sentences behind it).
// A ruleset is written as a preset name followed by the fields that differ,
// e.g. "hiddenfront" or "refereed:quiet-moves=200,agreed-draws=yes".
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/piece.h"

namespace junqi {

// A default-constructed Ruleset is the default preset, hiddenfront.
struct Ruleset {
  std::string preset = "hiddenfront";

  // Board: the centre front-line crossing (C6-C7) is railway, or only a road.
  bool centreCrossingRailway = true;

  // Pieces of one side.
  PieceCounts counts = kClassicCounts;

  // Deployment. Every text: the flag starts in a headquarters, camps start
  // empty. These differ:
  int landmineRows = 2;                // landmines start in this many back rows
  bool landmineInHeadquarters = false;  // ...and may stand in a headquarters
  bool bombInFrontRow = false;         // a bomb may start in the front row

  // Movement: a piece that enters a headquarters never moves again.
  bool headquartersFreeze = true;

  // Combat: a non-engineer that attacks a landmine is removed; the landmine
  // stays (true) or is removed with it (false).
  bool landmineSurvivesAttack = false;

  // Information: losing the marshal shows that side's flag to the opponent.
  bool marshalLossRevealsFlag = false;

  // Game end.
  int quietMoveLimit = 100;      // consecutive moves (both sides) without a fight that draw; 0 = never
  bool agreedDraws = true;      // a player may offer a draw
  int drawOfferCooldown = 10;   // moves (both sides) before the same player may offer again
  bool resignation = true;

  // Clock, enforced by the match harness; the rules say what a timeout does.
  int moveSeconds = 30;         // 0 = untimed
  int layoutSeconds = 90;
  bool timeoutPassesTurn = true;   // false: a timeout loses the game at once
  int timeoutsToForfeit = 3;       // with timeoutPassesTurn, the n-th timeout forfeits
  int reconnectSeconds = 60;

  // Presets named after their rule texts (docs/rules.md).
  static Ruleset hiddenFront();  // shared/seeds/000: quiet-move and agreed draws, clock
  static Ruleset worldAtPlay();  // shared/seeds/001: no draws, marshal loss shows the flag
  static Ruleset refereed();     // shared/seeds/003: centre crossing is a road
  static Ruleset byName(std::string_view preset);  // throws RulesetError
  static std::vector<std::string> presetNames();

  // "preset" or "preset:key=value,...": throws RulesetError naming what is wrong.
  static Ruleset parse(std::string_view text);
  // Canonical text: the preset and the fields that differ from it, in a fixed order.
  std::string toString() const;
  // Every field, one "key = value  # meaning" line each.
  std::string describe() const;

  bool operator==(const Ruleset&) const = default;
};

struct RulesetError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace junqi
