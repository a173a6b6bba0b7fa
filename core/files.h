// Files: reading whole files, and writing them so that a crash never leaves
// half a file (a temporary file and a rename). Binary-safe.
#pragma once

#include <string>

namespace junqi {

// The whole file; throws std::runtime_error naming the file if it cannot be read.
std::string readFile(const std::string& path);
// Writes `contents` to path.tmp and renames it over `path`. On any failure
// path.tmp is removed, `path` is left as it was, and a std::runtime_error
// names the file and why, on one line ("cannot write runs/x/games.pgn: No
// space left on device").
void writeFileAtomically(const std::string& path, const std::string& contents);

}  // namespace junqi
