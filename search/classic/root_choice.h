// The move a search plays, from its root statistics.
//
// The most visited move, except where that would be a tactical blunder a
// search with a small budget can make:
//   - flag guard: only moves whose flag tactics (search/classic/flag_tactics.h) score
//     within a small tolerance of the best may be played, so a certain flag
//     capture is always taken, one the enemy cannot stop next move is set up,
//     and a flag capture the opponent could make next is prevented whenever
//     some move prevents it;
//   - material rules, unless the search values the alternative clearly lower
//     (by more than a margin): clearly ahead, a sure even trade is played
//     instead of a quiet move (fewer pieces make a lead count for more, which
//     short rollouts do not see); clearly behind, no sure trade; and never a
//     fight that loses material by our beliefs (a big officer into a probable
//     landmine) - a small search or a network's priors can pick one;
//   - no aimless reversal: a quiet move that undoes our previous quiet move is
//     replaced by the best other candidate unless the search clearly prefers it.
#pragma once

#include <vector>

#include "core/classic/info_state.h"

namespace junqi {

struct RootMoveStats;

struct RootChoiceParams {
  bool flagGuard = true;
  bool avoidReversal = true;
  // How much lower (in mean value) the move the material rules prefer may be
  // than the search's pick and still be played instead; 0: the rules are off.
  double materialMargin = 0.3;
};

// The index into `root` (one entry per legal move, in generation order) of the move to play.
std::size_t chooseRootMove(const InfoState& state, const std::vector<RootMoveStats>& root,
                           const RootChoiceParams& params);

// Per move of `moves`: its flag-tactics score (search/classic/flag_tactics.h) plus,
// unless some move takes the flag for certain, kWinInTwoWeight times its
// chance to win in two (search/classic/flag_in_two.h) where that chance is at least
// kWinInTwoAtLeast: a capture next move that the enemy probably cannot stop
// is worth almost as much as one now, while a long shot must not overrule
// the search (the guard would allow nothing else).
constexpr double kWinInTwoWeight = 0.9;
constexpr double kWinInTwoAtLeast = 0.5;
std::vector<double> flagScores(const InfoState& state, const MoveList& moves);

// Which of `moves` the flag guard allows: those whose flag score is within a
// small tolerance of the best (only the best when some move takes the flag
// for certain).
std::vector<bool> flagSafeMoves(const InfoState& state, const MoveList& moves);

// Our previous move, when it was quiet (no fight): the move a reversal would undo.
std::optional<Move> previousQuietMove(const Observation& obs);
bool reverses(Move m, const std::optional<Move>& previous);

}  // namespace junqi
