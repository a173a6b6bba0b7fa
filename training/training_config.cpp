#include "training/training_config.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <thread>

#include <fmt/format.h>

#include "core/binary_io.h"
#include "core/files.h"
#include "core/random.h"

namespace junqi {

namespace fs = std::filesystem;
using json = nlohmann::json;

json trainingConfigJson(const TrainingConfig& c) {
  json j = {{"ruleset", c.ruleset.toString()},
          {"shape", c.shape},
          {"generations", c.generations},
          {"games_per_generation", c.gamesPerGeneration},
          {"parallel_games", c.parallelGames},
          {"sims", c.sims},
          {"cpuct", c.cpuct},
          {"rollout_mix", c.rolloutMix},
          {"rollout_depth", c.rolloutDepth},
          {"temperature_plies", c.temperaturePlies},
          {"root_noise", c.rootNoise},
          {"value_outcome_share", c.valueOutcomeShare},
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
          {"seed", c.seed},
          {"external_selfplay", c.externalSelfPlay},
          {"selfplay_backend", c.selfPlayBackend}};
  if (c.teacherGames > 0) {  // only then, so that the runs made before teachers still resume
    j["teacher_games"] = c.teacherGames;
    j["teacher_positions"] = c.teacherPositions;
    j["teacher_steps"] = c.teacherSteps;
  }
  // The same for the settings added later: written only when they differ from what the older runs did.
  if (c.gumbel) j["gumbel"] = true, j["gumbel_actions"] = c.gumbelActions;
  if (c.fastSims > 0) j["full_search_share"] = c.fullSearchShare, j["fast_sims"] = c.fastSims;
  if (!c.anchorGenerations.empty()) j["anchor_generations"] = c.anchorGenerations;
  if (!c.ratePrevious) j["rate_previous"] = false;
  if (!c.initWeights.empty()) j["init_weights"] = c.initWeights;
  if (c.identityLoss != 0) j["identity_loss"] = c.identityLoss;
  return j;
}

TrainingConfig trainingConfigOf(const json& j) {
  TrainingConfig c;
  c.ruleset = Ruleset::parse(j.at("ruleset").get<std::string>());
  c.shape = j.at("shape");
  c.generations = j.at("generations");
  c.gamesPerGeneration = j.at("games_per_generation");
  c.parallelGames = j.at("parallel_games");
  c.sims = j.at("sims");
  c.cpuct = j.at("cpuct");
  c.rolloutMix = j.at("rollout_mix");
  c.rolloutDepth = j.at("rollout_depth");
  c.temperaturePlies = j.at("temperature_plies");
  c.rootNoise = j.at("root_noise");
  c.valueOutcomeShare = j.value("value_outcome_share", 0.5);
  c.maxPlies = j.at("max_plies");
  c.stepsPerGeneration = j.at("steps_per_generation");
  c.batchSize = j.at("batch_size");
  c.replayWindow = j.at("replay_window");
  c.optimizer = j.at("optimizer");
  c.learningRate = j.at("learning_rate");
  c.weightDecay = j.at("weight_decay");
  c.ratingPairs = j.at("rating_pairs");
  c.ratingSims = j.at("rating_sims");
  c.baselines = j.at("baselines").get<std::vector<std::string>>();
  c.seed = j.at("seed");
  c.externalSelfPlay = j.value("external_selfplay", false);
  c.selfPlayBackend = j.value("selfplay_backend", "eigen");
  c.teacherGames = j.value("teacher_games", 0);
  c.teacherPositions = j.value("teacher_positions", 8);
  c.teacherSteps = j.value("teacher_steps", 0);
  c.gumbel = j.value("gumbel", false);
  c.gumbelActions = j.value("gumbel_actions", 16);
  c.fullSearchShare = j.value("full_search_share", 1.0);
  c.fastSims = j.value("fast_sims", 0);
  c.anchorGenerations = j.value("anchor_generations", std::vector<int>{});
  c.ratePrevious = j.value("rate_previous", true);
  c.initWeights = j.value("init_weights", "");
  c.identityLoss = j.value("identity_loss", 0.0);
  return c;
}

json readRunSettings(const std::string& config) {
  try {
    json settings = json::parse(readFile(config));
    (void)trainingConfigOf(settings);
    return settings;
  } catch (const std::exception& e) {
    throw std::runtime_error(fmt::format("{}: not a training run's settings ({})", config, e.what()));
  }
}

std::vector<std::string> splitAgentSpecs(const std::string& list) {
  std::vector<std::string> specs;
  std::size_t at = 0;
  while (at <= list.size()) {
    auto comma = list.find(',', at);
    if (comma == std::string::npos) comma = list.size();
    const std::string item = list.substr(at, comma - at);
    const auto eq = item.find('=');
    if (!specs.empty() && eq != std::string::npos && item.find(':') > eq)
      specs.back() += "," + item;  // a parameter of the spec before
    else if (!item.empty())
      specs.push_back(item);
    at = comma + 1;
  }
  return specs;
}

std::string ratedSearchSettings(const TrainingConfig& c) {
  return fmt::format("sims={},c={},mix={},depth={},rollout=greedy", c.ratingSims, c.cpuct, c.rolloutMix, c.rolloutDepth);
}

SelfPlayOptions selfPlayOptions(const TrainingConfig& c, std::uint64_t seed) {
  SelfPlayOptions so;
  so.ruleset = c.ruleset;
  so.games = c.gamesPerGeneration;
  so.parallelGames = c.parallelGames;
  so.search.iterations = c.sims;
  so.search.exploration = c.cpuct;
  so.search.rolloutMix = c.rolloutMix;
  so.search.rolloutDepth = c.rolloutDepth;
  so.search.rollout = RolloutPolicy::Greedy;
  so.search.rootNoiseAlpha = c.rootNoise;
  so.search.gumbel = c.gumbel;
  so.search.gumbelRoot.actions = c.gumbelActions;
  so.fullSearchShare = c.fullSearchShare;
  so.fastSims = c.fastSims;
  so.temperaturePlies = c.temperaturePlies;
  so.outcomeShare = c.valueOutcomeShare;
  so.maxPlies = c.maxPlies;
  so.seed = seed;
  return so;
}

std::string eta(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0) return "?";
  const long s = std::lround(seconds);
  return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
}

std::string selfPlayLine(const std::string& who, const SelfPlayStats& s, int games, const std::string& kind) {
  const double rate = s.games / std::max(1e-9, s.seconds);
  const std::string evals =
      s.evaluations > 0 ? fmt::format(", {:.0f} evals/s", s.evaluations / std::max(1e-9, s.seconds)) : "";
  const std::string cpu =
      s.cpuSeconds > 0 ? fmt::format(" ({:.0f} a CPU-second)", s.positions / s.cpuSeconds) : "";
  return fmt::format("{} | {} {}/{} games | {:.1f} games/min, {:.0f} positions/s{}{} | ETA of these games {}", who,
                     kind, s.games, games, 60 * rate, s.positions / std::max(1e-9, s.seconds), cpu, evals,
                     eta((games - s.games) / std::max(1e-9, rate)));
}

std::string generationName(int g) { return fmt::format("gen-{:04}", g); }

namespace {

// The network agent of generation g as a match player.
std::string netSpec(const fs::path& dir, int g, const TrainingConfig& c) {
  return fmt::format("nn:weights={},{},seed={}", (dir / "weights" / (generationName(g) + ".jqw")).string(),
                     ratedSearchSettings(c), c.seed + static_cast<std::uint64_t>(g));
}

}  // namespace

void waitForRatingRecords(int g, int generations, int games, const std::function<int()>& recorded,
                          const std::function<bool()>& stopped, const std::function<void(const std::string&)>& log) {
  for (int waited = 0; !stopped(); ++waited) {
    const int done = recorded();
    if (done >= games) return;
    if (waited % 30 == 0)
      log(fmt::format("gen {}/{} | rating | waiting for the rating games played elsewhere: {}/{}", g, generations, done,
                      games));
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
}

std::vector<int> ratingGenerations(int g, const TrainingConfig& c) {
  std::vector<int> opponents;
  if (c.ratePrevious) opponents.push_back(g - 1);
  for (const int h : c.anchorGenerations)
    if (h < g && std::find(opponents.begin(), opponents.end(), h) == opponents.end()) opponents.push_back(h);
  if (opponents.empty() && c.baselines.empty()) opponents.push_back(g - 1);  // someone to be rated against
  return opponents;
}

MatchOptions ratingMatchOptions(const std::string& dirName, int g, const TrainingConfig& c) {
  const fs::path dir(dirName);
  MatchOptions o;
  o.ruleset = c.ruleset;
  o.schedule = MatchSchedule::Gauntlet;
  o.pairs = c.ratingPairs;
  o.concurrency = c.ratingConcurrency;
  o.seed = Rng::mix(c.seed, 0xa7c4 + static_cast<std::uint64_t>(g));
  o.maxPlies = c.maxPlies;
  o.outDir = (dir / "matches" / generationName(g)).string();
  o.movableRoot = dir.string();  // the weights paths in the players' specs are under it
  o.players.push_back({generationName(g), netSpec(dir, g, c), ""});
  for (const int h : ratingGenerations(g, c)) o.players.push_back({generationName(h), netSpec(dir, h, c), ""});
  for (const std::string& b : c.baselines) o.players.push_back({b.substr(0, b.find(':')), b, ""});
  return o;
}

int newestGeneration(const std::string& dir) {
  int newest = -1;
  if (!fs::exists(fs::path(dir) / "weights")) return newest;
  for (const auto& e : fs::directory_iterator(fs::path(dir) / "weights")) {
    int g = -1;
    if (std::sscanf(e.path().filename().string().c_str(), "gen-%d.jqw", &g) == 1 && e.path().extension() == ".jqw")
      newest = std::max(newest, g);
  }
  return newest;
}

void checkWorkerName(const std::string& worker) {
  if (worker.empty() || worker.find_first_of("/ .") != std::string::npos)
    throw std::runtime_error(fmt::format("worker name '{}': one word without '/', ' ' or '.'", worker));
}

std::string workerShardName(const std::string& worker, int index) { return fmt::format("w-{}-{:06}.jqs", worker, index); }

int nextWorkerShardIndex(const std::string& dir, const std::string& worker) {
  int index = 0;
  while (fs::exists(fs::path(dir) / "shards" / workerShardName(worker, index))) ++index;
  return index;
}

std::uint64_t workerSeed(std::uint64_t runSeed, const std::string& worker, int index) {
  return Rng::mix(Rng::mix(runSeed, fnv1a(worker.data(), worker.size())), static_cast<std::uint64_t>(index));
}

}  // namespace junqi
