#include "jbp/protocol_bot.h"

#include <chrono>
#include <iostream>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/notation.h"
#include "core/perft.h"
#include "core/text.h"
#include "core/variant.h"
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

}  // namespace

int serveBot(Agent& agent, std::istream& in, std::ostream& out) {
  Ruleset ruleset;
  Seat seat = Seat::Red;
  std::optional<Layout> ownLayout;
  std::optional<InfoState> state;
  std::optional<Outcome> outcome;
  const auto say = [&](const std::string& line) { out << line << '\n' << std::flush; };
  const auto error = [&](const std::string& what) { say("error " + what); };

  std::string line;
  while (std::getline(in, line)) {
    const auto w = words(line);
    if (w.empty()) continue;
    const std::string_view cmd = w[0];
    try {
      if (cmd == "jbp") {
        say(fmt::format("id name {}", agent.name()));
        say("id author Junqi AI lab");
        say(fmt::format("id spec {}", agent.spec()));
        say(fmt::format("variants {}", fmt::join(Variant::names(), " ")));
        say("rulesets any");
        say("jbpok");
      } else if (cmd == "isready") {
        say("readyok");
      } else if (cmd == "newgame") {
        std::uint64_t seed = 0;
        const Variant* variant = &Variant::classic();  // arbiters before variants name none
        for (std::size_t i = 1; i + 1 < w.size(); i += 2) {
          if (w[i] == "variant") variant = &Variant::byName(w[i + 1]);
          else if (w[i] == "ruleset") ruleset = Ruleset::parse(w[i + 1]);
          else if (w[i] == "seat") seat = parseSeat(w[i + 1]).value_or(Seat::Red);
          else if (w[i] == "seed") seed = number(w[i + 1], UINT64_MAX, "the seed");
        }
        variant->check(ruleset);
        state.reset();
        ownLayout.reset();
        outcome.reset();
        agent.newGame(ruleset, seat, seed);
        say("ready");
      } else if (cmd == "layout") {
        ownLayout = agent.chooseLayout(ruleset, seat);
        say(fmt::format("layout {}", formatLayout(*ownLayout)));
      } else if (cmd == "start") {
        if (w.size() != 2) throw std::invalid_argument("start takes one board");
        const StartBoard b = parseStartBoard(w[1], seat);
        state.emplace(Observation::atDeployment(ruleset, seat, b.own, b.enemyStart));
      } else if (cmd == "event") {
        if (!state) throw std::invalid_argument("event before start");
        state->apply(state->observation().parseEvent(joinWords(w, 1)));
      } else if (cmd == "go") {
        if (!state) throw std::invalid_argument("go before start");
        const Action a = agent.chooseAction(*state);
        const AgentReport& r = agent.lastReport();
        say(fmt::format("info sims {} depth {} time {:.3f} value {:.3f}", r.simulations, r.depth, r.seconds, r.value));
        if (a.type == ActionType::Resign) say("resign");
        else if (a.type == ActionType::OfferDraw) say("offer-draw");
        else say(fmt::format("move {}", moveName(a.move)));
      } else if (cmd == "drawoffer") {
        if (!state) throw std::invalid_argument("drawoffer before start");
        say(agent.acceptDraw(*state) ? "accept-draw" : "decline-draw");
      } else if (cmd == "gameover") {
        Outcome o;
        if (w.size() >= 3) {
          o.winner = parseSeat(w[1]);
          o.reason = parseTermination(w[2]).value_or(Termination::Adjudicated);
        }
        outcome = o;
        if (state) state->setOutcome(o);
      } else if (cmd == "reveal") {
        // The final position: the flag may have just been taken.
        const Position finalPosition = parsePosition(joinWords(w, 1), Rules::of(ruleset), PositionUse::Final);
        agent.gameOver(outcome.value_or(Outcome{}), finalPosition);
      } else if (cmd == "view") {
        if (state) out << state->observation().toText();
        say("end");
      } else if (cmd == "perft") {
        if (w.size() < 3) throw std::invalid_argument("perft <depth> <position>");
        const int depth = static_cast<int>(number(w[1], kMaxPerftDepth, "the depth"));
        say(fmt::format("perft {}", perft(parsePositionOrStart(joinWords(w, 2), Rules::of(ruleset)), depth)));
      } else if (cmd == "bench") {
        say(bench(agent));
      } else if (cmd == "quit") {
        return 0;
      } else {
        error(fmt::format("unknown command '{}'", cmd));
      }
    } catch (const std::exception& e) {
      error(fmt::format("{}: {}", cmd, e.what()));
    }
  }
  return 0;
}

}  // namespace junqi::jbp
