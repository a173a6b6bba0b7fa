// A partner trainer rank of an MPI training run with `--trainers T` (ranks
// 1..T-1; mpi_training.h). It runs a trainer of its own (junqi-train with
// --data-parallel-rank R) on a scratch directory, and that trainer trains
// every generation with rank 0's: the same number of steps, each on its own
// share of the step's batch, the gradients averaged over the trainers
// (nets/torch_data_parallel.h), so the weights stay identical. Rank 0
// forwards what a generation needs (its shards and lists, and the checkpoint
// every trainer starts it from), so the scratch directory holds nothing that
// must outlive the job: rank 0's run directory is the run.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <functional>
#include <string>

#include "distributed/mpi_training.h"
#include "distributed/training_messages.h"

namespace junqi::mpi {

class FollowerRank {
 public:
  FollowerRank(const MpiWorld& world, const MpiTrainingOptions& options,
               const std::function<void(const std::string&)>& log);
  ~FollowerRank();
  void run();

 private:
  void startTrainer(const std::string& store);
  void save(const ForwardedGeneration& message) const;
  void stopTrainer();

  const MpiWorld& world_;
  const MpiTrainingOptions& options_;
  std::function<void(const std::string&)> log_;
  std::filesystem::path scratch_;
  Broadcast broadcast_;  // rank 0's broadcasts: this rank waits for the stop
  pid_t trainer_ = -1;
  bool ended_ = false;  // the trainer has ended
};

}  // namespace junqi::mpi
