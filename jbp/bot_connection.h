// The arbiter's line to one external bot process: start, handshake, and
// lines sent and awaited with time limits. Every way a bot can break the
// protocol (crash, hang, nonsense) becomes a BotFailure saying how. Both
// games' external agents (ExternalAgent, FlipExternalAgent) speak through it.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "jbp/protocol_process.h"

namespace junqi {

struct BotFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// The bot did not answer within the move time (it may still be thinking).
struct BotTimeout : BotFailure {
  using BotFailure::BotFailure;
};

// A bot's line as a failure quotes it: its first 200 bytes at most (cut
// where a character starts), so that a long answer does not fill the record.
std::string quotedBotLine(std::string_view line);

class BotConnection {
 public:
  // Starts the bot and shakes hands; throws BotFailure if either fails.
  BotConnection(const std::string& command, double hangSeconds, const std::string& stderrPath);

  // Throws BotFailure when the bot's input is closed.
  void send(const std::string& line);
  // Sends ignoring failures (a bot may be gone when the game ends).
  void sendIfAlive(const std::string& line) { process_->send(line); }
  // The next line that is not an "info" line; throws BotFailure/BotTimeout.
  std::string expect(std::string_view what, double seconds);

  const std::string& botName() const { return botName_; }
  const std::string& variants() const { return variants_; }  // as the handshake listed them
  // The last "info" line read since the previous call ("" if none).
  std::string takeInfo() { return std::exchange(lastInfo_, std::string()); }

 private:
  std::unique_ptr<BotProcess> process_;
  std::string botName_, variants_ = "classic", lastInfo_;
};

}  // namespace junqi
