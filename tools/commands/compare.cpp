// junqi compare A B: two matches of one player on the same starts, compared
// pair by pair (arena/paired_comparison.h).
#include <cmath>
#include <string>

#include <fmt/format.h>

#include "arena/paired_comparison.h"
#include "tools/commands/commands.h"
#include "tools/commands/common.h"

namespace junqi::tools {

namespace {

std::string percentInterval(const MeanInterval& m) {
  if (std::isnan(m.low)) return fmt::format("{:.1f}% (one pair: no interval)", 100 * m.mean);
  return fmt::format("{:.1f}% [{:.1f}, {:.1f}]", 100 * m.mean, 100 * m.low, 100 * m.high);
}

std::string pointsInterval(const MeanInterval& m) {
  if (std::isnan(m.low)) return fmt::format("{:+.1f} (one pair: no interval)", 100 * m.mean);
  return fmt::format("{:+.1f} [{:+.1f}, {:+.1f}]", 100 * m.mean, 100 * m.low, 100 * m.high);
}

void printSide(const char* label, const PlayerPairs& p, const MeanInterval& score) {
  fmt::print("{} {}: {} against {}, {} games ({} pairs), {}\n", label, p.dir, p.player, p.opponent, p.games,
             score.count, percentInterval(score));
}

}  // namespace

void registerCompare(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "compare", "Compare two matches of a player on the same starts, pair by pair (did a change help?)");
  static std::string a, b, player, playerB;
  cmd->add_option("a", a, "The first match's directory (the baseline)")->required();
  cmd->add_option("b", b, "The second match's directory, played on the same starts (the same game, rules, seed)")
      ->required();
  cmd->add_option("--player", player, "The player compared, by its name in A (default: A's first player)");
  cmd->add_option("--player-b", playerB, "Its name in B, where it differs (default: the same as in A)");
  setAction(cmd, [] {
    checkSameStarts(a, b);
    const std::string inA = player.empty() ? firstPlayerOf(a) : player;
    const PlayerPairs pa = readPlayerPairs(a, inA);
    const PlayerPairs pb = readPlayerPairs(b, playerB.empty() ? inA : playerB);
    const PairedComparison c = comparePairs(pa, pb);
    printSide("A", pa, c.a);
    printSide("B", pb, c.b);
    fmt::print("B minus A over the {} pairs finished in both: {} points per 100 games (95% interval)\n",
               c.bMinusA.count, pointsInterval(c.bMinusA));
    return 0;
  });
}

}  // namespace junqi::tools
