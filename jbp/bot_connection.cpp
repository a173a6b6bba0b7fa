#include "jbp/bot_connection.h"

#include <chrono>

#include <fmt/format.h>

#include "core/text.h"
#include "jbp/protocol.h"

namespace junqi {

std::string quotedBotLine(std::string_view line) {
  constexpr std::size_t kShown = 200;
  if (line.size() <= kShown) return std::string(line);
  std::size_t cut = kShown;
  while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xc0) == 0x80) --cut;
  return fmt::format("{}...", line.substr(0, cut));
}

BotConnection::BotConnection(const std::string& command, double hangSeconds, const std::string& stderrPath) {
  try {
    process_ = std::make_unique<BotProcess>(command, stderrPath);
  } catch (const std::exception& e) {
    throw BotFailure(fmt::format("could not start '{}': {}", command, e.what()));
  }
  send(fmt::format("jbp {}", jbp::kVersion));
  for (;;) {
    const std::string line = expect("the handshake (id ..., jbpok)", hangSeconds);
    const auto w = words(line);
    if (w.empty()) continue;
    if (w[0] == "jbpok") break;
    if (w.size() >= 3 && w[0] == "id" && w[1] == "name") botName_ = joinWords(w, 2);
    if (w[0] == "variants") variants_ = joinWords(w, 1);
    if (w[0] != "id" && w[0] != "rulesets" && w[0] != "variants")
      throw BotFailure(fmt::format("sent '{}' during the handshake", quotedBotLine(line)));
  }
}

void BotConnection::send(const std::string& line) {
  if (!process_->send(line)) throw BotFailure("crashed: its input is closed");
}

std::string BotConnection::expect(std::string_view what, double seconds) {
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  for (;;) {
    const auto line = process_->readLine(std::max(0.0, std::chrono::duration<double>(deadline - Clock::now()).count()));
    if (!line) {
      if (!process_->fault().empty()) throw BotFailure(process_->fault());
      if (process_->outputClosed()) {
        // A bot that ends at once crashed or quit; one that runs on closed its output.
        if (!process_->endsWithin(0.2))
          throw BotFailure(fmt::format("closed its output while the arbiter waited for {}", what));
        throw BotFailure(fmt::format("crashed or quit while the arbiter waited for {}", what));
      }
      throw BotTimeout(fmt::format("did not answer with {} within {:g} s", what, seconds));
    }
    const auto w = words(*line);
    if (w.empty()) continue;
    if (w[0] == "info") {
      lastInfo_ = *line;
      continue;
    }
    if (w[0] == "error") throw BotFailure(fmt::format("reported an error: {}", quotedBotLine(*line)));
    return *line;
  }
}

}  // namespace junqi
