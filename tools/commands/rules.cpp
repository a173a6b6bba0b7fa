// junqi rules: prints every field of a ruleset, its variant, and the variants.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/flip_ruleset.h"
#include "core/variant.h"
#include "tools/commands/commands.h"
#include "tools/commands/common.h"

namespace junqi::tools {

namespace {
std::string seatNames(const Variant& v) {
  std::vector<std::string> names;
  for (int s = 0; s < v.seatCount(); ++s) names.push_back(v.seat(seatFromIndex(s)).name);
  return fmt::format("{}", fmt::join(names, ", "));
}
}  // namespace

void registerRules(CLI::App& app) {
  auto* cmd = app.add_subcommand("rules", "Print every field of a ruleset, its variant, and the presets");
  static std::string rules;
  addRulesOption(cmd, rules);
  setAction(cmd, [] {
    if (FlipRuleset::namesFlip(rules)) {  // Flip Junqi (docs/rules.md §14)
      const FlipRuleset r = FlipRuleset::parse(rules);
      fmt::print("{}\n\n{}", r.toString(), r.describe());
      fmt::print("\nvariant: flip (the 50 pieces dealt face down, flipped or moved in turn; seats 1, 2)\n");
      fmt::print("presets: {}\n", fmt::join(FlipRuleset::presetNames(), ", "));
      return 0;
    }
    const Ruleset r = Ruleset::parse(rules);
    const Variant& variant = Variant::of(r);
    fmt::print("{}\n\n{}", r.toString(), r.describe());
    fmt::print("\nvariant: {} ({}; seats {})\n", variant.name(), variant.summary(), seatNames(variant));
    fmt::print("presets: {}\n", fmt::join(variant.presets(), ", "));
    fmt::print("variants: {}\n", fmt::join(Variant::names(), ", "));
    return 0;
  });
}

}  // namespace junqi::tools
