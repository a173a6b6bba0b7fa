// junqi play-random: plays games of uniformly random moves through the referee.
#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "core/classic/auto_layout.h"
#include "core/flip/flip_game.h"
#include "core/flip/flip_record.h"
#include "core/four/four_game.h"
#include "core/four/four_movegen.h"
#include "core/four/four_notation.h"
#include "core/four/four_record.h"
#include "core/classic/game.h"
#include "core/classic/record.h"
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

// What the games came to: how many moves, how each ended, how fast.
struct Summary {
  std::map<std::string, int> endings;
  long long plies = 0;
  Stopwatch clock;

  void print(const PlayRandomArguments& a, const std::string& rules) const {
    const double seconds = clock.wallSeconds(), cpu = clock.cpuSeconds();
    fmt::print("{} games under {}, {:.1f} moves a game on average\n", a.games, rules,
               static_cast<double>(plies) / a.games);
    for (const auto& [ending, n] : endings) fmt::print("  {:<28} {:>6}  {:5.1f}%\n", ending, n, 100.0 * n / a.games);
    fmt::print("{:.2f} s: {:.0f} games/s, {:.0f} moves/s through the referee (CPU {:.2f} s: {:.0f} moves a CPU-second)\n",
               seconds, a.games / seconds, plies / seconds, cpu, plies / cpu);
  }
};

std::vector<std::pair<std::string, std::string>> recordTags(const PlayRandomArguments& a, int g,
                                                            std::vector<std::string> seats) {
  std::vector<std::pair<std::string, std::string>> tags;
  for (std::string& seat : seats) tags.push_back({std::move(seat), "random"});
  tags.push_back({"seed", fmt::format("{}:{}", a.seed, g)});
  tags.push_back({"junqi-version", versionString()});
  return tags;
}

std::string recordPath(const PlayRandomArguments& a, int g, std::string_view extension) {
  return fmt::format("{}/game-{:05}.{}", a.records, g, extension);
}

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
  Summary summary;
  for (int g = 0; g < a.games; ++g) {
    const FourGame game = randomFourGame(a, rules, style, g);
    summary.plies += game.position().ply();
    const FourOutcome o = game.outcome();
    ++summary.endings[fmt::format("{} {}", o.winningTeam ? teamName(*o.winningTeam) : "draw", terminationName(o.reason))];
    if (!a.records.empty()) {
      std::vector<std::string> armies;
      for (int army = 0; army < kArmies; ++army) armies.emplace_back(armyName(army));
      writeFileAtomically(recordPath(a, g, "jq4"), formatFourRecord(fourRecordOf(game, recordTags(a, g, armies))));
    }
  }
  summary.print(a, rules.toString());
  return 0;
}

// One Flip Junqi game of random actions (flips and moves) from a random deal.
FlipGame randomFlipGame(const PlayRandomArguments& a, const FlipRuleset& rules, int g) {
  Rng rng(Rng::mix(a.seed, static_cast<std::uint64_t>(g)));
  FlipGame game(rules, randomFlipDeal(rng));
  MoveList actions;
  while (!game.isOver()) {
    if (game.position().ply() >= a.maxPlies) {
      game.adjudicateDraw();
      break;
    }
    generateFlipActions(game.position(), actions);
    const Move m = actions[static_cast<int>(rng.below(static_cast<std::uint64_t>(actions.size())))];
    game.apply(Action::makeMove(game.position().toMove(), m));
  }
  return game;
}

// Flip Junqi: the same summary, endings by seat (1 moves first).
int playRandomFlip(const PlayRandomArguments& a) {
  const FlipRuleset rules = FlipRuleset::parse(a.rules);
  Summary summary;
  for (int g = 0; g < a.games; ++g) {
    const FlipGame game = randomFlipGame(a, rules, g);
    summary.plies += game.position().ply();
    const Outcome& o = game.outcome();
    ++summary.endings[fmt::format("{} {}", o.winner ? "seat " + seatNumber(*o.winner) : "draw", terminationName(o.reason))];
    if (!a.records.empty())
      writeFileAtomically(recordPath(a, g, "jqf"), formatFlipRecord(flipRecordOf(game, recordTags(a, g, {"seat1", "seat2"}))));
  }
  summary.print(a, rules.toString());
  return 0;
}

// One classic game of random moves from two styled layouts.
Game randomClassicGame(const PlayRandomArguments& a, const Ruleset& ruleset, LayoutStyle style, int g) {
  Rng rng(Rng::mix(a.seed, static_cast<std::uint64_t>(g)));
  const Layout red = styledLayout(style, ruleset, rng);
  const Layout blue = styledLayout(style, ruleset, rng);
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
  return game;
}

int playRandomClassic(const PlayRandomArguments& a, LayoutStyle style) {
  const Ruleset ruleset = Ruleset::parse(a.rules);
  Summary summary;
  for (int g = 0; g < a.games; ++g) {
    const Game game = randomClassicGame(a, ruleset, style, g);
    summary.plies += game.position().ply();
    const Outcome& o = game.outcome();
    ++summary.endings[fmt::format("{} {}", o.winner ? seatName(*o.winner) : "draw", terminationName(o.reason))];
    if (!a.records.empty()) {
      const std::string detail = o.reason == Termination::Adjudicated ? fmt::format("move limit {}", a.maxPlies) : "";
      writeFileAtomically(recordPath(a, g, "jqr"),
                          formatRecord(recordOf(game, recordTags(a, g, {"red-player", "blue-player"}), detail)));
    }
  }
  summary.print(a, ruleset.toString());
  return 0;
}

}  // namespace

void registerPlayRandom(CLI::App& app) {
  auto* cmd = app.add_subcommand("play-random", "Play games of random moves and summarise how they end");
  static PlayRandomArguments a;
  addRulesOption(cmd, a.rules, Games::all());
  cmd->add_option("--games", a.games, "Number of games")->check(atLeast(1))->capture_default_str();
  cmd->add_option("--seed", a.seed, "Random seed: game i uses its own stream of it")->capture_default_str();
  auto* style = cmd->add_option("--style", a.style, "Layout style: random, aggressive, defensive, balanced (not Flip Junqi)")
                    ->capture_default_str();
  cmd->add_option("--max-plies", a.maxPlies, "Adjudicate a draw after this many moves")
      ->check(atLeast(1))
      ->capture_default_str();
  cmd->add_option("--records", a.records, "Write every game's record into this directory");
  setAction(cmd, [style] {
    const bool flip = FlipRuleset::namesFlip(a.rules);
    if (flip && style->count() > 0)
      throw std::invalid_argument("--style: Flip Junqi has no layouts (its pieces are dealt face down)");
    const auto layoutStyle = parseLayoutStyle(a.style);
    if (!layoutStyle) throw std::invalid_argument(fmt::format("unknown style '{}'", a.style));
    if (!a.records.empty()) std::filesystem::create_directories(a.records);
    if (flip) return playRandomFlip(a);
    if (FourRuleset::namesFour(a.rules)) return playRandomFour(a, *layoutStyle);
    return playRandomClassic(a, *layoutStyle);
  });
}

}  // namespace junqi::tools
