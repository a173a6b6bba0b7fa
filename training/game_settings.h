// config.json of a flip or four-player training run
// (training/variant_training_run.h), both ways, and the self-play and rating
// matches its settings make (the trainer's and the workers').
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "arena/flip_match.h"
#include "arena/four_match.h"
#include "selfplay/flip_selfplay.h"
#include "selfplay/four_selfplay.h"
#include "training/variant_training_run.h"

namespace junqi {

nlohmann::json flipConfigToJson(const FlipTrainingConfig& config);
// Throws for settings that are not a flip run's.
FlipTrainingConfig flipConfigFromJson(const nlohmann::json& json);
// DIR/config.json when it holds a flip run's settings; nullopt without one or
// for a classic run; throws std::runtime_error for a broken one.
std::optional<nlohmann::json> flipRunSettings(const std::string& dir);

// The run's self-play with seed `seed`.
FlipSelfPlayOptions flipSelfPlayOptions(const FlipTrainingConfig& config, std::uint64_t seed);
// Progress lines about `games` games, about every twentieth game, after `what`.
FlipProgress flipProgressLines(const std::function<void(const std::string&)>& log, const std::string& what, int games);

// The rating match of generation g in the run directory `dir`: a gauntlet of
// generation g against g-1 and the baselines, in DIR/matches/gen-NNNN, the
// networks named by their weights files under DIR/weights.
FlipMatchOptions flipRatingMatchOptions(const std::string& dir, int g, const FlipTrainingConfig& config);

// The same for four-player runs.
nlohmann::json fourConfigToJson(const FourTrainingConfig& config);
FourTrainingConfig fourConfigFromJson(const nlohmann::json& json);
std::optional<nlohmann::json> fourRunSettings(const std::string& dir);
// The run's self-play (or, with `teacher`, its teacher games) with seed `seed`.
FourSelfPlayOptions fourSelfPlayOptions(const FourTrainingConfig& config, std::uint64_t seed, bool teacher);
FourMatchOptions fourRatingMatchOptions(const std::string& dir, int g, const FourTrainingConfig& config);
}  // namespace junqi
