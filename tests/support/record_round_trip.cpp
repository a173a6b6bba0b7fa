#include "tests/support/record_round_trip.h"

#include <fmt/format.h>

#include "core/classic/record.h"

namespace junqi::test_support {

std::string recordRoundTripProblem(const Game& game, std::vector<std::pair<std::string, std::string>> tags,
                                   const std::function<std::string(std::string)>& tamper) {
  const std::string text = formatRecord(recordOf(game, std::move(tags)));
  const std::string read = tamper ? tamper(text) : text;
  try {
    const GameRecord parsed = parseRecord(read);
    const Game again = replay(parsed);
    if (!again.position().samePlacement(game.position())) return "the replay ends on another position";
    if (again.outcome() != game.outcome()) return "the replay ends with another outcome";
    if (again.history().size() != game.history().size()) return "the replay has another length";
    // docs/records.md: "writing the replayed game gives the same text, comments included".
    const std::string rewritten = formatRecord(recordOf(again, parsed.tags, parsed.outcomeDetail));
    if (rewritten != text) {
      std::size_t i = 0;
      while (i < rewritten.size() && i < text.size() && rewritten[i] == text[i]) ++i;
      return fmt::format("the replayed game's record differs at character {}: '{}' became '{}'", i,
                         text.substr(i > 40 ? i - 40 : 0, 80), rewritten.substr(i > 40 ? i - 40 : 0, 80));
    }
  } catch (const std::exception& e) {
    return fmt::format("the record does not replay: {}\n{}", e.what(), read.substr(0, 2000));
  }
  return {};
}

}  // namespace junqi::test_support
