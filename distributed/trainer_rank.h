// Rank 0 of an MPI training run (mpi_training.h): the trainer as a child
// process, and the relay between it (through the run directory) and the
// worker ranks (through MPI): settings, weights, shards, and the run's
// rating games; and to the partner trainers (ranks 1..T-1 with --trainers T)
// the generations to train.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <functional>
#include <future>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "arena/match.h"
#include "distributed/mpi_training.h"
#include "training/worker_shard_lists.h"

namespace junqi::mpi {

class TrainerRank {
 public:
  TrainerRank(const MpiWorld& world, const MpiTrainingOptions& options,
              const std::function<void(const std::string&)>& log);
  int run();  // the trainer's exit status

 private:
  void startTrainer();
  bool trainerRunning();
  bool greetWorkers();
  std::string weightsOf(int generation) const;
  void broadcastNewWeights();
  void rate(int generation);
  template <class PairedMatchT>
  void ratePaired(std::shared_ptr<PairedMatchT> match, int generation,
                  const std::function<void(const std::string&)>& progress);
  void saveShards();
  int generationToTrain() const;
  std::vector<std::string> shardsUpTo(int g) const;
  void forwardGeneration();
  void passOnSignals();
  void relayUntil(const std::function<bool()>& done);
  void stopWorkers();

  const MpiWorld& world_;
  const MpiTrainingOptions& options_;
  std::string dir_;
  std::function<void(const std::string&)> log_;
  Broadcast broadcast_;
  pid_t trainer_ = -1;
  int status_ = -1;             // the trainer's exit status once it ended
  int sent_ = -1;               // the newest generation broadcast
  bool signalPassed_ = false;
  std::string trainersStore_;       // with partner trainers: host:port where they meet
  int forwarded_ = 0;               // the newest generation forwarded to the partner trainers
  std::set<std::string> sentShards_;  // the shards they have
  WorkerShardLists shardLists_;       // the generations' shard lists in the run directory
  std::future<void> ratingDone_;     // the rating match in progress, on its thread
  std::function<void()> stopRating_;  // it stops after the games in progress
  std::atomic<bool> ratingStopped_{false};
};

}  // namespace junqi::mpi
