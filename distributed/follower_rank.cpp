#include "distributed/follower_rank.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <thread>

#include <fmt/format.h>

#include "core/binary_io.h"
#include "core/files.h"
#include "distributed/child_process.h"

namespace junqi::mpi {

namespace fs = std::filesystem;

FollowerRank::FollowerRank(const MpiWorld& world, const MpiTrainingOptions& options,
                           const std::function<void(const std::string&)>& log)
    : world_(world),
      options_(options),
      log_(log),
      scratch_(fs::temp_directory_path() / fmt::format("junqi-mpi-trainer-rank{}-{}", world.rank(), getpid())) {}

FollowerRank::~FollowerRank() {
  std::error_code ignored;
  fs::remove_all(scratch_, ignored);
}

void FollowerRank::run() {
  const std::string greeting = world_.receive(0, kPartnerHelloTag);  // (the reader holds a view of it)
  ByteReader<std::runtime_error> hello(greeting, "rank 0's hello");
  const std::string settings = hello.getString("the run's settings");
  const std::string store = hello.getString("where the trainers meet");
  if (settings.empty()) return;  // rank 0's trainer did not start
  fs::create_directories(scratch_ / "log");
  writeFileAtomically((scratch_ / "config.json").string(), settings);
  startTrainer(store);
  for (;;) {
    if (const auto message = broadcast_.receive())
      if (decodeBroadcast(*message).order == Order::Stop) break;
    while (const auto forwarded = world_.poll(kGenerationTag)) save(decodeForwarded(forwarded->second));
    // A trainer ends before the stop only when it failed (e.g. rank 0's trainer
    // died in an average): the run cannot go on, and the job ends at once
    // instead of rank 0's trainer waiting for this one.
    if (!ended_)
      if (const std::optional<int> status = childExitStatus(trainer_)) {
        ended_ = true;
        if (*status != 0) throw std::runtime_error(fmt::format("its trainer ended with status {}", *status));
      }
    std::this_thread::sleep_for(kPollInterval);
  }
  stopTrainer();
  world_.send(0, kByeTag, "");
}

// The trainer's arguments are rank 0's trainer's, on the scratch directory.
void FollowerRank::startTrainer(const std::string& store) {
  trainer_ = startChild(trainerCommand(options_, scratch_.string(), world_.rank(), store));
  log_(fmt::format("partner trainer (pid {}) in {}", trainer_, scratch_.string()));
}

// The files first, then log/forwarded naming the generation: the trainer
// starts on it once that is there.
void FollowerRank::save(const ForwardedGeneration& message) const {
  for (const auto& [name, bytes] : message.files) {
    const fs::path path = fs::path(name).lexically_normal();
    if (path.empty() || path.is_absolute() || *path.begin() == "..")
      throw std::runtime_error(fmt::format("rank 0 forwarded '{}', a file outside the run", name));
    fs::create_directories((scratch_ / path).parent_path());
    writeFileAtomically((scratch_ / path).string(), bytes);
  }
  writeFileAtomically((scratch_ / "log" / "forwarded").string(), std::to_string(message.generation));
}

// Rank 0's trainer has ended, so this one waits for nothing but the stop.
void FollowerRank::stopTrainer() {
  if (ended_) return;
  kill(trainer_, SIGTERM);
  int status = 0;
  waitpid(trainer_, &status, 0);
  ended_ = true;
}

}  // namespace junqi::mpi
