// A four-player record (.jq4) seen at one step: the board after the first
// `step` moves as one army's seat saw it (its FourObservation under the
// record's visibility mode: identities of its own army, its ally's under
// `team`, all under `all`, and flags fallen marshals showed) or as the
// referee knew it (every identity), with every move as that view was told it.
#pragma once

#include <optional>

#include <nlohmann/json.hpp>

#include "core/four/four_record.h"

namespace junqi::server {

// army: 0-3 (south, east, north, west), or nothing for the referee. A step
// past the end is the end. Throws RecordError when the record does not replay.
nlohmann::json fourRecordView(const FourRecord& record, int step, std::optional<int> army);

}  // namespace junqi::server
