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
// The same, for a file another process or thread may write at the same
// moment with the same contents (the match.json of a match that an MPI run's
// rank 0 and its trainer both open): each writer has its own temporary file
// (path.tmp.PID.N), so none renames another's half-written one.
void writeSharedFileAtomically(const std::string& path, const std::string& contents);

}  // namespace junqi
