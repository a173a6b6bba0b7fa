// The Markov chain that draws four-player worlds once rejection sampling stops
// succeeding (core/four/four_beliefs.h). Its state is one consistent world: every
// drawn piece has an identity its notes allow, each army's identities meet its
// counts, and every coupled battle gives its announced result. Each move below
// leaves the uniform distribution over those worlds unchanged, and the global
// move alone can reach any of them from any other, so the chain's draws tend
// to exactly uniform ones.
#include "core/four/four_beliefs.h"

#include <utility>

namespace junqi {

// The first state: any consistent world will do (the burn-in forgets it), so
// the proposals alternate between drawing the enemies first and the ally
// exactly given them, and the ally first and each enemy exactly given it.
bool FourBeliefs::startChain(Rng& rng) const {
  for (int tries = 0; tries < kProposalTries; ++tries) {
    if (!proposeFirstState(rng, tries % 2 == 1)) continue;
    chain_.started = true;
    advanceChain(rng, kBurnInWorlds);
    return true;
  }
  return false;
}

bool FourBeliefs::proposeFirstState(Rng& rng, bool allyFirst) const {
  const int ally = allyOf(seat_);
  if (!allyFirst) {
    drawEnemies(rng, chain_.types);
    if (!counterGiven(ally, chain_.types, proposed_)) return false;
    drawArmy(rng, ally, proposed_, chain_.types);
    return true;
  }
  drawArmy(rng, ally, counters_[static_cast<std::size_t>(ally)].counter, chain_.types);
  for (const int a : drawnArmies_) {
    if (a == ally) continue;
    if (!counterGiven(a, chain_.types, proposed_)) return false;
    drawArmy(rng, a, proposed_, chain_.types);
  }
  return true;
}

void FourBeliefs::advanceChain(Rng& rng, int worlds) const {
  for (int w = 0; w < worlds; ++w) {
    for (int m = 0; m < kLocalMovesPerWorld; ++m) localMove(rng);
    if (++chain_.rounds % kGlobalMoveEvery == 0) globalMove(rng);
  }
}

// A local move: swap the identities of two pieces of one drawn army, or,
// along one coupled battle, swap its ally piece's identity with another ally
// piece's and its enemy piece's with another piece's of that army, both at
// once (two pieces that tied in battle can only change together). A move is
// proposed as often as its reverse (the same pieces swapped back) and kept
// only when the world stays consistent, so it keeps the uniform distribution.
void FourBeliefs::localMove(Rng& rng) const {
  Identities& types = chain_.types;
  auto anyPieceOf = [&](int army) {
    const std::vector<int>& pieces = counters_[static_cast<std::size_t>(army)].pieces;
    return pieces[rng.below(pieces.size())];
  };
  std::array<std::pair<int, int>, 2> swaps{};
  int count = 0;
  if (rng.below(2) == 0) {
    const int army = drawnArmies_[rng.below(drawnArmies_.size())];
    swaps[count++] = {anyPieceOf(army), anyPieceOf(army)};
  } else {
    const CoupledBattle& b = pairs_[rng.below(pairs_.size())];
    swaps[count++] = {b.attacker, anyPieceOf(armyOfPiece(b.attacker))};
    swaps[count++] = {b.defender, anyPieceOf(armyOfPiece(b.defender))};
  }
  auto apply = [&] {
    for (int k = 0; k < count; ++k)
      std::swap(types[static_cast<std::size_t>(swaps[k].first)], types[static_cast<std::size_t>(swaps[k].second)]);
  };
  apply();
  bool allowed = true;
  for (int k = 0; k < count; ++k)
    for (const int piece : {swaps[k].first, swaps[k].second})
      allowed &= (possible_[static_cast<std::size_t>(piece)] & identityBit(types[static_cast<std::size_t>(piece)])) != 0;
  if (!allowed || !fitsBattles(types)) apply();  // undone: each swap is its own inverse
}

// A global move, independence Metropolis-Hastings: the proposal draws the
// enemies exactly and the ally exactly given them, so it draws a world with
// probability 1 / (enemy count x w(enemies)), w counting the ally assignments
// that fit those enemies. Against a uniform target the proposal is taken with
// probability min(1, w(proposed) / w(current)). When it is not (and some ally
// assignment fits it), the ally is drawn afresh given the current enemies
// (exact for that block: a Gibbs step).
void FourBeliefs::globalMove(Rng& rng) const {
  const int ally = allyOf(seat_);
  Identities proposal = chain_.types;
  drawEnemies(rng, proposal);
  if (!counterGiven(ally, proposal, proposed_)) return;  // w(proposed) = 0: never taken
  if (!counterGiven(ally, chain_.types, current_)) return;  // a consistent state always fits
  const double current = static_cast<double>(current_.count());
  const double proposed = static_cast<double>(proposed_.count());
  if (rng.uniform() * current < proposed) {
    drawArmy(rng, ally, proposed_, proposal);
    chain_.types = proposal;
  } else {
    drawArmy(rng, ally, current_, chain_.types);
  }
}

}  // namespace junqi
