// The flip run's settings: from `junqi train`'s options, to and from
// config.json, checked before anything is written.
#include <cmath>
#include <filesystem>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/files.h"
#include "nets/network_shape.h"
#include "search/flip_agent.h"
#include "training/flip_training_json.h"
#include "training/flip_training_run.h"
#include "training/training_run.h"

namespace junqi {

namespace fs = std::filesystem;
using json = nlohmann::json;

json flipConfigToJson(const FlipTrainingConfig& c) {
  return {{"variant", "flip"},
          {"ruleset", c.rules.toString()},
          {"shape", c.shape},
          {"generations", c.generations},
          {"games_per_generation", c.gamesPerGeneration},
          {"parallel_games", c.parallelGames},
          {"sims", c.sims},
          {"cpuct", c.cpuct},
          {"temperature_plies", c.temperaturePlies},
          {"max_plies", c.maxPlies},
          {"steps_per_generation", c.stepsPerGeneration},
          {"batch_size", c.batchSize},
          {"replay_window", c.replayWindow},
          {"optimizer", c.optimizer},
          {"learning_rate", c.learningRate},
          {"weight_decay", c.weightDecay},
          {"rating_pairs", c.ratingPairs},
          {"rating_sims", c.ratingSims},
          {"baselines", c.baselines},
          {"seed", c.seed}};
}

FlipTrainingConfig flipConfigFromJson(const json& j) {
  FlipTrainingConfig c;
  if (j.value("variant", "classic") != "flip") throw std::runtime_error("not a Flip Junqi run");
  c.rules = FlipRuleset::parse(j.at("ruleset").get<std::string>());
  j.at("shape").get_to(c.shape);
  j.at("generations").get_to(c.generations);
  j.at("games_per_generation").get_to(c.gamesPerGeneration);
  j.at("parallel_games").get_to(c.parallelGames);
  j.at("sims").get_to(c.sims);
  j.at("cpuct").get_to(c.cpuct);
  j.at("temperature_plies").get_to(c.temperaturePlies);
  j.at("max_plies").get_to(c.maxPlies);
  j.at("steps_per_generation").get_to(c.stepsPerGeneration);
  j.at("batch_size").get_to(c.batchSize);
  j.at("replay_window").get_to(c.replayWindow);
  j.at("optimizer").get_to(c.optimizer);
  j.at("learning_rate").get_to(c.learningRate);
  j.at("weight_decay").get_to(c.weightDecay);
  j.at("rating_pairs").get_to(c.ratingPairs);
  j.at("rating_sims").get_to(c.ratingSims);
  j.at("baselines").get_to(c.baselines);
  j.at("seed").get_to(c.seed);
  return c;
}

FlipTrainingConfig flipConfigOf(const TrainingConfig& classic, const FlipRuleset& rules, const GivenOptions& given) {
  FlipTrainingConfig c;
  c.rules = rules;
  // The classic run's settings this run has: the same config.json keys.
  json asked = flipConfigToJson(c);
  const json from = {{"shape", classic.shape}, {"generations", classic.generations},
                     {"games_per_generation", classic.gamesPerGeneration}, {"parallel_games", classic.parallelGames},
                     {"sims", classic.sims}, {"cpuct", classic.cpuct}, {"temperature_plies", classic.temperaturePlies},
                     {"max_plies", classic.maxPlies}, {"steps_per_generation", classic.stepsPerGeneration},
                     {"batch_size", classic.batchSize}, {"replay_window", classic.replayWindow},
                     {"optimizer", classic.optimizer}, {"learning_rate", classic.learningRate},
                     {"weight_decay", classic.weightDecay}, {"rating_pairs", classic.ratingPairs},
                     {"rating_sims", classic.ratingSims}, {"baselines", classic.baselines}, {"seed", classic.seed}};
  for (const auto& [key, option] : given) {
    if (key == "ruleset") continue;
    if (!from.contains(key))
      throw std::invalid_argument(fmt::format("{}: not available in a Flip Junqi run", option));
    asked[key] = from.at(key);
  }
  c = flipConfigFromJson(asked);
  c.trainThreads = classic.trainThreads;
  c.device = classic.device;
  c.ratingConcurrency = classic.ratingConcurrency;
  return c;
}

std::optional<json> flipRunSettings(const std::string& dir) {
  const fs::path path = fs::path(dir) / "config.json";
  if (!fs::exists(path)) return std::nullopt;
  try {
    json j = json::parse(readFile(path.string()));
    if (j.value("variant", "classic") != "flip") return std::nullopt;
    (void)flipConfigFromJson(j);
    return j;
  } catch (const std::exception& e) {
    throw std::runtime_error(fmt::format("{}: not a flip training run's settings ({})", path.string(), e.what()));
  }
}

bool isFlipRun(const std::string& dir) { return flipRunSettings(dir).has_value(); }

FlipTrainingConfig resumedFlipConfig(const std::string& dir, const FlipTrainingConfig& config,
                                     const GivenOptions& given) {
  auto run = flipRunSettings(dir);
  if (!run) return config;
  const json asked = flipConfigToJson(config);
  for (const auto& [key, option] : given) {
    if (!asked.contains(key)) continue;
    if (key != "generations" && run->value(key, json()) != asked.at(key))
      throw std::invalid_argument(fmt::format("{}: the run in {} was started with {} = {}, not {}; use a new directory",
                                              option, dir, key, run->value(key, json()).dump(), asked.at(key).dump()));
    (*run)[key] = asked.at(key);
  }
  FlipTrainingConfig out = flipConfigFromJson(*run);
  out.trainThreads = config.trainThreads;
  out.device = config.device;
  out.ratingConcurrency = config.ratingConcurrency;
  return out;
}

void checkFlipTrainingConfig(const FlipTrainingConfig& c) {
  const auto bad = [](const std::string& option, const std::string& why) {
    return std::invalid_argument(fmt::format("{}: {}", option, why));
  };
  try {
    nets::NetworkShape::parse(c.shape);
  } catch (const std::exception& e) {
    throw bad("--shape", e.what());
  }
  if (c.optimizer != "adam" && c.optimizer != "sgd")
    throw bad("--optimizer", fmt::format("'{}' is not an optimizer: use adam or sgd", c.optimizer));
  if (!std::isfinite(c.learningRate) || c.learningRate <= 0)
    throw bad("--lr", fmt::format("must be a number above 0, not '{}'", c.learningRate));
  if (!(c.cpuct > 0)) throw bad("--cpuct", fmt::format("must be a number above 0, not '{}'", c.cpuct));
  if (c.device != "cpu") throw bad("--device", fmt::format("'{}': a flip run trains on the cpu only", c.device));
  std::set<std::string> names;
  for (const std::string& b : c.baselines) {
    try {
      makeFlipAgent(b);
    } catch (const std::exception& e) {
      throw bad("--baselines", fmt::format("'{}': {}", b, e.what()));
    }
    if (!names.insert(b.substr(0, b.find(':'))).second)
      throw bad("--baselines", fmt::format("two baselines are called '{}'", b.substr(0, b.find(':'))));
  }
}

}  // namespace junqi
