// `mpirun -n N junqi train --run DIR --mpi ...`: every rank runs this
// program; rank 0 starts the trainer (junqi-train with the same options and
// --external-selfplay) and the others play its self-play
// (distributed/mpi_training.h).
#include <fmt/format.h>

#include <charconv>
#include <optional>
#include <stdexcept>
#include <string_view>

#include "tools/commands/commands.h"

#ifdef JUNQI_WITH_MPI
#include "distributed/mpi_training.h"
#endif

namespace junqi::tools {

#ifdef JUNQI_WITH_MPI

namespace {

// The value of option `name` at argv[i] ("--name value" or "--name=value"),
// moving i past it; nullopt if argv[i] is another argument.
std::optional<std::string> optionValue(int argc, char** argv, int& i, std::string_view name) {
  const std::string_view a = argv[i];
  if (a == name) {
    if (i + 1 >= argc) throw std::runtime_error(fmt::format("{} needs a value", name));
    return argv[++i];
  }
  if (a.size() > name.size() && a.substr(0, name.size()) == name && a[name.size()] == '=')
    return std::string(a.substr(name.size() + 1));
  return std::nullopt;
}

// The trainer's command line: junqi-train, `train` and the options, less
// --mpi, --run DIR (each trainer rank adds its own) and --trainers T, with
// --external-selfplay and --external-rating; the run directory; the trainers.
MpiTrainingOptions trainerOptions(int argc, char** argv, const std::string& trainingProgram) {
  MpiTrainingOptions o;
  o.trainer = {trainingProgram, "train"};
  bool external = false;
  for (int i = 2; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a == "--mpi") continue;
    if (const auto run = optionValue(argc, argv, i, "--run")) {
      o.run = *run;
      continue;
    }
    if (const auto trainers = optionValue(argc, argv, i, "--trainers")) {
      const char* end = trainers->data() + trainers->size();
      const auto [last, error] = std::from_chars(trainers->data(), end, o.trainers);
      if (error != std::errc() || last != end || o.trainers < 1)
        throw std::runtime_error(fmt::format("--trainers {}: a number of at least 1", *trainers));
      continue;
    }
    external = external || a == "--external-selfplay";
    o.trainer.emplace_back(a);
  }
  if (!external) o.trainer.emplace_back("--external-selfplay");
  o.trainer.emplace_back("--external-rating");  // a classic run's rating games are played on the ranks
  return o;
}

}  // namespace

int runMpiTraining(int argc, char** argv, const std::string& trainingProgram) {
  MpiWorld world(argc, argv);
  const auto fail = [&](const std::string& why) {
    if (world.rank() == 0) fmt::print(stderr, "junqi train --mpi: {}\n", why);
    return 2;
  };
  MpiTrainingOptions options;
  try {
    options = trainerOptions(argc, argv, trainingProgram);
  } catch (const std::exception& e) {
    return fail(e.what());
  }
  if (options.run.empty()) return fail("--run DIR is required");
  if (world.size() < 2)
    return fail("an MPI run needs 2 ranks or more (rank 0 trains, the others play): mpirun -n 3 junqi train ...");
  if (options.trainers >= world.size())
    return fail(fmt::format("--trainers {} leaves no rank to play: run {} ranks or more", options.trainers,
                            options.trainers + 1));
  if (!world.onOneMachine(options.trainers)) options.trainersHost = world.machine();  // (every rank calls it)
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
