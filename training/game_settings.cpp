// The flip run's settings: from `junqi train`'s options, to and from
// config.json, checked before anything is written.
#include <algorithm>
#include <filesystem>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/files.h"
#include "core/random.h"
#include "training/variant_training_json.h"
#include "training/variant_training_run.h"
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
template <class Config, class Session>
Config withSession(Config c, const Session& session) {
  c.trainThreads = session.trainThreads;
  c.device = session.device;
  c.ratingConcurrency = session.ratingConcurrency;
  c.externalRating = session.externalRating;
  return c;
}

// The name a variant's runs carry in config.json, and in messages.
template <class Config>
struct RunVariant;
template <>
struct RunVariant<FlipTrainingConfig> {
  static constexpr const char* kName = "flip";
  static constexpr const char* kTitle = "Flip Junqi";
};
template <>
struct RunVariant<FourTrainingConfig> {
  static constexpr const char* kName = "four";
  static constexpr const char* kTitle = "four-player";
};

template <class Config>
json configToJson(const Config& c) {
  json j = settingsJson(c);
  j["variant"] = RunVariant<Config>::kName;
  j["ruleset"] = c.rules.toString();
  return j;
}

template <class Config>
Config configFromJson(const json& j) {
  // Settings added after the first flip runs: those runs played without them.
  static const json kWithout = {{"rollout_mix", 0.0}, {"root_noise", 0.0}, {"teacher_games", 0},
                                {"teacher_positions", 8}, {"teacher_steps", 0},
                                {"external_selfplay", false}};
  Config c;
  if (j.value("variant", "classic") != RunVariant<Config>::kName)
    throw std::runtime_error(fmt::format("not a {} run", RunVariant<Config>::kTitle));
  c.rules = decltype(c.rules)::parse(j.at("ruleset").get<std::string>());
  forEachSetting(c, [&](const char* key, auto& value) {
    (j.contains(key) || !kWithout.contains(key) ? j.at(key) : kWithout.at(key)).get_to(value);
  });
  return c;
}

template <class Config>
Config configOf(Config defaults, const TrainingConfig& classic, const GivenOptions& given) {
  json asked = configToJson(defaults);
  const json from = settingsJson(classic);  // the options both runs have, as given to `junqi train`
  for (const auto& [key, option] : given) {
    if (key == "ruleset") continue;
    if (!from.contains(key))
      throw std::invalid_argument(fmt::format("{}: not available in a {} run", option, RunVariant<Config>::kTitle));
    asked[key] = from.at(key);
  }
  return withSession(configFromJson<Config>(asked), classic);
}

template <class Config>
std::optional<json> runSettings(const std::string& dir) {
  const fs::path path = fs::path(dir) / "config.json";
  if (!fs::exists(path)) return std::nullopt;
  try {
    json j = json::parse(readFile(path.string()));
    if (j.value("variant", "classic") != RunVariant<Config>::kName) return std::nullopt;
    (void)configFromJson<Config>(j);
    return j;
  } catch (const std::exception& e) {
    throw std::runtime_error(fmt::format("{}: not a {} training run's settings ({})", path.string(),
                                         RunVariant<Config>::kName, e.what()));
  }
}

template <class Config>
Config resumedConfig(const std::string& dir, const Config& config, const GivenOptions& given) {
  auto run = runSettings<Config>(dir);
  if (!run) return config;
  const json asked = configToJson(config);
  for (const auto& [key, option] : given) {
    if (!asked.contains(key)) continue;
    const json started = configToJson(configFromJson<Config>(*run)).at(key);
    if (key != "generations" && started != asked.at(key))
      throw std::invalid_argument(fmt::format("{}: the run in {} was started with {} = {}, not {}; use a new directory",
                                              option, dir, key, started.dump(), asked.at(key).dump()));
    (*run)[key] = asked.at(key);
  }
  return withSession(configFromJson<Config>(*run), config);
}

// The gauntlet of generation g against g-1 and the baselines, for either game's match.
template <class MatchOptions, class Config>
MatchOptions ratingMatchOptions(const std::string& dir, int g, const Config& c) {
  MatchOptions o;
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

}  // namespace

json flipConfigToJson(const FlipTrainingConfig& c) { return configToJson(c); }
FlipTrainingConfig flipConfigFromJson(const json& j) { return configFromJson<FlipTrainingConfig>(j); }

FlipTrainingConfig flipConfigOf(const TrainingConfig& classic, const FlipRuleset& rules, const GivenOptions& given) {
  FlipTrainingConfig defaults;
  defaults.rules = rules;
  return configOf(defaults, classic, given);
}

std::optional<json> flipRunSettings(const std::string& dir) { return runSettings<FlipTrainingConfig>(dir); }

bool isFlipRun(const std::string& dir) { return flipRunSettings(dir).has_value(); }

FlipTrainingConfig resumedFlipConfig(const std::string& dir, const FlipTrainingConfig& config,
                                     const GivenOptions& given) {
  return resumedConfig(dir, config, given);
}

json fourConfigToJson(const FourTrainingConfig& c) { return configToJson(c); }
FourTrainingConfig fourConfigFromJson(const json& j) { return configFromJson<FourTrainingConfig>(j); }

// A four-player run's own defaults: longer games, fewer and larger samples.
FourTrainingConfig fourConfigOf(const TrainingConfig& classic, const FourRuleset& rules, const GivenOptions& given) {
  FourTrainingConfig defaults;
  defaults.rules = rules;
  defaults.rolloutMix = 0;
  defaults.maxPlies = 600;
  defaults.temperaturePlies = 40;
  defaults.teacherGames = 100;
  defaults.teacherPositions = 24;
  defaults.replayWindow = 6000;
  defaults.ratingSims = 32;
  return configOf(defaults, classic, given);
}

std::optional<json> fourRunSettings(const std::string& dir) { return runSettings<FourTrainingConfig>(dir); }

bool isFourRun(const std::string& dir) { return fourRunSettings(dir).has_value(); }

FourTrainingConfig resumedFourConfig(const std::string& dir, const FourTrainingConfig& config,
                                     const GivenOptions& given) {
  return resumedConfig(dir, config, given);
}

FourMatchOptions fourRatingMatchOptions(const std::string& dir, int g, const FourTrainingConfig& c) {
  return ratingMatchOptions<FourMatchOptions>(dir, g, c);
}

FourSelfPlayOptions fourSelfPlayOptions(const FourTrainingConfig& c, std::uint64_t seed, bool teacher) {
  FourSelfPlayOptions o;
  o.rules = c.rules;
  o.games = teacher ? c.teacherGames : c.gamesPerGeneration;
  o.threads = c.parallelGames;
  o.sims = c.sims;
  o.cpuct = c.cpuct;
  o.rootNoise = c.rootNoise;
  o.temperaturePlies = c.temperaturePlies;
  o.maxPlies = c.maxPlies;
  o.seed = seed;
  o.teacher = teacher;
  o.teacherPositions = c.teacherPositions;
  return o;
}

FlipMatchOptions flipRatingMatchOptions(const std::string& dir, int g, const FlipTrainingConfig& c) {
  return ratingMatchOptions<FlipMatchOptions>(dir, g, c);
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
