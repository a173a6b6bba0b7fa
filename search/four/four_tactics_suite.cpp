// The four-player tactics suite as text: records cut at the decision, with
// the answers in tags (four_tactics.h).
#include <algorithm>
#include <charconv>

#include <fmt/format.h>

#include "core/four/four_movegen.h"
#include "core/four/four_notation.h"
#include "core/text.h"
#include "search/four/four_tactics.h"

namespace junqi {

namespace {

constexpr std::string_view kEntryHead = "# junqi four-player record";
const std::vector<std::string> kTacticsTags = {"tactics-id", "category", "accept"};

// A record's error "line N: ..." (N within the entry) told as a line of the file.
std::string inFile(const std::string& what, int firstLine, std::string_view where) {
  int n = 0;
  if (what.starts_with("line ")) {
    const char* begin = what.data() + 5;
    const auto [end, ec] = std::from_chars(begin, what.data() + what.size(), n);
    if (ec == std::errc() && std::string_view(end, 2) == ": ")
      return fmt::format("{}: line {}: {}", where, firstLine + n - 1, std::string_view(end + 2));
  }
  return fmt::format("{} (from line {}): {}", where, firstLine, what);
}

// The line (within the entry) that starts with `head`, or 0.
int lineOf(std::string_view entry, std::string_view head) {
  int n = 0;
  for (const std::string_view line : split(entry, '\n')) {
    ++n;
    if (line.starts_with(head)) return n;
  }
  return 0;
}

// Checks an entry's tags and answers, and takes the tags off its record.
// Errors name the line within the entry.
void readAnswers(FourTacticsPosition& p, std::string_view entry) {
  const auto id = p.record.tag("tactics-id"), category = p.record.tag("category"), accept = p.record.tag("accept");
  if (!id || !category || !accept) throw RecordError("line 1: an entry needs the tags tactics-id, category and accept");
  p.id = *id;
  p.category = *category;
  const auto& categories = fourTacticsCategories();
  if (std::find(categories.begin(), categories.end(), p.category) == categories.end())
    throw RecordError(fmt::format("line {}: {}: unknown category '{}' (categories: {})", lineOf(entry, "tag category"),
                                  p.id, p.category, fmt::join(categories, ", ")));
  std::erase_if(p.record.tags, [](const auto& tag) {
    return std::find(kTacticsTags.begin(), kTacticsTags.end(), tag.first) != kTacticsTags.end();
  });
  if (p.record.outcome.isOver())
    throw RecordError(fmt::format("line {}: {}: a decision has no result line", lineOf(entry, "result"), p.id));
  const FourGame game = replayFour(p.record);
  const int acceptLine = lineOf(entry, "tag accept");
  if (game.isOver()) throw RecordError(fmt::format("line {}: {}: the game is over before the decision", acceptLine, p.id));
  for (const std::string_view word : words(*accept)) {
    const auto m = parseFourMove(word);
    if (!m) throw RecordError(fmt::format("line {}: {}: '{}' is not a move of the cross", acceptLine, p.id, word));
    if (!isLegalFourMove(game.position(), *m))
      throw RecordError(fmt::format("line {}: {}: {} is not legal for {} here", acceptLine, p.id, word,
                                    armyName(game.position().toMove())));
    p.accept.push_back(*m);
  }
  if (p.accept.empty()) throw RecordError(fmt::format("line {}: {}: accepts no move", acceptLine, p.id));
}

}  // namespace

std::string formatFourTacticsSuite(const std::vector<FourTacticsPosition>& suite) {
  std::string out;
  for (const FourTacticsPosition& p : suite) {
    FourRecord r = p.record;
    std::vector<std::string> names;
    for (const Move m : p.accept) names.push_back(fourMoveName(m));
    r.tags.push_back({"tactics-id", p.id});
    r.tags.push_back({"category", p.category});
    r.tags.push_back({"accept", fmt::format("{}", fmt::join(names, " "))});
    out += formatFourRecord(r) + "\n";
  }
  return out;
}

std::vector<FourTacticsPosition> parseFourTacticsSuite(std::string_view text) {
  std::vector<FourTacticsPosition> suite;
  if (!text.starts_with(kEntryHead))
    throw RecordError(fmt::format("line 1: a four-player tactics suite begins with '{}'", kEntryHead));
  int firstLine = 1;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t next = text.find(fmt::format("\n{}", kEntryHead), at);
    const std::string_view entry = text.substr(at, next == std::string_view::npos ? next : next + 1 - at);
    const std::string where = fmt::format("tactics entry {}", suite.size() + 1);
    FourTacticsPosition p;
    try {
      p.record = parseFourRecord(entry);
      readAnswers(p, entry);
    } catch (const RecordError& e) {
      throw RecordError(inFile(e.what(), firstLine, where));
    }
    suite.push_back(std::move(p));
    firstLine += static_cast<int>(std::count(entry.begin(), entry.end(), '\n'));
    at = next == std::string_view::npos ? text.size() : next + 1;
  }
  return suite;
}

FourGame replayFourTactics(const FourTacticsPosition& p) { return replayFour(p.record); }

}  // namespace junqi
