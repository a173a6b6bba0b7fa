// The four-player tactics labeller: the two categories decided by the
// referee's rules in every world the seat cannot rule out (four_tactics.h).
#include "search/four/four_tactics.h"

#include "core/four/four_movegen.h"

namespace junqi {

const std::vector<std::string>& fourTacticsCategories() {
  static const std::vector<std::string> categories = {"flag-capture", "flag-defence"};
  return categories;
}

namespace {

// For every point, the points from which some piece (an engineer: it reaches
// the most) could move onto it on an empty board, even out of a headquarters.
// A piece anywhere else can never attack that point in one move.
const std::array<CrossBitboard, kCrossPoints>& reachersOf() {
  static const std::array<CrossBitboard, kCrossPoints> table = [] {
    std::array<CrossBitboard, kCrossPoints> out{};
    FourRuleset rules = FourRuleset::worldAtPlay();
    rules.army.headquartersFreeze = false;
    for (int from = 0; from < kCrossPoints; ++from)
      for (int to = 0; to < kCrossPoints; ++to) {
        if (from == to) continue;
        const FourPosition pos(rules, {{0, PieceType::Engineer, from}, {1, PieceType::Lieutenant, to}}, 0);
        if (fourTargets(pos, from).contains(to)) out[static_cast<std::size_t>(to)] |= CrossBitboard::bit(from);
      }
    return out;
  }();
  return table;
}

// Does an enemy of `army` stand where it could reach `army`'s flag?
bool enemyNearFlag(const FourPosition& board, int army) {
  const auto flag = fourFlagPoint(board, army);
  if (!flag) return false;
  const CrossBitboard enemies = board.occupied((army + 1) % kArmies) | board.occupied((army + 3) % kArmies);
  return static_cast<bool>(enemies & reachersOf()[*flag]);
}

}  // namespace

std::optional<FourTacticsLabel> labelFourTactics(const FourTacticsView& view) {
  const FourObservation& obs = view.observation();
  if (obs.toMove() != obs.army() || fourOutcome(obs.board()).isOver()) return std::nullopt;
  MoveList moves;
  obs.legalMoves(moves);
  FourTacticsLabel capture{"flag-capture", {}}, defence{"flag-defence", {}};
  for (const Move m : moves)
    if (takesFlagForCertain(view, m)) capture.accept.push_back(m);
  if (!capture.accept.empty()) return capture;
  if (!enemyNearFlag(obs.board(), obs.army())) return std::nullopt;
  int unsafe = 0;
  for (const Move m : moves) {
    const FourSafety s = flagSafetyAfter(view, m);
    if (s == FourSafety::Unknown) return std::nullopt;  // not every move decided: no label
    if (s == FourSafety::Safe) defence.accept.push_back(m);
    else ++unsafe;
  }
  if (defence.accept.empty() || unsafe == 0) return std::nullopt;
  return defence;
}

std::optional<FourTacticsLabel> labelFourTactics(const FourGame& game) {
  if (game.isOver() || !mayHaveFourTactics(game.position())) return std::nullopt;
  const FourObservation obs = FourObservation::of(game, game.position().toMove());
  return labelFourTactics(FourTacticsView(obs, game.rules()));
}

bool mayHaveFourTactics(const FourPosition& truth) {
  const int army = truth.toMove();
  MoveList moves;
  generateFourMoves(truth, moves);
  for (const Move m : moves)
    if (!truth.isEmpty(m.to) && truth.typeAt(m.to) == PieceType::Flag) return true;
  return enemyNearFlag(truth, army);
}

}  // namespace junqi
