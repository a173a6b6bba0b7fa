// junqi rules: prints every field of a ruleset.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "tools/commands/commands.h"
#include "tools/commands/common.h"

namespace junqi::tools {

void registerRules(CLI::App& app) {
  auto* cmd = app.add_subcommand("rules", "Print every field of a ruleset, and the presets");
  static std::string rules;
  addRulesOption(cmd, rules);
  setAction(cmd, [] {
    const Ruleset r = Ruleset::parse(rules);
    fmt::print("{}\n\n{}", r.toString(), r.describe());
    fmt::print("\npresets: {}\n", fmt::join(Ruleset::presetNames(), ", "));
    return 0;
  });
}

}  // namespace junqi::tools
