// junqi setup: generates (or checks) a layout, of the classic game or of an
// army of four-player Junqi (which deploys by the two-army rules of text 001).
#include <fmt/format.h>

#include "core/classic/auto_layout.h"
#include "core/four/four_ruleset.h"
#include "core/classic/notation.h"
#include "tools/commands/commands.h"
#include "tools/commands/common.h"

namespace junqi::tools {

namespace {

struct SetupArguments {
  std::string rules, style = "balanced", check;
  std::uint64_t seed = 1;
  int count = 1;
};

// The deployment rules of the ruleset: a four-player army's are the two-army
// rules it plays by (FourRuleset::army); `name` is the ruleset as given.
Ruleset deploymentRules(const std::string& rules, std::string& name) {
  if (FourRuleset::namesFour(rules)) {
    const FourRuleset four = FourRuleset::parse(rules);
    name = four.toString();
    return four.army;
  }
  const Ruleset classic = Ruleset::parse(rules);
  name = classic.toString();
  return classic;
}

// The layout as Red deploys it (an army of four-player Junqi deploys it the
// same way on its own arm, row 1 at its back).
void showLayout(const Layout& layout, const Ruleset& r) {
  Position p(Rules::of(r));
  for (int k = 0; k < kHalfSquares; ++k)
    if (layout.at[k]) p.addPiece(Seat::Red, *layout.at[k], Layout::absolute(Seat::Red, k));
  const std::string diagram = boardDiagram(p);
  fmt::print("\n{}", diagram.substr(diagram.find(" 6 ")));
}

int runSetup(const SetupArguments& a) {
  std::string name;
  const Ruleset r = deploymentRules(a.rules, name);
  if (!a.check.empty()) {
    const Layout layout = parseLayout(a.check);
    if (const auto violation = validateLayout(layout, r)) {
      fmt::print("illegal: {}\n", violation->message);
      return 2;
    }
    fmt::print("legal under {}\n", name);
    return 0;
  }
  const auto s = parseLayoutStyle(a.style);
  if (!s) throw std::invalid_argument(fmt::format("unknown style '{}'", a.style));
  for (int i = 0; i < a.count; ++i) {
    Rng rng(a.seed + static_cast<std::uint64_t>(i));
    const Layout layout = styledLayout(*s, r, rng);
    fmt::print("{}\n", formatLayout(layout));
    if (a.count == 1) showLayout(layout, r);
  }
  return 0;
}

}  // namespace

void registerSetup(CLI::App& app) {
  auto* cmd = app.add_subcommand("setup", "Generate a layout in a style, or check one against the rules");
  static SetupArguments a;
  addRulesOption(cmd, a.rules, Games::all().without("flip", "has no deployment (its pieces are dealt face down)"));
  cmd->add_option("--style", a.style, "random, aggressive, defensive or balanced")->capture_default_str();
  cmd->add_option("--seed", a.seed, "Random seed")->capture_default_str();
  cmd->add_option("--count", a.count, "How many layouts (seeds seed, seed+1, ...)")->capture_default_str();
  cmd->add_option("--check", a.check, "Validate this layout instead of generating one");
  setAction(cmd, [] { return runSetup(a); });
}

}  // namespace junqi::tools
