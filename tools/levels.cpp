#include "tools/levels.h"

#include <span>
#include <utility>
#include <stdexcept>

#include <fmt/format.h>

#include "tools/best_network.h"

namespace junqi::tools {

namespace {

// One level: an agent spec, or none for the game's best network played with
// the search settings its weights file carries (those it was rated with).
struct LevelRow {
  const char* spec;
  const char* words;
};

// Each level measurably stronger than the one below (docs/tactics.md).
constexpr LevelRow kClassic[] = {{"heuristic", "heuristic"},
                                 {"tactical", "tactical"},
                                 {"ismcts:sims=400", "ismcts with 400 simulations"},
                                 {"ismcts:sims=2000", "ismcts with 2000 simulations"},
                                 {nullptr, "the best classic network (experiments/best/classic.jqw)"}};
// More simulations make neither mcts nor the network measurably stronger in
// Flip Junqi (experiments/levels-flip-four), so the ladder is four kinds.
constexpr LevelRow kFlip[] = {{"random", "random legal actions"},
                              {"heuristic", "heuristic"},
                              {"mcts:sims=400", "mcts with 400 simulations"},
                              {nullptr, "the best flip networks (experiments/best/flip.jqw; "
                                        "flip-worldatplay.jqw in World at Play games)"}};
// The best four-player network is weaker than ismcts (experiments/best), so
// no level plays it.
constexpr LevelRow kFour[] = {{"heuristic", "heuristic"},
                              {"ismcts:sims=40", "ismcts with 40 simulations"},
                              {"ismcts:sims=250", "ismcts with 250 simulations"},
                              {"ismcts:sims=1500", "ismcts with 1500 simulations"}};

std::span<const LevelRow> levelsOf(std::string_view game) {
  if (game == "classic") return kClassic;
  if (game == "flip") return kFlip;
  if (game == "four") return kFour;
  return {};
}

const LevelRow& rowOf(std::string_view game, int level) {
  const auto rows = levelsOf(game);
  if (rows.empty()) throw std::invalid_argument(fmt::format("no levels for the game '{}'", game));
  if (level < 1 || level > static_cast<int>(rows.size()))
    throw std::invalid_argument(fmt::format("--level: the {} game has no level {} (its levels are 1-{})", game, level,
                                            rows.size()));
  return rows[static_cast<std::size_t>(level - 1)];
}

}  // namespace

int levelCount(std::string_view game) { return static_cast<int>(levelsOf(game).size()); }

std::string levelSpec(std::string_view game, int level) {
  const LevelRow& row = rowOf(game, level);
  if (row.spec) return row.spec;
  const std::string net = "nn:weights=" + bestNetworkPath(game);
  if (game == "classic") return net + ",backend=eigen";  // the flip nn agent has one backend
  if (game != "flip") return net;
  try {  // World at Play games play their own network where it is installed
    return net + ",worldatplay=" + bestNetworkPath("flip-worldatplay");
  } catch (const std::runtime_error&) {
    return net;
  }
}

std::string levelWords(std::string_view game, int level) { return rowOf(game, level).words; }

std::string levelsSummary() {
  std::string text;
  for (const auto& [game, title] : {std::pair{"classic", "Classic Junqi"}, {"flip", "Flip Junqi"}, {"four", "four-player"}}) {
    text += fmt::format("{}{} 1-{}:", text.empty() ? "" : "; ", title, levelCount(game));
    for (int level = 1; level <= levelCount(game); ++level)
      text += fmt::format("{} {} {}", level == 1 ? "" : ",", level, levelWords(game, level));
  }
  return text;
}

}  // namespace junqi::tools
