#include "distributed/mpi_training.h"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <future>
#include <thread>

#include <fmt/format.h>

#include "core/binary_io.h"
#include "core/files.h"
#include "training/selfplay_workers.h"
#include "training/training_config.h"

namespace junqi {

namespace fs = std::filesystem;

namespace {

// Point-to-point tags; rank 0's broadcasts need none.
constexpr int kHelloTag = 1;  // rank 0 -> worker: its first shard index and the run's settings
constexpr int kShardTag = 2;  // worker -> rank 0: a shard file's bytes
constexpr int kByeTag = 3;    // worker -> rank 0: after the stop, nothing more comes

// What rank 0 broadcasts: a generation's weights to play with, a pause (the
// run has its generations: no new shard), or the end.
enum class Order : std::int32_t { Play = 0, Pause = 1, Stop = 2 };

std::string orderMessage(Order order, int generation = -1, const std::string& weights = "") {
  ByteWriter out;
  out.put(static_cast<std::int32_t>(order));
  out.put(static_cast<std::int32_t>(generation));
  out.putString(weights);
  return out.bytes();
}

constexpr auto kPollInterval = std::chrono::milliseconds(20);

std::atomic<int> signalled{0};
void onSignal(int signal) { signalled = signal; }

}  // namespace

std::string mpiWorkerName(int rank) { return fmt::format("rank{}", rank); }

namespace {

// Rank 0: the trainer as a child process, and the relay between it (through
// the run directory) and the workers (through MPI).
class TrainerRank {
 public:
  TrainerRank(const MpiWorld& world, const MpiTrainingOptions& options,
              const std::function<void(const std::string&)>& log)
      : world_(world), options_(options), dir_(options.run), log_(log) {}
  int run();

 private:
  void startTrainer();
  bool trainerRunning();
  bool greetWorkers();
  void broadcastNewWeights();
  void saveShards();
  void passOnSignals();
  void stopWorkers();

  const MpiWorld& world_;
  const MpiTrainingOptions& options_;
  fs::path dir_;
  std::function<void(const std::string&)> log_;
  Broadcast broadcast_;
  pid_t trainer_ = -1;
  int status_ = -1;  // the trainer's exit status once it ended
  int sent_ = -1;    // the newest generation broadcast
  bool signalPassed_ = false;
};

int TrainerRank::run() {
  std::signal(SIGINT, onSignal);
  std::signal(SIGTERM, onSignal);
  startTrainer();
  if (greetWorkers()) {
    while (trainerRunning()) {
      passOnSignals();
      broadcastNewWeights();
      saveShards();
      broadcast_.progress();
      std::this_thread::sleep_for(kPollInterval);
    }
    stopWorkers();
  }
  return status_;
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
  const fs::path config = dir_ / "config.json";
  while (!fs::exists(config) && trainerRunning()) {
    passOnSignals();
    std::this_thread::sleep_for(kPollInterval);
  }
  const bool started = fs::exists(config) && trainerRunning();
  const std::string settings = started ? readFile(config.string()) : "";
  for (int rank = 1; rank < world_.size(); ++rank) {
    ByteWriter hello;
    hello.put(static_cast<std::int32_t>(started ? nextWorkerShardIndex(dir_.string(), mpiWorkerName(rank)) : 0));
    hello.putString(settings);
    world_.send(rank, kHelloTag, hello.bytes());
  }
  if (started)
    log_(fmt::format("mpi | {} self-play workers (ranks 1-{}) play for {}", world_.size() - 1, world_.size() - 1,
                     dir_.string()));
  return started;
}

// A new generation's weights go to every worker; once the run has all its
// generations (the trainer rates the last), the workers pause.
void TrainerRank::broadcastNewWeights() {
  const int newest = newestGeneration(dir_.string());
  if (newest <= sent_) return;
  sent_ = newest;
  const std::string config = (dir_ / "config.json").string();
  const int generations = externalRunGenerations(readFile(config), dir_.string());
  if (newest >= generations) {
    broadcast_.post(orderMessage(Order::Pause));
    return;
  }
  const std::string weights = readFile((dir_ / "weights" / (generationName(newest) + ".jqw")).string());
  broadcast_.post(orderMessage(Order::Play, newest, weights));
}

// Shards from the workers, written as a local worker writes its own; one
// already there (it cannot be, but a file is never overwritten) is left.
void TrainerRank::saveShards() {
  while (auto message = world_.poll(kShardTag)) {
    const auto& [rank, bytes] = *message;
    const Shard head = decodeShardHead(bytes, fmt::format("a shard from rank {}", rank));
    if (head.worker != mpiWorkerName(rank))
      throw std::runtime_error(fmt::format("rank {} sent a shard of worker '{}'", rank, head.worker));
    const fs::path path = dir_ / "shards" / workerShardName(head.worker, static_cast<int>(head.index));
    if (fs::exists(path)) {
      log_(fmt::format("mpi | rank {}: {} exists; the copy sent is dropped", rank, path.filename().string()));
      continue;
    }
    writeFileAtomically(path.string(), bytes);
    log_(fmt::format("mpi | rank {}: {} ({} games, generation {})", rank, path.filename().string(), head.games,
                     head.generation));
  }
}

// Ctrl-C or SIGTERM (mpirun's, when a rank died): the trainer stops cleanly.
void TrainerRank::passOnSignals() {
  if (signalled == 0 || signalPassed_) return;
  signalPassed_ = true;
  kill(trainer_, SIGTERM);
}

void TrainerRank::stopWorkers() {
  broadcast_.post(orderMessage(Order::Stop));
  for (int left = world_.size() - 1; left > 0 || !broadcast_.progress();) {
    saveShards();
    while (world_.poll(kByeTag)) --left;
    std::this_thread::sleep_for(kPollInterval);
  }
}

// A worker rank: plays shards on a thread while its own thread listens.
class WorkerRank {
 public:
  WorkerRank(const MpiWorld& world, const std::function<void(const std::string&)>& log)
      : world_(world), log_(log) {}
  void run();

 private:
  void obey(const std::string& order);
  void sendFinishedShard();

  const MpiWorld& world_;
  std::function<void(const std::string&)> log_;
  Broadcast broadcast_;
  WorkerJob job_;
  bool haveWeights_ = false, paused_ = false, stopping_ = false;
  std::atomic<bool> stop_{false};
  std::future<Shard> playing_;
};

void WorkerRank::run() {
  const std::string hello = world_.receive(0, kHelloTag);
  ByteReader<std::runtime_error> in(hello, "rank 0's hello");
  job_.index = in.get<std::int32_t>("the shard index");
  job_.settings = in.getString("the run's settings");
  job_.worker = mpiWorkerName(world_.rank());
  if (job_.settings.empty()) return;  // the trainer did not start
  log_(fmt::format("self-play worker {} (pid {}): its shards from w-{}-{:06}.jqs", job_.worker, getpid(), job_.worker,
                   job_.index));
  for (;;) {
    if (!stopping_)
      if (auto order = broadcast_.receive()) obey(*order);
    if (playing_.valid() && playing_.wait_for(std::chrono::seconds(0)) == std::future_status::ready)
      sendFinishedShard();
    if (stopping_ && !playing_.valid()) break;
    if (!playing_.valid() && haveWeights_ && !paused_ && !stopping_)
      playing_ = std::async(std::launch::async, [this, job = job_] { return playWorkerShard(job, log_, &stop_); });
    std::this_thread::sleep_for(kPollInterval);
  }
  world_.send(0, kByeTag, "");
}

void WorkerRank::obey(const std::string& order) {
  ByteReader<std::runtime_error> in(order, "rank 0's order");
  const auto kind = static_cast<Order>(in.get<std::int32_t>("the order"));
  const int generation = in.get<std::int32_t>("the generation");
  std::string weights = in.getString("the weights");
  if (kind == Order::Play) {
    job_.generation = generation;
    job_.weights = std::move(weights);
    haveWeights_ = true;
    paused_ = false;
  } else if (kind == Order::Pause) {
    paused_ = true;
  } else {
    stopping_ = true;
    stop_ = true;
  }
}

// The shard goes to rank 0 (a stopped one too: its finished games count).
void WorkerRank::sendFinishedShard() {
  const Shard shard = playing_.get();  // rethrows the thread's exception
  if (shard.games > 0) world_.send(0, kShardTag, encodeShard(shard));
  ++job_.index;
}

}  // namespace

int runMpiTraining(const MpiWorld& world, const MpiTrainingOptions& options,
                   const std::function<void(const std::string&)>& log) {
  if (world.rank() == 0) return TrainerRank(world, options, log).run();
  WorkerRank(world, log).run();
  return 0;
}

}  // namespace junqi
