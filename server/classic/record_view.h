// A classic game record (.jqr) seen at one step: the board after the first `step` actions as
// one seat saw it (with that seat's exact beliefs about every enemy piece on
// the board) or in full, and the record's actions as sentences.
#pragma once

#include <optional>

#include <nlohmann/json.hpp>

#include "core/classic/record.h"

namespace junqi::server {

// seat: the seat whose view to show, or nothing for the full board. A step past
// the end is the end. The step's "search" is the record's search note of the
// action that led to it, given to the full board and the seat that searched
// only. Throws RecordError when the record does not replay.
nlohmann::json recordView(const GameRecord& record, int step, std::optional<Seat> seat);

}  // namespace junqi::server
