// Flip Junqi's tactics suite and flag-blunder checker (docs/tactics.md,
// "Flip Junqi").
//
// Nothing is private in Flip Junqi: both players see the same board, and a
// flip's outcome is a draw from pools both know. So a position's right
// answers follow from the rules alone, trying every identity a flip can
// reveal; no belief or search is involved.
//
// Categories:
//   flag-capture  some action takes the enemy flag now (and wins): those
//                 actions;
//   flag-defence  no capture now, the enemy could take our flag on its next
//                 turn if we stood still, and some actions leave it no
//                 capture whatever a flip reveals: those actions (only when
//                 another action leaves a capture, so that there is a choice).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/flip/flip_position.h"
#include "core/flip/flip_record.h"
#include "search/classic/flag_blunders.h"

namespace junqi {

const std::vector<std::string>& flipTacticsCategories();

struct FlipTacticsLabel {
  std::string category;
  std::vector<Move> accept;
};
// The category of the side to move's decision and its acceptable actions, if
// it falls into one. Positions whose colours are undecided fall into none.
std::optional<FlipTacticsLabel> labelFlipTactics(const FlipPosition& pos);

// True when the side to move can take the enemy flag with one move.
bool canTakeFlagNow(const FlipPosition& pos);
// True when the action leaves the enemy no flag capture on its next turn,
// whatever a flip reveals (an action that takes the flag is safe).
bool leavesNoFlagCapture(const FlipPosition& pos, Move action);

struct FlipTacticsPosition {
  std::string id;        // "flag-capture-007"
  std::string category;  // one of flipTacticsCategories()
  FlipPosition position;
  std::vector<Move> accept;
};

// Entries one after another, four lines each:
//   entry ID CATEGORY PRESET
//   position flip ...        (docs/notation.md, "Flip positions")
//   accept C3 C3-C4 ...      (docs/notation.md, flip actions)
//   (a blank line)
std::string formatFlipTacticsSuite(const std::vector<FlipTacticsPosition>& suite);
// Throws RecordError naming the line and what is wrong.
std::vector<FlipTacticsPosition> parseFlipTacticsSuite(std::string_view text);

// Plays games of the given flip agents (paired at random per game) in one
// ruleset and keeps the positions that fall into a category, at most
// `perCategory` of each and one a game and category.
struct FlipTacticsMining {
  std::vector<std::string> agents = {"random", "heuristic", "mcts:sims=200"};
  std::string ruleset = "flip-kawu";
  int perCategory = 60;
  int maxGames = 4000;
  std::uint64_t seed = 1;
};
std::vector<FlipTacticsPosition> mineFlipTacticsSuite(const FlipTacticsMining& mining,
                                                      const std::function<void(int games, int found)>& progress = {});

// An agent's score on a suite: solved and total by category, and the ids missed.
struct FlipTacticsResult {
  std::vector<std::pair<std::string, std::pair<int, int>>> byCategory;  // category: (solved, total)
  std::vector<std::string> failures;  // "flag-defence-003: played C3, accepts C4-C5"
  int solved() const;
  int total() const;
};
FlipTacticsResult runFlipTacticsSuite(const std::vector<FlipTacticsPosition>& suite, const std::string& agentSpec,
                                      const std::function<void(int done)>& progress = {});

// Replays the record (throws RecordError like replayFlip) and counts, per seat
// (by index(seat)), the certain flag captures and defences that were missed.
std::array<FlagBlunders, 2> checkFlipFlagBlunders(const FlipRecord& record);

}  // namespace junqi
