// What a game gives the training run (training/training_run.h), which is
// written once over it: its part of the settings (the checks of what it
// cannot do), its network (inputs and weights file), the self-play (or
// teacher games) of a generation into a shard, and the rating matches of
// its generations. Classic, Flip Junqi and four-player Junqi implement it in
// training/training_games.cpp; trainingGame(variant) finds them.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "nets/torch_trainer.h"
#include "selfplay/shard.h"
#include "training/training_config.h"

namespace junqi {

using TrainingLog = std::function<void(const std::string&)>;

// Games of a generation for the trainer to play: games `first` .. `games`-1
// (the earlier ones kept by an interrupted session, whose figures are `kept`).
struct GenerationGames {
  int generation = 1;
  bool teacher = false;       // the teacher's games (no network), else self-play
  int first = 0, games = 0;
  std::uint64_t seed = 0;
  std::string weights;        // self-play: the network's weights file (generation g-1)
  nlohmann::json kept = nlohmann::json::object();
  std::string who;            // the progress lines' prefix ("gen 2/5")
};

// What the games gave: their samples and figures ("games", "positions",
// "seconds", wins; every figure a sum, so that two sessions' figures add).
struct PlayedGames {
  Shard shard;
  nlohmann::json figures = nlohmann::json::object();
};

// A finished rating game between two players named as in the match.
struct RatingGame {
  std::string first, second;
  double score = 0.5;  // the first player's
  int pair = 0;
};

class TrainingGame {
 public:
  virtual ~TrainingGame() = default;
  // Throws std::invalid_argument, naming the option (and the game), for what
  // the game cannot do with `c`: its baselines must be its agents.
  virtual void check(const TrainingConfig& c) const = 0;
  // The run's network shape with the game's inputs.
  virtual nets::NetworkShape shape(const TrainingConfig& c) const = 0;
  // The trainer's network as the game's weights file (variant, rules, search settings).
  virtual nets::WeightsFile weightsOf(nets::Trainer& trainer, const TrainingConfig& c, const std::string& note) const = 0;
  // Throws std::runtime_error unless `w` is a network of this game.
  virtual void checkWeights(const nets::WeightsFile& w, const std::string& source) const = 0;
  virtual Shard readShard(const std::string& path) const = 0;
  // The seed of generation g's games (teacher games or self-play).
  virtual std::uint64_t gamesSeed(const TrainingConfig& c, int g, bool teacher) const = 0;
  // Plays the games; `stop` ends it after the games in progress (the shard
  // holds the games finished, always games first .. first+n-1).
  virtual PlayedGames play(const TrainingConfig& c, const GenerationGames& request, const TrainingLog& log,
                           const std::atomic<bool>* stop) const = 0;
  // Generation g's rating match in the run `dir` (resumable from its records;
  // with external rating, it waits for them). A stop ends it early.
  virtual void playRatingMatch(const std::string& dir, int g, const TrainingConfig& c, const TrainingLog& log,
                               const std::atomic<bool>* stop) const = 0;
  // The finished games of generation g's rating match (read back from its records).
  virtual std::vector<RatingGame> ratingGames(const std::string& dir, int g, const TrainingConfig& c) const = 0;
  // The game's own figures of generation g's exported weights, added to the
  // generation's log record (four-player: the identity head against the
  // exact beliefs, when the run trains it); none by default.
  virtual void addWeightsFigures(const std::string& /*weights*/, int /*g*/, const TrainingConfig& /*c*/,
                                 const TrainingLog& /*log*/, nlohmann::json& /*record*/) const {}
};

// The game of `variant` ("classic", "flip", "four"); throws std::invalid_argument for another.
const TrainingGame& trainingGame(const std::string& variant);

// The checks every game's run shares (network shape, optimizer, learning
// rate, device, playout caps, anchor generations), and the baselines made by
// `makeAgent`, one of each name.
void checkCommonTrainingConfig(const TrainingConfig& c, const std::function<void(const std::string&)>& makeAgent);

}  // namespace junqi
