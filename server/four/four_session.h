// A four-player game: the owner plays one army, people who join by a link
// (NewGame::guestSeats) any others, agents the rest, each agent on its own
// army's FourObservation in a thread of its own (agent_thread.h). What a seat
// is sent is built from its FourObservation alone (the preset's visibility:
// own, team or all) until the game is over; a spectator sees no identity but
// a flag the rules showed. Every layout is the server's (a balanced one from its seed). Armies leave
// when their flag is taken or they cannot move; the preset's quiet-move run
// draws. No clock, no draw offers.
#pragma once

#include <array>
#include <memory>
#include <mutex>

#include "core/four/four_game.h"
#include "core/four/four_notation.h"
#include "search/four/four_agent.h"
#include "server/agent_thread.h"
#include "server/game_session.h"

namespace junqi::server {

class FourSession final : public GameSession, public std::enable_shared_from_this<FourSession> {
 public:
  FourSession(std::string id, const NewGame& setup);  // setup.personSeat is unused: personArmy, guestSeats
  void start() override;
  const std::string& id() const override { return id_; }
  int ownerSeat() const override { return setup_.personArmy; }
  int seatCount() const override { return kArmies; }
  std::string seatLabel(int seat) const override { return std::string(armyName(seat)); }
  nlohmann::json state(int viewer) override;
  void move(int seat, const std::string& text) override;
  void resign(int seat) override;
  void offerDraw(int seat) override;
  void answerDraw(int seat, bool) override { offerDraw(seat); }
  void forfeitAbsent(int seat, const std::string& why) override;
  std::string record() const override;
  std::string recordExtension() const override { return "jq4"; }
  bool isOver() const override;
  void abandon() override;
  std::chrono::steady_clock::time_point created() const override { return created_; }
  nlohmann::json analyse(int seat, const std::string& spec, const AnalysisBudget& budget) override;

 private:
  bool isPerson(int army) const { return people_[army]; }
  void startAgentsIfTheirTurn();  // the caller holds mutex_
  void agentTurns(std::uint64_t turn);
  void finishIfOver();  // the caller holds mutex_

  std::string id_;
  NewGame setup_;
  FourRuleset rules_;
  std::array<bool, kArmies> people_{};  // by army: a person's (else an agent's)
  std::array<std::unique_ptr<FourAgent>, kArmies> agents_;  // none for the people's armies
  std::unique_ptr<FourGame> game_;
  mutable std::mutex mutex_;
  AgentThread agentThread_;
  bool written_ = false;
  std::string note_;
  std::chrono::steady_clock::time_point created_ = std::chrono::steady_clock::now();
};

}  // namespace junqi::server
