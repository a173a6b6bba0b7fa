// The analysis of a record at one step, for one seat of its game: the step's
// game replayed, the seat's view taken from it (never the referee's board),
// and that view analysed (analysis.h).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "server/analysis/analysis.h"
#include "server/any_record.h"

namespace junqi::server {

// {game, step, steps, seat, toMove, agent, beliefs, moves, choice,
// simulations, value, note, values}. `seat` must be one of recordSeats
// (ApiError 400 otherwise, and for a step outside 0..steps). `values`: the
// seat's own searched value after each of its moves, as the record's search
// notes give them ([{step, value}]; classic records of `junqi match`).
nlohmann::json analyseRecord(const AnyRecord& record, int step, const std::string& seat, const std::string& spec,
                             const AnalysisBudget& budget = {});

}  // namespace junqi::server
