// config.json of a flip training run (training/flip_training_run.h), both ways.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "training/flip_training_run.h"

namespace junqi {

nlohmann::json flipConfigToJson(const FlipTrainingConfig& config);
// Throws for settings that are not a flip run's.
FlipTrainingConfig flipConfigFromJson(const nlohmann::json& json);
// DIR/config.json when it holds a flip run's settings; nullopt without one or
// for a classic run; throws std::runtime_error for a broken one.
std::optional<nlohmann::json> flipRunSettings(const std::string& dir);

}  // namespace junqi
