// A four-player game: the person plays one army, agents the other three,
// each agent on its own army's FourObservation. What the person is sent is
// built from the person's FourObservation alone (the preset's visibility:
// own, team or all) until the game is over. The person's layout is the
// server's (a balanced one from its seed), as are the agents'. Armies leave
// when their flag is taken or they cannot move; the preset's quiet-move run
// draws. No clock, no draw offers.
#pragma once

#include <array>
#include <memory>
#include <mutex>

#include "core/four/four_game.h"
#include "search/four/four_agent.h"
#include "server/game_session.h"

namespace junqi::server {

class FourSession final : public GameSession, public std::enable_shared_from_this<FourSession> {
 public:
  FourSession(std::string id, const NewGame& setup);  // setup.personSeat is unused: personArmy
  void start() override;
  const std::string& id() const override { return id_; }
  nlohmann::json state() override;
  void move(const std::string& text) override;
  void resign() override;
  void offerDraw() override;
  void answerDraw(bool) override { offerDraw(); }
  std::string record() const override;
  std::string recordExtension() const override { return "jq4"; }
  bool isOver() const override;
  void abandon() override;
  std::chrono::steady_clock::time_point created() const override { return created_; }

 private:
  void startAgentsIfTheirTurn();  // the caller holds mutex_
  void agentTurns(std::uint64_t turn);
  void finishIfOver();  // the caller holds mutex_

  std::string id_;
  NewGame setup_;
  FourRuleset rules_;
  int personArmy_;
  std::array<std::unique_ptr<FourAgent>, kArmies> agents_;  // none for the person's army
  std::unique_ptr<FourGame> game_;
  mutable std::mutex mutex_;
  bool thinking_ = false;
  std::uint64_t turn_ = 0;
  bool written_ = false;
  std::string note_;
  std::chrono::steady_clock::time_point created_ = std::chrono::steady_clock::now();
};

}  // namespace junqi::server
