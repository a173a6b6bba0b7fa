// A Flip Junqi game of a person against an agent. Both see the same board
// (FlipPosition): face-up pieces with their identity, face-down points as
// "hidden" and nothing more; the deal, which only the referee (FlipGame)
// knows, is shown once the game is over. Seat "1" moves first; colours are
// decided by the first flips as the preset says. The agent thinks in a thread
// of its own (as in classic_session.h); Flip Junqi has no clock and no draw
// offers: its end and draws are FlipGame's.
#pragma once

#include <memory>
#include <mutex>

#include "core/flip/flip_game.h"
#include "search/flip/flip_agent.h"
#include "server/game_session.h"

namespace junqi::server {

class FlipSession final : public GameSession, public std::enable_shared_from_this<FlipSession> {
 public:
  FlipSession(std::string id, const NewGame& setup);  // the deal follows from setup.seed
  void start() override;
  const std::string& id() const override { return id_; }
  nlohmann::json state() override;
  void move(const std::string& text) override;  // "C3" flips C3, "C3-C4" moves
  void resign() override;
  void offerDraw() override;   // ApiError 409: Flip Junqi has no draw offers
  void answerDraw(bool) override { offerDraw(); }
  std::string record() const override;
  std::string recordExtension() const override { return "jqf"; }
  bool isOver() const override;
  void abandon() override;
  std::chrono::steady_clock::time_point created() const override { return created_; }

 private:
  void startAgentIfItsTurn();  // the caller holds mutex_
  bool checkAgentTime();       // the caller holds mutex_
  void agentTurn(std::uint64_t turn);  // the agent's thread
  void finishIfOver();         // the caller holds mutex_
  std::string recordText() const;

  std::string id_;
  NewGame setup_;
  FlipRuleset rules_;
  Seat agentSeat_;
  std::unique_ptr<FlipAgent> agent_;
  std::unique_ptr<FlipGame> game_;
  mutable std::mutex mutex_;
  bool thinking_ = false;
  std::uint64_t turn_ = 0;
  bool written_ = false;
  std::string note_;
  std::chrono::steady_clock::time_point created_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point thinkStarted_ = created_;
};

}  // namespace junqi::server
