// junqi tactics: measures an agent on the tactics suite, mines a new suite
// from played games (search/classic/tactics_suite.h), or counts the flag blunders in
// game records (search/classic/flag_blunders.h); for Flip Junqi the same three
// with search/flip/flip_tactics.h, for four-player Junqi with
// search/four/four_tactics.h; docs/tactics.md.
#include <algorithm>
#include <chrono>
#include <cstdio>

#include <fmt/format.h>

#include <filesystem>
#include <map>

#include "core/four/four_notation.h"
#include "search/classic/flag_blunders.h"
#include "search/classic/tactics_suite.h"
#include "search/flip/flip_tactics.h"
#include "search/four/four_tactics.h"
#include "tools/commands/commands.h"
#include "tools/commands/common.h"

namespace junqi::tools {

namespace {

// One line, rewritten in place, with the rate and the time left.
void showProgress(int done, int total, std::chrono::steady_clock::time_point start, const char* what) {
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double rate = done / std::max(seconds, 1e-9);
  std::fprintf(stderr, "\r%d/%d %s, %.1f/s, about %.0f s left   ", done, total, what, rate, (total - done) / rate);
  if (done == total) std::fprintf(stderr, "\n");
}

int measure(const std::string& suitePath, const std::string& agent, bool showFailures) {
  const auto suite = parseTacticsSuite(readFile(suitePath));
  const auto start = std::chrono::steady_clock::now();
  const int total = static_cast<int>(suite.size());
  const TacticsResult r =
      runTacticsSuite(suite, agent, [&](int done) { showProgress(done, total, start, "positions"); });
  fmt::print("agent {}\n", agent);
  for (const auto& [category, st] : r.byCategory)
    fmt::print("{:<14} {:>4}/{:<4} {:5.1f}%\n", category, st.first, st.second, 100.0 * st.first / st.second);
  fmt::print("{:<14} {:>4}/{:<4} {:5.1f}%\n", "tactics", r.tacticsSolved(), r.tacticsTotal(),
             100.0 * r.tacticsSolved() / std::max(1, r.tacticsTotal()));
  fmt::print("{:<14} {:>4}/{:<4} {:5.1f}%\n", "all", r.solved(), r.total(), 100.0 * r.solved() / std::max(1, r.total()));
  if (showFailures)
    for (const std::string& f : r.failures) fmt::print("missed {}\n", f);
  return 0;
}

int mine(const std::string& out, const TacticsMining& mining) {
  const auto start = std::chrono::steady_clock::now();
  const auto suite = mineTacticsSuite(mining, [&](int games, int found) {
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(stderr, "\r%d games, %d positions, %.1f games/s   ", games, found, games / std::max(seconds, 1e-9));
  });
  std::fprintf(stderr, "\n");
  writeFileAtomically(out, formatTacticsSuite(suite));
  fmt::print("wrote {} positions to {}\n", suite.size(), out);
  return 0;
}

// A Flip or four-player suite's score of an agent, by category: `parse` reads
// the suite, `run` plays the agent on it (each game's parse and run function).
template <class Parse, class Run>
int measureSuite(const std::string& suitePath, const std::string& agent, bool showFailures, Parse parse, Run run) {
  const auto suite = [&] {
    try {
      return parse(readFile(suitePath));
    } catch (const RecordError& e) {
      throw std::invalid_argument(fmt::format("{}: {}", suitePath, e.what()));
    }
  }();
  const auto start = std::chrono::steady_clock::now();
  const int total = static_cast<int>(suite.size());
  const auto r = run(suite, agent, [&](int done) { showProgress(done, total, start, "positions"); });
  fmt::print("agent {}\n", agent);
  for (const auto& [category, st] : r.byCategory)
    fmt::print("{:<14} {:>4}/{:<4} {:5.1f}%\n", category, st.first, st.second, 100.0 * st.first / st.second);
  fmt::print("{:<14} {:>4}/{:<4} {:5.1f}%\n", "all", r.solved(), r.total(), 100.0 * r.solved() / std::max(1, r.total()));
  if (showFailures)
    for (const std::string& f : r.failures) fmt::print("missed {}\n", f);
  return 0;
}

int measureFlip(const std::string& suitePath, const std::string& agent, bool showFailures) {
  return measureSuite(suitePath, agent, showFailures, parseFlipTacticsSuite, runFlipTacticsSuite);
}

int measureFour(const std::string& suitePath, const std::string& agent, bool showFailures) {
  return measureSuite(suitePath, agent, showFailures, parseFourTacticsSuite, runFourTacticsSuite);
}

// A Flip or four-player suite mined and written to `out`, with the games played
// and positions found as it goes (`precision`: digits of the games a second).
template <class Mining, class Mine, class Format>
int mineSuite(const std::string& out, const Mining& mining, int precision, Mine mine, Format format) {
  const auto start = std::chrono::steady_clock::now();
  const auto suite = mine(mining, [&](int games, int found) {
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(stderr, "\r%d games, %d positions, %.*f games/s   ", games, found, precision,
                 games / std::max(seconds, 1e-9));
  });
  std::fprintf(stderr, "\n");
  writeFileAtomically(out, format(suite));
  fmt::print("wrote {} positions to {}\n", suite.size(), out);
  return 0;
}

int mineFlip(const std::string& out, const FlipTacticsMining& mining) {
  return mineSuite(out, mining, 1, mineFlipTacticsSuite, formatFlipTacticsSuite);
}

int mineFour(const std::string& out, const FourTacticsMining& mining) {
  return mineSuite(out, mining, 2, mineFourTacticsSuite, formatFourTacticsSuite);
}

// The game records under `dir` with this extension, sorted; throws when there are none.
std::vector<std::filesystem::path> recordsUnder(const std::string& dir, const std::string& extension) {
  if (!std::filesystem::is_directory(dir)) throw std::invalid_argument(fmt::format("--check-records: {} is not a directory", dir));
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == extension) files.push_back(e.path());
  if (files.empty()) throw std::invalid_argument(fmt::format("no game records (*{}) under {}", extension, dir));
  std::sort(files.begin(), files.end());
  return files;
}

void printBlunders(std::size_t records, const std::map<std::string, FlagBlunders>& byPlayer, bool showExamples) {
  fmt::print("{} records\n{:<24} {:>10} {:>22} {:>22}\n", records, "player", "decisions", "flag captures missed",
             "flag defences missed");
  for (const auto& [player, b] : byPlayer)
    fmt::print("{:<24} {:>10} {:>14} of {:<5} {:>14} of {:<5}\n", player, b.decisions, b.capturesMissed,
               b.captureChances, b.defencesMissed, b.defenceChances);
  if (showExamples)
    for (const auto& [player, b] : byPlayer)
      for (const std::string& e : b.examples) fmt::print("missed by {}, {}\n", player, e);
}

// Counts the flag blunders in every classic record (*.jqr) under `dir`, by the records' player tags.
int checkRecords(const std::string& dir, bool showExamples) {
  const auto files = recordsUnder(dir, ".jqr");
  std::map<std::string, FlagBlunders> byPlayer;
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < files.size(); ++i) {
    try {
      const GameRecord record = parseRecord(readFile(files[i].string()));
      const auto bySide = checkFlagBlunders(record);
      for (const Seat side : {Seat::Red, Seat::Blue}) {
        const std::string player = record.tag(fmt::format("{}-player", seatName(side))).value_or(std::string(seatName(side)));
        byPlayer[player] += bySide[index(side)];
      }
    } catch (const RecordError& e) {
      throw std::invalid_argument(fmt::format("{}: {}", files[i].string(), e.what()));
    }
    showProgress(static_cast<int>(i + 1), static_cast<int>(files.size()), start, "records");
  }
  printBlunders(files.size(), byPlayer, showExamples);
  return 0;
}

// Counts the flag blunders in every Flip Junqi record (*.jqf) under `dir`, by the records' seat tags.
int checkFlipRecords(const std::string& dir, bool showExamples) {
  const auto files = recordsUnder(dir, ".jqf");
  std::map<std::string, FlagBlunders> byPlayer;
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < files.size(); ++i) {
    try {
      const FlipRecord record = parseFlipRecord(readFile(files[i].string()));
      const auto bySeat = checkFlipFlagBlunders(record);
      for (const Seat seat : {Seat::Red, Seat::Blue}) {
        const std::string number = seatNumber(seat);
        byPlayer[record.tag("seat" + number).value_or("seat " + number)] += bySeat[index(seat)];
      }
    } catch (const RecordError& e) {
      throw std::invalid_argument(fmt::format("{}: {}", files[i].string(), e.what()));
    }
    showProgress(static_cast<int>(i + 1), static_cast<int>(files.size()), start, "records");
  }
  printBlunders(files.size(), byPlayer, showExamples);
  return 0;
}

// Counts the flag blunders in every four-player record (*.jq4) under `dir`, by the records' army or team tags.
int checkFourRecords(const std::string& dir, bool showExamples) {
  const auto files = recordsUnder(dir, ".jq4");
  std::map<std::string, FlagBlunders> byPlayer;
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < files.size(); ++i) {
    try {
      const FourRecord record = parseFourRecord(readFile(files[i].string()));
      const auto byArmy = checkFourFlagBlunders(record);
      for (int army = 0; army < kArmies; ++army) {
        // The army's own tag (junqi play-random), else its team's (junqi match), else its name.
        const std::string name(armyName(army));
        const auto player = record.tag(name).value_or(record.tag(teamName(teamOfArmy(army))).value_or(name));
        byPlayer[player] += byArmy[static_cast<std::size_t>(army)];
      }
    } catch (const RecordError& e) {
      throw std::invalid_argument(fmt::format("{}: {}", files[i].string(), e.what()));
    }
    showProgress(static_cast<int>(i + 1), static_cast<int>(files.size()), start, "records");
  }
  printBlunders(files.size(), byPlayer, showExamples);
  return 0;
}

}  // namespace

void registerTactics(CLI::App& app) {
  auto* cmd = app.add_subcommand("tactics", "Measure an agent on the tactics suite, mine a new suite, or count flag blunders in game records");
  static std::string suite, agent = "tactical", out, records, rules;
  static bool failures = false;
  static TacticsMining mining;
  static const CLI::Option* rulesOption =
      addRulesOption(cmd, rules, Games::all())
          ->description("The game (classic Junqi: hiddenfront, worldatplay, refereed; Flip Junqi: flip-worldatplay, "
                        "flip-kawu; four-player Junqi: four-worldatplay[:visibility=own|team|all]); when mining, the "
                        "one ruleset to mine in (classic default: all three)");
  cmd->add_option("--suite", suite, "The suite file to measure on (tests/data/tactics-suite.jqs)");
  cmd->add_option("--agent", agent, "Agent spec to measure")->capture_default_str();
  cmd->add_flag("--failures", failures, "List every missed position (or blunder, with --check-records)");
  cmd->add_option("--check-records", records, "Count missed certain flag captures and defences in the records under DIR");
  cmd->add_option("--mine", out, "Mine a new suite from played games into this file");
  cmd->add_option("--per-category", mining.perCategory, "Mining: positions of each category")
      ->check(CLI::Range(1, 100000))->capture_default_str();
  cmd->add_option("--max-games", mining.maxGames, "Mining: games at most")->check(CLI::Range(1, 10000000))->capture_default_str();
  cmd->add_option("--samples", mining.samples, "Mining: sampled worlds per labelled position")
      ->check(CLI::Range(50, 1000000))->capture_default_str();
  cmd->add_option("--seed", mining.seed, "Mining: random seed")->capture_default_str();
  cmd->add_option("--categories", mining.categories, "Mining: only these categories (comma-separated; default all)")
      ->delimiter(',')
      ->check(CLI::IsMember(tacticsCategories()));
  // Flip Junqi: the agent is a flip agent (default mcts); the classic mining options do not apply.
  static const auto flipTactics = [cmd](const std::string& preset) {
    for (const char* classicOnly : {"--samples", "--categories"})
      if (cmd->get_option(classicOnly)->count() > 0)
        throw std::invalid_argument(fmt::format("{}: classic Junqi only (Flip Junqi's labels need no sampled worlds)", classicOnly));
    const std::string flipAgent = cmd->get_option("--agent")->count() > 0 ? agent : "mcts";
    if (!records.empty()) return checkFlipRecords(records, failures);
    if (!suite.empty()) return measureFlip(suite, flipAgent, failures);
    FlipTacticsMining flipMining;
    flipMining.ruleset = FlipRuleset::parse(preset).toString();
    flipMining.perCategory = mining.perCategory, flipMining.maxGames = mining.maxGames, flipMining.seed = mining.seed;
    return mineFlip(out, flipMining);
  };
  // Four-player Junqi: the agent is a four-player agent (default ismcts); the classic mining options do not apply.
  static const auto fourTactics = [cmd](const std::string& ruleset) {
    for (const char* classicOnly : {"--samples", "--categories"})
      if (cmd->get_option(classicOnly)->count() > 0)
        throw std::invalid_argument(fmt::format(
            "{}: classic Junqi only (four-player Junqi's labels hold in every world the seat cannot rule out)", classicOnly));
    const std::string fourAgent = cmd->get_option("--agent")->count() > 0 ? agent : "ismcts";
    if (!records.empty()) return checkFourRecords(records, failures);
    if (!suite.empty()) return measureFour(suite, fourAgent, failures);
    FourTacticsMining fourMining;
    fourMining.ruleset = FourRuleset::parse(ruleset).toString();
    fourMining.perCategory = mining.perCategory, fourMining.maxGames = mining.maxGames, fourMining.seed = mining.seed;
    return mineFour(out, fourMining);
  };
  setAction(cmd, [] {
    if (out.empty() + suite.empty() + records.empty() != 2)
      throw std::invalid_argument("give one of --suite FILE, --mine FILE or --check-records DIR");
    if (rulesOption->count() > 0 && FlipRuleset::namesFlip(rules)) return flipTactics(rules);
    if (rulesOption->count() > 0 && FourRuleset::namesFour(rules)) return fourTactics(rules);
    if (rulesOption->count() > 0) mining.rulesets = {rules};
    if (!records.empty()) return checkRecords(records, failures);
    return out.empty() ? measure(suite, agent, failures) : mine(out, mining);
  });
}

}  // namespace junqi::tools
