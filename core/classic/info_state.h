// InfoState: everything one seat knows, and what follows from it. This is what
// an agent is handed: its observation, its notes on every enemy piece, the
// exact probability of each enemy identity, and a sampler of full positions
// (determinizations) consistent with all of it. Built only from an
// Observation, so it cannot hold an enemy identity the seat was not shown.
#pragma once

#include <vector>

#include "core/classic/identity_counter.h"
#include "core/classic/knowledge.h"
#include "core/classic/observation.h"

namespace junqi {

class InfoState {
 public:
  explicit InfoState(Observation observation);
  static InfoState of(const Game& game, Seat seat) { return InfoState(Observation::of(game, seat)); }

  // Takes in the next public event (or the referee's announcement of the end).
  void apply(const PublicEvent& event);
  void setOutcome(const Outcome& outcome) { observation_.setOutcome(outcome); }

  Seat seat() const { return observation_.seat(); }
  Seat enemy() const { return opposite(observation_.seat()); }
  const Observation& observation() const { return observation_; }
  const Knowledge& knowledge() const { return knowledge_; }
  const IdentityCounter& counter() const { return counter_; }

  // Prior weights for the enemy pieces, indexed like knowledge() (a learned
  // belief); an empty vector restores the uniform prior.
  void setPrior(std::vector<IdentityWeights> prior);
  // P(enemy piece k is t) under the prior, exactly, for every enemy piece
  // (lost ones included), indexed like knowledge().
  const std::vector<IdentityMarginals>& marginals() const { return marginals_; }
  // The identities enemy piece k has non-zero probability of being.
  IdentitySet support(int k) const;

  // A full position consistent with everything the seat has seen: its own
  // pieces as they are, the enemy's pieces on the board drawn exactly from the
  // distribution above (lost ones are summed out, not drawn).
  Position sample(Rng& rng) const;
  // The enemy identities of one sample, indexed like knowledge(). Lost pieces
  // get an identity only with `lostToo` (to replay a whole game in tests).
  void sampleEnemyTypes(Rng& rng, std::array<PieceType, kMaxPiecesPerSide>& types, bool lostToo = false) const;

  void legalMoves(MoveList& out) const { observation_.legalMoves(out); }

 private:
  void rebuild();

  Observation observation_;
  Knowledge knowledge_;
  std::vector<IdentityWeights> prior_;
  std::vector<int> counterOrder_;  // counter index -> enemy piece (on the board first, then lost)
  int onBoard_ = 0;
  IdentityCounter counter_;
  std::vector<IdentityMarginals> marginals_;
  Position template_;  // own pieces true; enemy identities filled in by sample()
};

}  // namespace junqi
