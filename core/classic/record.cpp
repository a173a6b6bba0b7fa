#include "core/classic/record.h"

#include <charconv>
#include <utility>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/classic/notation.h"
#include "core/text.h"
#include "core/variant.h"

namespace junqi {

namespace {

constexpr std::string_view kMagic = "junqi-record 1";

std::string_view actionWord(ActionType t) {
  switch (t) {
    case ActionType::Timeout: return "timeout";
    case ActionType::OfferDraw: return "offer-draw";
    case ActionType::AcceptDraw: return "accept-draw";
    case ActionType::DeclineDraw: return "decline-draw";
    case ActionType::Resign: return "resign";
    case ActionType::Move: break;
  }
  return "move";
}

std::optional<ActionType> parseActionWord(std::string_view w) {
  for (const ActionType t : {ActionType::Timeout, ActionType::OfferDraw, ActionType::AcceptDraw,
                             ActionType::DeclineDraw, ActionType::Resign})
    if (actionWord(t) == w) return t;
  return std::nullopt;
}

// The observable results of an action, as record tokens.
std::vector<std::string> resultTokens(const ActionRecord& r) {
  std::vector<std::string> out;
  if (r.result.combat != Combat::None) out.emplace_back(combatName(r.result.combat));
  if (r.result.flagCaptured) out.emplace_back("flag-captured");
  for (const Seat s : {Seat::Red, Seat::Blue}) {
    if (r.marshalLost[index(s)]) out.push_back(fmt::format("marshal-lost:{}", seatName(s)));
    if (r.flagRevealed[index(s)]) out.push_back(fmt::format("flag-revealed:{}", seatName(s)));
  }
  return out;
}

[[noreturn]] void fail(int line, const std::string& what) {
  throw RecordError(fmt::format("record line {}: {}", line, what));
}

}  // namespace

std::optional<std::string> GameRecord::tag(std::string_view key) const {
  for (const auto& [k, v] : tags)
    if (k == key) return v;
  return std::nullopt;
}

GameRecord recordOf(const Game& game, std::vector<std::pair<std::string, std::string>> tags,
                    std::string outcomeDetail) {
  GameRecord r;
  r.ruleset = game.rules().ruleset();
  r.variant = Variant::of(r.ruleset).name();
  r.redLayout = game.layout(Seat::Red);
  r.blueLayout = game.layout(Seat::Blue);
  if (!r.redLayout) r.startPosition = formatPosition(game.start());
  r.tags = std::move(tags);
  r.actions = game.history();
  r.outcome = game.outcome();
  r.outcomeDetail = std::move(outcomeDetail);
  return r;
}

namespace {
// Tags and details are free text on one line; '#' would start a comment.
void checkFreeText(std::string_view text, std::string_view what, bool isKey) {
  const bool bad = text.find_first_of(isKey ? "#\n\r \t" : "#\n\r") != std::string_view::npos || (isKey && text.empty());
  if (bad)
    throw RecordError(fmt::format("cannot write {} '{}' in a record: {}", what, text,
                                  isKey ? "a tag key is one word without '#'" : "free text may not contain '#' or a line break"));
}

// "search value 0.620 simulations 2000 line C2-C3 C10-C9 shares C2-C3:0.620 A6-A7:0.210"
std::string searchLine(const SearchNote& note) {
  std::string out = fmt::format("search value {:.3f}", note.value);
  if (note.simulations > 0) out += fmt::format(" simulations {}", note.simulations);
  if (!note.line.empty()) out += " line";
  for (const Move m : note.line) out += fmt::format(" {}", moveName(m));
  if (!note.shares.empty()) out += " shares";
  for (const auto& [m, share] : note.shares) out += fmt::format(" {}:{:.3f}", moveName(m), share);
  out += '\n';
  return out;
}
}  // namespace

std::string formatRecord(const GameRecord& record) {
  std::string out = fmt::format("{}\nvariant {}\nruleset {}\n", kMagic, record.variant, record.ruleset.toString());
  if (record.redLayout && record.blueLayout)
    out += fmt::format("red-layout {}\nblue-layout {}\n", formatLayout(*record.redLayout),
                       formatLayout(*record.blueLayout));
  else if (record.startPosition)
    out += fmt::format("start {}\n", *record.startPosition);
  for (const auto& [key, value] : record.tags) {
    checkFreeText(key, "the tag key", true);
    checkFreeText(value, "the tag value", false);
    out += fmt::format("tag {} {}\n", key, value);
  }
  checkFreeText(record.outcomeDetail, "the result detail", false);
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    const ActionRecord& a = record.actions[i];
    out += fmt::format("{} {} ", a.ply + 1, seatName(a.action.side));
    if (a.action.type != ActionType::Move) {
      if (i < record.searchNotes.size() && record.searchNotes[i])
        throw RecordError(fmt::format("cannot write a search note for action {}: only moves have them", i + 1));
      out += fmt::format("{}\n", actionWord(a.action.type));
      continue;
    }
    out += moveName(a.action.move);
    for (const auto& token : resultTokens(a)) out += " " + token;
    if (a.result.combat != Combat::None)
      out += fmt::format(" # {} x {}", typeName(a.attackerType), typeName(a.defenderType));
    out += '\n';
    if (i < record.searchNotes.size() && record.searchNotes[i]) out += searchLine(*record.searchNotes[i]);
  }
  if (record.outcome.isOver()) {
    out += fmt::format("result {} {}", record.outcome.winner ? seatName(*record.outcome.winner) : "draw",
                       terminationName(record.outcome.reason));
    if (!record.outcomeDetail.empty()) out += " " + record.outcomeDetail;
    out += '\n';
  }
  return out;
}

namespace {

// Reads a record line by line; each kind of line has its own step.
class RecordReader {
 public:
  GameRecord read(std::string_view text);

 private:
  void readLine(const std::vector<std::string_view>& w);
  void readResult(const std::vector<std::string_view>& w);
  void readAction(const std::vector<std::string_view>& w);
  void readResultToken(std::string_view token, ActionRecord& a);
  void readSearch(const std::vector<std::string_view>& w);
  Move searchMove(std::string_view text);
  double searchNumber(std::string_view text, double low, double high, std::string_view what);
  void checkWhole();

  GameRecord r_;
  int lineNo_ = 0;
  bool sawMagic_ = false, sawRuleset_ = false, sawResult_ = false;
  bool afterMove_ = false;  // the last line read was a move's: a search line may annotate it
  int startLine_ = 0;
};

GameRecord RecordReader::read(std::string_view text) {
  while (!text.empty()) {
    const auto nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    ++lineNo_;
    if (const auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.remove_suffix(1);
    const auto w = words(line);
    if (w.empty()) continue;
    if (!sawMagic_) {
      if (line != kMagic) fail(lineNo_, fmt::format("expected '{}' (is this a junqi record?)", kMagic));
      sawMagic_ = true;
      continue;
    }
    if (sawResult_) fail(lineNo_, "nothing may follow the result line");
    try {
      readLine(w);
    } catch (const RecordError&) {
      throw;
    } catch (const std::exception& e) {
      fail(lineNo_, e.what());
    }
  }
  checkWhole();
  return std::move(r_);
}

void RecordReader::readLine(const std::vector<std::string_view>& w) {
  const auto key = w[0];
  const bool afterMove = std::exchange(afterMove_, false);
  if (key == "search") {
    if (!afterMove) fail(lineNo_, "a search line must follow the move it annotates");
    readSearch(w);
  } else if (key == "variant") {
    if (w.size() != 2) fail(lineNo_, "'variant' takes one value");
    r_.variant = Variant::byName(w[1]).name();
  } else if (key == "ruleset") {
    if (w.size() != 2) fail(lineNo_, "'ruleset' takes one value");
    r_.ruleset = Ruleset::parse(w[1]);
    sawRuleset_ = true;
  } else if (key == "red-layout" || key == "blue-layout") {
    if (w.size() != 2) fail(lineNo_, fmt::format("'{}' takes one value", key));
    (key == "red-layout" ? r_.redLayout : r_.blueLayout) = parseLayout(w[1]);
  } else if (key == "start") {
    r_.startPosition = joinWords(w, 1);
    startLine_ = lineNo_;
  } else if (key == "tag") {
    if (w.size() < 2) fail(lineNo_, "'tag' needs a key");
    r_.tags.emplace_back(std::string(w[1]), joinWords(w, 2));
  } else if (key == "result") {
    readResult(w);
  } else if (!key.empty() && key[0] >= '0' && key[0] <= '9') {
    readAction(w);
  } else {
    fail(lineNo_, fmt::format("unknown line '{}'", key));
  }
}

void RecordReader::readResult(const std::vector<std::string_view>& w) {
  if (w.size() < 3) fail(lineNo_, "'result' needs a winner (red, blue or draw) and a reason");
  const auto reason = parseTermination(w[2]);
  if (!reason || *reason == Termination::None) fail(lineNo_, fmt::format("unknown game end '{}'", w[2]));
  r_.outcome.reason = *reason;
  if (w[1] != "draw") {
    const auto winner = parseSeat(w[1]);
    if (!winner) fail(lineNo_, fmt::format("the winner must be red, blue or draw, not '{}'", w[1]));
    r_.outcome.winner = *winner;
  }
  r_.outcomeDetail = joinWords(w, 3);
  sawResult_ = true;
}

void RecordReader::readAction(const std::vector<std::string_view>& w) {
  if (w.size() < 3) fail(lineNo_, "an action line is '<move number> <side> <action> [results]'");
  ActionRecord a;
  const auto number = parseNumber(w[0], 1, INT32_MAX);
  if (!number) fail(lineNo_, fmt::format("'{}' is not a move number", w[0]));
  a.ply = static_cast<int>(*number) - 1;
  const auto side = parseSeat(w[1]);
  if (!side) fail(lineNo_, fmt::format("'{}' is not a side (red or blue)", w[1]));
  a.action.side = *side;
  if (const auto type = parseActionWord(w[2])) {
    a.action.type = *type;
    if (w.size() > 3) fail(lineNo_, fmt::format("'{}' takes no results", w[2]));
  } else {
    const auto move = parseMove(w[2]);
    if (!move) fail(lineNo_, fmt::format("'{}' is neither a move like C2-C5 nor an action", w[2]));
    a.action = Action::makeMove(*side, *move);
    for (std::size_t i = 3; i < w.size(); ++i) readResultToken(w[i], a);
    afterMove_ = true;
  }
  r_.actions.push_back(a);
  r_.actionLines.push_back(lineNo_);
}

void RecordReader::readResultToken(std::string_view token, ActionRecord& a) {
  if (const auto combat = parseCombatName(token); combat && *combat != Combat::None) {
    a.result.combat = *combat;
  } else if (token == "flag-captured") {
    a.result.flagCaptured = true;
  } else if (token.starts_with("marshal-lost:") || token.starts_with("flag-revealed:")) {
    const auto colon = token.find(':');
    const auto who = parseSeat(token.substr(colon + 1));
    if (!who) fail(lineNo_, fmt::format("'{}' does not name a side", token));
    (token[0] == 'm' ? a.marshalLost : a.flagRevealed)[index(*who)] = true;
  } else {
    fail(lineNo_, fmt::format("unknown result '{}'", token));
  }
}

// search value V [simulations N] [line MOVE...] [shares MOVE:SHARE...], keys in this order.
void RecordReader::readSearch(const std::vector<std::string_view>& w) {
  if (w.size() < 3 || w[1] != "value") fail(lineNo_, "a search line begins 'search value <number>'");
  SearchNote note;
  note.value = searchNumber(w[2], -1, 1, "value");
  std::size_t i = 3;
  if (i < w.size() && w[i] == "simulations") {
    const auto n = i + 1 < w.size() ? parseNumber(w[i + 1], 1, INT64_MAX) : std::nullopt;
    if (!n) fail(lineNo_, "'simulations' takes a positive whole number");
    note.simulations = static_cast<long long>(*n);
    i += 2;
  }
  if (i < w.size() && w[i] == "line") {
    while (++i < w.size() && w[i] != "shares") note.line.push_back(searchMove(w[i]));
    if (note.line.empty()) fail(lineNo_, "'line' takes at least one move");
  }
  if (i < w.size() && w[i] == "shares") {
    while (++i < w.size()) {
      const auto colon = w[i].find(':');
      if (colon == std::string_view::npos) fail(lineNo_, fmt::format("'{}' is not a share like C2-C3:0.62", w[i]));
      note.shares.emplace_back(searchMove(w[i].substr(0, colon)), searchNumber(w[i].substr(colon + 1), 0, 1, "share"));
    }
    if (note.shares.empty()) fail(lineNo_, "'shares' takes at least one share like C2-C3:0.62");
  }
  if (i < w.size())
    fail(lineNo_, fmt::format("unexpected '{}' in a search line (after value: simulations, line, shares, in this order)",
                              w[i]));
  r_.searchNotes.resize(r_.actions.size());
  r_.searchNotes.back() = std::move(note);
}

Move RecordReader::searchMove(std::string_view text) {
  const auto move = parseMove(text);
  if (!move) fail(lineNo_, fmt::format("'{}' in a search line is not a move like C2-C5", text));
  return *move;
}

double RecordReader::searchNumber(std::string_view text, double low, double high, std::string_view what) {
  double x = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), x);
  if (ec != std::errc{} || end != text.data() + text.size() || !(x >= low && x <= high))
    fail(lineNo_, fmt::format("the search {} '{}' is not a number from {} to {}", what, text, low, high));
  return x;
}

// What only the whole record shows: the lines it must have, one start, a
// ruleset of its variant, and a start position valid under that ruleset.
void RecordReader::checkWhole() {
  if (!sawMagic_) throw RecordError("record is empty");
  if (!sawRuleset_) throw RecordError("record has no 'ruleset' line");
  if (!r_.searchNotes.empty()) r_.searchNotes.resize(r_.actions.size());  // one per action
  try {
    Variant::byName(r_.variant).check(r_.ruleset);
  } catch (const VariantError& e) {
    throw RecordError(fmt::format("record: {}", e.what()));
  }
  if (r_.redLayout.has_value() != r_.blueLayout.has_value())
    throw RecordError("record has only one of red-layout and blue-layout");
  if (!r_.redLayout && !r_.startPosition) throw RecordError("record has neither layouts nor a start position");
  if (r_.redLayout && r_.startPosition) throw RecordError("record has both layouts and a start position");
  if (r_.startPosition) {
    try {
      parsePosition(*r_.startPosition, Rules::of(r_.ruleset));  // against the record's ruleset, wherever it stood
    } catch (const std::exception& e) {
      fail(startLine_, e.what());
    }
  }
}

}  // namespace

GameRecord parseRecord(std::string_view text) { return RecordReader().read(text); }

Game replay(const GameRecord& record) {
  // Records built in memory have no line numbers: name the action instead.
  const auto failAt = [&](std::size_t i, const std::string& what) {
    if (i < record.actionLines.size()) fail(record.actionLines[i], what);
    throw RecordError(fmt::format("record action {}: {}", i + 1, what));
  };
  Game game = [&] {
    try {
      if (record.redLayout) return Game(record.ruleset, *record.redLayout, *record.blueLayout);
      return Game(parsePosition(*record.startPosition, Rules::of(record.ruleset)));
    } catch (const std::exception& e) {
      throw RecordError(fmt::format("record start: {}", e.what()));
    }
  }();
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    const ActionRecord& want = record.actions[i];
    if (want.ply != game.position().ply())
      failAt(i, fmt::format("move number {} where the game is at move {}", want.ply + 1,
                                game.position().ply() + 1));
    if (const auto why = game.whyIllegal(want.action)) failAt(i, fmt::format("illegal: {}", *why));
    const ActionRecord& got = game.apply(want.action);
    if (resultTokens(got) != resultTokens(want)) {
      const auto show = [](const ActionRecord& a) {
        const auto t = resultTokens(a);
        return t.empty() ? std::string("no fight") : fmt::format("{}", fmt::join(t, " "));
      };
      failAt(i, fmt::format("the record says '{}' but the rules give '{}'", show(want), show(got)));
    }
  }
  const Outcome& want = record.outcome;
  if (!game.isOver() && (want.reason == Termination::Forfeit || want.reason == Termination::Adjudicated)) {
    if (want.reason == Termination::Forfeit && want.winner)
      game.forfeit(opposite(*want.winner));
    else if (want.reason == Termination::Adjudicated && !want.winner)
      game.adjudicateDraw();
  }
  if (game.outcome() != want) {
    const auto show = [](const Outcome& o) {
      if (!o.isOver()) return std::string("no result");
      return fmt::format("{} {}", o.winner ? seatName(*o.winner) : "draw", terminationName(o.reason));
    };
    throw RecordError(fmt::format("record result: the record says '{}' but the game reaches '{}'",
                                  show(want), show(game.outcome())));
  }
  return game;
}

}  // namespace junqi
