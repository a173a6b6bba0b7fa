// junqi setup: generates (or checks) a layout.
#include <fmt/format.h>

#include "core/auto_layout.h"
#include "core/notation.h"
#include "tools/commands/commands.h"
#include "tools/commands/common.h"

namespace junqi::tools {

void registerSetup(CLI::App& app) {
  auto* cmd = app.add_subcommand("setup", "Generate a layout in a style, or check one against the rules");
  static std::string rules, style = "balanced", check;
  static std::uint64_t seed = 1;
  static int count = 1;
  addRulesOption(cmd, rules);
  cmd->add_option("--style", style, "random, aggressive, defensive or balanced")->capture_default_str();
  cmd->add_option("--seed", seed, "Random seed")->capture_default_str();
  cmd->add_option("--count", count, "How many layouts (seeds seed, seed+1, ...)")->capture_default_str();
  cmd->add_option("--check", check, "Validate this layout instead of generating one");
  setAction(cmd, [] {
    const Ruleset r = Ruleset::parse(rules);
    if (!check.empty()) {
      const Layout layout = parseLayout(check);
      if (const auto violation = validateLayout(layout, r)) {
        fmt::print("illegal: {}\n", violation->message);
        return 2;
      }
      fmt::print("legal under {}\n", r.toString());
      return 0;
    }
    const auto s = parseLayoutStyle(style);
    if (!s) throw std::invalid_argument(fmt::format("unknown style '{}'", style));
    for (int i = 0; i < count; ++i) {
      Rng rng(seed + static_cast<std::uint64_t>(i));
      const Layout layout = styledLayout(*s, r, rng);
      fmt::print("{}\n", formatLayout(layout));
      if (count == 1) {
        // Show it as Red would deploy it.
        Position p(Rules::of(r));
        for (int k = 0; k < kHalfSquares; ++k)
          if (layout.at[k]) p.addPiece(Seat::Red, *layout.at[k], Layout::absolute(Seat::Red, k));
        const std::string diagram = boardDiagram(p);
        fmt::print("\n{}", diagram.substr(diagram.find(" 6 ")));
      }
    }
    return 0;
  });
}

}  // namespace junqi::tools
