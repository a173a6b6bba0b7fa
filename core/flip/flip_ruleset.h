// FlipRuleset: the rules of Flip Junqi (001's section "Flip Junqi" and the
// whole of 004) as data, every point on which the two texts differ a field.
//
// Both texts: all 50 pieces are dealt face down on the 50 points that are not
// camps; a turn flips any face-down piece or moves one of the mover's face-up
// pieces; a face-down piece cannot be attacked; headquarters are ordinary
// points; taking the enemy flag wins; a player without a legal action on its
// turn loses; a run of turns with no flip and no fight draws (001: 80 turns;
// 004: 40 moves by each side, the same 80). The presets, named after their
// texts' sites like the classic ones (docs/rules.md, "Flip Junqi"):
//   flip-worldatplay  text 001
//   flip-kawu         text 004
// Written like a classic ruleset: "flip-kawu:quiet-moves=100".
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace junqi {

// How the players learn which colour each plays.
enum class ColourChoice : std::uint8_t {
  FirstFlip,       // 004: the first player plays the colour of the first piece flipped
  SameColourTwice, // 001: the first to flip the same colour twice in a row plays it
};

struct FlipRuleset {
  std::string preset = "flip-worldatplay";
  ColourChoice colourChoice = ColourChoice::SameColourTwice;
  // 001 forbids moves that "simply throw a piece away": only an engineer or a
  // bomb goes onto a landmine, and no piece attacks one that outranks it.
  bool throwAwayMoves = false;
  // 001: while any enemy landmine remains (face up or down), the enemy flag
  // cannot be touched.
  bool minesGuardFlag = true;
  // A non-engineer, non-bomb attacker of a landmine dies and the landmine
  // stays (004: "A landmine destroys any attacker"); false: both are removed.
  bool landmineSurvivesAttack = true;
  // Turns in a row (both players counted) with no flip and no fight that
  // draw; 0: never.
  int quietMoveLimit = 80;

  static FlipRuleset worldAtPlay();  // shared/seeds/001, its section "Flip Junqi"
  static FlipRuleset kawu();         // shared/seeds/004
  static FlipRuleset byName(std::string_view preset);  // throws FlipRulesetError
  static std::vector<std::string> presetNames();
  // Is this ruleset text one of Flip Junqi (its preset begins with "flip")? Then
  // FlipRuleset::parse reads it, and names the presets if it is none of them.
  static bool namesFlip(std::string_view text);

  // "preset" or "preset:key=value,...": throws FlipRulesetError naming what is wrong.
  static FlipRuleset parse(std::string_view text);
  // Canonical text: the preset and the fields that differ from it.
  std::string toString() const;
  // Every field, one "key = value  # meaning" line each.
  std::string describe() const;

  bool operator==(const FlipRuleset&) const = default;
};

struct FlipRulesetError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace junqi
