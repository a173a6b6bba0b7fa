// The games a server holds, by id, at most `capacity` at a time: a new game
// takes the place of the oldest finished one when the table is full, and is
// refused (ApiError 503) when every game in it is still going. A game nobody
// asked about for `idleSeconds` expires, finished or not (an abandoned tab
// does not hold its place), and its agent is let go.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "server/game_session.h"

namespace junqi::server {

class SessionTable {
 public:
  SessionTable(int capacity, double idleSeconds) : capacity_(capacity), idleSeconds_(idleSeconds) {}
  // Makes and starts the game. ApiError 503 when the table is full of games
  // going on, or when agents of ended games still think past the cap.
  std::shared_ptr<GameSession> create(const NewGame& setup);
  // ApiError 404 for an id it does not hold (or no longer: expired). Counts as a visit.
  std::shared_ptr<GameSession> find(const std::string& id);
  int size() const;

 private:
  using Clock = std::chrono::steady_clock;
  struct Entry {
    std::shared_ptr<GameSession> session;
    Clock::time_point seen;
  };
  // Removes the oldest finished game if full; the caller holds mutex_.
  void makeRoom();
  void expire();  // the caller holds mutex_

  int capacity_;
  double idleSeconds_;
  mutable std::mutex mutex_;
  std::map<std::string, Entry> sessions_;
};

// A fresh id that nobody can guess (a person's game is reached by its id alone).
std::string newSessionId();
// A seed nobody can choose or guess, for the agent's side of a game.
std::uint64_t freshSeed();

}  // namespace junqi::server
