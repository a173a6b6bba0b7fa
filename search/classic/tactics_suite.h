// The tactics suite: positions from real games where one kind of move is right
// or wrong, each with the set of acceptable moves, for measuring any agent.
//
// Categories (docs/tactics.md):
//   flag-capture   some move takes the enemy flag for certain (the seat's exact
//                  beliefs say the target is the flag);
//   flag-defence   the enemy can probably take our flag next move and some
//                  moves make that much less likely: only the safest are
//                  acceptable;
//   landmine-bomb  a big officer (rank 7 or more) can attack a piece that is
//                  probably a landmine or a bomb and surely not the flag, at
//                  an expected loss of material: every move but those attacks;
//   engineer-path  no move takes the flag now, but an engineer's turning
//                  railway path sets up a capture next move that the enemy
//                  (even knowing every identity) probably cannot stop: the moves
//                  that force it about as often as the best one;
//   trade-ahead    flags quiet, nothing of ours hangs, we lead by 7.5 points
//                  of material or more and a sure even trade (an officer, not
//                  an engineer, against a piece of its rank with probability
//                  0.75 or more) is on offer: the trades and the fights that
//                  do not lose material;
//   trade-behind   the same, but we trail by 7.5 or more: anything but the
//                  trades and the fights that lose material.
// Positions are stored as game records (docs/records.md) cut at the decision,
// with tags naming the entry, its category and its acceptable moves; the side
// to move decides. The acceptable moves are worked out from worlds sampled
// from the seat's InfoState, by full move generation in each world: a check
// independent of the flag arithmetic the agents use (search/classic/flag_tactics.h).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/classic/info_state.h"
#include "core/classic/record.h"

namespace junqi {

struct TacticsPosition {
  std::string id;        // "flag-capture-007"
  std::string category;  // one of the categories above
  GameRecord record;     // the game up to the decision
  std::vector<Move> accept;
};

const std::vector<std::string>& tacticsCategories();
// The trade categories follow a proverb (trade when ahead, not when behind),
// not a certainty: a search may rightly prefer another plan. The others are
// the tactics: the rules and the seat's beliefs decide.
bool isProverbCategory(std::string_view category);

// Entries one after another, each a record starting with its "junqi-record" line.
std::string formatTacticsSuite(const std::vector<TacticsPosition>& suite);
// Throws RecordError naming the entry and what is wrong.
std::vector<TacticsPosition> parseTacticsSuite(std::string_view text);

// The category of the seat's decision and its acceptable moves, if it falls
// into one (labelled from `samples` worlds drawn from the InfoState).
struct TacticsLabel {
  std::string category;
  std::vector<Move> accept;
};
std::optional<TacticsLabel> labelTacticsPosition(const InfoState& state, int samples, Rng& rng);

// Plays games with the given agents and keeps the positions that fall into a
// wanted category, at most `perCategory` of each (one per game and category).
struct TacticsMining {
  std::vector<std::string> agents = {"heuristic", "random", "tactical"};  // paired at random per game
  std::vector<std::string> rulesets = {"hiddenfront", "worldatplay", "refereed"};
  std::vector<std::string> categories;  // the categories to keep (empty: all)
  int perCategory = 60;
  int maxGames = 4000;
  int samples = 1000;  // sampled worlds per labelled position
  std::uint64_t seed = 1;
};
std::vector<TacticsPosition> mineTacticsSuite(const TacticsMining& mining,
                                              const std::function<void(int games, int found)>& progress = {});

// How an agent does on the suite.
struct TacticsResult {
  std::map<std::string, std::pair<int, int>> byCategory;  // solved, total
  std::vector<std::string> failures;                      // "id: played X, accept Y Z"
  int solved() const;
  int total() const;
  int tacticsSolved() const;  // the same, without the proverb's categories
  int tacticsTotal() const;
};
TacticsResult runTacticsSuite(const std::vector<TacticsPosition>& suite, const std::string& agentSpec,
                              const std::function<void(int done)>& progress = {});

}  // namespace junqi
