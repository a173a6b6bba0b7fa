// junqi play-random: plays games of uniformly random moves through the referee.
#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "core/auto_layout.h"
#include "core/game.h"
#include "core/record.h"
#include "core/stopwatch.h"
#include "core/version.h"
#include "tools/commands/commands.h"
#include "tools/commands/common.h"

namespace junqi::tools {

void registerPlayRandom(CLI::App& app) {
  auto* cmd = app.add_subcommand("play-random", "Play games of random moves and summarise how they end");
  static std::string rules, style = "random", records;
  static std::uint64_t seed = 1;
  static int games = 100, maxPlies = 3000;
  addRulesOption(cmd, rules);
  cmd->add_option("--games", games, "Number of games")->check(atLeast(1))->capture_default_str();
  cmd->add_option("--seed", seed, "Random seed: game i uses its own stream of it")->capture_default_str();
  cmd->add_option("--style", style, "Layout style: random, aggressive, defensive, balanced")->capture_default_str();
  cmd->add_option("--max-plies", maxPlies, "Adjudicate a draw after this many moves")
      ->check(atLeast(1))
      ->capture_default_str();
  cmd->add_option("--records", records, "Write every game's record into this directory");
  setAction(cmd, [] {
    const Ruleset ruleset = Ruleset::parse(rules);
    const auto layoutStyle = parseLayoutStyle(style);
    if (!layoutStyle) throw std::invalid_argument(fmt::format("unknown style '{}'", style));
    if (!records.empty()) std::filesystem::create_directories(records);
    std::map<std::string, int> endings;
    long long plies = 0;
    const Stopwatch clock;
    for (int g = 0; g < games; ++g) {
      Rng rng(Rng::mix(seed, static_cast<std::uint64_t>(g)));
      const Layout red = styledLayout(*layoutStyle, ruleset, rng);
      const Layout blue = styledLayout(*layoutStyle, ruleset, rng);
      Game game(ruleset, red, blue);
      MoveList moves;
      while (!game.isOver()) {
        if (game.position().ply() >= maxPlies) {
          game.adjudicateDraw();
          break;
        }
        generateMoves(game.position(), moves);
        const Move m = moves[static_cast<int>(rng.below(static_cast<std::uint64_t>(moves.size())))];
        game.apply(Action::makeMove(game.position().sideToMove(), m));
      }
      plies += game.position().ply();
      const Outcome& o = game.outcome();
      ++endings[fmt::format("{} {}", o.winner ? seatName(*o.winner) : "draw", terminationName(o.reason))];
      if (!records.empty()) {
        const auto tags = std::vector<std::pair<std::string, std::string>>{
            {"red-player", "random"}, {"blue-player", "random"}, {"seed", fmt::format("{}:{}", seed, g)},
            {"junqi-version", versionString()}};
        const std::string detail = o.reason == Termination::Adjudicated ? fmt::format("move limit {}", maxPlies) : "";
        writeFileAtomically(fmt::format("{}/game-{:05}.jqr", records, g), formatRecord(recordOf(game, tags, detail)));
      }
    }
    const double seconds = clock.wallSeconds(), cpu = clock.cpuSeconds();
    fmt::print("{} games under {}, {:.1f} moves a game on average\n", games, ruleset.toString(),
               games ? static_cast<double>(plies) / games : 0.0);
    for (const auto& [ending, n] : endings) fmt::print("  {:<28} {:>6}  {:5.1f}%\n", ending, n, 100.0 * n / games);
    fmt::print("{:.2f} s: {:.0f} games/s, {:.0f} moves/s through the referee (CPU {:.2f} s: {:.0f} moves a CPU-second)\n",
               seconds, games / seconds, plies / seconds, cpu, plies / cpu);
    return 0;
  });
}

}  // namespace junqi::tools
