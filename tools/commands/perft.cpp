// junqi perft: counts leaf move sequences, to prove the move generator.

#include <fmt/format.h>

#include "core/perft.h"
#include "core/stopwatch.h"
#include "tools/commands/commands.h"
#include "tools/commands/common.h"

namespace junqi::tools {

void registerPerft(CLI::App& app) {
  auto* cmd = app.add_subcommand("perft", "Count the move sequences of a given length (a flag capture ends a line)");
  static std::string rules, position = "start";
  static int depth = 3;
  static bool divide = false;
  addRulesOption(cmd, rules);
  cmd->add_option("--position", position, "Position text (docs/notation.md) or 'start'")->capture_default_str();
  cmd->add_option("--depth", depth, "Plies")->capture_default_str()->check(CLI::Range(0, 12));
  cmd->add_flag("--divide", divide, "Also print the count under each first move");
  setAction(cmd, [] {
    const Rules& r = Rules::of(Ruleset::parse(rules));
    const Position pos = positionFromArgument(position, r);
    const Stopwatch clock;
    std::uint64_t total = 0;
    if (divide) {
      for (const auto& [move, leaves] : perftDivide(pos, depth)) {
        fmt::print("{} {}\n", moveName(move), leaves);
        total += leaves;
      }
    } else {
      total = perft(pos, depth);
    }
    const double seconds = clock.wallSeconds(), cpu = clock.cpuSeconds();
    fmt::print("perft {} = {}\n", depth, total);
    fmt::print(stderr, "{:.3f} s, {:.1f} M leaves/s (CPU {:.3f} s, {:.1f} M leaves a CPU-second)\n", seconds,
               seconds > 0 ? total / seconds / 1e6 : 0.0, cpu, cpu > 0 ? total / cpu / 1e6 : 0.0);
    return 0;
  });
}

}  // namespace junqi::tools
