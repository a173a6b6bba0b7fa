// junqi rules: prints every field of a ruleset, its variant, and the variants.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/classic_board.h"
#include "core/cross_board.h"
#include "core/files.h"
#include "core/flip_ruleset.h"
#include "core/four_ruleset.h"
#include "core/variant.h"
#include "tools/commands/commands.h"
#include "tools/commands/common.h"
#include "tools/board_picture.h"

namespace junqi::tools {

namespace {
std::string seatNames(const Variant& v) {
  std::vector<std::string> names;
  for (int s = 0; s < v.seatCount(); ++s) names.push_back(v.seat(seatFromIndex(s)).name);
  return fmt::format("{}", fmt::join(names, ", "));
}
// The board a ruleset plays on: the cross for four-player Junqi, else the
// two-army board (Flip Junqi's has every front-line crossing a railway).
void writeBoardPicture(const std::string& rules, const std::string& path) {
  if (FourRuleset::namesFour(rules)) {
    const FourRuleset r = FourRuleset::parse(rules);
    writeFileAtomically(path, boardPicture(crossBoard(), "Four-player Junqi: the cross (" + r.preset + ")"));
    return;
  }
  bool railway = true;
  if (FlipRuleset::namesFlip(rules))
    FlipRuleset::parse(rules);  // refuses a wrong ruleset before anything is written
  else
    railway = Ruleset::parse(rules).centreCrossingRailway;
  const BoardGeometry& board = classicBoard(railway);
  writeFileAtomically(path, boardPicture(board, "The two-army board (" + board.name() + ")"));
}
}  // namespace

void registerRules(CLI::App& app) {
  auto* cmd = app.add_subcommand("rules", "Print every field of a ruleset, its variant, and the presets");
  static std::string rules, boardSvg;
  addRulesOption(cmd, rules);
  cmd->add_option("--board-svg", boardSvg, "Also write a picture of the ruleset's board, every point named, to FILE");
  setAction(cmd, [] {
    if (!boardSvg.empty()) writeBoardPicture(rules, boardSvg);
    if (FlipRuleset::namesFlip(rules)) {  // Flip Junqi (docs/rules.md §14)
      const FlipRuleset r = FlipRuleset::parse(rules);
      fmt::print("{}\n\n{}", r.toString(), r.describe());
      fmt::print("\nvariant: flip (the 50 pieces dealt face down, flipped or moved in turn; seats 1, 2)\n");
      fmt::print("presets: {}\n", fmt::join(FlipRuleset::presetNames(), ", "));
      return 0;
    }
    if (FourRuleset::namesFour(rules)) {  // four-player Junqi (docs/rules.md, "Four-player Junqi")
      const FourRuleset r = FourRuleset::parse(rules);
      fmt::print("{}\n\n{}", r.toString(), r.describe());
      fmt::print("\nvariant: four (four armies on the 129-point cross; seats south, east, north, west; "
                 "teams south and north, east and west)\n");
      fmt::print("presets: {}\n", fmt::join(FourRuleset::presetNames(), ", "));
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
