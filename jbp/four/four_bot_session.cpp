#include "jbp/four/four_bot_session.h"

#include <stdexcept>

#include <fmt/format.h>

#include "core/four/four_movegen.h"
#include "core/four/four_notation.h"
#include "core/text.h"

namespace junqi::jbp {

void FourBotSession::newGame(const std::vector<std::string_view>& w) {
  std::uint64_t seed = 0;
  rules_ = FourRuleset{};
  army_ = -1;
  for (std::size_t i = 1; i + 1 < w.size(); i += 2) {
    if (w[i] == "ruleset") {
      rules_ = FourRuleset::parse(w[i + 1]);
    } else if (w[i] == "seat") {
      army_ = parseArmyName(w[i + 1]);
      if (army_ < 0) throw std::invalid_argument(fmt::format("seat '{}' is not south, east, north or west", w[i + 1]));
    } else if (w[i] == "seed") {
      const auto n = parseNumber(w[i + 1], 0, UINT64_MAX);
      if (!n) throw std::invalid_argument(fmt::format("the seed must be a number, not '{}'", w[i + 1]));
      seed = *n;
    }
  }
  if (army_ < 0) throw std::invalid_argument("a four-player newgame needs a seat");
  history_.clear();
  board_.clear();
  agent_.newGame(rules_, army_, seed);
}

void FourBotSession::event(std::string_view text) { history_.push_back(parseFourPublicMove(text)); }

void FourBotSession::board(std::string_view text) {
  CrossBitboard unseen;
  parseFourSetup(text, &unseen);  // the syntax now; the position as a whole at `go`
  board_ = std::string(text);
}

std::vector<std::string> FourBotSession::go() {
  if (board_.empty()) throw std::invalid_argument("go before board");
  const FourObservation obs = FourObservation::fromText(army_, rules_.visibility, board_, history_);
  if (obs.toMove() != army_)
    throw std::invalid_argument(fmt::format("go, but the board says {} is to move", armyName(obs.toMove())));
  const Move m = agent_.chooseMove(obs);
  return {fmt::format("info spec {}", agent_.spec()), fmt::format("move {}", fourMoveName(m))};
}

}  // namespace junqi::jbp
