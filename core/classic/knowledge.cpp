#include "core/classic/knowledge.h"

#include <bit>
#include <vector>

#include <fmt/format.h>

namespace junqi {

std::string describeIdentities(IdentitySet set) {
  if (set == kAnyIdentity) return "any";
  if (set == 0) return "none";
  std::vector<std::string> parts;
  const IdentitySet officers = set & kOfficers;
  if (officers == kOfficers) {
    parts.emplace_back("officer");
  } else if (officers) {
    const int low = std::countr_zero(officers) + 1, high = 16 - std::countl_zero(officers);
    const bool contiguous = std::popcount(officers) == high - low + 1;
    if (contiguous && low == high)
      parts.push_back(low == 1 ? "engineer" : std::to_string(low));
    else if (contiguous && high == 9)
      parts.push_back(fmt::format("{}+", low));
    else if (contiguous)
      parts.push_back(fmt::format("{}-{}", low, high));
    else
      for (int r = 1; r <= 9; ++r)
        if (officers >> (r - 1) & 1) parts.push_back(std::to_string(r));
  }
  for (const PieceType t : {PieceType::Bomb, PieceType::Landmine, PieceType::Flag})
    if (set & identityBit(t)) parts.emplace_back(typeName(t));
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? (i + 1 == parts.size() ? " or " : ", ") : "") + parts[i];
  return out;
}

Knowledge Knowledge::of(const Observation& obs) {
  Knowledge k;
  k.target_ = opposite(obs.seat());
  k.pieceCount_ = obs.pieceCount(k.target_);
  const Ruleset& r = obs.rules().ruleset();
  k.counts_ = r.counts;
  for (int i = 0; i < k.pieceCount_; ++i) {
    const Square start = obs.startSquare(pieceOf(k.target_, i));
    IdentitySet set = 0;
    if (start == kNoSquare) {
      set = kAnyIdentity;
    } else {
      const int relative = Layout::relative(k.target_, start);
      const bool home = contains(obs.rules().topology().home[index(k.target_)], start);
      for (int t = 0; t < kPieceTypes; ++t) {
        const PieceType type = typeFromIndex(t);
        // At a deployment every rule applies; in a position given as text the
        // pieces may have moved, but landmines and flags never do.
        const bool allowed = obs.startedFromLayouts() || isImmobile(type)
                                 ? home && mayStartOn(type, relative, r)
                                 : true;
        if (allowed) set |= identityBit(type);
      }
    }
    k.possible_[i] = set;
  }
  for (const PublicEvent& e : obs.events()) k.apply(obs, e);
  k.propagate();
  return k;
}

void Knowledge::restrict(int k, IdentitySet allowed) {
  possible_[k] &= allowed;
  if (!possible_[k]) consistent_ = false;
}

void Knowledge::apply(const Observation& obs, const PublicEvent& e) {
  if (e.type != ActionType::Move) return;
  const int first = index(target_) * kMaxPiecesPerSide;
  const auto ours = [&](PieceId piece) { return sideOfPiece(piece) != target_; };
  const Rules& rules = obs.rules();
  const bool shownNow = e.flagShown[index(target_)] != kNoPiece;

  int lost = -1;  // the target's piece lost in this action, if any
  if (!ours(e.mover)) {
    const int k = e.mover - first;
    moved_[k] = true;
    restrict(k, static_cast<IdentitySet>(~kImmobileIdentities));
    if (e.path == MovePath::Turned) restrict(k, identityBit(PieceType::Engineer));
    if (e.combat != Combat::None) {
      // They attacked one of our pieces: keep the identities that give this result.
      const PieceType defender = obs.ownType(e.target);
      IdentitySet fits = 0;
      for (int t = 0; t < kPieceTypes; ++t)
        if (rules.combat(typeFromIndex(t), defender) == e.combat) fits |= static_cast<IdentitySet>(1u << t);
      restrict(k, fits);
      if (attackerRemoved(e.combat)) lost = k;
    }
  } else if (e.combat != Combat::None) {
    // We attacked their piece.
    const int k = e.target - first;
    const PieceType attacker = obs.ownType(e.mover);
    IdentitySet fits = 0;
    for (int t = 0; t < kPieceTypes; ++t)
      if (rules.combat(attacker, typeFromIndex(t)) == e.combat) fits |= static_cast<IdentitySet>(1u << t);
    // Taking the flag ends the game and says so; any other fight was not with the flag.
    fits &= e.flagCaptured ? identityBit(PieceType::Flag) : static_cast<IdentitySet>(~identityBit(PieceType::Flag));
    restrict(k, fits);
    if (defenderRemoved(e.combat)) lost = k;
  }
  if (lost >= 0 && rules.ruleset().marshalLossRevealsFlag && !flagShown_)
    restrict(lost, shownNow ? identityBit(PieceType::Marshal) : static_cast<IdentitySet>(~identityBit(PieceType::Marshal)));
  if (shownNow) {
    restrict(e.flagShown[index(target_)] - first, identityBit(PieceType::Flag));
    flagShown_ = true;
  }
}

void Knowledge::propagate() {
  const bool everyPieceHere = totalPieces(counts_) == pieceCount_;
  for (bool changed = true; changed && consistent_;) {
    changed = false;
    for (int t = 0; t < kPieceTypes; ++t) {
      const IdentitySet b = static_cast<IdentitySet>(1u << t);
      int known = 0, candidates = 0;
      for (int k = 0; k < pieceCount_; ++k) {
        known += possible_[k] == b;
        candidates += (possible_[k] & b) != 0;
      }
      if (known > counts_[t] || (everyPieceHere && candidates < counts_[t])) {
        consistent_ = false;
        return;
      }
      for (int k = 0; k < pieceCount_; ++k) {
        if (!(possible_[k] & b) || possible_[k] == b) continue;
        if (known == counts_[t]) {
          restrict(k, static_cast<IdentitySet>(~b));
          changed = true;
        } else if (everyPieceHere && candidates == counts_[t]) {
          possible_[k] = b;
          changed = true;
        }
      }
    }
  }
}

}  // namespace junqi
