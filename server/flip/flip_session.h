// A Flip Junqi game of a person against an agent or a second person (who
// joins by a link: NewGame::guestSeats). Seats and spectators see the same board
// (FlipPosition): face-up pieces with their identity, face-down points as
// "hidden" and nothing more; the deal, which only the referee (FlipGame)
// knows, is shown once the game is over. Seat "1" moves first; colours are
// decided by the first flips as the preset says. The agent thinks in a thread
// of its own (agent_thread.h); Flip Junqi has no clock and no draw
// offers: its end and draws are FlipGame's.
#pragma once

#include <array>
#include <memory>
#include <mutex>

#include "core/flip/flip_game.h"
#include "core/flip/flip_record.h"
#include "search/flip/flip_agent.h"
#include "server/agent_thread.h"
#include "server/game_session.h"

namespace junqi::server {

class FlipSession final : public GameSession, public std::enable_shared_from_this<FlipSession> {
 public:
  FlipSession(std::string id, const NewGame& setup);  // the deal follows from setup.seed
  void start() override;
  const std::string& id() const override { return id_; }
  int ownerSeat() const override { return index(setup_.personSeat); }
  int seatCount() const override { return 2; }
  std::string seatLabel(int seat) const override { return seatNumber(static_cast<Seat>(seat)); }
  nlohmann::json state(int viewer) override;
  void move(int seat, const std::string& text) override;  // "C3" flips C3, "C3-C4" moves
  void resign(int seat) override;
  void offerDraw(int seat) override;  // ApiError 409: Flip Junqi has no draw offers
  void answerDraw(int seat, bool) override { offerDraw(seat); }
  void forfeitAbsent(int seat, const std::string& why) override;
  std::string record() const override;
  std::string recordExtension() const override { return "jqf"; }
  bool isOver() const override;
  void abandon() override;
  std::chrono::steady_clock::time_point created() const override { return created_; }
  nlohmann::json analyse(int seat, const std::string& spec, const AnalysisBudget& budget) override;

 private:
  bool isPerson(Seat seat) const { return people_[index(seat)]; }
  void startAgentIfItsTurn();  // the caller holds mutex_
  bool checkAgentTime();       // the caller holds mutex_
  void agentTurn(std::uint64_t turn);  // the agent's thread
  void finishIfOver();         // the caller holds mutex_
  std::string recordText() const;

  std::string id_;
  NewGame setup_;
  FlipRuleset rules_;
  std::array<bool, 2> people_{};  // by seat: a person's (else the agent's)
  Seat agentSeat_ = Seat::Blue;   // meaningful when one seat is not a person's
  std::unique_ptr<FlipAgent> agent_;
  std::unique_ptr<FlipGame> game_;
  mutable std::mutex mutex_;
  AgentThread agentThread_;
  bool written_ = false;
  std::string note_;
  std::chrono::steady_clock::time_point created_ = std::chrono::steady_clock::now();
};

}  // namespace junqi::server
