// Four-player Junqi's tactics suite and flag-blunder checker (docs/tactics.md,
// "Four-player Junqi").
//
// A four-player seat may not see the enemies' identities (visibility own or
// team), so an answer must hold in every world the seat cannot rule out. The
// labeller reads the seat's FourObservation through its FourBeliefs (a
// FourTacticsView, search/four/four_flag_safety.h): each unseen piece may be
// any identity its army's exact count gives a positive probability (its
// support); seen pieces are what they are. The referee's rules
// (FourPosition::play, the move generator, the combat table) then decide
// every outcome. Under visibility=all every support is one identity
// and the labels are the referee's alone.
//
// Categories, for the army to move:
//   flag-capture  some move attacks a piece whose support is the flag alone
//                 (and the attacker beats a flag): those moves. Taking a flag
//                 removes that enemy army from the board.
//   flag-defence  no such move, and the army that moves right after ours
//                 (the referee's turn order: armies gone skipped) is an
//                 enemy: the safe moves, after which that army has no move
//                 onto our flag that takes it, whatever identity each
//                 unseen piece has in its support and whatever our move's
//                 battle reveals. Kept only when some move is unsafe (the
//                 enemy could then take the flag in some world), so that
//                 there is a choice, and when every move is decided (see
//                 FourSafety::Unknown).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/four/four_beliefs.h"
#include "core/four/four_game.h"
#include "core/four/four_record.h"
#include "search/classic/flag_blunders.h"
#include "search/four/four_flag_safety.h"

namespace junqi {

const std::vector<std::string>& fourTacticsCategories();

struct FourTacticsLabel {
  std::string category;
  std::vector<Move> accept;
};

// Could the category hold here at all, from the true position (a cheap
// filter, necessary for a label: an enemy flag under attack, or an enemy
// piece on a point from which a piece could reach the mover's flag)?
bool mayHaveFourTactics(const FourPosition& truth);

// The category of the seat's decision and its acceptable moves, if it falls into one.
std::optional<FourTacticsLabel> labelFourTactics(const FourTacticsView& view);
// The same for the army to move in a game (its seat's observation), or nothing when over.
std::optional<FourTacticsLabel> labelFourTactics(const FourGame& game);

struct FourTacticsPosition {
  std::string id;        // "four-worldatplay-flag-capture-007"
  std::string category;  // one of fourTacticsCategories()
  FourRecord record;     // the game up to the decision (no result)
  std::vector<Move> accept;
};

// Entries one after another: each a four-player record (docs/records.md)
// cut at the decision, with the tags tactics-id, category and accept
// ("G4-G9 H2-H1"), no result line, a blank line after it.
std::string formatFourTacticsSuite(const std::vector<FourTacticsPosition>& suite);
// Throws RecordError naming the entry, its line in the file and what is
// wrong (a move that is not legal where it stands included).
std::vector<FourTacticsPosition> parseFourTacticsSuite(std::string_view text);
// The game of an entry, replayed to the decision.
FourGame replayFourTactics(const FourTacticsPosition& p);

// Plays games of the given four-player agents (one drawn at random per army
// and game) and keeps the positions that fall into a category, at most
// `perCategory` of each and one a game and category. Deterministic in the seed.
struct FourTacticsMining {
  std::vector<std::string> agents = {"random", "heuristic", "ismcts:sims=50"};
  std::string ruleset = "four-worldatplay";
  int perCategory = 40;
  int maxGames = 2000;
  int maxPlies = 600;
  std::uint64_t seed = 1;
};
std::vector<FourTacticsPosition> mineFourTacticsSuite(const FourTacticsMining& mining,
                                                      const std::function<void(int games, int found)>& progress = {});

// An agent's score on a suite: solved and total by category, and the ids missed.
struct FourTacticsResult {
  std::vector<std::pair<std::string, std::pair<int, int>>> byCategory;  // category: (solved, total)
  std::vector<std::string> failures;  // "...-flag-defence-003: played H3-H2, accepts G2-H2"
  int solved() const;
  int total() const;
};
FourTacticsResult runFourTacticsSuite(const std::vector<FourTacticsPosition>& suite, const std::string& agentSpec,
                                      const std::function<void(int done)>& progress = {});

// Replays the record (throws RecordError like replayFour) and counts, per
// army, the certain flag captures and the sure defences that were missed.
std::array<FlagBlunders, kArmies> checkFourFlagBlunders(const FourRecord& record);

}  // namespace junqi
