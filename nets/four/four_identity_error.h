// How close a four-player network's identity head (its layout head on a
// position's input, trained by `junqi train --identity-loss`) comes to the
// exact beliefs: over held-back positions of games the four-player heuristic
// plays, for every piece the mover's seat does not see, the mean absolute
// difference of the head's softmax from FourBeliefs' marginals over the 12
// identities (core/four/four_beliefs.h; only where they are exact: every
// piece when marginalsExact(), else the pieces of the armies none of whose
// pieces fought an unseen piece of another army, as the coupling ties only
// the armies it names). Two baselines get the same figure: uniform over
// the identities the seat's notes leave the piece (possibleAt), and the
// army's count-only prior (its pieces' counts / 25).
//
// The four-player input has no belief planes (the classic one's give its
// figure in training's held-out losses), so this plays its own games, where
// each seat's observation is at hand. Eigen inference: no LibTorch needed.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/classic/identity_counter.h"
#include "core/four/four_observation.h"
#include "nets/net_evaluator.h"

namespace junqi::nets {

// One source's summed per-piece errors: head, uniform and prior.
struct IdentityErrorTally {
  double head = 0, uniform = 0, prior = 0;
  long long pieces = 0;   // measured: unseen, with exact marginals
  long long inexact = 0;  // unseen pieces left out (their army's marginals not exact)
  int positions = 0;      // sampled and measured
  // The pieces left out, where worlds are drawn (FourIdentityErrorOptions::
  // worlds): the same sums against marginals estimated from the worlds, and
  // half the distance of the two halves' estimates (about the Monte Carlo
  // noise those sums hold).
  double sampledHead = 0, sampledUniform = 0, sampledPrior = 0, sampledNoise = 0;
  long long sampledPieces = 0;
  void add(const IdentityErrorTally& o);
};

// The mean over the 12 identities of |p[t] - q[t]|.
double identityAbsError(std::span<const double, kPieceTypes> p, const IdentityMarginals& q);

// One position, seen by `obs`'s seat when it is to move: `layout` holds the
// network's layout logits on its input (kFourGridPlaces x 12). Adds every
// piece the seat does not see to `tally` (to tally.inexact where its army's
// marginals are not exact).
// With `worlds` > 0, the pieces left out are also measured against `worlds`
// worlds drawn by FourBeliefs::sampleWorld (seeded by `seed`).
void tallyFourIdentityError(const FourObservation& obs, const FourRuleset& rules, std::span<const float> layout,
                            IdentityErrorTally& tally, int worlds = 0, std::uint64_t seed = 1);

struct FourIdentityErrorOptions {
  FourRuleset rules;
  int games = 20;
  int positionsPerGame = 8;  // decisions drawn at random from each game (reservoir)
  int maxPlies = 600;
  std::uint64_t seed = 1;
  int threads = 1;
  int worlds = 0;  // > 0: also the pieces whose marginals are not exact, against this many drawn worlds
};

// A mean error per piece and identity with its 95% interval (clustered by
// game: the pieces of one game are not independent).
struct IdentityErrorFigure {
  double mean = 0, low = 0, high = 0;
};

struct FourIdentityErrorResult {
  IdentityErrorTally total;
  std::vector<IdentityErrorTally> games;  // game by game
  IdentityErrorFigure head() const;
  IdentityErrorFigure uniform() const;
  IdentityErrorFigure prior() const;
  // Against the drawn worlds' marginals (options.worlds > 0).
  IdentityErrorFigure sampledHead() const;
  IdentityErrorFigure sampledUniform() const;
  IdentityErrorFigure sampledPrior() const;
  IdentityErrorFigure sampledNoise() const;
};

// Plays the games (the heuristic at every army, noise 0.05) and measures
// `network`, a four-player network (throws std::invalid_argument naming
// what is wrong for another grid). The same options give the same figures
// on any number of threads.
FourIdentityErrorResult measureFourIdentityError(Backend& network, const FourIdentityErrorOptions& options);

}  // namespace junqi::nets
