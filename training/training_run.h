// The main job: a self-play training run, end to end, in one run directory.
//
// Generation after generation: self-play games with the latest network
// (written as a shard), training on a replay window of the latest positions
// (a checkpoint with the optimizer state), export of the new generation's
// weights, and a rated match of the new generation against the previous one
// and the fixed baselines, all games of all generations rated together in one
// table and drawn as Elo by generation and losses by step.
//
// Every step leaves files behind it before the next starts, written through
// temporary names and renames, and every step first looks for its files: so
// `kill -9` at any moment and the same command again resumes where the run
// was, without losing or duplicating a game or a training step. Self-play
// workers and the trainer talk only through these files (see `junqi selfplay`
// and `junqi trainer` for running them as separate processes).
//
//   DIR/config.json                 the run's settings (a rerun must match)
//   DIR/shards/gen-NNNN.jqs         self-play samples made with generation NNNN-1 (or, with
//                                   external self-play, w-WORKER-NNNNNN.jqs, and the list of
//                                   those each generation trained on in DIR/log/gen-NNNN.shards)
//   DIR/shards/gen-NNNN.part.jqs    the games a Ctrl-C during self-play kept (figures: .part.json)
//   DIR/checkpoints/gen-NNNN/       model, optimizer, steps after training generation NNNN
//   DIR/weights/gen-NNNN.jqw        exported weights (gen-0000: the untrained network)
//   DIR/matches/gen-NNNN/           the rating match of generation NNNN (a resumable match)
//   DIR/log.jsonl                   one line per generation: self-play, losses, ratings
//   DIR/ratings.txt|json|csv        every generation and baseline, rated together
//   DIR/report.svg, report.html     Elo by generation, losses by step, settings, self-play
//                                   figures (training/run_report.h)
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/ruleset.h"

namespace junqi {

struct TrainingConfig {
  Ruleset ruleset;
  std::string shape = "tiny";
  int generations = 3;
  int gamesPerGeneration = 12;
  int parallelGames = 6;
  int sims = 48;             // per self-play move
  double cpuct = 1.5;
  double rolloutMix = 0.5;   // share of a (greedy, shallow) rollout in leaf values
  int rolloutDepth = 16;
  int temperaturePlies = 20;
  double rootNoise = 0.3;    // Dirichlet alpha
  double valueOutcomeShare = 0.5;  // value target: this much the game's result, the rest the search's value
  int maxPlies = 500;        // self-play and rating games end in an adjudicated draw here
  // Teacher games (selfplay/teacher_games.h): with teacherGames > 0,
  // generation 1 learns from games of the tactical player instead of
  // self-play with the untrained network, for teacherSteps steps.
  int teacherGames = 0;
  int teacherPositions = 8;  // positions kept per teacher game
  int teacherSteps = 0;      // 0: stepsPerGeneration
  int stepsPerGeneration = 150;
  int batchSize = 128;
  int replayWindow = 40000;  // positions
  std::string optimizer = "adam";
  double learningRate = 2e-3;
  double weightDecay = 1e-4;
  int trainThreads = 2;
  std::string device = "cpu";
  int ratingPairs = 4;       // layout pairs per pairing in each generation's match
  int ratingSims = 48;
  int ratingConcurrency = 2;
  std::vector<std::string> baselines = {"random", "heuristic"};
  std::uint64_t seed = 1;
  // Self-play by separate worker processes (`junqi selfplay`): the trainer
  // waits for their shards instead of playing itself.
  bool externalSelfPlay = false;
  std::string selfPlayBackend = "eigen";  // or "torch"
};

// Throws std::invalid_argument, naming the `junqi train` option, for settings
// a run could not use: a network shape, optimizer, device, learning rate,
// self-play backend or baseline that does not work, or two baselines with one
// name. runTraining calls it before it writes anything.
void checkTrainingConfig(const TrainingConfig& config);

// The comma-separated agent specs of `--baselines`: an item holding '=' before
// any ':' is a parameter of the spec before it ("random,ismcts:sims=50,seed=3"
// is random and ismcts:sims=50,seed=3).
std::vector<std::string> splitAgentSpecs(const std::string& list);

// The search settings a run rates its networks with, as `nn` agent
// parameters ("sims=48,c=1.5,mix=0.5,depth=16,rollout=greedy"); the weights
// files it exports carry them, so a bot plays as it was rated.
std::string ratedSearchSettings(const TrainingConfig& config);

// "H:MM:SS" for a progress line's ETA ("?" when it cannot be known).
std::string eta(double seconds);

// Self-play workers' files, for classic and flip runs alike:
// the newest generation with weights in the run `dir` (-1: none yet);
int newestGeneration(const std::string& dir);
// throws std::runtime_error unless `worker` is one word (it makes file names);
void checkWorkerName(const std::string& worker);
// shards/w-NAME-NNNNNN.jqs, and the index of the worker's next free one.
std::string workerShardName(const std::string& worker, int index);
int nextWorkerShardIndex(const std::string& dir, const std::string& worker);

// The settings of the run a checkpoint directory (DIR/checkpoints/gen-NNNN)
// belongs to, read from DIR/config.json; nullopt for a checkpoint outside a run.
std::optional<TrainingConfig> runConfigOfCheckpoint(const std::string& checkpoint);

// The settings to resume the run in `dir` with: its config.json, with the
// settings named in `given` (pairs of a config.json key and the option that
// set it) taken from `config`. A given setting that differs from the run's is
// refused (std::invalid_argument naming the option), except `generations`,
// which extends (or shortens) the run. Without a config.json: `config`.
TrainingConfig resumedConfig(const std::string& dir, const TrainingConfig& config,
                             const std::vector<std::pair<std::string, std::string>>& given);

// Runs (or resumes) the training run in `dir`. `log` gets progress lines, and
// a "warning: ..." line when the run would take more than an hour at the
// measured pace. `stop` ends it cleanly: finished self-play games are kept.
// Throws std::invalid_argument for settings checkTrainingConfig refuses, and
// std::runtime_error when the directory holds a different run (one whose
// settings differ in more than the number of generations).
void runTraining(const std::string& dir, const TrainingConfig& config,
                 const std::function<void(const std::string&)>& log, const std::atomic<bool>* stop = nullptr);

// A self-play worker of a run with external self-play: plays with the newest
// exported generation and writes DIR/shards/w-WORKER-NNNNNN.jqs, `shards`
// times (0: until stopped or the run has all its generations). The run's
// settings come from DIR/config.json. `backend`: "torch" or "eigen".
void runSelfPlayWorker(const std::string& dir, const std::string& worker, int shards, const std::string& backend,
                       const std::function<void(const std::string&)>& log, const std::atomic<bool>* stop = nullptr);

}  // namespace junqi
