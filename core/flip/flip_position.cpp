#include "core/flip/flip_position.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace junqi {

const FlipRuleset& internFlipRuleset(const FlipRuleset& rules) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<FlipRuleset>> interned;
  const std::string key = rules.toString();
  std::lock_guard lock(mutex);
  auto& slot = interned[key];
  if (!slot) slot = std::make_unique<FlipRuleset>(rules);
  return *slot;
}

FlipPosition FlipPosition::empty(const FlipRuleset& rules) {
  FlipPosition pos(rules);
  pos.cell_.fill(kEmptyCell);
  pos.faceDown_ = 0;
  pos.pool_ = {};
  return pos;
}

FlipPosition::FlipPosition(const FlipRuleset& rules) : rules_(&internFlipRuleset(rules)) {
  // "All 50 are shuffled and placed face down on the 50 points that are not camps."
  faceDown_ = topology().all & ~topology().camps;
  for (Square s{}; s < kSquares; ++s) cell_[s] = contains(faceDown_, s) ? kFaceDownCell : kEmptyCell;
  pool_ = {kClassicCounts, kClassicCounts};
}

std::optional<Seat> FlipPosition::flagCapturedBy() const {
  if (flagCapturedBy_ < 0) return std::nullopt;
  return seatFromIndex(flagCapturedBy_);
}

std::optional<Colour> FlipPosition::colourOf(Seat s) const {
  if (seatZeroColour_ < 0) return std::nullopt;
  const auto c = static_cast<Colour>(seatZeroColour_);
  return index(s) == 0 ? c : other(c);
}

std::optional<Colour> FlipPosition::lastFlip(Seat s) const {
  if (lastFlip_[index(s)] < 0) return std::nullopt;
  return static_cast<Colour>(lastFlip_[index(s)]);
}

std::optional<Seat> FlipPosition::seatOf(Colour c) const {
  if (seatZeroColour_ < 0) return std::nullopt;
  return seatFromIndex(seatZeroColour_ == index(c) ? 0 : 1);
}

int FlipPosition::landminesLeft(Colour c) const {
  return pool_[index(c)][typeIndex(PieceType::Landmine)] + popcount(pieces(c, PieceType::Landmine));
}

PieceCounts FlipPosition::lost(Colour c) const {
  PieceCounts left = kClassicCounts;
  for (int t = 0; t < kPieceTypes; ++t) left[t] -= pool_[index(c)][t];
  for (int t = 0; t < kPieceTypes; ++t) left[t] -= popcount(byType_[index(c)][t]);
  return left;
}

void FlipPosition::place(Square square, Identity id) {
  cell_[square] = cellOf(id);
  faceUp_[index(id.colour)] |= bit(square);
  byType_[index(id.colour)][typeIndex(id.type)] |= bit(square);
}

void FlipPosition::remove(Square square) {  // a face-up piece
  const Identity id = identityAt(square);
  cell_[square] = kEmptyCell;
  faceUp_[index(id.colour)] &= ~bit(square);
  byType_[index(id.colour)][typeIndex(id.type)] &= ~bit(square);
}

void FlipPosition::putFaceUp(Square square, Identity identity) { place(square, identity); }

void FlipPosition::putFaceDown(Square square, Identity identity) {
  cell_[square] = kFaceDownCell;
  faceDown_ |= bit(square);
  ++pool_[index(identity.colour)][typeIndex(identity.type)];
}

void FlipPosition::setColours(std::optional<Colour> seatZero) {
  seatZeroColour_ = seatZero ? static_cast<std::int8_t>(index(*seatZero)) : std::int8_t{-1};
}

void FlipPosition::setLastFlip(Seat s, std::optional<Colour> c) {
  lastFlip_[index(s)] = c ? static_cast<std::int8_t>(index(*c)) : std::int8_t{-1};
}

void FlipPosition::endTurn(bool quiet) {
  quietPlies_ = quiet ? quietPlies_ + 1 : 0;
  ++ply_;
  toMove_ = opposite(toMove_);
}

void FlipPosition::decideColours(Seat flipper, Colour revealed, FlipResult& result) {
  if (seatZeroColour_ >= 0) return;
  const bool decides = rules_->colourChoice == ColourChoice::FirstFlip || lastFlip(flipper) == revealed;
  if (!decides) {
    setLastFlip(flipper, revealed);
    return;
  }
  setColours(index(flipper) == 0 ? revealed : other(revealed));
  lastFlip_ = {-1, -1};
  result.coloursDecidedBy = flipper;
}

FlipResult FlipPosition::flip(Square square, Identity revealed) {
  FlipResult result;
  faceDown_ &= ~bit(square);
  --pool_[index(revealed.colour)][typeIndex(revealed.type)];
  place(square, revealed);
  decideColours(toMove_, revealed.colour, result);
  endTurn(false);  // "no flip and no capture": a flip restarts the count
  return result;
}

FlipResult FlipPosition::move(Move m) {
  FlipResult result;
  const Identity mover = identityAt(m.from);
  remove(m.from);
  if (!isEmpty(m.to)) {
    const Identity target = identityAt(m.to);
    result.attacker = mover, result.defender = target;
    result.combat = resolveCombat(mover.type, target.type, rules_->landmineSurvivesAttack);
    result.flagCaptured = target.type == PieceType::Flag;
    if (result.flagCaptured) flagCapturedBy_ = static_cast<std::int8_t>(index(toMove_));
    if (defenderRemoved(result.combat)) remove(m.to);
    if (!attackerRemoved(result.combat)) place(m.to, mover);
  } else {
    place(m.to, mover);
  }
  endTurn(result.combat == Combat::None);
  return result;
}

bool FlipPosition::operator==(const FlipPosition& o) const {
  return rules_ == o.rules_ && cell_ == o.cell_ && faceDown_ == o.faceDown_ && pool_ == o.pool_ &&
         toMove_ == o.toMove_ && seatZeroColour_ == o.seatZeroColour_ && lastFlip_ == o.lastFlip_ &&
         flagCapturedBy_ == o.flagCapturedBy_ && quietPlies_ == o.quietPlies_ && ply_ == o.ply_;
}

}  // namespace junqi
