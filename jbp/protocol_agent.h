// The arbiter end of JBP: an Agent whose decisions come from an external bot
// process. Every way a bot can break the protocol (crash, hang, nonsense, an
// answer of the wrong kind) becomes a BotFailure whose message says how, so
// the match can score the game and record the reason.
#pragma once

#include <memory>
#include <stdexcept>

#include "search/agent.h"
#include "jbp/bot_connection.h"

namespace junqi {

class ExternalAgent : public Agent {
 public:
  // Starts the bot and shakes hands. `hangSeconds`: how long any answer may take
  // when no move time applies. Throws BotFailure if the handshake fails.
  ExternalAgent(std::string name, std::string command, double hangSeconds = 30, std::string stderrPath = {});

  std::string name() const override { return name_; }
  std::string spec() const override { return command_; }
  void newGame(const Ruleset& ruleset, Seat seat, std::uint64_t gameSeed) override;
  Layout chooseLayout(const Ruleset& ruleset, Seat seat) override;
  Action chooseAction(const InfoState& state) override;
  bool acceptDraw(const InfoState& state) override;
  void gameOver(const Outcome& outcome, const Position& reveal) override;

  // The time a move may take (0: only the hang limit applies).
  void setMoveSeconds(double seconds) { moveSeconds_ = seconds; }
  const std::string& botName() const { return bot_->botName(); }

 private:
  void send(const std::string& line);
  // The next line that is not an "info" line (the last info goes into the report).
  std::string expect(std::string_view what, double seconds);
  void catchUp(const InfoState& state);  // sends the start and the events not yet sent

  std::string name_, command_;
  double hangSeconds_, moveSeconds_ = 0;
  std::unique_ptr<BotConnection> bot_;
  Ruleset ruleset_;
  bool started_ = false;
  std::size_t eventsSent_ = 0;
  int staleReplies_ = 0;  // answers still owed for requests that timed out
};

}  // namespace junqi
