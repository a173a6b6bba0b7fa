// FourBeliefs: what one seat of a four-player game can tell about every piece
// whose identity it does not see, and worlds drawn from that.
//
// The seat's notes come from its observation alone (core/four/four_observation.h):
// where each army started (its 25 home points that are not camps), the
// two-army deployment rules at each starting point, that a piece which moved
// is no landmine and no flag, each battle's result against the identities the
// seat sees, a taken flag, and a fallen marshal (its flag is then shown).
// (The two-army notes' "a railway move that turned was an engineer's" is not
// taken here yet: the beliefs are sound without it, only less sharp.)
// Each army has its own 25 identities, so the counting is exact army by army
// (core/classic/identity_counter.h).
//
// One coupling crosses armies: under `visibility=own` the seat does not see
// its ally, so a battle between its ally and an enemy ties two unseen pieces
// together ("one of them beat the other"). Each such battle narrows both
// pieces to the identities that can give its result with some identity of
// the other. Worlds are drawn army by army from the exact counters and kept
// only if every such battle gives its announced result: rejection sampling,
// exactly uniform over the consistent worlds and independent draw to draw.
// After many such battles rejection rarely succeeds (exact counting of the
// coupled armies together is out of reach: it needs their three count
// vectors at once). From the first time it fails, the worlds come from a
// Markov chain whose stationary distribution is exactly uniform over the
// consistent worlds (chainWorlds() counts them; successive ones are
// correlated): local swaps of identities that keep each army's counts, and
// independence Metropolis-Hastings moves that propose a whole world (enemies
// drawn exactly, then the ally exactly given them) and take it with the ratio
// of the counts of ally assignments that fit the new and the current enemies.
// The marginals are exact army by army and ignore the coupling (exact
// whenever no two unseen pieces fought: marginalsExact()). An unseen army
// that has left the board keeps a counter when one of its pieces fought in
// such a battle, so that the battle is checked against a drawn identity of
// that piece (its pieces are drawn, never shown).
#pragma once

#include <array>
#include <vector>

#include "core/four/four_observation.h"
#include "core/classic/identity_counter.h"
#include "core/classic/knowledge.h"
#include "core/random.h"

namespace junqi {

class FourBeliefs {
 public:
  // Throws std::invalid_argument when the observation contradicts itself (a
  // move from a point where no piece of the mover stands).
  static FourBeliefs of(const FourObservation& obs, const FourRuleset& rules);

  int seat() const { return seat_; }
  // Does the seat see this army's identities?
  bool sees(int army) const { return (seen_ >> army) & 1; }
  // The identities the piece on `point` can have (one, when the seat sees it);
  // 0 when the point is empty.
  IdentitySet possibleAt(Square point) const;
  // P(identity) of the piece on `point`, from the exact count of its army's
  // consistent identities (see above for the one coupling it leaves out).
  IdentityMarginals marginalsAt(Square point) const;
  bool marginalsExact() const { return pairs_.empty(); }
  // Are the notes consistent (every piece has an identity left, counts met)?
  bool consistent() const { return consistent_; }

  // A world: the observation's board with every unseen identity drawn (see
  // above: exact and independent by rejection within kRejectionTries; once
  // that fails, every later world is the next state of the chain).
  static constexpr int kRejectionTries = 16;
  static constexpr int kProposalTries = 64;        // to find the chain's first state
  static constexpr int kLocalMovesPerWorld = 400;  // chain moves between two worlds
  static constexpr int kGlobalMoveEvery = 8;       // worlds per independence move
  static constexpr int kBurnInWorlds = 16;         // worlds' worth of moves before the first
  FourPosition sampleWorld(Rng& rng) const;
  long long chainWorlds() const { return chain_.worlds; }
  // Worlds drawn with the coupled battles ignored, when not one of
  // kProposalTries proposals fitted them (the chain had no first state).
  long long unfittedWorlds() const { return unfitted_; }
  // Tests: 0 sends every draw to the chain (when there are coupled battles).
  void setRejectionTries(int tries) { rejectionTries_ = tries; }

  // Battles between two unseen pieces (see above).
  int coupledBattles() const { return static_cast<int>(pairs_.size()); }

  // Pieces are numbered army * 25 + slot, slot in the order of the army's
  // starting points (relative point order, camps skipped). What the notes
  // allow each piece, the piece on a point (kNoPiece when empty) and the coupled
  // battles, piece by piece: for tests that count worlds on their own.
  struct CoupledBattle {
    PieceId attacker, defender;
    Combat combat;
  };
  IdentitySet possibleOf(PieceId piece) const { return possible_[piece]; }
  bool onBoard(PieceId piece) const { return alive_[piece]; }
  PieceId pieceOn(Square point) const { return pieceAt_[point]; }
  const std::vector<CoupledBattle>& coupled() const { return pairs_; }

 private:
  struct ArmyCounter {
    std::vector<int> pieces;  // counter order: on the board first, then lost
    int onBoard = 0;
    IdentityCounter counter;
  };

  using Identities = std::array<PieceType, kFourPieces>;
  // The chain's state: a consistent world's identities, piece by piece.
  struct Chain {
    bool started = false;
    Identities types{};
    long long rounds = 0;  // worlds' worth of local moves made (burn-in included)
    long long worlds = 0;  // worlds drawn from it
  };

  void replay(const FourObservation& obs);
  void noteBattle(const FourPublicMove& m, PieceId attacker, PieceId defender);
  void narrowCoupledBattles();
  void buildCounters(const FourObservation& obs);
  bool drawArmies(Rng& rng, Identities& types) const;
  bool fitsBattles(const Identities& types) const;
  FourPosition worldOf(const Identities& types) const;
  void drawArmy(Rng& rng, int army, const IdentityCounter& counter, Identities& types) const;
  void drawEnemies(Rng& rng, Identities& types) const;
  bool counterGiven(int army, const Identities& types, IdentityCounter& counter) const;
  // The chain's moves (four_beliefs_chain.cpp).
  bool startChain(Rng& rng) const;
  bool proposeFirstState(Rng& rng, bool allyFirst) const;
  void advanceChain(Rng& rng, int worlds) const;
  void localMove(Rng& rng) const;
  void globalMove(Rng& rng) const;

  FourRuleset rules_;
  const Rules* combat_ = nullptr;
  int seat_ = 0;
  std::uint8_t seen_ = 0;
  std::array<IdentitySet, kFourPieces> possible_{};
  std::array<PieceId, kCrossPoints> pieceAt_{};  // kNoPiece where empty
  std::array<bool, kFourPieces> alive_{};
  std::vector<CoupledBattle> pairs_;
  std::array<ArmyCounter, kArmies> counters_;
  std::array<std::vector<IdentityMarginals>, kArmies> marginals_;
  FourSetup board_;  // the observation's board (unseen identities to be drawn)
  bool consistent_ = true;
  int rejectionTries_ = kRejectionTries;
  std::vector<int> drawnArmies_;  // the armies with a counter
  mutable Chain chain_;
  mutable IdentityCounter current_, proposed_;  // reused by the chain's moves
  mutable long long unfitted_ = 0;
};

}  // namespace junqi
