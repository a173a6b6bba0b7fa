// junqi selfplay: a self-play worker for a run with external self-play
// (training/selfplay_workers.h). It needs no LibTorch with the Eigen backend;
// `--backend torch` runs in junqi-train, which registers that backend.
#include <filesystem>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/flip/flip_ruleset.h"
#include "core/four/four_ruleset.h"
#include "tools/commands/commands.h"
#include "tools/commands/common.h"
#include "tools/commands/interrupt.h"
#include "training/selfplay_workers.h"

namespace junqi::tools {

namespace {

// The ruleset text as its game writes it (presets and overrides in one form).
std::string canonicalRules(const std::string& game, const std::string& text) {
  if (game == "flip") return FlipRuleset::parse(text).toString();
  if (game == "four") return FourRuleset::parse(text).toString();
  return Ruleset::parse(text).toString();
}

// --rules, when given, must be the run's: its game and its ruleset.
void checkRunRules(const std::string& run, const std::string& rules) {
  const std::filesystem::path config = std::filesystem::path(run) / "config.json";
  if (!std::filesystem::exists(config)) return;  // the worker says what the directory lacks
  nlohmann::json settings;
  try {
    settings = nlohmann::json::parse(readFile(config.string()));
  } catch (const std::exception&) {
    return;  // the worker names what is wrong with it
  }
  const std::string runGame = settings.value("variant", "classic"), runRules = settings.value("ruleset", "");
  const std::string game = gameOfRules(rules);
  if (game != runGame)
    throw RulesRefused(fmt::format("the run {} plays {} ({}), not {}: give --rules {} or leave it out", run,
                                   gameTitle(runGame), runRules, gameTitle(game), runRules));
  if (!runRules.empty() && canonicalRules(game, rules) != canonicalRules(game, runRules))
    throw RulesRefused(fmt::format("the run {} plays {} under {}, not {}: give --rules {} or leave it out", run,
                                   gameTitle(game), runRules, rules, runRules));
}

}  // namespace

void registerSelfPlay(CLI::App& app) {
  auto* cmd = app.add_subcommand("selfplay", "A self-play worker for a run started with junqi train --external-selfplay");
  static std::string run, worker = "w0", backend = "eigen";
  static int shards = 0;
  cmd->add_option("--run", run, "The run directory")->required();
  cmd->add_option("--worker", worker, "This worker's name (unique among the run's workers)")->capture_default_str();
  cmd->add_option("--shards", shards, "Shards to write (0: until the run has all its generations)")->capture_default_str();
  cmd->add_option("--backend", backend,
                  "eigen, or torch (a classic run; junqi-train plays it; flip and four-player runs play with eigen)")
      ->capture_default_str();
  static std::string rules;
  static CLI::Option* rulesOption =
      addRulesOption(cmd, rules, Games::all())
          ->description("The run's ruleset (a preset, see `junqi rules`), checked against the run directory's "
                        "(default: the run's)")
          ->default_str("");
  setAction(cmd, [] {
    if (rulesOption->count() > 0) checkRunRules(run, rules);
    stopCleanlyOnInterrupt();
    runSelfPlayWorker(run, worker, shards, backend, [](const std::string& line) { fmt::print(stderr, "{}\n", line); },
                      &interrupted);
    return interrupted ? 130 : 0;
  });
}

}  // namespace junqi::tools
