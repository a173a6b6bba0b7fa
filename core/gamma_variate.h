// Gamma variates and Dirichlet noise (independent Gamma(alpha) draws,
// normalized), drawn from our own generator so that self-play replays from
// its seed on every standard library.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

#include "core/random.h"

namespace junqi {

// Gamma(alpha, 1) by Marsaglia and Tsang (with the alpha < 1 boost).
inline double gammaVariate(Rng& rng, double alpha) {
  if (alpha < 1) return gammaVariate(rng, alpha + 1) * std::pow(std::max(rng.uniform(), 1e-300), 1.0 / alpha);
  const double d = alpha - 1.0 / 3, c = 1 / std::sqrt(9 * d);
  for (;;) {
    double x, v;
    do {
      // A standard normal by Box-Muller.
      const double u1 = std::max(rng.uniform(), 1e-300), u2 = rng.uniform();
      x = std::sqrt(-2 * std::log(u1)) * std::cos(6.283185307179586 * u2);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const double u = rng.uniform();
    if (u < 1 - 0.0331 * x * x * x * x || std::log(std::max(u, 1e-300)) < 0.5 * x * x + d * (1 - v + std::log(v)))
      return d * v;
  }
}

// A Dirichlet(alpha, ..., alpha) draw of n shares, for the noise mixed into a
// root's priors; empty in the (underflow) case where every variate is 0.
inline std::vector<double> dirichletShares(Rng& rng, double alpha, std::size_t n) {
  std::vector<double> shares(n);
  double sum = 0;
  for (double& x : shares) sum += x = gammaVariate(rng, alpha);
  if (!(sum > 0)) return {};
  for (double& x : shares) x /= sum;
  return shares;
}

}  // namespace junqi
