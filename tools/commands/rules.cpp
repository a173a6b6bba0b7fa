// junqi rules: prints every field of a ruleset, its variant, and the variants.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/classic/classic_board.h"
#include "core/four/cross_board.h"
#include "core/files.h"
#include "core/flip/flip_ruleset.h"
#include "core/four/four_ruleset.h"
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
// "; teams south and north, east and west" when a team has more than one seat.
std::string teamNames(const Variant& v) {
  if (v.teamCount() == v.seatCount()) return "";
  std::vector<std::string> teams;
  for (int t = 0; t < v.teamCount(); ++t) {
    std::vector<std::string> seats;
    for (int s = 0; s < v.seatCount(); ++s)
      if (v.team(seatFromIndex(s)) == t) seats.push_back(v.seat(seatFromIndex(s)).name);
    teams.push_back(fmt::format("{}", fmt::join(seats, " and ")));
  }
  return fmt::format("; teams {}", fmt::join(teams, ", "));
}
// The ruleset's variant, its presets and every variant.
void printVariant(const std::string& preset) {
  const Variant& variant = Variant::ofPreset(preset);
  fmt::print("\nvariant: {} ({}; seats {}{})\n", variant.name(), variant.summary(), seatNames(variant),
             teamNames(variant));
  fmt::print("presets: {}\n", fmt::join(variant.presets(), ", "));
  fmt::print("variants: {}\n", fmt::join(Variant::names(), ", "));
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
  addRulesOption(cmd, rules, Games::all());
  cmd->add_option("--board-svg", boardSvg, "Also write a picture of the ruleset's board, every point named, to FILE");
  setAction(cmd, [] {
    if (!boardSvg.empty()) writeBoardPicture(rules, boardSvg);
    if (FlipRuleset::namesFlip(rules)) {  // Flip Junqi (docs/rules.md §14)
      const FlipRuleset r = FlipRuleset::parse(rules);
      fmt::print("{}\n\n{}", r.toString(), r.describe());
      printVariant(r.preset);
      return 0;
    }
    if (FourRuleset::namesFour(rules)) {  // four-player Junqi (docs/rules.md, "Four-player Junqi")
      const FourRuleset r = FourRuleset::parse(rules);
      fmt::print("{}\n\n{}", r.toString(), r.describe());
      printVariant(r.preset);
      return 0;
    }
    const Ruleset r = Ruleset::parse(rules);
    Variant::of(r);  // a classic ruleset is a classic preset
    fmt::print("{}\n\n{}", r.toString(), r.describe());
    printVariant(r.preset);
    return 0;
  });
}

}  // namespace junqi::tools
