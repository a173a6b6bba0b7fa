// A Flip Junqi record (.jqf) seen at one step: the board after the first
// `step` actions as the seats saw it (face-down points as points alone:
// nobody knows them until they are flipped) or as the referee knew it (the
// deal's identity under every point still face down), with every action.
#pragma once

#include <optional>

#include <nlohmann/json.hpp>

#include "core/flip/flip_record.h"

namespace junqi::server {

// seat: Seat::Red for seat "1", Seat::Blue for "2", nothing for the referee.
// Both seats see the same public board; only the referee's view has `deal`.
// A step past the end is the end. Throws RecordError when the record does not replay.
nlohmann::json flipRecordView(const FlipRecord& record, int step, std::optional<Seat> seat);

}  // namespace junqi::server
