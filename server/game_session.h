// One game of a person against an agent. The person acts through the API; the
// agent thinks in a thread of its own, started whenever it is its turn, and
// sees only its InfoState. What the session tells the person is the person's
// observation alone until the game is over, then the whole board. The
// preset's move clock holds the person to its time: a lazy check, made on
// every request, applies the rules' timeout once the person's time is over.
#pragma once

#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "core/game.h"
#include "search/agent.h"

namespace junqi::server {

struct NewGame {
  Ruleset ruleset;
  std::string agentSpec;
  Seat personSeat = Seat::Red;
  Layout personLayout;
  std::uint64_t seed = 0;
  std::string gamesDir;  // finished games are written here (nothing when empty)
};

class GameSession {
 public:
  // Throws ApiError 400 for a layout the ruleset refuses (its own message) or an unknown agent.
  GameSession(std::string id, const NewGame& setup);
  ~GameSession();  // waits for the agent's move in progress
  GameSession(const GameSession&) = delete;
  GameSession& operator=(const GameSession&) = delete;

  const std::string& id() const { return id_; }
  // The person's view: its observation, legal moves on its turn, events,
  // the clock; the full board once over. Applies a timeout that is due.
  nlohmann::json state();
  // The person's actions; ApiError 409 when it is not the time, 400 when the rules refuse.
  void move(Move m);
  void resign();
  void offerDraw();
  void answerDraw(bool accept);
  // The record (.jqr text); ApiError 409 while the game goes on (it holds the agent's layout).
  std::string record() const;
  bool isOver() const;
  std::chrono::steady_clock::time_point created() const { return created_; }

 private:
  void startAgentIfItsTurn();  // the caller holds mutex_
  bool checkClock();           // applies the person's timeout when due (true then); the caller holds mutex_
  nlohmann::json clockJson() const;  // the caller holds mutex_
  void agentTurns();           // the agent's thread
  void apply(const Action& action);  // the person's action; the caller holds mutex_
  void finishIfOver();         // writes the record once; the caller holds mutex_
  std::string recordText() const;

  std::string id_;
  NewGame setup_;
  Seat agentSeat_;
  std::unique_ptr<Agent> agent_;
  std::unique_ptr<Game> game_;
  mutable std::mutex mutex_;
  std::thread thinker_;
  bool thinking_ = false;
  bool written_ = false;
  std::string note_;  // why the agent lost by forfeit, if it did
  std::chrono::steady_clock::time_point created_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point turnStarted_ = created_;  // when the person's turn began
};

}  // namespace junqi::server
