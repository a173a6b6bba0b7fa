#include "core/four/four_ruleset.h"

#include <fmt/format.h>

#include "core/text.h"

namespace junqi {

std::string_view visibilityName(Visibility v) {
  switch (v) {
    case Visibility::Own: return "own";
    case Visibility::Team: return "team";
    case Visibility::All: return "all";
  }
  return "own";
}

FourRuleset FourRuleset::worldAtPlay() { return FourRuleset{}; }

std::vector<std::string> FourRuleset::presetNames() { return {"four-worldatplay"}; }

bool FourRuleset::namesFour(std::string_view text) { return text.starts_with("four"); }

FourRuleset FourRuleset::byName(std::string_view preset) {
  if (preset == "four-worldatplay") return worldAtPlay();
  throw FourRulesetError(fmt::format("unknown four-player ruleset '{}' (presets: four-worldatplay)", preset));
}

FourRuleset FourRuleset::parse(std::string_view text) {
  const auto colon = text.find(':');
  FourRuleset r = byName(text.substr(0, colon));
  if (colon == std::string_view::npos) return r;
  for (const std::string_view item : split(text.substr(colon + 1), ',')) {
    const auto eq = item.find('=');
    if (eq == std::string_view::npos) throw FourRulesetError(fmt::format("ruleset option '{}' has no '=value'", item));
    const auto key = item.substr(0, eq), value = item.substr(eq + 1);
    if (key == "visibility") {
      if (value == "own") r.visibility = Visibility::Own;
      else if (value == "team") r.visibility = Visibility::Team;
      else if (value == "all") r.visibility = Visibility::All;
      else throw FourRulesetError(fmt::format("ruleset option 'visibility' cannot be '{}': it takes own, team or all", value));
    } else if (key == "quiet-moves") {
      const auto n = parseNumber(value, 0, 100000);
      if (!n) throw FourRulesetError(fmt::format("ruleset option 'quiet-moves' cannot be '{}': it takes 0-100000", value));
      r.quietMoveLimit = static_cast<int>(*n);
    } else {
      throw FourRulesetError(fmt::format("unknown four-player ruleset option '{}' (visibility, quiet-moves)", key));
    }
  }
  return r;
}

std::string FourRuleset::toString() const {
  const FourRuleset base = byName(preset);
  std::string options;
  if (visibility != base.visibility) options += fmt::format(",visibility={}", visibilityName(visibility));
  if (quietMoveLimit != base.quietMoveLimit) options += fmt::format(",quiet-moves={}", quietMoveLimit);
  return options.empty() ? preset : preset + ":" + options.substr(1);
}

std::string FourRuleset::describe() const {
  return fmt::format(
      "visibility = {:<6}  # whose identities a seat sees: own (its army), team (and its ally's), all\n"
      "quiet-moves = {:<5}  # moves in a row, all armies counted, without a battle that draw (0: never)\n"
      "army = {:<12}  # the two-army rules for moves, battles and layouts (junqi rules --rules {})\n",
      visibilityName(visibility), quietMoveLimit, army.preset, army.preset);
}

}  // namespace junqi
