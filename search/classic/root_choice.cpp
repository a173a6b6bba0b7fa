#include "search/classic/root_choice.h"

#include <algorithm>
#include <stdexcept>

#include "search/classic/flag_in_two.h"
#include "search/classic/flag_tactics.h"
#include "search/classic/ismcts.h"
#include "search/classic/one_ply.h"

namespace junqi {

namespace {

// Flag-tactics scores closer than this to the best count as equally safe.
constexpr double kFlagTolerance = 0.02;
// How much better (in mean value) a reversal must be to be played anyway.
constexpr double kReversalMargin = 0.05;

bool moreVisited(const RootMoveStats& a, const RootMoveStats& b) {
  return a.visits > b.visits || (a.visits == b.visits && a.value > b.value);
}

}  // namespace

std::vector<double> flagScores(const InfoState& state, const MoveList& moves) {
  const std::vector<FlagTactics> tactics = flagTactics(state, moves);
  std::vector<double> score(tactics.size());
  bool certain = false;
  for (std::size_t i = 0; i < tactics.size(); ++i) {
    score[i] = tactics[i].score();
    certain |= tactics[i].winNow >= 1 - 1e-9;
  }
  if (certain) return score;
  const std::vector<double> inTwo = flagInTwo(state, moves);
  for (std::size_t i = 0; i < score.size(); ++i)
    if (inTwo[i] >= kWinInTwoAtLeast) score[i] += kWinInTwoWeight * inTwo[i];
  return score;
}

std::vector<bool> flagSafeMoves(const InfoState& state, const MoveList& moves) {
  const std::vector<double> score = flagScores(state, moves);
  const double best = *std::max_element(score.begin(), score.end());
  const double tolerance = best >= 1 - 1e-9 ? 1e-9 : kFlagTolerance;
  std::vector<bool> allowed(score.size());
  for (std::size_t i = 0; i < score.size(); ++i) allowed[i] = score[i] >= best - tolerance;
  return allowed;
}

std::optional<Move> previousQuietMove(const Observation& obs) {
  const auto& events = obs.events();
  for (auto it = events.rbegin(); it != events.rend(); ++it) {
    if (it->side != obs.seat() || it->type != ActionType::Move) continue;
    if (it->combat != Combat::None) return std::nullopt;
    return it->move;
  }
  return std::nullopt;
}

bool reverses(Move m, const std::optional<Move>& previous) {
  return previous && m.from == previous->to && m.to == previous->from;
}

namespace {

// A fight that loses at least this much material (a lieutenant's worth) by our beliefs is a losing fight.
constexpr double kLosingFight = 1.0;

// The material rules (root_choice.h): the most visited move they prefer to
// `pick` that the search values within `margin` of it; else `pick`.
std::size_t materialRules(const InfoState& state, const std::vector<RootMoveStats>& root,
                          const std::vector<bool>& allowed, std::size_t pick, double margin) {
  const Observation& obs = state.observation();
  const double lead = expectedMaterialLead(state);
  const auto isFight = [&](std::size_t i) { return obs.pieceAt(root[i].move.to) != kNoPiece; };
  const auto shunned = [&](std::size_t i) {
    return isFight(i) && (expectedFightMaterial(state, root[i].move) <= -kLosingFight ||
                          (lead <= -kClearLead && isSureTrade(state, root[i].move)));
  };
  // A shunned pick gives way to any move that is not; a quiet pick when clearly ahead, to a sure trade.
  const bool avoidPick = shunned(pick);
  if (!avoidPick && !(lead >= kClearLead && !isFight(pick))) return pick;
  const auto better = [&](std::size_t i) { return avoidPick ? !shunned(i) : isSureTrade(state, root[i].move); };
  std::size_t best = pick;
  for (std::size_t i = 0; i < root.size(); ++i)
    if (allowed[i] && better(i) && root[i].value >= root[pick].value - margin &&
        (best == pick || moreVisited(root[i], root[best])))
      best = i;
  return best;
}

}  // namespace

std::size_t chooseRootMove(const InfoState& state, const std::vector<RootMoveStats>& root,
                           const RootChoiceParams& params) {
  MoveList moves;
  for (const RootMoveStats& r : root) moves.push(r.move);
  const std::vector<bool> allowed = params.flagGuard ? flagSafeMoves(state, moves) : std::vector<bool>(root.size(), true);
  const auto bestAllowed = [&](auto&& accept) {
    std::size_t best = root.size();
    for (std::size_t i = 0; i < root.size(); ++i)
      if (allowed[i] && accept(i) && (best == root.size() || moreVisited(root[i], root[best]))) best = i;
    return best;
  };
  std::size_t pick = bestAllowed([](std::size_t) { return true; });
  if (pick == root.size()) throw std::logic_error("chooseRootMove: no move allowed (NaN flag score?)");
  if (params.materialMargin > 0) pick = materialRules(state, root, allowed, pick, params.materialMargin);
  if (!params.avoidReversal) return pick;
  const Observation& obs = state.observation();
  const std::optional<Move> previous = previousQuietMove(obs);
  const auto isReversal = [&](std::size_t i) {
    return reverses(root[i].move, previous) && obs.pieceAt(root[i].move.to) == kNoPiece;
  };
  if (!isReversal(pick)) return pick;
  const std::size_t other = bestAllowed([&](std::size_t i) { return !isReversal(i); });
  if (other == root.size() || root[pick].value > root[other].value + kReversalMargin) return pick;
  return other;
}

}  // namespace junqi
