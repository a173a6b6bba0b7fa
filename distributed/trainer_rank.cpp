#include "distributed/trainer_rank.h"

#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <filesystem>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/binary_io.h"
#include "core/files.h"
#include "distributed/child_process.h"
#include "distributed/mpi_match.h"
#include "distributed/training_messages.h"
#include "training/game_settings.h"
#include "training/selfplay_workers.h"
#include "training/worker_shard_lists.h"
#include "training/training_config.h"

namespace junqi::mpi {

namespace fs = std::filesystem;

namespace {
std::atomic<int> signalled{0};
void onSignal(int signal) { signalled = signal; }

// A TCP port free now, for the trainers' store (rank 0's trainer serves it
// moments later; another program taking it first makes the run fail to start).
int freePort() {
  const int s = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  socklen_t length = sizeof address;
  const bool bound = s >= 0 && bind(s, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
                     getsockname(s, reinterpret_cast<sockaddr*>(&address), &length) == 0;
  if (s >= 0) close(s);
  if (!bound) throw std::runtime_error("no free TCP port for the trainers to meet at");
  return ntohs(address.sin_port);
}
}  // namespace

TrainerRank::TrainerRank(const MpiWorld& world, const MpiTrainingOptions& options,
                         const std::function<void(const std::string&)>& log)
    : world_(world), options_(options), dir_(options.run), log_(log), shardLists_(options.run) {
  if (options.trainers > 1) trainersStore_ = fmt::format("{}:{}", options.trainersHost, freePort());
}

int TrainerRank::run() {
  std::signal(SIGINT, onSignal);
  std::signal(SIGTERM, onSignal);
  startTrainer();
  if (!greetWorkers()) return status_;
  relayUntil([this] { return !trainerRunning(); });
  if (ratingDone_.valid()) {  // a stopped trainer: the rating games in progress finish
    stopRating_();
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
    forwardGeneration();
    broadcast_.progress();
    std::this_thread::sleep_for(kPollInterval);
  }
}

// The trainer gets SIGTERM should this process die first (it then stops cleanly).
void TrainerRank::startTrainer() {
  trainer_ = startChild(trainerCommand(options_, dir_, 0, trainersStore_));
}

bool TrainerRank::trainerRunning() {
  if (status_ >= 0) return false;
  const std::optional<int> status = childExitStatus(trainer_);
  if (!status) return true;
  status_ = *status;
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
  for (int rank = 1; rank < options_.trainers; ++rank) {
    ByteWriter hello;
    hello.putString(settings);
    hello.putString(trainersStore_);
    world_.send(rank, kPartnerHelloTag, hello.bytes());
  }
  for (int rank = options_.trainers; rank < world_.size(); ++rank) {
    ByteWriter hello;
    hello.put(static_cast<std::int32_t>(started ? nextWorkerShardIndex(dir_, mpiWorkerName(rank)) : 0));
    hello.putString(settings);
    world_.send(rank, kHelloTag, hello.bytes());
  }
  if (!started) return false;
  if (options_.trainers > 1)
    log_(fmt::format("mpi | ranks 0-{} train together (data parallel, meeting at {})", options_.trainers - 1,
                     trainersStore_));
  log_(fmt::format("mpi | {} self-play workers (ranks {}-{}) play for {}{}", world_.size() - options_.trainers,
                   options_.trainers, world_.size() - 1, dir_, ", and its rating games"));
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
  if (newest >= 1) rate(newest);
}

// The rating match of a new generation (classic, Flip Junqi or four-player),
// on its own thread: the trainer (--external-rating) waits for its records.
// The previous one has ended: the trainer exported this generation after it
// had every record of the last.
void TrainerRank::rate(int generation) {
  if (ratingDone_.valid()) ratingDone_.get();
  const nlohmann::json settings = nlohmann::json::parse(readFile(dir_ + "/config.json"));
  const auto progress = [this, generation, generations = settings.value("generations", 0)](const std::string& line) {
    log_(fmt::format("gen {}/{} | rating on the ranks | {}", generation, generations, line));
  };
  const TrainingConfig config = trainingConfigOf(settings);
  if (config.variant == "flip")
    return ratePaired(std::make_shared<FlipMatch>(flipRatingMatchOptions(dir_, generation, config)), generation, progress);
  if (config.variant == "four")
    return ratePaired(std::make_shared<FourMatch>(fourRatingMatchOptions(dir_, generation, config)), generation, progress);
  auto match = std::make_shared<Match>(ratingMatchOptions(dir_, generation, config));
  playOnRanks(world_, *match, generation, options_.trainers);
  stopRating_ = [match] { match->requestStop(); };
  ratingDone_ = std::async(std::launch::async, [match, progress] { match->run(progress); });
}

// A match of paired games (Flip Junqi, four-player), its games handed to the ranks one at a time.
template <class PairedMatchT>
void TrainerRank::ratePaired(std::shared_ptr<PairedMatchT> match, int generation,
                             const std::function<void(const std::string&)>& progress) {
  match->playElsewhere(pairedGamesOnRanks(world_, generation, options_.trainers, &ratingStopped_));
  stopRating_ = [this] { ratingStopped_ = true; };
  ratingDone_ = std::async(std::launch::async, [match, progress] {
    try {
      match->run(progress);
    } catch (const MatchStopped&) {  // the games in progress ended; the others are played when the run resumes
    }
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

// The generation rank 0's trainer trains next, once it has its shards (the
// workers' list, or the teacher's shard) and the checkpoint it starts from;
// -1 while it has not. Generations are trained in order, so it is the one
// after the newest checkpoint.
int TrainerRank::generationToTrain() const {
  int newest = forwarded_ - 1;  // generation forwarded_ started from its predecessor's checkpoint
  while (fs::exists(fs::path(dir_) / "checkpoints" / generationName(newest + 1))) ++newest;
  const int g = newest + 1;
  if (g == 0) return -1;
  const bool shardsKnown = shardLists_.hasList(g) || fs::exists(fs::path(dir_) / "shards" / (generationName(g) + ".jqs"));
  return shardsKnown ? g : -1;
}

// The shards generations 1..g trained on (as TrainingRun::shardNames has them).
std::vector<std::string> TrainerRank::shardsUpTo(int g) const {
  std::vector<std::string> names;
  for (int h = 1; h <= g; ++h) {
    if (!shardLists_.hasList(h)) {
      names.push_back(generationName(h) + ".jqs");  // the trainer's own (teacher) shard
      continue;
    }
    const std::vector<std::string> listed = shardLists_.listed(h);
    names.insert(names.end(), listed.begin(), listed.end());
  }
  return names;
}

// When rank 0's trainer is about to train generation g, the partner trainers
// get what they need to train it with it (their trainers wait for it in the
// first average): the shards they were not sent yet, every generation's
// list, and the checkpoint of g - 1.
void TrainerRank::forwardGeneration() {
  if (options_.trainers <= 1) return;
  const int g = generationToTrain();
  if (g <= forwarded_) return;
  ForwardedGeneration message{g, {}};
  const auto add = [&](const fs::path& path) {
    message.files.emplace_back(fs::relative(path, dir_).string(), readFile(path.string()));
  };
  for (const std::string& name : shardsUpTo(g))
    if (sentShards_.insert(name).second) add(fs::path(dir_) / "shards" / name);
  for (int h = 1; h <= g; ++h)
    if (shardLists_.hasList(h)) add(shardLists_.listPath(h));
  for (const auto& file : fs::directory_iterator(fs::path(dir_) / "checkpoints" / generationName(g - 1))) add(file);
  const std::string bytes = encodeForwarded(message);
  for (int rank = 1; rank < options_.trainers; ++rank) world_.send(rank, kGenerationTag, bytes);
  forwarded_ = g;
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
