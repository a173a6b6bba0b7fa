#include "distributed/mpi_training.h"

#include <fmt/format.h>

#include "distributed/follower_rank.h"
#include "distributed/trainer_rank.h"
#include "distributed/worker_rank.h"

namespace junqi {

std::vector<std::string> trainerCommand(const MpiTrainingOptions& options, const std::string& run, int rank,
                                        const std::string& store) {
  std::vector<std::string> argv = options.trainer;
  argv.insert(argv.begin() + 2, {"--run", run});
  if (options.trainers > 1)
    argv.insert(argv.end(), {"--data-parallel-rank", std::to_string(rank), "--data-parallel-size",
                             std::to_string(options.trainers), "--data-parallel-store", store});
  return argv;
}

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
