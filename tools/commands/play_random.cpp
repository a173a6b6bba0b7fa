// junqi play-random: plays games of uniformly random moves through the referee.
#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "core/auto_layout.h"
#include "core/four_game.h"
#include "core/four_movegen.h"
#include "core/four_notation.h"
#include "core/four_record.h"
#include "core/game.h"
#include "core/record.h"
#include "core/stopwatch.h"
#include "core/version.h"
#include "tools/commands/commands.h"
#include "tools/commands/common.h"

namespace junqi::tools {

namespace {

struct PlayRandomArguments {
  std::string rules, style = "random", records;
  std::uint64_t seed = 1;
  int games = 100, maxPlies = 3000;
};

// One four-player game of random moves from four styled layouts.
FourGame randomFourGame(const PlayRandomArguments& a, const FourRuleset& rules, LayoutStyle style, int g) {
  Rng rng(Rng::mix(a.seed, static_cast<std::uint64_t>(g)));
  std::array<Layout, kArmies> layouts;
  for (Layout& l : layouts) l = styledLayout(style, rules.army, rng);
  FourGame game(rules, layouts);
  MoveList moves;
  while (!game.isOver()) {
    if (game.position().ply() >= a.maxPlies) {
      game.adjudicateDraw();
      break;
    }
    generateFourMoves(game.position(), moves);
    game.play(moves[static_cast<int>(rng.below(static_cast<std::uint64_t>(moves.size())))]);
  }
  return game;
}

// Four-player Junqi: the same summary, endings by team.
int playRandomFour(const PlayRandomArguments& a, LayoutStyle style) {
  const FourRuleset rules = FourRuleset::parse(a.rules);
  std::map<std::string, int> endings;
  long long plies = 0;
  const Stopwatch clock;
  for (int g = 0; g < a.games; ++g) {
    const FourGame game = randomFourGame(a, rules, style, g);
    plies += game.position().ply();
    const FourOutcome o = game.outcome();
    ++endings[fmt::format("{} {}", o.winningTeam ? teamName(*o.winningTeam) : "draw", terminationName(o.reason))];
    if (!a.records.empty()) {
      std::vector<std::pair<std::string, std::string>> tags;
      for (int army = 0; army < kArmies; ++army) tags.push_back({std::string(armyName(army)), "random"});
      tags.push_back({"seed", fmt::format("{}:{}", a.seed, g)});
      tags.push_back({"junqi-version", versionString()});
      writeFileAtomically(fmt::format("{}/game-{:05}.jq4", a.records, g), formatFourRecord(fourRecordOf(game, tags)));
    }
  }
  const double seconds = clock.wallSeconds(), cpu = clock.cpuSeconds();
  fmt::print("{} games under {}, {:.1f} moves a game on average\n", a.games, rules.toString(),
             static_cast<double>(plies) / a.games);
  for (const auto& [ending, n] : endings) fmt::print("  {:<28} {:>6}  {:5.1f}%\n", ending, n, 100.0 * n / a.games);
  fmt::print("{:.2f} s: {:.0f} games/s, {:.0f} moves/s through the referee (CPU {:.2f} s: {:.0f} moves a CPU-second)\n",
             seconds, a.games / seconds, plies / seconds, cpu, plies / cpu);
  return 0;
}

}  // namespace

void registerPlayRandom(CLI::App& app) {
  auto* cmd = app.add_subcommand("play-random", "Play games of random moves and summarise how they end");
  static PlayRandomArguments a;
  addRulesOption(cmd, a.rules);
  cmd->add_option("--games", a.games, "Number of games")->check(atLeast(1))->capture_default_str();
  cmd->add_option("--seed", a.seed, "Random seed: game i uses its own stream of it")->capture_default_str();
  cmd->add_option("--style", a.style, "Layout style: random, aggressive, defensive, balanced")->capture_default_str();
  cmd->add_option("--max-plies", a.maxPlies, "Adjudicate a draw after this many moves")
      ->check(atLeast(1))
      ->capture_default_str();
  cmd->add_option("--records", a.records, "Write every game's record into this directory");
  setAction(cmd, [] {
    const auto layoutStyle = parseLayoutStyle(a.style);
    if (!layoutStyle) throw std::invalid_argument(fmt::format("unknown style '{}'", a.style));
    if (!a.records.empty()) std::filesystem::create_directories(a.records);
    if (FourRuleset::namesFour(a.rules)) return playRandomFour(a, *layoutStyle);
    const Ruleset ruleset = Ruleset::parse(a.rules);
    std::map<std::string, int> endings;
    long long plies = 0;
    const Stopwatch clock;
    for (int g = 0; g < a.games; ++g) {
      Rng rng(Rng::mix(a.seed, static_cast<std::uint64_t>(g)));
      const Layout red = styledLayout(*layoutStyle, ruleset, rng);
      const Layout blue = styledLayout(*layoutStyle, ruleset, rng);
      Game game(ruleset, red, blue);
      MoveList moves;
      while (!game.isOver()) {
        if (game.position().ply() >= a.maxPlies) {
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
      if (!a.records.empty()) {
        const auto tags = std::vector<std::pair<std::string, std::string>>{
            {"red-player", "random"}, {"blue-player", "random"}, {"seed", fmt::format("{}:{}", a.seed, g)},
            {"junqi-version", versionString()}};
        const std::string detail = o.reason == Termination::Adjudicated ? fmt::format("move limit {}", a.maxPlies) : "";
        writeFileAtomically(fmt::format("{}/game-{:05}.jqr", a.records, g), formatRecord(recordOf(game, tags, detail)));
      }
    }
    const double seconds = clock.wallSeconds(), cpu = clock.cpuSeconds();
    fmt::print("{} games under {}, {:.1f} moves a game on average\n", a.games, ruleset.toString(),
               a.games ? static_cast<double>(plies) / a.games : 0.0);
    for (const auto& [ending, n] : endings) fmt::print("  {:<28} {:>6}  {:5.1f}%\n", ending, n, 100.0 * n / a.games);
    fmt::print("{:.2f} s: {:.0f} games/s, {:.0f} moves/s through the referee (CPU {:.2f} s: {:.0f} moves a CPU-second)\n",
               seconds, a.games / seconds, plies / seconds, cpu, plies / cpu);
    return 0;
  });
}

}  // namespace junqi::tools
