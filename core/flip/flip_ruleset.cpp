#include "core/flip/flip_ruleset.h"

#include <algorithm>
#include <functional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/text.h"

namespace junqi {

namespace {

// One field as text: its key, the values it takes, how to read and write it.
struct FlipField {
  std::string_view key;
  std::string_view meaning;
  std::string_view allowed;
  std::function<std::string(const FlipRuleset&)> get;
  std::function<bool(FlipRuleset&, std::string_view)> set;  // false: bad value
};

FlipField yesNoField(std::string_view key, std::string_view meaning, bool FlipRuleset::*member) {
  return {key, meaning, "yes or no", [member](const FlipRuleset& r) { return std::string(r.*member ? "yes" : "no"); },
          [member](FlipRuleset& r, std::string_view v) {
            if (v != "yes" && v != "no") return false;
            r.*member = v == "yes";
            return true;
          }};
}

const std::vector<FlipField>& fields() {
  static const std::vector<FlipField> all = {
      {"colours", "who plays which colour: the first flip's, or the first to flip one colour twice in a row",
       "first-flip or same-twice",
       [](const FlipRuleset& r) {
         return std::string(r.colourChoice == ColourChoice::FirstFlip ? "first-flip" : "same-twice");
       },
       [](FlipRuleset& r, std::string_view v) {
         if (v != "first-flip" && v != "same-twice") return false;
         r.colourChoice = v == "first-flip" ? ColourChoice::FirstFlip : ColourChoice::SameColourTwice;
         return true;
       }},
      yesNoField("throw-away", "a piece may attack a higher rank, and anything may attack a landmine",
                 &FlipRuleset::throwAwayMoves),
      yesNoField("mines-guard-flag", "the flag cannot be attacked while its side has landmines left",
                 &FlipRuleset::minesGuardFlag),
      yesNoField("landmine-survives", "a landmine attacked by anything but an engineer or a bomb stays",
                 &FlipRuleset::landmineSurvivesAttack),
      {"quiet-moves", "turns (both players) with no flip and no fight that draw; 0: never",
       "a whole number from 0 to 100000",
       [](const FlipRuleset& r) { return std::to_string(r.quietMoveLimit); },
       [](FlipRuleset& r, std::string_view v) {
         const auto n = parseNumber(v, 0, 100000);
         if (n) r.quietMoveLimit = static_cast<int>(*n);
         return n.has_value();
       }},
  };
  return all;
}

}  // namespace

FlipRuleset FlipRuleset::worldAtPlay() { return FlipRuleset{}; }  // the struct's defaults

FlipRuleset FlipRuleset::kawu() {
  FlipRuleset r;
  r.preset = "flip-kawu";
  r.colourChoice = ColourChoice::FirstFlip;  // "The very first flip of the game decides the colours"
  r.throwAwayMoves = true;                   // "Any attack is allowed" (in its FAQ's words)
  r.minesGuardFlag = false;                  // "The flag falls to any attacker."
  return r;
}

std::vector<std::string> FlipRuleset::presetNames() { return {"flip-worldatplay", "flip-kawu"}; }

bool FlipRuleset::namesFlip(std::string_view text) { return text.starts_with("flip"); }

FlipRuleset FlipRuleset::byName(std::string_view preset) {
  if (preset == "flip-worldatplay") return worldAtPlay();
  if (preset == "flip-kawu") return kawu();
  throw FlipRulesetError(
      fmt::format("unknown flip ruleset preset '{}' (known: {})", preset, fmt::join(presetNames(), ", ")));
}

FlipRuleset FlipRuleset::parse(std::string_view text) {
  const auto colon = text.find(':');
  FlipRuleset r = byName(text.substr(0, colon));
  if (colon == std::string_view::npos) return r;
  for (const std::string_view item : split(text.substr(colon + 1), ',')) {
    const auto eq = item.find('=');
    if (item.empty()) throw FlipRulesetError(fmt::format("ruleset '{}' has an empty option (check the commas)", text));
    if (eq == std::string_view::npos) throw FlipRulesetError(fmt::format("ruleset option '{}' has no '=value'", item));
    const auto key = item.substr(0, eq), value = item.substr(eq + 1);
    const auto field = std::find_if(fields().begin(), fields().end(), [&](const FlipField& f) { return f.key == key; });
    if (field == fields().end()) throw FlipRulesetError(fmt::format("unknown flip ruleset option '{}'", key));
    if (!field->set(r, value))
      throw FlipRulesetError(fmt::format("ruleset option '{}' cannot be '{}': it takes {}", key, value, field->allowed));
  }
  return r;
}

std::string FlipRuleset::toString() const {
  const FlipRuleset base = byName(preset);
  std::string out = preset;
  char sep = ':';
  for (const FlipField& f : fields()) {
    if (f.get(*this) == f.get(base)) continue;
    out += fmt::format("{}{}={}", sep, f.key, f.get(*this));
    sep = ',';
  }
  return out;
}

std::string FlipRuleset::describe() const {
  std::string out = fmt::format("preset = {}\n", preset);
  for (const FlipField& f : fields()) out += fmt::format("{:<22} = {:<10} # {}\n", f.key, f.get(*this), f.meaning);
  return out;
}

}  // namespace junqi
