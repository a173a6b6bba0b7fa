// What a Flip Junqi or four-player run's settings (training/training_config.h)
// make: the self-play it plays and the rating matches of its generations,
// the trainer's and the workers' (distributed/) alike. No LibTorch.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "arena/flip_match.h"
#include "arena/four_match.h"
#include "selfplay/flip_selfplay.h"
#include "selfplay/four_selfplay.h"
#include "training/training_config.h"

namespace junqi {

// The run's self-play with seed `seed`.
FlipSelfPlayOptions flipSelfPlayOptions(const TrainingConfig& config, std::uint64_t seed);
// The run's self-play (or, with `teacher`, its teacher games) with seed `seed`.
FourSelfPlayOptions fourSelfPlayOptions(const TrainingConfig& config, std::uint64_t seed, bool teacher);
// Progress lines about games `first` .. `games`-1, about every twentieth game, after `what`.
FlipProgress flipProgressLines(const std::function<void(const std::string&)>& log, const std::string& what, int games,
                               int first = 0);

// The rating match of generation g in the run directory `dir`: a gauntlet of
// generation g against ratingGenerations(g) and the baselines, in
// DIR/matches/gen-NNNN, the networks named by their weights files under DIR/weights.
FlipMatchOptions flipRatingMatchOptions(const std::string& dir, int g, const TrainingConfig& config);
FourMatchOptions fourRatingMatchOptions(const std::string& dir, int g, const TrainingConfig& config);

}  // namespace junqi
