// Folders the page may read: the --records and --games-dir folders and a
// `junqi match --out` directory (its rating table, report and game records).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace junqi::server {

// The records of a folder (.jqr, .jqf, .jq4: classic, Flip Junqi, four-player),
// by name, sorted (none when the folder is not there).
std::vector<std::string> recordNames(const std::string& dir);
// The text of DIR/NAME: ApiError 400 for a name that is not a plain .jqr, .jqf
// or .jq4 file name of at most 255 characters (nothing outside the folder is ever read),
// 404 when it is not there.
std::string readRecordFile(const std::string& dir, const std::string& name);
// A match directory as it stands: its rating table (ratings.txt; a
// four-player match's team table, team-ratings.txt, as teamTable), whether it
// has a report.svg, its finished games, the games being played (live/, whose
// records grow as they go), and when it last changed.
nlohmann::json matchSummary(const std::string& dir);

}  // namespace junqi::server
