// A classic game of a person against an agent. The person acts through the API; the
// agent thinks in a thread of its own, started whenever it is its turn, and
// sees only its InfoState. The thread holds the session (it is made by
// std::make_shared, then start()ed): a game that ends, times the agent out or
// is dropped lets the thread go at once, and the move it finds is dropped.
// What the session tells the person is the person's observation alone until
// the game is over, then the whole board. The
// preset's move clock holds the person to its time: a lazy check, made on
// every request, applies the rules' timeout once the person's time is over.
#pragma once

#include <chrono>
#include <memory>
#include <mutex>
#include <string>

#include <nlohmann/json.hpp>

#include "core/classic/game.h"
#include "search/agent.h"
#include "server/game_session.h"
#include "server/thinkers.h"

namespace junqi::server {

class ClassicSession final : public GameSession, public std::enable_shared_from_this<ClassicSession> {
 public:
  // Throws ApiError 400 for a layout the ruleset refuses (its own message),
  // 500 for an agent that cannot be made.
  ClassicSession(std::string id, const NewGame& setup);
  // The agent thinks when it moves first. Once, on a session made by std::make_shared.
  void start() override;

  const std::string& id() const override { return id_; }
  // The person's view: its observation, legal moves on its turn, events,
  // the clock; the full board once over. Applies a timeout that is due.
  nlohmann::json state() override;
  // The person's actions; ApiError 409 when it is not the time, 400 when the rules refuse.
  void move(const std::string& text) override;
  void resign() override;
  void offerDraw() override;
  void answerDraw(bool accept) override;
  // The record (.jqr text); ApiError 409 while the game goes on (it holds the agent's layout).
  std::string record() const override;
  std::string recordExtension() const override { return "jqr"; }
  bool isOver() const override;
  // The game is dropped (it expired): an agent thinking is let go, its move dropped.
  void abandon() override;
  std::chrono::steady_clock::time_point created() const override { return created_; }

 private:
  void startAgentIfItsTurn();  // the caller holds mutex_
  bool checkClock();           // applies the person's timeout when due (true then); the caller holds mutex_
  bool checkAgentTime();       // the agent loses when its move took too long (true then); the caller holds mutex_
  void letAgentGo();           // the thinking agent's move will be dropped; the caller holds mutex_
  nlohmann::json clockJson() const;  // the caller holds mutex_
  void agentTurns(std::uint64_t turn);  // the agent's thread, for its `turn`-th turn
  void apply(const Action& action);  // the person's action; the caller holds mutex_
  void finishIfOver();         // writes the record once; the caller holds mutex_
  std::string recordText() const;

  std::string id_;
  NewGame setup_;
  Ruleset ruleset_;
  Seat agentSeat_;
  std::unique_ptr<Agent> agent_;
  std::unique_ptr<Game> game_;
  mutable std::mutex mutex_;
  bool thinking_ = false;
  std::uint64_t turn_ = 0;  // the agent's turns begun (or let go): a thread of an older one drops its move
  bool written_ = false;
  std::string note_;  // why the agent lost by forfeit, if it did
  std::chrono::steady_clock::time_point created_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point turnStarted_ = created_;  // when the person's turn began
  std::chrono::steady_clock::time_point thinkStarted_ = created_;  // when the agent's turn began
};

}  // namespace junqi::server
