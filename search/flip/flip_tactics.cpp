#include "search/flip/flip_tactics.h"

#include <algorithm>
#include <map>
#include <memory>

#include <fmt/format.h>

#include "core/flip/flip_game.h"
#include "core/flip/flip_movegen.h"
#include "core/flip/flip_notation.h"
#include "core/random.h"
#include "search/flip/flip_agent.h"

namespace junqi {

const std::vector<std::string>& flipTacticsCategories() {
  static const std::vector<std::string> categories = {"flag-capture", "flag-defence"};
  return categories;
}

bool canTakeFlagNow(const FlipPosition& pos) {
  MoveList actions;
  generateFlipActions(pos, actions);
  for (const Move m : actions) {
    if (isFlip(m) || pos.isEmpty(m.to) || pos.isFaceDown(m.to) || pos.identityAt(m.to).type != PieceType::Flag) continue;
    FlipPosition after = pos;
    if (after.move(m).flagCaptured) return true;
  }
  return false;
}

bool leavesNoFlagCapture(const FlipPosition& pos, Move action) {
  if (!isFlip(action)) {
    FlipPosition after = pos;
    return after.move(action).flagCaptured || !canTakeFlagNow(after);
  }
  // Every identity the pools still hold may come up.
  for (const Colour colour : {Colour::Red, Colour::Blue})
    for (int t = 0; t < kPieceTypes; ++t) {
      if (pos.pool(colour)[t] == 0) continue;
      FlipPosition after = pos;
      after.flip(action.from, {colour, typeFromIndex(t)});
      if (canTakeFlagNow(after)) return false;
    }
  return true;
}

namespace {

// Would the enemy take our flag if it were its turn now?
bool flagThreatened(const FlipPosition& pos) {
  FlipPosition enemyToMove = pos;
  enemyToMove.setToMove(opposite(pos.toMove()));
  return canTakeFlagNow(enemyToMove);
}

}  // namespace

std::optional<FlipTacticsLabel> labelFlipTactics(const FlipPosition& pos) {
  if (!pos.colourOf(pos.toMove()) || pos.flagCapturedBy()) return std::nullopt;
  MoveList actions;
  generateFlipActions(pos, actions);
  FlipTacticsLabel capture{"flag-capture", {}}, defence{"flag-defence", {}};
  for (const Move m : actions) {
    FlipPosition after = pos;
    if (!isFlip(m) && after.move(m).flagCaptured) capture.accept.push_back(m);
  }
  if (!capture.accept.empty()) return capture;
  if (!flagThreatened(pos)) return std::nullopt;
  for (const Move m : actions)
    if (leavesNoFlagCapture(pos, m)) defence.accept.push_back(m);
  if (defence.accept.empty() || static_cast<int>(defence.accept.size()) == actions.size()) return std::nullopt;
  return defence;
}

std::string formatFlipTacticsSuite(const std::vector<FlipTacticsPosition>& suite) {
  std::string out;
  for (const FlipTacticsPosition& p : suite) {
    out += fmt::format("entry {} {} {}\nposition {}\naccept", p.id, p.category, p.position.rules().toString(),
                       formatFlipPosition(p.position));
    for (const Move m : p.accept) {
      out += ' ';
      out += flipActionName(m);
    }
    out += "\n\n";
  }
  return out;
}

namespace {

// The words of a line after its key, or a RecordError naming the line.
std::vector<std::string_view> fieldsAfter(std::string_view line, std::string_view key, int number) {
  std::vector<std::string_view> words;
  std::size_t at = 0;
  while (at < line.size()) {
    const std::size_t end = std::min(line.find(' ', at), line.size());
    if (end > at) words.push_back(line.substr(at, end - at));
    at = end + 1;
  }
  if (words.empty() || words[0] != key) throw RecordError(fmt::format("line {}: expected '{} ...'", number, key));
  words.erase(words.begin());
  return words;
}

Move parseAcceptedAction(std::string_view word, const FlipPosition& pos, int number) {
  std::optional<Move> m;
  if (const auto square = parseSquare(word)) m = flipAt(*square);
  else m = parseMove(word);
  if (!m) throw RecordError(fmt::format("line {}: '{}' is neither a point to flip nor a move", number, word));
  if (const auto why = whyIllegalFlipAction(pos, *m))
    throw RecordError(fmt::format("line {}: '{}' is not legal here: {}", number, word, *why));
  return *m;
}

}  // namespace

std::vector<FlipTacticsPosition> parseFlipTacticsSuite(std::string_view text) {
  std::vector<std::string_view> lines;
  for (std::size_t at = 0; at <= text.size();) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    lines.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  std::vector<FlipTacticsPosition> suite;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].empty()) continue;
    const int number = static_cast<int>(i) + 1;
    const auto head = fieldsAfter(lines[i], "entry", number);
    if (head.size() != 3 || std::find(flipTacticsCategories().begin(), flipTacticsCategories().end(), head[1]) ==
                                flipTacticsCategories().end())
      throw RecordError(fmt::format("line {}: an entry is 'entry ID CATEGORY PRESET' with a category of {}", number,
                                    fmt::join(flipTacticsCategories(), ", ")));
    if (i + 2 >= lines.size()) throw RecordError(fmt::format("line {}: entry {} has no position and accept lines", number, head[0]));
    FlipTacticsPosition p{std::string(head[0]), std::string(head[1]), FlipPosition(), {}};
    try {
      const FlipRuleset rules = FlipRuleset::parse(head[2]);
      const std::string_view positionLine = lines[i + 1];
      fieldsAfter(positionLine, "position", number + 1);
      p.position = parseFlipPosition(positionLine.substr(std::string_view("position ").size()), rules);
    } catch (const RecordError&) {
      throw;
    } catch (const std::exception& e) {
      throw RecordError(fmt::format("line {}: entry {}: {}", number + 1, p.id, e.what()));
    }
    for (const std::string_view word : fieldsAfter(lines[i + 2], "accept", number + 2))
      p.accept.push_back(parseAcceptedAction(word, p.position, number + 2));
    if (p.accept.empty()) throw RecordError(fmt::format("line {}: entry {} accepts no action", number + 2, p.id));
    suite.push_back(std::move(p));
    i += 2;
  }
  return suite;
}

}  // namespace junqi
