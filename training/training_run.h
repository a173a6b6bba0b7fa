// The training run, end to end, in one run directory, for every game
// (classic, Flip Junqi, four-player: the game's part is a TrainingGame,
// training/training_game.h).
//
// Generation after generation: self-play games with the latest network
// (written as a shard), training on a replay window of the latest positions
// (a checkpoint with the optimizer state), export of the new generation's
// weights, and a rated match of the new generation against its panel (the
// previous generation, the anchor generations) and the fixed baselines, all
// games of all generations rated together in one table and drawn as Elo by
// generation and losses by step, with the learning curve (Elo against CPU
// hours, held-out losses).
//
// Every step leaves files behind it before the next starts, written through
// temporary names and renames, and every step first looks for its files: so
// `kill -9` at any moment and the same command again resumes where the run
// was, without losing or duplicating a game or a training step. Self-play
// workers and the trainer talk only through these files (see `junqi selfplay`
// and `junqi trainer` for running them as separate processes).
//
//   DIR/config.json                 the run's settings (a rerun must match; flip and four-player
//                                   runs carry "variant")
//   DIR/shards/gen-NNNN.jqs         self-play samples made with generation NNNN-1 (or, with
//                                   external self-play, w-WORKER-NNNNNN.jqs, and the list of
//                                   those each generation trained on in DIR/log/gen-NNNN.shards)
//   DIR/shards/gen-NNNN.part.jqs    the games a Ctrl-C during self-play kept (figures: .part.json)
//   DIR/checkpoints/gen-NNNN/       model, optimizer, steps after training generation NNNN
//   DIR/weights/gen-NNNN.jqw        exported weights (gen-0000: the untrained network)
//   DIR/matches/gen-NNNN/           the rating match of generation NNNN (a resumable match)
//   DIR/log.jsonl                   one line per generation: self-play, losses, ratings
//   DIR/ratings.txt|json|csv        every generation and baseline, rated together
//   DIR/learning-curve.csv          Elo per generation against CPU hours, held-out losses
//   DIR/report.svg, report.html     Elo by generation, losses by step, settings, self-play
//                                   figures (training/run_report.h)
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "training/training_config.h"

namespace junqi {


// Throws std::invalid_argument, naming the `junqi train` option, for settings
// a run could not use: a network shape, optimizer, device, learning rate,
// self-play backend or baseline that does not work, two baselines with one
// name, or what the run's game cannot do (naming the game). runTraining calls
// it before it writes anything.
void checkTrainingConfig(const TrainingConfig& config);

// Writes the network of `checkpoint`, a checkpoint of a run of `config`, to
// the weights file `out` as the run exports its generations (the game's
// inputs, rules and search settings), with `note` as its description.
// Returns the checkpoint's training steps.
long long exportCheckpoint(const std::string& checkpoint, const TrainingConfig& config, const std::string& note,
                           const std::string& out);

// The settings of the run a checkpoint directory (DIR/checkpoints/gen-NNNN)
// belongs to, read from DIR/config.json; nullopt for a checkpoint outside a run.
std::optional<TrainingConfig> runConfigOfCheckpoint(const std::string& checkpoint);

// Runs (or resumes) the training run in `dir`. `log` gets progress lines, and
// a "warning: ..." line when the run would take more than an hour at the
// measured pace. `stop` ends it cleanly: finished self-play games are kept.
// Throws std::invalid_argument for settings checkTrainingConfig refuses, and
// std::runtime_error when the directory holds a different run (one whose
// settings differ in more than the number of generations, or another game's).
void runTraining(const std::string& dir, const TrainingConfig& config,
                 const std::function<void(const std::string&)>& log, const std::atomic<bool>* stop = nullptr);

}  // namespace junqi
