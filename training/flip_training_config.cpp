// The flip run's settings: from `junqi train`'s options, to and from
// config.json, checked before anything is written.
#include <algorithm>
#include <filesystem>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/files.h"
#include "core/random.h"
#include "training/flip_training_json.h"
#include "training/flip_training_run.h"
#include "training/training_config.h"

namespace junqi {

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

// `visit(key, field)` for every setting a flip run keeps in config.json but
// its ruleset. The classic TrainingConfig names these fields alike, so the
// same list reads the options of `junqi train` a flip run shares.
template <class Config, class Visit>
void forEachSetting(Config& c, Visit&& visit) {
  visit("shape", c.shape);
  visit("generations", c.generations);
  visit("games_per_generation", c.gamesPerGeneration);
  visit("parallel_games", c.parallelGames);
  visit("sims", c.sims);
  visit("cpuct", c.cpuct);
  visit("rollout_mix", c.rolloutMix);
  visit("root_noise", c.rootNoise);
  visit("temperature_plies", c.temperaturePlies);
  visit("max_plies", c.maxPlies);
  visit("teacher_games", c.teacherGames);
  visit("teacher_positions", c.teacherPositions);
  visit("teacher_steps", c.teacherSteps);
  visit("steps_per_generation", c.stepsPerGeneration);
  visit("batch_size", c.batchSize);
  visit("replay_window", c.replayWindow);
  visit("optimizer", c.optimizer);
  visit("learning_rate", c.learningRate);
  visit("weight_decay", c.weightDecay);
  visit("rating_pairs", c.ratingPairs);
  visit("rating_sims", c.ratingSims);
  visit("baselines", c.baselines);
  visit("seed", c.seed);
  visit("external_selfplay", c.externalSelfPlay);
}

template <class Config>
json settingsJson(const Config& c) {
  json j;
  forEachSetting(c, [&](const char* key, const auto& value) { j[key] = value; });
  return j;
}

// What config.json does not keep (threads, device, rating concurrency) comes from this session.
template <class Session>
FlipTrainingConfig withSession(FlipTrainingConfig c, const Session& session) {
  c.trainThreads = session.trainThreads;
  c.device = session.device;
  c.ratingConcurrency = session.ratingConcurrency;
  c.externalRating = session.externalRating;
  return c;
}

}  // namespace

json flipConfigToJson(const FlipTrainingConfig& c) {
  json j = settingsJson(c);
  j["variant"] = "flip";
  j["ruleset"] = c.rules.toString();
  return j;
}

FlipTrainingConfig flipConfigFromJson(const json& j) {
  // Settings added after the first flip runs: those runs played without them.
  static const json kWithout = {{"rollout_mix", 0.0}, {"root_noise", 0.0}, {"teacher_games", 0},
                                {"teacher_positions", 8}, {"teacher_steps", 0},
                                {"external_selfplay", false}};
  FlipTrainingConfig c;
  if (j.value("variant", "classic") != "flip") throw std::runtime_error("not a Flip Junqi run");
  c.rules = FlipRuleset::parse(j.at("ruleset").get<std::string>());
  forEachSetting(c, [&](const char* key, auto& value) {
    (j.contains(key) || !kWithout.contains(key) ? j.at(key) : kWithout.at(key)).get_to(value);
  });
  return c;
}

FlipTrainingConfig flipConfigOf(const TrainingConfig& classic, const FlipRuleset& rules, const GivenOptions& given) {
  FlipTrainingConfig defaults;
  defaults.rules = rules;
  json asked = flipConfigToJson(defaults);
  const json from = settingsJson(classic);  // the options both runs have, as given to `junqi train`
  for (const auto& [key, option] : given) {
    if (key == "ruleset") continue;
    if (!from.contains(key)) throw std::invalid_argument(fmt::format("{}: not available in a Flip Junqi run", option));
    asked[key] = from.at(key);
  }
  return withSession(flipConfigFromJson(asked), classic);
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
    const json started = flipConfigToJson(flipConfigFromJson(*run)).at(key);
    if (key != "generations" && started != asked.at(key))
      throw std::invalid_argument(fmt::format("{}: the run in {} was started with {} = {}, not {}; use a new directory",
                                              option, dir, key, started.dump(), asked.at(key).dump()));
    (*run)[key] = asked.at(key);
  }
  return withSession(flipConfigFromJson(*run), config);
}

FlipMatchOptions flipRatingMatchOptions(const std::string& dir, int g, const FlipTrainingConfig& c) {
  FlipMatchOptions o;
  o.rules = c.rules;
  o.schedule = MatchSchedule::Gauntlet;
  o.pairs = c.ratingPairs;
  o.concurrency = c.ratingConcurrency;
  o.seed = Rng::mix(c.seed, 0xa7c4 + static_cast<std::uint64_t>(g));
  o.maxPlies = c.maxPlies;
  o.outDir = (fs::path(dir) / "matches" / generationName(g)).string();
  for (const int h : {g, g - 1}) {
    const fs::path weights = fs::path(dir) / "weights" / (generationName(h) + ".jqw");
    o.players.push_back({generationName(h), fmt::format("nn:weights={},seed={}", weights.string(), c.seed + h), ""});
  }
  for (const std::string& b : c.baselines) o.players.push_back({b.substr(0, b.find(':')), b, ""});
  return o;
}

FlipSelfPlayOptions flipSelfPlayOptions(const FlipTrainingConfig& c, std::uint64_t seed) {
  FlipSelfPlayOptions o;
  o.rules = c.rules;
  o.games = c.gamesPerGeneration;
  o.threads = c.parallelGames;
  o.sims = c.sims;
  o.cpuct = c.cpuct;
  o.staticMix = c.rolloutMix;
  o.rootNoise = c.rootNoise;
  o.temperaturePlies = c.temperaturePlies;
  o.maxPlies = c.maxPlies;
  o.seed = seed;
  return o;
}

FlipProgress flipProgressLines(const std::function<void(const std::string&)>& log, const std::string& what, int games) {
  const int every = std::max(1, games / 20);
  return [=](const FlipSelfPlayStats& r) {
    if (r.games % every != 0 && r.games != games) return;
    const double rate = r.games / std::max(1e-9, r.seconds);
    log(fmt::format("{} {}/{} games | {:.1f} games/min, {:.0f} positions/s | ETA of these games {}", what, r.games,
                    games, 60 * rate, r.positions / std::max(1e-9, r.seconds),
                    eta((games - r.games) / std::max(1e-9, rate))));
  };
}

}  // namespace junqi
