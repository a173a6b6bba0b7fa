// Pearson's chi-square goodness of fit, for the sampler tests: draws of one
// piece's identity against its exact probabilities.
#pragma once

#include <array>

#include "core/classic/identity_counter.h"

namespace junqi::leakage {

struct ChiSquare {
  double statistic = 0;  // infinite when a draw fell on an identity of probability 0
  int degrees = 0;       // cells (after pooling) less one
};

// Cells expected to hold fewer than 5 draws are pooled into one.
ChiSquare chiSquare(const std::array<long, kPieceTypes>& observed, const IdentityMarginals& probability, long draws);

// The value that a chi-square variable of `degrees` exceeds with probability
// about 1e-6 (the Wilson-Hilferty approximation, a little above the exact
// value for few degrees): a correct sampler stays below it.
double chiSquareThreshold(int degrees);

}  // namespace junqi::leakage
