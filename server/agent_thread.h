// The agent side of a game, shared by every session (classic, flip, four): its
// turns run in a thread of their own, which holds the session (made by
// std::make_shared), so a game that ends, times the agent out or expires lets
// the thread go at once; the move it then finds is dropped (its turn number is
// no longer the current one). Every member but the constructor is called with
// the session's mutex held.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <thread>

#include "server/thinkers.h"

namespace junqi::server {

class AgentThread {
 public:
  explicit AgentThread(std::shared_ptr<Thinkers> thinkers) : thinkers_(std::move(thinkers)) {}

  bool thinking() const { return thinking_; }
  // Whether `turn` (the number start() gave the thread) is still the agent's current turn.
  bool current(std::uint64_t turn) const { return turn == turn_; }
  // Runs turns(turn) in a detached thread that holds `session` until it returns.
  void start(std::shared_ptr<void> session, std::function<void(std::uint64_t)> turns) {
    thinking_ = true;
    started_ = std::chrono::steady_clock::now();
    thinkers_->begin();
    std::thread([session = std::move(session), turns = std::move(turns), turn = ++turn_,
                 thinkers = thinkers_]() mutable {
      turns(turn);
      turns = nullptr;
      session.reset();  // the last holder of an ended game lets it go here, before the count says so
      thinkers->end();
    }).detach();
  }
  // The thread's turn ended by itself (the people's turn, or the game is over).
  void finished() { thinking_ = false; }
  // The thinking agent's move will be dropped.
  void letGo() {
    if (!thinking_) return;
    thinking_ = false;
    ++turn_;
  }
  // Whether the agent has thought past `seconds` (above 0) over its move.
  bool overTime(double seconds) const {
    return thinking_ && seconds > 0 &&
           std::chrono::steady_clock::now() - started_ >= std::chrono::duration<double>(seconds);
  }

 private:
  std::shared_ptr<Thinkers> thinkers_;
  bool thinking_ = false;
  std::uint64_t turn_ = 0;  // turns begun (or let go): a thread of an older one drops its move
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

}  // namespace junqi::server
