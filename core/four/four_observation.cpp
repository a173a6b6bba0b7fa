#include "core/four/four_observation.h"

#include <fmt/format.h>

#include "core/four/cross_board.h"
#include "core/four/four_movegen.h"
#include "core/four/four_notation.h"
#include "core/classic/notation.h"
#include "core/text.h"

namespace junqi {

namespace {

// What stands in for an identity the seat does not see (never shown as one).
constexpr PieceType kUnseen = PieceType::Lieutenant;

}  // namespace

bool seesArmy(int seat, int army, Visibility v) {
  return army == seat || v == Visibility::All || (v == Visibility::Team && army == allyOf(seat));
}

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
#ifdef JUNQI_PLANT_LEAK_FOUR  // a planted leak, only to prove the leakage tests (core/planted_leak.h)
    if (!seen.contains(piece.point) && pos.typeAt(Square(piece.point)) == PieceType::Marshal)
      piece.type = PieceType::Captain;
#endif
  }
  FourRuleset rules;
  rules.visibility = visibility;
  FourObservation obs(army, visibility, FourPosition(rules, setup), seen);
  for (const FourPlayedMove& m : history) {
    FourPublicMove seenMove{m.army, m.move, m.result.combat, m.result.flagTakenFrom, m.result.flagsShown,
                            m.result.armiesLeft, std::nullopt, std::nullopt};
    const auto typeIfSeen = [&](PieceId piece, PieceType type) -> std::optional<PieceType> {
      if (m.result.combat == Combat::None || piece == kNoPiece || !seesArmy(army, armyOfPiece(piece), visibility))
        return std::nullopt;
      return type;
    };
    seenMove.attackerType = typeIfSeen(m.result.attacker, m.result.attackerType);
    seenMove.defenderType = typeIfSeen(m.result.defender, m.result.defenderType);
    obs.history_.push_back(seenMove);
  }
  return obs;
}

FourObservation FourObservation::fromText(int army, Visibility visibility, std::string_view board,
                                          std::vector<FourPublicMove> history) {
  CrossBitboard unseen;
  FourSetup setup = parseFourSetup(board, &unseen);
  for (FourPiece& p : setup.pieces)
    if (unseen.contains(p.point)) p.type = kUnseen;
  FourRuleset rules;
  rules.visibility = visibility;
  CrossBitboard occupied;
  for (const FourPiece& p : setup.pieces) occupied |= CrossBitboard::bit(p.point);
  try {
    FourObservation obs(army, visibility, FourPosition(rules, setup), occupied & ~unseen);
    obs.history_ = std::move(history);
    return obs;
  } catch (const std::invalid_argument& e) {
    throw NotationError(fmt::format("four-player view: {}", e.what()));
  }
}

std::string FourObservation::boardText() const {
  CrossBitboard occupied;
  for (int a = 0; a < kArmies; ++a) occupied |= board_.occupied(a);
  return formatFourSetup(board_.setup(), occupied & ~seen_);
}

std::optional<PieceType> FourObservation::typeAt(Square point) const {
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
  for (Square p{}; p < kCrossPoints; ++p) {
    if (board_.isEmpty(p)) continue;
    const auto type = typeAt(p);
    text += fmt::format("{}:{}{} ", crossBoard().pointName(p), armyName(board_.armyAt(p)), type ? typeSymbol(*type) : '?');
  }
  text += "\nshown:";
  for (int a = 0; a < kArmies; ++a)
    if (flagShown(a)) text += fmt::format(" {}", armyName(a));
  for (const FourPublicMove& m : history_) {
    text += '\n';
    text += formatFourPublicMove(m);
  }
  text += '\n';
  return text;
}

namespace {

std::string armyList(std::uint8_t bits) {
  std::string out;
  for (int a = 0; a < kArmies; ++a)
    if (bits >> a & 1) {
      if (!out.empty()) out += ',';
      out += armyName(a);
    }
  return out;
}

[[noreturn]] void badMove(std::string_view text, const std::string& why) {
  throw NotationError(fmt::format("four-player move '{}': {}", text, why));
}

std::uint8_t parseArmyList(std::string_view text, std::string_view list) {
  std::uint8_t bits = 0;
  for (const std::string_view name : split(list, ',')) {
    const int a = parseArmyName(name);
    if (a < 0) badMove(text, fmt::format("'{}' is no army", name));
    bits |= static_cast<std::uint8_t>(1u << a);
  }
  return bits;
}

std::optional<PieceType> parseSeenSymbol(std::string_view text, char c) {
  if (c == '?') return std::nullopt;
  const auto t = parseTypeSymbol(c);
  if (!t) badMove(text, fmt::format("unknown piece symbol '{}'", c));
  return t;
}

}  // namespace

std::string formatFourPublicMove(const FourPublicMove& m) {
  const auto symbol = [](const std::optional<PieceType>& t) { return t ? typeSymbol(*t) : '?'; };
  std::string text = fmt::format("{} {} {}", armyName(m.army), fourMoveName(m.move), combatName(m.combat));
  if (m.combat != Combat::None) text += fmt::format(" {}x{}", symbol(m.attackerType), symbol(m.defenderType));
  if (m.flagTakenFrom >= 0) text += fmt::format(" flag-taken:{}", armyName(m.flagTakenFrom));
  if (m.flagsShown) text += " shown:" + armyList(m.flagsShown);
  if (m.armiesLeft) text += " left:" + armyList(m.armiesLeft);
  return text;
}

FourPublicMove parseFourPublicMove(std::string_view text) {
  const std::vector<std::string_view> w = words(text);
  if (w.size() < 3) badMove(text, "expected '<army> <from>-<to> <combat> ...'");
  FourPublicMove m{parseArmyName(w[0]), {}, Combat::None, -1, 0, 0, std::nullopt, std::nullopt};
  if (m.army < 0) badMove(text, fmt::format("'{}' is no army", w[0]));
  const auto move = parseFourMove(w[1]);
  if (!move) badMove(text, fmt::format("'{}' is not a move between points of the cross", w[1]));
  m.move = *move;
  const auto combat = parseCombatName(w[2]);
  if (!combat) badMove(text, fmt::format("'{}' is not a battle result", w[2]));
  m.combat = *combat;
  std::size_t i = 3;
  if (m.combat != Combat::None) {
    if (w.size() < 4 || w[3].size() != 3 || w[3][1] != 'x') badMove(text, "a battle needs '<attacker>x<defender>'");
    m.attackerType = parseSeenSymbol(text, w[3][0]);
    m.defenderType = parseSeenSymbol(text, w[3][2]);
    i = 4;
  }
  for (; i < w.size(); ++i) {
    if (w[i].starts_with("flag-taken:")) {
      m.flagTakenFrom = parseArmyName(w[i].substr(11));
      if (m.flagTakenFrom < 0) badMove(text, fmt::format("'{}' is no army", w[i].substr(11)));
    } else if (w[i].starts_with("shown:")) {
      m.flagsShown = parseArmyList(text, w[i].substr(6));
    } else if (w[i].starts_with("left:")) {
      m.armiesLeft = parseArmyList(text, w[i].substr(5));
    } else {
      badMove(text, fmt::format("unknown word '{}'", w[i]));
    }
  }
  return m;
}

}  // namespace junqi
