#include "distributed/worker_rank.h"

#include <unistd.h>

#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/binary_io.h"
#include "core/files.h"
#include "core/stopwatch.h"
#include "distributed/mpi_match.h"
#include "distributed/mpi_training.h"
#include "training/game_settings.h"
#include "training/training_config.h"

namespace junqi::mpi {

namespace fs = std::filesystem;

namespace {
template <class T>
bool ready(const std::future<T>& f) {
  return f.valid() && f.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
}
}  // namespace

WorkerRank::WorkerRank(const MpiWorld& world, const std::function<void(const std::string&)>& log)
    : world_(world),
      log_(log),
      scratch_(fs::temp_directory_path() / fmt::format("junqi-mpi-rank{}-{}", world.rank(), getpid())) {
  fs::create_directories(scratch_ / "weights");
}

WorkerRank::~WorkerRank() {
  std::error_code ignored;
  fs::remove_all(scratch_, ignored);
}

void WorkerRank::run() {
  const std::string hello = world_.receive(0, kHelloTag);
  ByteReader<std::runtime_error> in(hello, "rank 0's hello");
  job_.index = in.get<std::int32_t>("the shard index");
  job_.settings = in.getString("the run's settings");
  job_.worker = mpiWorkerName(world_.rank());
  if (job_.settings.empty()) return;  // the trainer did not start
  log_(fmt::format("self-play worker {} (pid {}): its shards from w-{}-{:06}.jqs", job_.worker, getpid(), job_.worker,
                   job_.index));
  while (!stopping_ || shard_.valid()) {
    if (!stopping_)
      if (const auto message = broadcast_.receive()) obey(decodeBroadcast(*message));
    playSelfPlay();
    playRatingGames();
    std::this_thread::sleep_for(kPollInterval);
  }
  world_.send(0, kByeTag, "");
}

// The newest two generations' weights are kept (a rating match plays them);
// Play and Pause say whether to go on with self-play.
void WorkerRank::obey(const Broadcasted& message) {
  if (message.order == Order::Stop) {
    stopping_ = true;
    stop_ = true;
    return;
  }
  const fs::path weights = scratch_ / "weights";
  writeFileAtomically((weights / (generationName(message.generation) + ".jqw")).string(), message.weights);
  std::error_code ignored;
  fs::remove(weights / (generationName(message.generation - 2) + ".jqw"), ignored);
  if (message.order == Order::Keep) return;
  job_.generation = message.generation;
  job_.weights = message.weights;
  haveWeights_ = true;
  paused_ = message.order == Order::Pause;
}

// A finished shard goes to rank 0 (a stopped one too: its finished games
// count); the next starts with the newest weights.
void WorkerRank::playSelfPlay() {
  if (ready(shard_)) {
    const Shard shard = shard_.get();  // rethrows the thread's exception
    if (shard.games > 0) world_.send(0, kShardTag, encodeShard(shard));
    ++job_.index;
  }
  if (!shard_.valid() && haveWeights_ && !paused_ && !stopping_)
    shard_ = std::async(std::launch::async, [this, job = job_] { return playWorkerShard(job, log_, &stop_); });
}

// Rating games come one at a time, beside the self-play. A game's order can
// come before the broadcast of its networks has: it waits for them.
void WorkerRank::playRatingGames() {
  if (ready(ratingGame_)) world_.send(0, kMatchRecordTag, ratingGame_.get());
  if (ratingGame_.valid()) return;
  if (!ratingOrder_)
    if (const auto message = world_.poll(kMatchGameTag)) ratingOrder_ = decodeOrder(message->second);
  if (!ratingOrder_) return;  // none, or a match's end (nothing to do here)
  const int g = ratingOrder_->match;
  for (const int network : {g, g - 1})
    if (!fs::exists(scratch_ / "weights" / (generationName(network) + ".jqw"))) return;
  // The CPU seconds of the game's thread: self-play runs beside it in this process.
  ratingGame_ = std::async(std::launch::async, [play = ratingGames(g), order = *ratingOrder_] {
    const double start = threadCpuSeconds();
    std::string record = play(order);
    return encodeRecord({std::move(record), threadCpuSeconds() - start});
  });
  ratingOrder_.reset();
}

namespace {

// A paired match's (Flip Junqi, four-player) game of an order: its record.
template <class PairedMatchT>
std::function<std::string(const MatchGameOrder&)> pairedRatingGames(std::shared_ptr<const PairedMatchT> match) {
  return [match](const MatchGameOrder& order) {
    checkOrderIndex(order.index, match->schedule().size());
    return match->playRecord(match->schedule()[static_cast<std::size_t>(order.index)]);
  };
}

}  // namespace

// Generation g's rating games as rank 0 has the match (classic, Flip Junqi or
// four-player), their networks read from the scratch directory: an order's record.
WorkerRank::RatingGames WorkerRank::ratingGames(int generation) {
  if (generation == ratingGeneration_) return ratingGames_;
  const TrainingConfig config = trainingConfigOf(nlohmann::json::parse(job_.settings));
  if (config.variant == "flip") {
    ratingGames_ = pairedRatingGames(
        std::make_shared<const FlipMatch>(flipRatingMatchOptions(scratch_.string(), generation, config)));
  } else if (config.variant == "four") {
    ratingGames_ = pairedRatingGames(
        std::make_shared<const FourMatch>(fourRatingMatchOptions(scratch_.string(), generation, config)));
  } else {
    MatchOptions o = ratingMatchOptions(scratch_.string(), generation, config);
    o.remoteRank = true;
    const auto match = std::make_shared<const Match>(o);
    ratingGames_ = [match](const MatchGameOrder& order) { return playOrder(*match, order); };
  }
  ratingGeneration_ = generation;
  return ratingGames_;
}

}  // namespace junqi::mpi
