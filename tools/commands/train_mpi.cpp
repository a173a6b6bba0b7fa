// `mpirun -n N junqi train --run DIR --mpi ...`: every rank runs this
// program; rank 0 starts the trainer (junqi-train with the same options and
// --external-selfplay) and the others play its self-play
// (distributed/mpi_training.h).
#include <fmt/format.h>

#include <string_view>

#include "tools/commands/commands.h"

#ifdef JUNQI_WITH_MPI
#include "distributed/mpi_training.h"
#endif

namespace junqi::tools {

#ifdef JUNQI_WITH_MPI

namespace {

// The trainer's command line: junqi-train, `train` and the options, less
// --mpi, with --external-selfplay and --external-rating; and the run directory.
MpiTrainingOptions trainerOptions(int argc, char** argv, const std::string& trainingProgram) {
  MpiTrainingOptions o;
  o.trainer = {trainingProgram, "train"};
  bool external = false;
  for (int i = 2; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a == "--mpi") continue;
    if (a == "--run" && i + 1 < argc) o.run = argv[i + 1];
    if (a.rfind("--run=", 0) == 0) o.run = a.substr(6);
    external = external || a == "--external-selfplay";
    o.trainer.emplace_back(a);
  }
  if (!external) o.trainer.emplace_back("--external-selfplay");
  o.trainer.emplace_back("--external-rating");  // a classic run's rating games are played on the ranks
  return o;
}

}  // namespace

int runMpiTraining(int argc, char** argv, const std::string& trainingProgram) {
  const MpiTrainingOptions options = trainerOptions(argc, argv, trainingProgram);
  MpiWorld world(argc, argv);
  const auto fail = [&](const std::string& why) {
    if (world.rank() == 0) fmt::print(stderr, "junqi train --mpi: {}\n", why);
    return 2;
  };
  if (options.run.empty()) return fail("--run DIR is required");
  if (world.size() < 2)
    return fail("an MPI run needs 2 ranks or more (rank 0 trains, the others play): mpirun -n 3 junqi train ...");
  const int rank = world.rank();
  const auto log = [rank](const std::string& line) {
    fmt::print(stderr, "{}{}\n", rank == 0 ? "" : fmt::format("rank {} | ", rank), line);
  };
  try {
    return junqi::runMpiTraining(world, options, log);
  } catch (const std::exception& e) {
    // The whole job ends: a trainer (rank 0's child) stops cleanly on the SIGTERM it then gets.
    fmt::print(stderr, "junqi train --mpi: rank {}: {}\n", rank, e.what());
    MPI_Abort(MPI_COMM_WORLD, 1);
    return 1;
  }
}

#else

int runMpiTraining(int, char**, const std::string&) {
  fmt::print(stderr, "junqi train --mpi: this junqi was built without MPI (install libopenmpi-dev and build again)\n");
  return 2;
}

#endif

}  // namespace junqi::tools
