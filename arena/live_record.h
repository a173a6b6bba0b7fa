// A game in progress written for onlookers (a match's live/ folder, `junqi
// match --live`), in its game's record format, atomically: at its first
// action, then at most once every `everySeconds`, so that a fast game costs
// little. The file is removed when the writer goes (after the game's finished
// record is written elsewhere).
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/classic/game.h"

namespace junqi {

class LiveRecordWriter {
 public:
  using Tags = std::vector<std::pair<std::string, std::string>>;
  LiveRecordWriter(std::string path, Tags tags, double everySeconds = 0.5);
  ~LiveRecordWriter();
  LiveRecordWriter(const LiveRecordWriter&) = delete;
  LiveRecordWriter& operator=(const LiveRecordWriter&) = delete;

  // After an action of a classic game: writes its record so far when a write is due.
  void operator()(const Game& game);
  // After an action of any game: when a write is due, writes what `record` makes (the record so far).
  void write(const std::function<std::string()>& record);
  const Tags& tags() const { return tags_; }
  int writes() const { return writes_; }

 private:
  std::string path_;
  Tags tags_;
  std::chrono::duration<double> every_;
  std::optional<std::chrono::steady_clock::time_point> last_;
  int writes_ = 0;
};

}  // namespace junqi
