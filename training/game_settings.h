// What a Flip Junqi or four-player run's settings (training/training_config.h)
// make: the self-play it plays and the rating matches of its generations,
// the trainer's and the workers' (`junqi selfplay`, distributed/) alike. No LibTorch.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "arena/flip/flip_match.h"
#include "arena/four/four_match.h"
#include "nets/weights_file.h"
#include "selfplay/flip/flip_selfplay.h"
#include "selfplay/four/four_selfplay.h"
#include "training/training_config.h"

namespace junqi {

// The run's self-play with seed `seed`.
FlipSelfPlayOptions flipSelfPlayOptions(const TrainingConfig& config, std::uint64_t seed);
// The run's self-play (or, with `teacher`, its teacher games) with seed `seed`.
FourSelfPlayOptions fourSelfPlayOptions(const TrainingConfig& config, std::uint64_t seed, bool teacher);
// The self-play of the run's game (Flip Junqi or four-player: config.variant)
// with the network `network`: games `first` .. `games`-1 of seed `seed`, so
// that a trainer and a worker given the same seed play the same games.
// Flip Junqi's league games: `opponentOf` (FlipSelfPlayOptions::opponentOf).
Shard playSeatSelfPlay(std::shared_ptr<nets::Backend> network, const TrainingConfig& config, std::uint64_t seed,
                       int first, int games, FlipSelfPlayStats& stats, const std::atomic<bool>* stop,
                       const FlipProgress& progress, std::function<FlipLeagueOpponent(int)> opponentOf = {});
// Throws std::runtime_error (naming `source`) unless `weights` is a network of
// the run's game (Flip Junqi or four-player).
void checkSeatWeights(const TrainingConfig& config, const nets::WeightsFile& weights, const std::string& source);
// Progress lines about games `first` .. `games`-1, about every twentieth game, after `what`.
FlipProgress flipProgressLines(const std::function<void(const std::string&)>& log, const std::string& what, int games,
                               int first = 0);

// The rating match of generation g in the run directory `dir`: a gauntlet of
// generation g against ratingGenerations(g) and the baselines, in
// DIR/matches/gen-NNNN, the networks named by their weights files under DIR/weights.
FlipMatchOptions flipRatingMatchOptions(const std::string& dir, int g, const TrainingConfig& config);
FourMatchOptions fourRatingMatchOptions(const std::string& dir, int g, const TrainingConfig& config);

}  // namespace junqi
