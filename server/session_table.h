// The games a server holds, by id, at most `capacity` at a time: a new game
// takes the place of the oldest finished one when the table is full, and is
// refused (ApiError 503) when every game in it is still going.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "server/game_session.h"

namespace junqi::server {

class SessionTable {
 public:
  explicit SessionTable(int capacity) : capacity_(capacity) {}
  std::shared_ptr<GameSession> create(const NewGame& setup);
  // ApiError 404 for an id it does not hold.
  std::shared_ptr<GameSession> find(const std::string& id) const;
  int size() const;

 private:
  // Removes the oldest finished game if full; returns it, to be let go outside
  // the lock (it may still wait for its agent's last search). The caller holds mutex_.
  std::shared_ptr<GameSession> makeRoom();

  int capacity_;
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<GameSession>> sessions_;
};

// A fresh id that nobody can guess (a person's game is reached by its id alone).
std::string newSessionId();

}  // namespace junqi::server
