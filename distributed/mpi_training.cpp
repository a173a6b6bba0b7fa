#include "distributed/mpi_training.h"

#include <fmt/format.h>

#include "distributed/follower_rank.h"
#include "distributed/trainer_rank.h"
#include "distributed/worker_rank.h"

namespace junqi {

std::string mpiWorkerName(int rank) { return fmt::format("rank{}", rank); }

int runMpiTraining(const MpiWorld& world, const MpiTrainingOptions& options,
                   const std::function<void(const std::string&)>& log) {
  if (world.rank() == 0) return mpi::TrainerRank(world, options, log).run();
  if (world.rank() < options.trainers) {
    mpi::FollowerRank(world, options, log).run();
    return 0;
  }
  mpi::WorkerRank(world, log).run();
  return 0;
}

}  // namespace junqi
