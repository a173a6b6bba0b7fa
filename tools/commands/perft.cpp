// junqi perft: counts leaf move sequences, to prove the move generator.

#include <fmt/format.h>

#include "core/flip/flip_notation.h"
#include "core/flip/flip_perft.h"
#include "core/four/four_movegen.h"
#include "core/four/four_notation.h"
#include "core/four/four_perft.h"
#include "core/classic/notation.h"
#include "core/classic/perft.h"
#include "core/stopwatch.h"
#include "tools/commands/commands.h"
#include "tools/commands/common.h"

namespace junqi::tools {

namespace {

struct PerftArguments {
  std::string rules, position = "start";
  int depth = 3;
  bool divide = false, expandChance = false;
  std::uint64_t seed = 1;
};

// Flip Junqi: the face-down pieces lie as the seed deals them, unless each
// flip is expanded into every identity it can reveal (docs/perft.md).
std::vector<PerftDivide> flipCounts(const PerftArguments& a, std::uint64_t& total) {
  const FlipRuleset rules = FlipRuleset::parse(a.rules);
  const FlipPosition pos = flipPositionFromArgument(a.position, rules);
  Rng rng(a.seed);
  const FlipDeal deal = randomFlipDeal(pos, rng);
  if (a.divide) return flipPerftDivide(pos, deal, a.depth, a.expandChance);
  total = a.expandChance ? flipPerftExpanded(pos, a.depth) : flipPerft(pos, deal, a.depth);
  return {};
}

// Four-player Junqi: from a position (docs/notation.md, "Four-player
// positions") or the start, every army deploying the example layout (core/classic/layout.h).
std::vector<PerftDivide> fourCounts(const PerftArguments& a, std::uint64_t& total) {
  if (a.expandChance) throw std::invalid_argument("--expand-chance: four-player Junqi has no chance events");
  const FourRuleset rules = FourRuleset::parse(a.rules);
  const FourPosition pos = fourPositionFromArgument(a.position, rules);
  if (a.divide) return fourPerftDivide(pos, a.depth);
  total = fourPerft(pos, a.depth);
  return {};
}

std::vector<PerftDivide> classicCounts(const PerftArguments& a, std::uint64_t& total) {
  if (a.expandChance) throw std::invalid_argument("--expand-chance: a classic game has no chance events");
  const Position pos = positionFromArgument(a.position, Rules::of(Ruleset::parse(a.rules)));
  if (a.divide) return perftDivide(pos, a.depth);
  total = perft(pos, a.depth);
  return {};
}

}  // namespace

void registerPerft(CLI::App& app) {
  auto* cmd = app.add_subcommand("perft", "Count the move sequences of a given length (a flag capture ends a line)");
  static PerftArguments a;
  addRulesOption(cmd, a.rules, Games::all());
  cmd->add_option("--position", a.position, "Position text (docs/notation.md) or 'start'")->capture_default_str();
  cmd->add_option("--depth", a.depth, "Plies")->capture_default_str()->check(CLI::Range(0, 12));
  cmd->add_flag("--divide", a.divide, "Also print the count under each first move");
  cmd->add_flag("--expand-chance", a.expandChance,
                "Flip Junqi: count a flip once per identity it can reveal, not once per face-down point");
  cmd->add_option("--seed", a.seed, "Flip Junqi: the deal of the face-down pieces")->capture_default_str();
  setAction(cmd, [] {
    const Stopwatch clock;
    std::uint64_t total = 0;
    const PositionGame game = positionGame(a.rules, a.position);
    const bool flip = game == PositionGame::Flip, four = game == PositionGame::Four;
    for (const auto& [move, leaves] : flip ? flipCounts(a, total) : four ? fourCounts(a, total) : classicCounts(a, total)) {
      fmt::print("{} {}\n", flip ? flipActionName(move) : four ? fourMoveName(move) : moveName(move), leaves);
      total += leaves;
    }
    if (a.divide && a.depth == 0) total = 1;  // the empty sequence, which has no first move to list
    const double seconds = clock.wallSeconds(), cpu = clock.cpuSeconds();
    fmt::print("perft {} = {}\n", a.depth, total);
    fmt::print(stderr, "{:.3f} s, {:.1f} M leaves/s (CPU {:.3f} s, {:.1f} M leaves a CPU-second)\n", seconds,
               seconds > 0 ? total / seconds / 1e6 : 0.0, cpu, cpu > 0 ? total / cpu / 1e6 : 0.0);
    return 0;
  });
}

}  // namespace junqi::tools
