// Records the page opened (uploaded, or read from one of the server's
// folders), of any game, by name: the newest `capacity` of them.
#pragma once

#include <map>
#include <mutex>
#include <string>

#include "server/any_record.h"

namespace junqi::server {

class RecordStore {
 public:
  explicit RecordStore(int capacity) : capacity_(capacity) {}
  // Checks that the text is a record that replays (RecordError, one line,
  // if not); returns its name in the store.
  std::string add(const std::string& text);
  // ApiError 404 for a name it does not hold.
  AnyRecord get(const std::string& name) const;

 private:
  int capacity_;
  int next_ = 1;
  mutable std::mutex mutex_;
  std::map<int, AnyRecord> records_;
};

}  // namespace junqi::server
