// The Flip Junqi and four-player training runs (`junqi train --rules
// flip-kawu`, `--rules four-worldatplay`): generation after generation,
// self-play with the game's network agent (selfplay/flip_selfplay.h,
// selfplay/four_selfplay.h), training with the LibTorch trainer on the
// game's encoding, export of its weights file, and a rating match
// (arena/flip_match.h, arena/four_match.h: team against team) of the new
// generation against the previous one and the baselines; all generations'
// games rated together. One run, two games: the game's part is a traits
// struct in variant_training_run.cpp.
//
// The run directory is laid out as the classic run's:
//   DIR/config.json                 the settings, with "variant": "flip" or "four"
//   DIR/shards/gen-NNNN.jqs         self-play samples made with generation NNNN-1 (or, with
//                                   external self-play, w-WORKER-NNNNNN.jqs, and the list of
//                                   those each generation trained on in DIR/log/gen-NNNN.shards)
//   DIR/checkpoints/gen-NNNN/       model, optimizer, steps (and training.json: the losses)
//   DIR/weights/gen-NNNN.jqw        the game's weights files (gen-0000: the untrained network)
//   DIR/matches/gen-NNNN/           the rating match of generation NNNN (resumable)
//   DIR/log/gen-NNNN.json, log.jsonl   self-play figures, losses, timing
//   DIR/ratings.txt|json|csv        every generation and baseline, rated together
// Every step writes through temporary names and first looks for its files,
// so the same command again resumes where the run stopped; a stop (Ctrl-C)
// keeps what was written (the self-play games of an unwritten shard are
// played again).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/flip_ruleset.h"
#include "core/four_ruleset.h"

namespace junqi {

struct TrainingConfig;

template <class Rules>
Rules defaultTrainingRules();
template <>
inline FlipRuleset defaultTrainingRules<FlipRuleset>() { return FlipRuleset::kawu(); }
template <>
inline FourRuleset defaultTrainingRules<FourRuleset>() { return FourRuleset::worldAtPlay(); }

// The settings of a Flip Junqi or a four-player run: the same keys in
// config.json. The defaults are a flip run's; `junqi train` gives a
// four-player run its own (fourConfigOf).
template <class Rules>
struct GameTrainingConfig {
  Rules rules = defaultTrainingRules<Rules>();
  std::string shape = "tiny";
  int generations = 2;
  int gamesPerGeneration = 8;
  int parallelGames = 2;  // self-play games at once, one thread each
  int sims = 32;
  double cpuct = 1.5;
  double rolloutMix = 0.25;  // share of the static value (flip mcts's leaf value) in self-play leaf values (flip only)
  double rootNoise = 0.3;    // Dirichlet alpha at self-play roots; 0: none
  int temperaturePlies = 30;
  int maxPlies = 400;
  // Teacher games (selfplay/flip_teacher_games.h, selfplay/four_selfplay.h):
  // with teacherGames > 0, generation 1 learns from the heuristic's games instead of self-play
  // with the untrained network, for teacherSteps steps (0: stepsPerGeneration).
  int teacherGames = 400;
  int teacherPositions = 8;
  int teacherSteps = 0;
  int stepsPerGeneration = 60;
  int batchSize = 64;
  int replayWindow = 20000;
  std::string optimizer = "adam";
  double learningRate = 2e-3;
  double weightDecay = 1e-4;
  int ratingPairs = 2;
  int ratingSims = 32;
  std::vector<std::string> baselines = {"random", "heuristic"};
  std::uint64_t seed = 1;
  // Self-play by `junqi selfplay` workers (training/selfplay_workers.h): the trainer
  // waits for their shards; the teacher generation it still plays itself.
  bool externalSelfPlay = false;
  // Not settings of the run: they may change from one session to the next.
  int trainThreads = 2;
  std::string device = "cpu";
  int ratingConcurrency = 2;
  // Rating games played by someone else (an MPI run's ranks, distributed/):
  // the trainer waits for every game's record.
  bool externalRating = false;
};
using FlipTrainingConfig = GameTrainingConfig<FlipRuleset>;
// Four-player runs: rolloutMix unused (0), no external self-play or rating.
using FourTrainingConfig = GameTrainingConfig<FourRuleset>;

// A flip run's settings from `junqi train`'s: the flip defaults, and the
// options given (`given`: config.json keys of the classic run, as
// tools/commands/train.cpp names them) taken from `classic`. An option a
// flip run does not have is refused (std::invalid_argument naming it).
using GivenOptions = std::vector<std::pair<std::string, std::string>>;  // (config.json key, option)
FlipTrainingConfig flipConfigOf(const TrainingConfig& classic, const FlipRuleset& rules, const GivenOptions& given);

// Is the run in `dir` a flip run (its config.json says so)?
bool isFlipRun(const std::string& dir);

// The settings to resume the run in `dir` with: its config.json, with the
// settings named in `given` taken from `config`; one that differs from the
// run's is refused (std::invalid_argument), except `generations`.
FlipTrainingConfig resumedFlipConfig(const std::string& dir, const FlipTrainingConfig& config,
                                     const GivenOptions& given);

// The settings of the flip run a checkpoint directory (DIR/checkpoints/gen-NNNN)
// belongs to, read from DIR/config.json; nullopt for a checkpoint outside a
// flip run (a classic run's included).
std::optional<FlipTrainingConfig> flipRunConfigOfCheckpoint(const std::string& checkpoint);

// The search settings a flip run rates its networks with, as flip `nn` agent
// parameters ("sims=32,c=1.5,mix=0.25"; mix only when above 0); its weights
// files carry them.
std::string flipSearchSettings(const FlipTrainingConfig& config);

// Writes the network of `checkpoint`, a checkpoint of the flip run of
// `config`, to the weights file `out` as the run exports its generations
// (variant flip, the run's ruleset and search settings), with `note` as its
// description. Returns the checkpoint's training steps.
long long exportFlipCheckpoint(const std::string& checkpoint, const FlipTrainingConfig& config,
                               const std::string& note, const std::string& out);

// Throws std::invalid_argument naming the `junqi train` option of a setting
// the run could not use. runFlipTraining calls it before writing anything.
void checkFlipTrainingConfig(const FlipTrainingConfig& config);

// Runs (or resumes) the flip training run in `dir`.
void runFlipTraining(const std::string& dir, const FlipTrainingConfig& config,
                     const std::function<void(const std::string&)>& log, const std::atomic<bool>* stop = nullptr);

// Four-player runs: the same, without external self-play or rating (a run
// that asks for them is refused).
FourTrainingConfig fourConfigOf(const TrainingConfig& classic, const FourRuleset& rules, const GivenOptions& given);
bool isFourRun(const std::string& dir);
FourTrainingConfig resumedFourConfig(const std::string& dir, const FourTrainingConfig& config,
                                     const GivenOptions& given);
std::string fourSearchSettings(const FourTrainingConfig& config);
void checkFourTrainingConfig(const FourTrainingConfig& config);
std::optional<FourTrainingConfig> fourRunConfigOfCheckpoint(const std::string& checkpoint);
long long exportFourCheckpoint(const std::string& checkpoint, const FourTrainingConfig& config,
                               const std::string& note, const std::string& out);
void runFourTraining(const std::string& dir, const FourTrainingConfig& config,
                     const std::function<void(const std::string&)>& log, const std::atomic<bool>* stop = nullptr);


}  // namespace junqi
