#include "jbp/protocol_agent.h"

#include <chrono>

#include <fmt/format.h>

#include "core/notation.h"
#include "core/text.h"
#include "core/variant.h"
#include "jbp/protocol.h"

namespace junqi {

namespace {

// A bot's line as a failure quotes it: its first 200 bytes at most (cut
// where a character starts), so that a long answer does not fill the record.
std::string quoted(std::string_view line) {
  constexpr std::size_t kShown = 200;
  if (line.size() <= kShown) return std::string(line);
  std::size_t cut = kShown;
  while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xc0) == 0x80) --cut;
  return fmt::format("{}...", line.substr(0, cut));
}

}  // namespace

ExternalAgent::ExternalAgent(std::string name, std::string command, double hangSeconds, std::string stderrPath)
    : name_(std::move(name)), command_(std::move(command)), hangSeconds_(hangSeconds) {
  try {
    process_ = std::make_unique<BotProcess>(command_, stderrPath);
  } catch (const std::exception& e) {
    throw BotFailure(fmt::format("could not start '{}': {}", command_, e.what()));
  }
  send(fmt::format("jbp {}", jbp::kVersion));
  for (;;) {
    const std::string line = expect("the handshake (id ..., jbpok)", hangSeconds_);
    const auto w = words(line);
    if (w.empty()) continue;
    if (w[0] == "jbpok") break;
    if (w.size() >= 3 && w[0] == "id" && w[1] == "name") botName_ = joinWords(w, 2);
    if (w[0] != "id" && w[0] != "rulesets" && w[0] != "variants")
      throw BotFailure(fmt::format("sent '{}' during the handshake", quoted(line)));
  }
}

void ExternalAgent::send(const std::string& line) {
  if (!process_->send(line)) throw BotFailure("crashed: its input is closed");
}

std::string ExternalAgent::expect(std::string_view what, double seconds) {
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
      report_.note = *line;
      continue;
    }
    if (w[0] == "error") throw BotFailure(fmt::format("reported an error: {}", quoted(*line)));
    return *line;
  }
}

void ExternalAgent::newGame(const Ruleset& ruleset, Seat seat, std::uint64_t gameSeed) {
  ruleset_ = ruleset;
  started_ = false;
  eventsSent_ = 0;
  staleReplies_ = 0;
  send(fmt::format("newgame variant {} ruleset {} seat {} movetime {:g} seed {}", Variant::of(ruleset).name(),
                   ruleset.toString(), seatName(seat), moveSeconds_, gameSeed));
  const std::string reply = expect("'ready'", hangSeconds_);
  if (reply != "ready") throw BotFailure(fmt::format("answered newgame with '{}' instead of 'ready'", quoted(reply)));
}

Layout ExternalAgent::chooseLayout(const Ruleset&, Seat) {
  send("layout");
  const std::string reply = expect("a layout", moveSeconds_ > 0 ? std::max(moveSeconds_, 1.0) : hangSeconds_);
  const auto w = words(reply);
  if (w.size() != 2 || w[0] != "layout") throw BotFailure(fmt::format("answered 'layout' with '{}'", quoted(reply)));
  try {
    return parseLayout(w[1]);
  } catch (const std::exception& e) {
    throw BotFailure(fmt::format("sent a malformed layout: {}", quoted(e.what())));
  }
}

void ExternalAgent::catchUp(const InfoState& state) {
  const Observation& obs = state.observation();
  if (!started_) {
    send(fmt::format("start {}", jbp::startBoard(obs)));
    started_ = true;
  }
  for (; eventsSent_ < obs.events().size(); ++eventsSent_)
    send(fmt::format("event {}", Observation::eventText(obs.events()[eventsSent_])));
}

Action ExternalAgent::chooseAction(const InfoState& state) {
  catchUp(state);
  report_ = {};
  send(moveSeconds_ > 0 ? fmt::format("go time {:g}", moveSeconds_) : std::string("go"));
  const double limit = moveSeconds_ > 0 ? moveSeconds_ : hangSeconds_;
  // The answer to this request is owed from now on; answers to earlier
  // requests that timed out arrive first: skip them. A timeout anywhere here
  // leaves every owed answer counted.
  ++staleReplies_;
  for (; staleReplies_ > 1; --staleReplies_) expect("a late answer", limit);
  const std::string reply = expect("a move", limit);
  --staleReplies_;
  const auto w = words(reply);
  if (w.size() == 1 && w[0] == "resign") return Action::resign(state.seat());
  if (w.size() == 1 && w[0] == "offer-draw") return Action::offerDraw(state.seat());
  if (w.size() != 2 || w[0] != "move") throw BotFailure(fmt::format("answered 'go' with '{}'", quoted(reply)));
  const auto m = parseMove(w[1]);
  if (!m) throw BotFailure(fmt::format("sent a malformed move '{}'", quoted(w[1])));
  return Action::makeMove(state.seat(), *m);
}

bool ExternalAgent::acceptDraw(const InfoState& state) {
  catchUp(state);
  send("drawoffer");
  const double limit = moveSeconds_ > 0 ? moveSeconds_ : hangSeconds_;
  ++staleReplies_;
  for (; staleReplies_ > 1; --staleReplies_) expect("a late answer", limit);
  const std::string reply = expect("an answer to the draw offer", limit);
  --staleReplies_;
  if (reply == "accept-draw") return true;
  if (reply == "decline-draw") return false;
  throw BotFailure(fmt::format("answered 'drawoffer' with '{}'", quoted(reply)));
}

void ExternalAgent::gameOver(const Outcome& o, const Position& reveal) {
  // The bot may already be gone (it may be why the game ended): ignore failures.
  process_->send(fmt::format("gameover {} {}", o.winner ? seatName(*o.winner) : "draw", terminationName(o.reason)));
  process_->send(fmt::format("reveal {}", formatPosition(reveal)));
}

}  // namespace junqi
