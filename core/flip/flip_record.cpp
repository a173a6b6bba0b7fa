#include "core/flip/flip_record.h"

#include <fmt/format.h>

#include "core/classic/notation.h"
#include "core/text.h"

namespace junqi {

namespace {

std::string actionText(const Action& a) {
  if (a.type == ActionType::Resign) return "resign " + seatNumber(a.side);
  return flipActionName(a.move);
}

std::string resultText(const Outcome& o) {
  return fmt::format("{} {}", o.winner ? seatNumber(*o.winner) : "draw", terminationName(o.reason));
}

Seat parseSeatNumber(std::string_view text, int line) {
  if (text == "1" || text == "2") return seatFromIndex(text[0] - '1');
  throw RecordError(fmt::format("line {}: '{}' is not a seat (1 or 2)", line, text));
}

// An action of the side to move of `pos` (resignations name their seat).
Action parseAction(const std::vector<std::string_view>& w, int line) {
  if (w.size() == 3 && w[1] == "resign") return Action::resign(parseSeatNumber(w[2], line));
  if (w.size() != 2) throw RecordError(fmt::format("line {}: an action is 'action C3', 'action C3-C4' or 'action resign N'", line));
  if (const auto square = parseSquare(w[1])) return Action::makeMove(Seat::Red, flipAt(*square));
  if (const auto move = parseMove(w[1])) return Action::makeMove(Seat::Red, *move);
  throw RecordError(fmt::format("line {}: '{}' is neither a point to flip nor a move", line, w[1]));
}

Outcome parseResult(const std::vector<std::string_view>& w, int line) {
  if (w.size() != 3) throw RecordError(fmt::format("line {}: a result is 'result 1|2|draw HOW'", line));
  const auto how = parseTermination(w[2]);
  if (!how || *how == Termination::None)
    throw RecordError(fmt::format("line {}: '{}' is not a way a game ends", line, w[2]));
  if (w[1] == "draw") return {*how, std::nullopt};
  return {*how, parseSeatNumber(w[1], line)};
}

}  // namespace

std::string seatNumber(Seat s) { return std::to_string(index(s) + 1); }

std::optional<std::string> FlipRecord::tag(std::string_view key) const {
  for (const auto& [k, v] : tags)
    if (k == key) return v;
  return std::nullopt;
}

FlipRecord flipRecordOf(const FlipGame& game, std::vector<std::pair<std::string, std::string>> tags) {
  FlipRecord r;
  r.rules = game.position().rules();
  r.tags = std::move(tags);
  r.deal = game.deal();
  for (const FlipActionRecord& a : game.history()) r.actions.push_back(a.action);
  r.outcome = game.outcome();
  return r;
}

std::string formatFlipRecord(const FlipRecord& r) {
  std::string out = fmt::format("# junqi flip record\nvariant flip\nruleset {}\n", r.rules.toString());
  for (const auto& [k, v] : r.tags) out += fmt::format("tag {} {}\n", k, v);
  out += fmt::format("deal {}\n", formatFlipDeal(r.deal));
  for (const Action& a : r.actions) out += "action " + actionText(a) + "\n";
  if (r.outcome.isOver()) out += "result " + resultText(r.outcome) + "\n";
  return out;
}

FlipRecord parseFlipRecord(std::string_view text) {
  FlipRecord r;
  bool sawVariant = false, sawDeal = false;
  int line = 0;
  for (const std::string_view raw : split(text, '\n')) {
    ++line;
    const auto w = words(raw);
    if (w.empty() || w[0].starts_with('#')) continue;
    try {
      if (w[0] == "variant") {
        if (w.size() != 2 || w[1] != "flip") throw RecordError("a flip record's variant is 'flip'");
        sawVariant = true;
      } else if (w[0] == "ruleset" && w.size() == 2) {
        r.rules = FlipRuleset::parse(w[1]);
      } else if (w[0] == "tag" && w.size() >= 3) {
        r.tags.push_back({std::string(w[1]), joinWords(w, 2)});
      } else if (w[0] == "deal" && w.size() == 2) {
        r.deal = parseFlipDeal(w[1], FlipPosition(r.rules).faceDown());
        sawDeal = true;
      } else if (w[0] == "action") {
        r.actions.push_back(parseAction(w, line));
        r.actionLines.push_back(line);
      } else if (w[0] == "result") {
        r.outcome = parseResult(w, line);
      } else {
        throw RecordError(fmt::format("'{}' is not a line of a flip record", joinWords(w)));
      }
    } catch (const std::runtime_error& e) {
      const std::string what = e.what();
      throw RecordError(what.starts_with("line ") ? what : fmt::format("line {}: {}", line, what));
    }
  }
  if (!sawVariant) throw RecordError("a flip record needs its 'variant flip' line");
  if (!sawDeal) throw RecordError("a flip record needs its 'deal' line");
  return r;
}

FlipGame replayFlip(const FlipRecord& r) {
  FlipGame game = [&] {
    try {
      return FlipGame(r.rules, r.deal);
    } catch (const IllegalAction& e) {
      throw RecordError(fmt::format("deal: {}", e.what()));
    }
  }();
  for (std::size_t i = 0; i < r.actions.size(); ++i) {
    Action a = r.actions[i];
    if (a.type == ActionType::Move) a.side = game.position().toMove();
    const int line = i < r.actionLines.size() ? r.actionLines[i] : 0;
    if (const auto why = game.whyIllegal(a)) throw RecordError(fmt::format("line {}: {}", line, *why));
    game.apply(a);
  }
  if (r.outcome.reason == Termination::Adjudicated && !game.isOver()) game.adjudicateDraw();
  if (r.outcome.reason == Termination::Forfeit && r.outcome.winner && !game.isOver())
    game.forfeit(opposite(*r.outcome.winner));
  if (r.outcome.isOver() && !(game.outcome() == r.outcome))
    throw RecordError(fmt::format("the record says '{}' but the game ends '{}'", resultText(r.outcome),
                                  game.isOver() ? resultText(game.outcome()) : "not yet"));
  return game;
}

}  // namespace junqi
