// The games a server holds, by id, at most `capacity` at a time: a new game
// takes the place of the oldest finished one when the table is full, and is
// refused (ApiError 503) when every game in it is still going. A game nobody
// asked about for `idleSeconds` expires, finished or not (an abandoned tab
// does not hold its place), and its agent is let go. A game with seats for
// people (NewGame::guestSeats) is reached by each seat's token (people_seats.h),
// its id being the spectators' link; a seat unseen for `seatSeconds` has
// left, and the game is ended then (that seat loses by forfeit, its record
// written as a finished game's). Both are checked on every call.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "server/game_session.h"
#include "server/people_seats.h"

namespace junqi::server {

class SessionTable {
 public:
  SessionTable(int capacity, double idleSeconds, double seatSeconds = 0)
      : capacity_(capacity), idleSeconds_(idleSeconds), seatSeconds_(seatSeconds) {}

  struct Created {
    std::shared_ptr<GameSession> session;
    std::string ownerToken;  // empty for a game of one person against agents
    std::vector<std::pair<int, std::string>> invites;  // {seat, join token}
  };
  struct Found {
    std::shared_ptr<GameSession> session;
    bool peopleGame = false;  // its seats are reached by token only
  };
  struct Seated {
    std::shared_ptr<GameSession> session;
    int seat = 0;
    std::string seatToken;
  };
  // Makes and starts the game. ApiError 503 when the table is full of games
  // going on, or when agents of ended games still think past the cap.
  Created create(const NewGame& setup);
  // ApiError 404 for an id it does not hold (or no longer: expired). Counts as a visit.
  Found find(const std::string& id);
  // The seat a join token opens, taken now. ApiError 404 for a token no game
  // holds, 409 for a seat already taken.
  Seated join(const std::string& joinToken);
  // The seat a seat token names (a visit of the seat). ApiError 404 for a token no game holds.
  Seated seat(const std::string& seatToken);
  int size() const;

 private:
  using Clock = std::chrono::steady_clock;
  struct Entry {
    std::shared_ptr<GameSession> session;
    Clock::time_point seen;
    PeopleSeats people;
  };
  // Removes the oldest finished game if full; the caller holds mutex_.
  void makeRoom();
  void expire();  // the caller holds mutex_
  void endAbsentSeats();  // the caller holds mutex_

  int capacity_;
  double idleSeconds_;
  double seatSeconds_;
  mutable std::mutex mutex_;
  std::map<std::string, Entry> sessions_;
};

// A fresh id that nobody can guess (a person's game is reached by its id alone).
std::string newSessionId();
// A seed nobody can choose or guess, for the agent's side of a game.
std::uint64_t freshSeed();

}  // namespace junqi::server
