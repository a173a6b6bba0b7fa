// Self-play workers of a run with external self-play (`junqi selfplay`, and
// the worker ranks of an MPI run, distributed/): each plays shards of a
// generation's games with the newest weights, as the trainer would, for the
// trainer to train on. Classic, Flip Junqi and four-player runs alike. No LibTorch: inference by
// the Eigen backend, or "torch" where junqi-train has registered it.
#pragma once

#include <atomic>
#include <functional>
#include <string>

#include "selfplay/shard.h"

namespace junqi {

// One shard for a worker to play: everything it needs, so that a worker on
// another machine needs no copy of the run directory.
struct WorkerJob {
  std::string settings;    // the run's config.json
  int generation = 0;      // of the weights
  std::string weights;     // the bytes of weights/gen-NNNN.jqw
  std::string worker;      // the worker's name (one word)
  int index = 0;           // the shard's index among the worker's
  std::string backend = "eigen";
};

// The generations of the run whose config.json is `settings` (read from
// `source`), checked to be a run with external self-play; throws
// std::runtime_error naming `source` otherwise.
int externalRunGenerations(const std::string& settings, const std::string& source);

// Plays the job's shard (its seed: workerSeed of the run's seed, the worker's
// name and the index). The shard names its worker, index, generation, weights
// digest and seed; it holds no game when `stop` came before the first ended.
Shard playWorkerShard(const WorkerJob& job, const std::function<void(const std::string&)>& log,
                      const std::atomic<bool>* stop = nullptr);

// A worker of the run in `dir`: plays with the newest weights/gen-NNNN.jqw and
// writes DIR/shards/w-WORKER-NNNNNN.jqs, `shards` times (0: until stopped or
// the run has all its generations); waits while the run has no weights yet.
// Throws std::runtime_error for a directory without a run with external
// self-play or a bad worker name.
void runSelfPlayWorker(const std::string& dir, const std::string& worker, int shards, const std::string& backend,
                       const std::function<void(const std::string&)>& log, const std::atomic<bool>* stop = nullptr);

}  // namespace junqi
