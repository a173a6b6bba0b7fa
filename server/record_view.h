// A game record seen at one step: the board after the first `step` actions as
// one seat saw it (with that seat's exact beliefs about every enemy piece on
// the board) or in full, and the record's actions as sentences.
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/classic/record.h"

namespace junqi::server {

// seat: the seat whose view to show, or nothing for the full board. A step past
// the end is the end. The step's "search" is the record's search note of the
// action that led to it, given to the full board and the seat that searched
// only. Throws RecordError when the record does not replay.
nlohmann::json recordView(const GameRecord& record, int step, std::optional<Seat> seat);

// Records the page opened (uploaded, or read from the --records folder), by
// name, the newest `capacity` of them.
class RecordStore {
 public:
  explicit RecordStore(int capacity) : capacity_(capacity) {}
  // Checks that the text is a record that replays; returns its name in the store.
  std::string add(const std::string& text);
  // ApiError 404 for a name it does not hold.
  GameRecord get(const std::string& name) const;

 private:
  int capacity_;
  int next_ = 1;
  mutable std::mutex mutex_;
  std::map<int, GameRecord> records_;
};

}  // namespace junqi::server
