#include "core/four/four_record.h"

#include <fmt/format.h>

#include "core/four/four_movegen.h"
#include "core/four/four_notation.h"
#include "core/classic/notation.h"
#include "core/text.h"

namespace junqi {

namespace {

constexpr std::string_view kHeader = "# junqi four-player record";

FourOutcome parseResult(const std::vector<std::string_view>& w) {
  if (w.size() != 3) throw RecordError("a result is 'result south-north|east-west|draw HOW'");
  const auto how = parseTermination(w[2]);
  if (!how || *how == Termination::None) throw RecordError(fmt::format("'{}' is not a way a game ends", w[2]));
  if (w[1] == "draw") return {*how, std::nullopt};
  for (int team = 0; team < 2; ++team)
    if (w[1] == teamName(team)) return {*how, team};
  throw RecordError(fmt::format("'{}' is no team (south-north, east-west) nor 'draw'", w[1]));
}

// One line of a record into `r`; throws what is wrong with it.
void parseLine(const std::vector<std::string_view>& w, int line, FourRecord& r, std::array<bool, kArmies>& sawLayout,
               bool& sawVariant) {
  if (w[0] == "variant") {
    if (w.size() != 2 || w[1] != "four") throw RecordError("a four-player record's variant is 'four'");
    sawVariant = true;
  } else if (w[0] == "ruleset" && w.size() == 2) {
    r.rules = FourRuleset::parse(w[1]);
  } else if (w[0] == "tag" && w.size() >= 3) {
    r.tags.push_back({std::string(w[1]), joinWords(w, 2)});
  } else if (w[0] == "layout" && w.size() == 3) {
    const int army = parseArmyName(w[1]);
    if (army < 0) throw RecordError(fmt::format("'{}' is no army (south, east, north, west)", w[1]));
    r.layouts[static_cast<std::size_t>(army)] = parseLayout(w[2]);
    sawLayout[static_cast<std::size_t>(army)] = true;
  } else if (w[0] == "move" && w.size() == 2) {
    const auto m = parseFourMove(w[1]);
    if (!m) throw RecordError(fmt::format("'{}' is not a move between two points of the cross", w[1]));
    r.moves.push_back(*m);
    r.moveLines.push_back(line);
  } else if (w[0] == "result") {
    r.outcome = parseResult(w);
  } else {
    throw RecordError(fmt::format("'{}' is not a line of a four-player record", joinWords(w)));
  }
}

std::string outcomeText(const FourOutcome& o) {
  return fmt::format("{} {}", o.winningTeam ? teamName(*o.winningTeam) : "draw", terminationName(o.reason));
}

}  // namespace

std::string teamName(int team) { return team == 0 ? "south-north" : "east-west"; }

bool isFourRecordText(std::string_view text) {
  for (const std::string_view raw : split(text, '\n')) {
    const auto w = words(raw);
    if (w.empty() || w[0].starts_with('#')) continue;
    return w.size() == 2 && w[0] == "variant" && w[1] == "four";
  }
  return false;
}

std::optional<std::string> FourRecord::tag(std::string_view key) const {
  for (const auto& [k, v] : tags)
    if (k == key) return v;
  return std::nullopt;
}

FourRecord fourRecordOf(const FourGame& game, std::vector<std::pair<std::string, std::string>> tags) {
  FourRecord r{game.rules(), std::move(tags), game.layouts(), {}, {}, game.outcome()};
  for (const FourPlayedMove& played : game.history()) r.moves.push_back(played.move);
  return r;
}

std::string formatFourRecord(const FourRecord& r) {
  std::string out = fmt::format("{}\nvariant four\nruleset {}\n", kHeader, r.rules.toString());
  for (const auto& [key, value] : r.tags) out += fmt::format("tag {} {}\n", key, value);
  for (int army = 0; army < kArmies; ++army)
    out += fmt::format("layout {} {}\n", armyName(army), formatLayout(r.layouts[static_cast<std::size_t>(army)]));
  for (const Move m : r.moves) out += fmt::format("move {}\n", fourMoveName(m));
  if (r.outcome.isOver()) out += fmt::format("result {}\n", outcomeText(r.outcome));
  return out;
}

FourRecord parseFourRecord(std::string_view text) {
  FourRecord r;
  std::array<bool, kArmies> sawLayout{};
  bool sawVariant = false;
  int line = 0;
  for (const std::string_view raw : split(text, '\n')) {
    ++line;
    const auto w = words(raw);
    if (w.empty() || w[0].starts_with('#')) continue;
    try {
      parseLine(w, line, r, sawLayout, sawVariant);
    } catch (const std::runtime_error& e) {
      throw RecordError(fmt::format("line {}: {}", line, e.what()));
    }
  }
  if (!sawVariant) throw RecordError("a four-player record needs its 'variant four' line");
  for (int army = 0; army < kArmies; ++army)
    if (!sawLayout[static_cast<std::size_t>(army)])
      throw RecordError(fmt::format("a four-player record needs a 'layout {}' line", armyName(army)));
  return r;
}

FourGame replayFour(const FourRecord& r) {
  std::optional<FourGame> game;
  try {
    game.emplace(r.rules, r.layouts);
  } catch (const FourGameError& e) {
    throw RecordError(e.what());
  }
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    try {
      game->play(r.moves[i]);
    } catch (const FourGameError& e) {
      throw RecordError(fmt::format("line {}: {}", r.moveLines.empty() ? 0 : r.moveLines[i], e.what()));
    }
  }
  if (r.outcome.reason == Termination::Adjudicated) game->adjudicateDraw();
  if (r.outcome.reason == Termination::Forfeit && r.outcome.winningTeam) game->forfeit(1 - *r.outcome.winningTeam);
  const FourOutcome reached = game->outcome();
  if (reached.reason != r.outcome.reason || reached.winningTeam != r.outcome.winningTeam)
    throw RecordError(fmt::format("the record's result is '{}' but its moves give '{}'",
                                  r.outcome.isOver() ? outcomeText(r.outcome) : "none",
                                  reached.isOver() ? outcomeText(reached) : "none"));
  return std::move(*game);
}

}  // namespace junqi
