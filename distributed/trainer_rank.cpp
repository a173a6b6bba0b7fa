#include "distributed/trainer_rank.h"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <filesystem>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/binary_io.h"
#include "core/files.h"
#include "distributed/mpi_match.h"
#include "distributed/training_messages.h"
#include "training/selfplay_workers.h"
#include "training/training_config.h"

namespace junqi::mpi {

namespace fs = std::filesystem;

namespace {
std::atomic<int> signalled{0};
void onSignal(int signal) { signalled = signal; }
}  // namespace

TrainerRank::TrainerRank(const MpiWorld& world, const MpiTrainingOptions& options,
                         const std::function<void(const std::string&)>& log)
    : world_(world), options_(options), dir_(options.run), log_(log) {}

int TrainerRank::run() {
  std::signal(SIGINT, onSignal);
  std::signal(SIGTERM, onSignal);
  startTrainer();
  if (!greetWorkers()) return status_;
  relayUntil([this] { return !trainerRunning(); });
  if (ratingDone_.valid()) {  // a stopped trainer: the rating games in progress finish
    rating_->requestStop();
    relayUntil([this] { return ratingDone_.wait_for(std::chrono::seconds(0)) == std::future_status::ready; });
    ratingDone_.get();
  }
  stopWorkers();
  return status_;
}

// Relays weights, shards and signals until `done`.
void TrainerRank::relayUntil(const std::function<bool()>& done) {
  while (!done()) {
    passOnSignals();
    broadcastNewWeights();
    saveShards();
    broadcast_.progress();
    std::this_thread::sleep_for(kPollInterval);
  }
}

// The trainer gets SIGTERM should this process die first (it then stops cleanly).
void TrainerRank::startTrainer() {
  std::vector<char*> argv;
  for (const std::string& a : options_.trainer) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const pid_t parent = getpid();
  trainer_ = fork();
  if (trainer_ < 0) throw std::runtime_error("cannot start the trainer (fork failed)");
  if (trainer_ == 0) {
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent) _exit(1);  // the parent died before prctl
    execv(argv[0], argv.data());
    _exit(127);
  }
}

bool TrainerRank::trainerRunning() {
  if (status_ >= 0) return false;
  int status = 0;
  if (waitpid(trainer_, &status, WNOHANG) != trainer_) return true;
  status_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  if (status_ == 127) log_(fmt::format("cannot run the trainer {}", options_.trainer.front()));
  return false;
}

// Each worker gets the run's settings once the trainer has written them, and
// its next shard index; nothing (an empty message) if the trainer ended first.
bool TrainerRank::greetWorkers() {
  const fs::path config = fs::path(dir_) / "config.json";
  while (!fs::exists(config) && trainerRunning()) {
    passOnSignals();
    std::this_thread::sleep_for(kPollInterval);
  }
  const bool started = fs::exists(config) && trainerRunning();
  const std::string settings = started ? readFile(config.string()) : "";
  for (int rank = 1; rank < world_.size(); ++rank) {
    ByteWriter hello;
    hello.put(static_cast<std::int32_t>(started ? nextWorkerShardIndex(dir_, mpiWorkerName(rank)) : 0));
    hello.putString(settings);
    world_.send(rank, kHelloTag, hello.bytes());
  }
  if (!started) return false;
  ratesOnRanks_ = nlohmann::json::parse(settings).value("variant", "classic") == "classic";
  log_(fmt::format("mpi | {} self-play workers (ranks 1-{}) play for {}{}", world_.size() - 1, world_.size() - 1, dir_,
                   ratesOnRanks_ ? ", and its rating games" : ""));
  return true;
}

std::string TrainerRank::weightsOf(int generation) const {
  return readFile((fs::path(dir_) / "weights" / (generationName(generation) + ".jqw")).string());
}

// A new generation's weights go to every worker (the first time with the
// previous generation's, which its rating match also plays); once the run has
// all its generations, self-play pauses. A classic run's new generation is
// then rated on the ranks.
void TrainerRank::broadcastNewWeights() {
  const int newest = newestGeneration(dir_);
  if (newest <= sent_) return;
  const int generations = externalRunGenerations(readFile((fs::path(dir_) / "config.json").string()), dir_);
  if (sent_ < 0 && newest >= 1) broadcast_.post(encodeBroadcast({Order::Keep, newest - 1, weightsOf(newest - 1)}));
  broadcast_.post(encodeBroadcast({newest < generations ? Order::Play : Order::Pause, newest, weightsOf(newest)}));
  sent_ = newest;
  if (ratesOnRanks_ && newest >= 1) rate(newest);
}

// The rating match of a new generation, on its own thread: the trainer
// (--external-rating) waits for its records. The previous one has ended: the
// trainer exported this generation after it had every record of the last.
void TrainerRank::rate(int generation) {
  if (ratingDone_.valid()) ratingDone_.get();
  const TrainingConfig config = trainingConfigOf(nlohmann::json::parse(readFile(dir_ + "/config.json")));
  rating_ = std::make_unique<Match>(ratingMatchOptions(dir_, generation, config));
  playOnRanks(world_, *rating_, generation);
  ratingDone_ = std::async(std::launch::async, [this, generation, generations = config.generations] {
    rating_->run([&](const std::string& line) {
      log_(fmt::format("gen {}/{} | rating on the ranks | {}", generation, generations, line));
    });
  });
}

// Shards from the workers, written as a local worker writes its own; one
// already there (it cannot be, but a file is never overwritten) is left.
void TrainerRank::saveShards() {
  while (auto message = world_.poll(kShardTag)) {
    const auto& [rank, bytes] = *message;
    const Shard head = decodeShardHead(bytes, fmt::format("a shard from rank {}", rank));
    if (head.worker != mpiWorkerName(rank))
      throw std::runtime_error(fmt::format("rank {} sent a shard of worker '{}'", rank, head.worker));
    const fs::path path = fs::path(dir_) / "shards" / workerShardName(head.worker, static_cast<int>(head.index));
    if (fs::exists(path)) {
      log_(fmt::format("mpi | rank {}: {} exists; the copy sent is dropped", rank, path.filename().string()));
      continue;
    }
    writeFileAtomically(path.string(), bytes);
    log_(fmt::format("mpi | rank {}: {} ({} games, {} positions, generation {})", rank, path.filename().string(),
                     head.games, head.positionCount, head.generation));
  }
}

// Ctrl-C or SIGTERM (mpirun's, when a rank died): the trainer stops cleanly.
void TrainerRank::passOnSignals() {
  if (signalled == 0 || signalPassed_) return;
  signalPassed_ = true;
  kill(trainer_, SIGTERM);
}

void TrainerRank::stopWorkers() {
  broadcast_.post(encodeBroadcast({Order::Stop, -1, ""}));
  for (int left = world_.size() - 1; left > 0 || !broadcast_.progress();) {
    saveShards();
    while (world_.poll(kByeTag)) --left;
    std::this_thread::sleep_for(kPollInterval);
  }
}

}  // namespace junqi::mpi
