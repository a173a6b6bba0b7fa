#include "core/four_observation.h"

#include <fmt/format.h>

#include "core/cross_board.h"
#include "core/four_movegen.h"
#include "core/four_notation.h"

namespace junqi {

namespace {

// What stands in for an identity the seat does not see (never shown as one).
constexpr PieceType kUnseen = PieceType::Lieutenant;

bool seesArmy(int seat, int army, Visibility v) {
  return army == seat || v == Visibility::All || (v == Visibility::Team && army == allyOf(seat));
}

}  // namespace

FourObservation FourObservation::of(const FourPosition& pos, const std::vector<FourPlayedMove>& history, int army,
                                    Visibility visibility) {
  FourSetup setup = pos.setup();
  CrossBitboard seen;
  for (FourPiece& piece : setup.pieces) {
    // A shown flag is seen by everyone; any other identity by the visibility mode.
    const bool shownFlag = piece.type == PieceType::Flag && pos.flagShown(piece.army);
    if (seesArmy(army, piece.army, visibility) || shownFlag)
      seen |= CrossBitboard::bit(piece.point);
    else
      piece.type = kUnseen;
  }
  FourRuleset rules;
  rules.visibility = visibility;
  FourObservation obs(army, visibility, FourPosition(rules, setup), seen);
  for (const FourPlayedMove& m : history) {
    FourPublicMove seenMove{m.army, m.move, m.result.combat, m.result.flagTakenFrom, m.result.flagsShown,
                            m.result.armiesLeft, std::nullopt, std::nullopt};
    const auto typeIfSeen = [&](std::uint8_t piece, PieceType type) -> std::optional<PieceType> {
      if (piece == kNoFourPiece || !seesArmy(army, armyOfPiece(piece), visibility)) return std::nullopt;
      return type;
    };
    seenMove.attackerType = typeIfSeen(m.result.attacker, m.result.attackerType);
    seenMove.defenderType = typeIfSeen(m.result.defender, m.result.defenderType);
    obs.history_.push_back(seenMove);
  }
  return obs;
}

std::optional<PieceType> FourObservation::typeAt(int point) const {
  if (board_.isEmpty(point) || !seen_.contains(point)) return std::nullopt;
  return board_.typeAt(point);
}

void FourObservation::legalMoves(MoveList& out) const {
  out.clear();
  if (toMove() == army_) generateFourMoves(board_, out);
}

std::string FourObservation::toString() const {
  std::string text = fmt::format("seat {} sees {}; to move {}; quiet {}; ply {}\n", armyName(army_),
                                 visibilityName(visibility_), armyName(toMove()), quietMoves(), ply());
  for (int p = 0; p < kCrossPoints; ++p) {
    if (board_.isEmpty(p)) continue;
    const auto type = typeAt(p);
    text += fmt::format("{}:{}{} ", crossBoard().pointName(p), armyName(board_.armyAt(p)), type ? typeSymbol(*type) : '?');
  }
  text += "\nshown:";
  for (int a = 0; a < kArmies; ++a)
    if (flagShown(a)) text += fmt::format(" {}", armyName(a));
  const auto symbol = [](const std::optional<PieceType>& t) { return t ? typeSymbol(*t) : '?'; };
  for (const FourPublicMove& m : history_) {
    text += fmt::format("\n{} {} {}", armyName(m.army), fourMoveName(m.move), combatName(m.combat));
    if (m.combat != Combat::None) text += fmt::format(" {}x{}", symbol(m.attackerType), symbol(m.defenderType));
    if (m.flagsShown) text += fmt::format(" shown {}", m.flagsShown);
    if (m.armiesLeft) text += fmt::format(" left {}", m.armiesLeft);
  }
  return text + "\n";
}

}  // namespace junqi
