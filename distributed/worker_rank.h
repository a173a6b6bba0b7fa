// A worker rank of an MPI training run (mpi_training.h): plays self-play
// shards on threads while its own thread listens to rank 0; keeps every
// generation's weights it is sent in a scratch directory, where the run's
// rating games (sent one at a time) find their networks.
#pragma once

#include <filesystem>
#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <string>

#include "arena/match.h"
#include "distributed/mpi_match.h"
#include "distributed/mpi_world.h"
#include "distributed/training_messages.h"
#include "training/selfplay_workers.h"

namespace junqi::mpi {

class WorkerRank {
 public:
  WorkerRank(const MpiWorld& world, const std::function<void(const std::string&)>& log);
  ~WorkerRank();
  void run();

 private:
  void obey(const Broadcasted& message);
  void playSelfPlay();
  void playRatingGames();
  using RatingGames = std::function<std::string(const MatchGameOrder&)>;
  RatingGames ratingGames(int generation);

  const MpiWorld& world_;
  std::function<void(const std::string&)> log_;
  std::filesystem::path scratch_;  // weights/gen-NNNN.jqw as sent (the rating matches' networks)
  Broadcast broadcast_;
  WorkerJob job_;
  bool haveWeights_ = false, paused_ = false, stopping_ = false;
  std::atomic<bool> stop_{false};
  std::future<Shard> shard_;              // the self-play shard in progress
  std::optional<MatchGameOrder> ratingOrder_;  // a rating game waiting for its networks
  std::future<std::string> ratingGame_;   // the rating game in progress: its record, encoded (encodeRecord)
  RatingGames ratingGames_;  // of generation ratingGeneration_
  int ratingGeneration_ = -1;
};

}  // namespace junqi::mpi
