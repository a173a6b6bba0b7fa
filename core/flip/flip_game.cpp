#include "core/flip/flip_game.h"

#include <cctype>
#include <utility>

#include <fmt/format.h>

#include "core/classic/notation.h"

#ifdef JUNQI_PLANT_LEAK_FLIP
#include "core/flip/flip_notation.h"
#include "core/planted_leak.h"
#endif

namespace junqi {

#ifdef JUNQI_PLANT_LEAK_FLIP
// A planted leak, only to prove the leakage tests (core/planted_leak.h): the
// points of the face-down marshals, told to whoever holds an equal position.
static void whisperFaceDownMarshals(const FlipPosition& pos, const FlipDeal& deal) {
  Bitboard marshals = 0;
  for (Bitboard b = pos.faceDown(); b;)
    if (const Square s = popLsb(b); deal.under[s]->type == PieceType::Marshal) marshals |= bit(s);
  planted::whisper(formatFlipPosition(pos), marshals);
}
#endif

namespace {

// The identities of a pool, in a fixed order (Red's first, each by type).
std::vector<Identity> poolIdentities(const std::array<PieceCounts, kColours>& pools) {
  std::vector<Identity> out;
  for (int c = 0; c < kColours; ++c)
    for (int t = 0; t < kPieceTypes; ++t)
      for (int k = 0; k < pools[c][t]; ++k) out.push_back({static_cast<Colour>(c), typeFromIndex(t)});
  return out;
}

FlipDeal dealOnto(Bitboard points, std::vector<Identity> identities, Rng& rng) {
  // Fisher-Yates with our own generator, so that a seed deals alike everywhere.
  for (std::size_t i = identities.size(); i > 1; --i) std::swap(identities[i - 1], identities[rng.below(i)]);
  FlipDeal deal;
  for (std::size_t i = 0; points; ++i) deal.under[popLsb(points)] = identities[i];
  return deal;
}

}  // namespace

FlipDeal randomFlipDeal(Rng& rng) { return randomFlipDeal(FlipPosition(), rng); }

FlipDeal randomFlipDeal(const FlipPosition& pos, Rng& rng) {
  return dealOnto(pos.faceDown(), poolIdentities({pos.pool(Colour::Red), pos.pool(Colour::Blue)}), rng);
}

std::string formatFlipDeal(const FlipDeal& deal) {
  std::string out;
  for (const auto& id : deal.under) {
    if (!id) continue;
    const char symbol = typeSymbol(id->type);
    out += id->colour == Colour::Red ? symbol : static_cast<char>(std::tolower(symbol));
  }
  return out;
}

FlipDeal parseFlipDeal(std::string_view text, Bitboard faceDown) {
  if (static_cast<int>(text.size()) != popcount(faceDown))
    throw NotationError(fmt::format("a deal needs one piece symbol for each of the {} face-down points, not {}",
                                    popcount(faceDown), text.size()));
  FlipDeal deal;
  for (const char c : text) {
    const Square square = popLsb(faceDown);
    const auto type = parseTypeSymbol(c);
    if (!type) throw NotationError(fmt::format("deal: '{}' for {} is not a piece symbol", c, squareName(square)));
    deal.under[square] = Identity{std::isupper(static_cast<unsigned char>(c)) ? Colour::Red : Colour::Blue, *type};
  }
  return deal;
}

Outcome flipBoardOutcome(const FlipPosition& pos) {
  if (const auto taker = pos.flagCapturedBy()) return {Termination::FlagCaptured, *taker};
  return flipBoardOutcome(pos, countFlipActions(pos));
}

Outcome flipBoardOutcome(const FlipPosition& pos, int legalActions) {
  if (const auto taker = pos.flagCapturedBy()) return {Termination::FlagCaptured, *taker};
  if (legalActions == 0) return {Termination::Immobilised, opposite(pos.toMove())};
  const int limit = pos.rules().quietMoveLimit;
  if (limit > 0 && pos.quietPlies() >= limit) return {Termination::QuietMoves, std::nullopt};
  return {};
}

FlipGame::FlipGame(const FlipRuleset& rules, const FlipDeal& deal) : FlipGame(FlipPosition(rules), deal) {}

FlipGame::FlipGame(const FlipPosition& start, const FlipDeal& deal) : deal_(deal), start_(start), position_(start) {
  std::array<PieceCounts, kColours> dealt{};
  for (Square s{}; s < kSquares; ++s) {
    if (start.isFaceDown(s) != deal.under[s].has_value())
      throw IllegalAction(fmt::format("the deal and the board disagree on whether {} is face down", squareName(s)));
    if (deal.under[s]) ++dealt[index(deal.under[s]->colour)][typeIndex(deal.under[s]->type)];
  }
  if (dealt[0] != start.pool(Colour::Red) || dealt[1] != start.pool(Colour::Blue))
    throw IllegalAction("it holds other pieces than the two sets of 25 (or the face-down pool) have");
  outcome_ = flipBoardOutcome(position_);
#ifdef JUNQI_PLANT_LEAK_FLIP
  whisperFaceDownMarshals(position_, deal_);
#endif
}

std::optional<std::string> FlipGame::whyIllegal(const Action& action) const {
  if (isOver()) return "the game is over";
  if (action.type == ActionType::Resign) return std::nullopt;
  if (action.type != ActionType::Move) return "Flip Junqi has only flips, moves and resignation";
  if (action.side != position_.toMove()) return fmt::format("it is not seat {}'s turn", index(action.side) + 1);
  return whyIllegalFlipAction(position_, action.move);
}

const FlipActionRecord& FlipGame::apply(const Action& action) {
  if (const auto why = whyIllegal(action)) throw IllegalAction(*why);
  FlipActionRecord record{position_.ply(), action, std::nullopt, {}};
  if (action.type == ActionType::Resign) {
    outcome_ = {Termination::Resignation, opposite(action.side)};
  } else if (isFlip(action.move)) {
    record.revealed = deal_.under[action.move.from];
    record.result = position_.flip(action.move.from, *record.revealed);
  } else {
    record.result = position_.move(action.move);
  }
  if (!outcome_.isOver()) outcome_ = flipBoardOutcome(position_);
  history_.push_back(record);
#ifdef JUNQI_PLANT_LEAK_FLIP
  whisperFaceDownMarshals(position_, deal_);
#endif
  return history_.back();
}

}  // namespace junqi
