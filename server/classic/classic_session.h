// A classic game of people and an agent: the owner's seat is a person's, the
// other seat an agent's or, when NewGame::guestSeats holds it, a second
// person's (who joins by a link and plays the server's balanced layout). The
// agent thinks in a thread of its own (agent_thread.h) and sees only its
// InfoState. What the session tells a seat is that seat's observation alone
// until the game is over, then the whole board; a spectator sees no identity
// but a flag the rules showed. The preset's move clock holds each person to
// its time: a lazy check, made on every request, applies the rules' timeout
// once a person's time is over.
#pragma once

#include <array>
#include <chrono>
#include <memory>
#include <mutex>
#include <string>

#include <nlohmann/json.hpp>

#include "core/classic/game.h"
#include "search/agent.h"
#include "server/agent_thread.h"
#include "server/game_session.h"

namespace junqi::server {

class ClassicSession final : public GameSession, public std::enable_shared_from_this<ClassicSession> {
 public:
  // Throws ApiError 400 for a layout the ruleset refuses (its own message),
  // 500 for an agent that cannot be made.
  ClassicSession(std::string id, const NewGame& setup);
  // The agent thinks when it moves first. Once, on a session made by std::make_shared.
  void start() override;

  const std::string& id() const override { return id_; }
  int ownerSeat() const override { return index(setup_.personSeat); }
  int seatCount() const override { return 2; }
  std::string seatLabel(int seat) const override { return std::string(junqi::seatName(static_cast<Seat>(seat))); }
  nlohmann::json state(int viewer) override;
  void move(int seat, const std::string& text) override;
  void resign(int seat) override;
  void offerDraw(int seat) override;
  void answerDraw(int seat, bool accept) override;
  void forfeitAbsent(int seat, const std::string& why) override;
  // The record (.jqr text); ApiError 409 while the game goes on (it holds the hidden layouts).
  std::string record() const override;
  std::string recordExtension() const override { return "jqr"; }
  bool isOver() const override;
  // The game is dropped (it expired): an agent thinking is let go, its move dropped.
  void abandon() override;
  std::chrono::steady_clock::time_point created() const override { return created_; }
  nlohmann::json analyse(int seat, const std::string& spec, const AnalysisBudget& budget) override;

 private:
  bool isPerson(Seat seat) const { return people_[index(seat)]; }
  bool personToMove() const;   // the caller holds mutex_ (as for every member below)
  void nextTurn();             // the person's clock starts, or the agent thinks
  void checkTimes();           // the agent's time, then the person's clock
  bool checkClock();           // applies the person's timeout when due (true then)
  bool checkAgentTime();       // the agent loses when its move took too long (true then)
  nlohmann::json clockJson(int viewer) const;
  void agentTurns(std::uint64_t turn);  // the agent's thread, for its `turn`-th turn
  void apply(const Action& action);  // a person's action
  void finishIfOver();         // writes the record once
  std::string recordText() const;

  std::string id_;
  NewGame setup_;
  Ruleset ruleset_;
  std::array<bool, 2> people_{};  // by seat: a person's (else the agent's)
  Seat agentSeat_ = Seat::Blue;   // meaningful when one seat is not a person's
  std::unique_ptr<Agent> agent_;
  std::unique_ptr<Game> game_;
  mutable std::mutex mutex_;
  AgentThread agentThread_;
  bool written_ = false;
  std::string note_;  // why a seat lost by forfeit, if one did
  std::chrono::steady_clock::time_point created_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point turnStarted_ = created_;  // when the person's turn began
};

}  // namespace junqi::server
