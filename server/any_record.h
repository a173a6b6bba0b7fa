// A record of any game the viewer opens: a classic record (.jqr), a Flip
// Junqi record (.jqf) or a four-player record (.jq4), told apart by their
// text (the `variant` line), checked once when opened, and seen at a step
// from one of its game's seats or the referee's.
#pragma once

#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/classic/record.h"
#include "core/flip/flip_record.h"
#include "core/four/four_record.h"

namespace junqi::server {

using AnyRecord = std::variant<GameRecord, FlipRecord, FourRecord>;

// "flip" or "four" when the first line that is not blank or a comment says
// `variant flip` or `variant four`, else "classic".
std::string_view recordGame(std::string_view text);
// Parses the record of its game and replays it: RecordError (one line, naming
// the game and the line) for a record that does not parse or replay.
AnyRecord openAnyRecord(std::string_view text);
std::string_view recordGame(const AnyRecord& record);
int recordSteps(const AnyRecord& record);
// The seats a view can take ("all", the referee's, is not among them).
std::vector<std::string> recordSeats(const AnyRecord& record);
// The record after `step` actions as `seat` saw it (one of recordSeats) or
// the referee ("all"); ApiError 400 for a seat its game does not have.
nlohmann::json recordStepView(const AnyRecord& record, int step, const std::string& seat);

}  // namespace junqi::server
