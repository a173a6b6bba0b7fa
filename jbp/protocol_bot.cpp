#include "jbp/protocol_bot.h"

#include <chrono>
#include <iostream>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/classic/notation.h"
#include "core/classic/perft.h"
#include "core/flip/flip_notation.h"
#include "core/text.h"
#include "core/variant.h"
#include "jbp/four/four_bot_session.h"
#include "jbp/protocol.h"

namespace junqi::jbp {

namespace {

// The bench command's fixed workload: perft 4 from the example start and the
// agent's choice in that position with a fixed seed. The signature changes when
// the generator or the agent's decisions do.
std::string bench(Agent& agent) {
  const auto started = std::chrono::steady_clock::now();
  const Ruleset ruleset;
  const Layout layout = parseLayout(kExampleLayout);
  const Position start = Position::fromLayouts(Rules::of(ruleset), layout, layout);
  const std::uint64_t leaves = perft(start, 4);
  Game game(ruleset, layout, layout);
  agent.newGame(ruleset, Seat::Red, 20261129);
  const Action a = agent.chooseAction(InfoState::of(game, Seat::Red));
  std::uint64_t signature = leaves;
  signature = Rng::mix(signature, a.move.from * 64u + a.move.to);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  return fmt::format("bench signature {:016x} perft {} move {} time {:.0f}", signature, leaves, moveName(a.move), ms);
}

constexpr std::uint64_t kMaxPerftDepth = 12;

// A whole number from 0 to `max`; throws std::invalid_argument naming `what`.
std::uint64_t number(std::string_view text, std::uint64_t max, std::string_view what) {
  const auto value = parseNumber(text, 0, max);
  if (!value) throw std::invalid_argument(fmt::format("{} must be a number from 0 to {}, not '{}'", what, max, text));
  return *value;
}

// One bot's side of a conversation: what it has been told so far, and a
// step for each kind of command.
class BotSession {
 public:
  BotSession(Agent& agent, FlipAgent* flipAgent, FourAgent* fourAgent, std::ostream& out)
      : agent_(agent), flipAgent_(flipAgent), out_(out) {
    if (fourAgent) four_.emplace(*fourAgent);
  }

  // Answers one command line; false after "quit".
  bool handle(const std::vector<std::string_view>& w);

 private:
  void say(const std::string& line) { out_ << line << '\n' << std::flush; }
  void handshake();
  void newGame(const std::vector<std::string_view>& w);
  void newFlipGame(const std::vector<std::string_view>& w);
  void newFourGame(const std::vector<std::string_view>& w);
  void go();
  void goFlip();
  void gameOver(const std::vector<std::string_view>& w);
  const InfoState& started(std::string_view command) const {
    if (!state_) throw std::invalid_argument(fmt::format("{} before start", command));
    return *state_;
  }

  Agent& agent_;
  FlipAgent* flipAgent_;  // null: the bot plays the classic game only
  std::ostream& out_;
  Ruleset ruleset_;
  Seat seat_ = Seat::Red;
  std::optional<InfoState> state_;
  std::optional<Outcome> outcome_;
  // A Flip Junqi game: its rules, and the position last sent (docs/protocol.md).
  std::optional<FlipRuleset> flipRules_;
  std::optional<FlipPosition> flipPosition_;
  // Four-player games (null: the bot plays none), and whether one is on.
  std::optional<FourBotSession> four_;
  bool fourGame_ = false;
};

bool BotSession::handle(const std::vector<std::string_view>& w) {
  const std::string_view cmd = w[0];
  if (cmd == "jbp") {
    handshake();
  } else if (cmd == "isready") {
    say("readyok");
  } else if (cmd == "newgame") {
    newGame(w);
  } else if (cmd == "layout") {
    say(fmt::format("layout {}", formatLayout(agent_.chooseLayout(ruleset_, seat_))));
  } else if (cmd == "start") {
    if (w.size() != 2) throw std::invalid_argument("start takes one board");
    const StartBoard b = parseStartBoard(w[1], seat_);
    state_.emplace(Observation::atDeployment(ruleset_, seat_, b.own, b.enemyStart));
  } else if (cmd == "event" && fourGame_) {
    four_->event(joinWords(w, 1));
  } else if (cmd == "board" && fourGame_) {
    four_->board(joinWords(w, 1));
  } else if (cmd == "event") {
    started(cmd);
    state_->apply(state_->observation().parseEvent(joinWords(w, 1)));
  } else if (cmd == "position") {
    if (!flipRules_) throw std::invalid_argument("position is for Flip Junqi games");
    flipPosition_ = parseFlipPosition(joinWords(w, 1), *flipRules_);
  } else if (cmd == "go" && fourGame_) {
    for (const std::string& line : four_->go()) say(line);
  } else if (cmd == "go") {
    if (flipRules_)
      goFlip();
    else
      go();
  } else if (cmd == "drawoffer") {
    say(agent_.acceptDraw(started(cmd)) ? "accept-draw" : "decline-draw");
  } else if (cmd == "gameover") {
    gameOver(w);
  } else if (cmd == "reveal") {
    // The final position: the flag may have just been taken.
    const Position finalPosition = parsePosition(joinWords(w, 1), Rules::of(ruleset_), PositionUse::Final);
    agent_.gameOver(outcome_.value_or(Outcome{}), finalPosition);
  } else if (cmd == "view") {
    if (state_) out_ << state_->observation().toText();
    say("end");
  } else if (cmd == "perft") {
    if (w.size() < 3) throw std::invalid_argument("perft <depth> <position>");
    const int depth = static_cast<int>(number(w[1], kMaxPerftDepth, "the depth"));
    say(fmt::format("perft {}", perft(parsePositionOrStart(joinWords(w, 2), Rules::of(ruleset_)), depth)));
  } else if (cmd == "bench") {
    say(bench(agent_));
  } else if (cmd == "quit") {
    return false;
  } else {
    say(fmt::format("error unknown command '{}'", cmd));
  }
  return true;
}

void BotSession::handshake() {
  say(fmt::format("id name {}", agent_.name()));
  say("id author Junqi AI lab");
  say(fmt::format("id spec {}", agent_.spec()));
  // The games this bot plays, not every Variant (it plays no four-player game).
  say(fmt::format("variants {}{}{}", Variant::classic().name(), flipAgent_ ? " " + Variant::flip().name() : "",
                  four_ ? " " + Variant::four().name() : ""));
  say("rulesets any");
  say("jbpok");
}

void BotSession::newFlipGame(const std::vector<std::string_view>& w) {
  if (!flipAgent_) throw std::invalid_argument("this bot does not play Flip Junqi");
  std::uint64_t seed = 0;
  flipRules_ = FlipRuleset{};
  seat_ = Seat::Red;
  for (std::size_t i = 1; i + 1 < w.size(); i += 2) {
    if (w[i] == "ruleset") flipRules_ = FlipRuleset::parse(w[i + 1]);
    else if (w[i] == "seat" && (w[i + 1] == "1" || w[i + 1] == "2")) seat_ = seatFromIndex(w[i + 1][0] - '1');
    else if (w[i] == "seed") seed = number(w[i + 1], UINT64_MAX, "the seed");
  }
  flipPosition_.reset();
  outcome_.reset();
  flipAgent_->newGame(*flipRules_, seat_, seed);
  say("ready");
}

void BotSession::newFourGame(const std::vector<std::string_view>& w) {
  if (!four_) throw std::invalid_argument("this bot does not play four-player Junqi");
  flipRules_.reset();
  state_.reset();
  four_->newGame(w);
  fourGame_ = true;
  say("ready");
}

void BotSession::goFlip() {
  if (!flipPosition_) throw std::invalid_argument("go before position");
  const Move m = flipAgent_->chooseAction(*flipPosition_);
  const AgentReport& r = flipAgent_->lastReport();
  say(fmt::format("info sims {} depth {} time {:.3f} value {:.3f}", r.simulations, r.depth, r.seconds, r.value));
  say(fmt::format("move {}", flipActionName(m)));
}

void BotSession::newGame(const std::vector<std::string_view>& w) {
  fourGame_ = false;
  for (std::size_t i = 1; i + 1 < w.size(); i += 2) {
    if (w[i] == "variant" && w[i + 1] == "flip") return newFlipGame(w);
    if (w[i] == "variant" && w[i + 1] == "four") return newFourGame(w);
  }
  flipRules_.reset();
  std::uint64_t seed = 0;
  const Variant* variant = &Variant::classic();  // arbiters before variants name none
  for (std::size_t i = 1; i + 1 < w.size(); i += 2) {
    if (w[i] == "variant") variant = &Variant::byName(w[i + 1]);
    else if (w[i] == "ruleset") ruleset_ = Ruleset::parse(w[i + 1]);
    else if (w[i] == "seat") seat_ = parseSeat(w[i + 1]).value_or(Seat::Red);
    else if (w[i] == "seed") seed = number(w[i + 1], UINT64_MAX, "the seed");
  }
  variant->check(ruleset_);
  state_.reset();
  outcome_.reset();
  agent_.newGame(ruleset_, seat_, seed);
  say("ready");
}

void BotSession::go() {
  const Action a = agent_.chooseAction(started("go"));
  const AgentReport& r = agent_.lastReport();
  say(fmt::format("info sims {} depth {} time {:.3f} value {:.3f}", r.simulations, r.depth, r.seconds, r.value));
  if (a.type == ActionType::Resign) say("resign");
  else if (a.type == ActionType::OfferDraw) say("offer-draw");
  else say(fmt::format("move {}", moveName(a.move)));
}

void BotSession::gameOver(const std::vector<std::string_view>& w) {
  Outcome o;
  if (w.size() >= 3) {
    o.winner = parseSeat(w[1]);
    o.reason = parseTermination(w[2]).value_or(Termination::Adjudicated);
  }
  outcome_ = o;
  if (state_) state_->setOutcome(o);
}

}  // namespace

int serveBot(Agent& agent, std::istream& in, std::ostream& out) { return serveBot(agent, nullptr, in, out); }

int serveBot(Agent& agent, FlipAgent* flipAgent, std::istream& in, std::ostream& out, FourAgent* fourAgent) {
  BotSession session(agent, flipAgent, fourAgent, out);
  std::string line;
  while (std::getline(in, line)) {
    const auto w = words(line);
    if (w.empty()) continue;
    try {
      if (!session.handle(w)) return 0;
    } catch (const std::exception& e) {
      out << fmt::format("error {}: {}", w[0], e.what()) << '\n' << std::flush;
    }
  }
  return 0;
}

}  // namespace junqi::jbp
