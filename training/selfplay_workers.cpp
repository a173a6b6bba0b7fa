#include "training/selfplay_workers.h"

#include <chrono>
#include <filesystem>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/files.h"
#include "training/game_settings.h"
#include "training/training_config.h"

namespace junqi {

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

// Flip Junqi and four-player runs play their seat games (training/game_settings.h).
bool isSeatGameSettings(const json& settings) { return settings.value("variant", "classic") != "classic"; }

json parsedSettings(const std::string& settings, const std::string& source) {
  try {
    return json::parse(settings);
  } catch (const std::exception& e) {
    throw std::runtime_error(fmt::format("{}: not a training run's settings ({})", source, e.what()));
  }
}

Shard playClassicShard(const WorkerJob& job, const json& settings, const nets::WeightsFile& weights,
                       std::uint64_t seed, const std::function<void(const std::string&)>& log, const std::atomic<bool>* stop) {
  const TrainingConfig c = trainingConfigOf(settings);
  SelfPlayStats stats;
  const std::string who = fmt::format("worker {} shard {} (generation {})", job.worker, job.index, job.generation);
  return playSelfPlay(nets::makeBackend(job.backend, weights), selfPlayOptions(c, seed), stats,
                      [&](const SelfPlayStats& s) { log(selfPlayLine(who, s, c.gamesPerGeneration)); }, stop);
}

// A Flip Junqi or four-player shard: the games the trainer would play with the same seed.
Shard playSeatShard(const WorkerJob& job, const json& settings, const nets::WeightsFile& weights, std::uint64_t seed,
                    const std::function<void(const std::string&)>& log, const std::atomic<bool>* stop) {
  const TrainingConfig c = trainingConfigOf(settings);
  if (job.backend != "eigen")
    throw std::runtime_error(
        fmt::format("backend {}: a {} run's self-play plays with eigen", job.backend, gameTitle(c.variant)));
  checkSeatWeights(c, weights, fmt::format("the weights file of generation {}", job.generation));
  const std::string what =
      fmt::format("worker {} shard {} (generation {}) | self-play", job.worker, job.index, job.generation);
  FlipSelfPlayStats s;
  Shard shard = playSeatSelfPlay(nets::makeBackend("eigen", weights), c, seed, 0, c.gamesPerGeneration, s, stop,
                                 flipProgressLines(log, what, c.gamesPerGeneration));
  // A four-player game's "first" and "second" are its teams (selfplay/four/four_selfplay.h).
  const bool teams = c.variant == "four";
  if (shard.games > 0)
    log(fmt::format("{} {} games, {} positions in {:.0f} s | {} {} wins, {} {}, draws {}", what, s.games, s.positions,
                    s.seconds, teams ? "south-north" : "first player", s.firstWins, teams ? "east-west" : "second",
                    s.secondWins, s.draws));
  return shard;
}

}  // namespace

int externalRunGenerations(const std::string& settings, const std::string& source) {
  const json j = parsedSettings(settings, source);
  bool external = false;
  int generations = 0;
  try {
    const TrainingConfig c = trainingConfigOf(j);
    external = c.externalSelfPlay, generations = c.generations;
  } catch (const std::exception& e) {
    throw std::runtime_error(fmt::format("{}: not a training run's settings ({})", source, e.what()));
  }
  if (!external)
    throw std::runtime_error(
        fmt::format("{} plays its own self-play; start it with junqi train --external-selfplay", source));
  return generations;
}

Shard playWorkerShard(const WorkerJob& job, const std::function<void(const std::string&)>& log,
                      const std::atomic<bool>* stop) {
  checkWorkerName(job.worker);
  const json settings = parsedSettings(job.settings, "the run's settings");
  const nets::WeightsFile weights = nets::parseWeights(job.weights, fmt::format("generation {}'s weights", job.generation));
  const std::uint64_t seed = workerSeed(settings.at("seed").get<std::uint64_t>(), job.worker, job.index);
  Shard shard = isSeatGameSettings(settings) ? playSeatShard(job, settings, weights, seed, log, stop)
                                             : playClassicShard(job, settings, weights, seed, log, stop);
  shard.worker = job.worker;
  shard.index = static_cast<std::uint64_t>(job.index);
  shard.generation = job.generation;
  shard.weightsDigest = weightsDigest(job.weights);
  shard.seed = seed;
  return shard;
}

void runSelfPlayWorker(const std::string& dirName, const std::string& worker, int shards, const std::string& backend,
                       const std::function<void(const std::string&)>& log, const std::atomic<bool>* stop) {
  const fs::path dir(dirName);
  if (!fs::exists(dir / "config.json"))
    throw std::runtime_error(fmt::format("{} is not a training run (no config.json): start it with junqi train", dirName));
  WorkerJob job;
  job.settings = readFile((dir / "config.json").string());
  job.worker = worker;
  job.backend = backend;
  const int generations = externalRunGenerations(job.settings, dirName);
  checkWorkerName(worker);
  for (int made = 0, waited = 0; (shards == 0 || made < shards) && !(stop && *stop);) {
    job.generation = newestGeneration(dirName);
    if (job.generation < 0) {
      if (waited++ % 15 == 0) log("waiting for the trainer to export generation 0");
      std::this_thread::sleep_for(std::chrono::seconds(2));
      continue;
    }
    if (job.generation >= generations) break;  // the run has all its generations
    job.index = nextWorkerShardIndex(dirName, worker);
    job.weights = readFile((dir / "weights" / (generationName(job.generation) + ".jqw")).string());
    const Shard shard = playWorkerShard(job, log, stop);
    if (shard.games == 0) break;  // stopped: the finished games are a shard too, only a smaller one
    writeShard(shard, (dir / "shards" / workerShardName(worker, job.index)).string());
    ++made;
  }
}

}  // namespace junqi
