// Knowledge: for each enemy piece, the identities it can still have, from
// every fact the rules give the observer (like a player's notes, "7+ or
// landmine"). In two-player Junqi every fact concerns one enemy piece, since
// the observer knows its own piece in each fight; the only coupling between
// enemy pieces is the number of each identity, which the exact counter
// (identity_counter.h) handles.
//
// Sources: the deployment rules at the piece's starting point; having moved
// (not a landmine or the flag); a railway move that turned (an engineer); each
// fight against a known own piece (the identities that give the announced
// result under the ruleset's combat rules); a captured flag; the flag shown
// when a marshal is lost (that piece is the flag, and an enemy piece lost in
// the same action was the marshal; under a revealing ruleset, one lost without
// the reveal was not); and the counts, propagated to a fixed point.
#pragma once

#include <array>
#include <string>

#include "core/classic/observation.h"

namespace junqi {

// A set of identities: bit typeIndex(t) for each identity t it contains.
using IdentitySet = std::uint16_t;
constexpr IdentitySet kAnyIdentity = (1u << kPieceTypes) - 1;
constexpr IdentitySet identityBit(PieceType t) { return static_cast<IdentitySet>(1u << typeIndex(t)); }
constexpr IdentitySet kOfficers = (1u << (typeIndex(PieceType::Marshal) + 1)) - 1;
constexpr IdentitySet kImmobileIdentities = identityBit(PieceType::Landmine) | identityBit(PieceType::Flag);

// A player's note for a set: "7+ or landmine", "engineer", "2-5", "any".
std::string describeIdentities(IdentitySet set);

class Knowledge {
 public:
  // What obs.seat() knows about the other side's pieces.
  static Knowledge of(const Observation& obs);
  // Takes in one more event (obs gives the observer's identities and the rules).
  void apply(const Observation& obs, const PublicEvent& event);

  Seat target() const { return target_; }
  int pieceCount() const { return pieceCount_; }
  // Piece k of the target side (id target*25 + k).
  IdentitySet possible(int k) const { return possible_[k]; }
  bool moved(int k) const { return moved_[k]; }
  const PieceCounts& counts() const { return counts_; }
  // False when some piece has no identity left or the counts cannot be met.
  bool consistent() const { return consistent_; }

  // Removes identities the counts rule out, to a fixed point: when n pieces
  // are known to be t and the side has n of them, no other piece is t; when
  // exactly n pieces can be t, each of them is t.
  void propagate();
  // Keeps only `allowed` for piece k (used by the exact counter's support too).
  void restrict(int k, IdentitySet allowed);

 private:
  Seat target_ = Seat::Blue;
  int pieceCount_ = 0;
  PieceCounts counts_{};
  std::array<IdentitySet, kMaxPiecesPerSide> possible_{};
  std::array<bool, kMaxPiecesPerSide> moved_{};
  bool flagShown_ = false;
  bool consistent_ = true;
};

}  // namespace junqi
