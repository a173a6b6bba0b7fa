#include "tests/leakage/chi_square.h"

#include <cmath>
#include <limits>

namespace junqi::leakage {

ChiSquare chiSquare(const std::array<long, kPieceTypes>& observed, const IdentityMarginals& probability, long draws) {
  ChiSquare result;
  double pooledObserved = 0, pooledExpected = 0;
  int cells = 0;
  for (int t = 0; t < kPieceTypes; ++t) {
    const double expected = probability[static_cast<std::size_t>(t)] * static_cast<double>(draws);
    const auto seen = static_cast<double>(observed[static_cast<std::size_t>(t)]);
    if (expected == 0.0) {
      if (seen > 0) result.statistic = std::numeric_limits<double>::infinity();
    } else if (expected < 5.0) {
      pooledObserved += seen, pooledExpected += expected;
    } else {
      result.statistic += (seen - expected) * (seen - expected) / expected;
      ++cells;
    }
  }
  if (pooledExpected > 0) {
    result.statistic += (pooledObserved - pooledExpected) * (pooledObserved - pooledExpected) / pooledExpected;
    ++cells;
  }
  result.degrees = cells - 1;
  return result;
}

double chiSquareThreshold(int degrees) {
  constexpr double z = 4.753;  // the standard normal's upper 1e-6 quantile
  const double k = degrees, h = 2.0 / (9.0 * k);
  return k * std::pow(1.0 - h + z * std::sqrt(h), 3);
}

}  // namespace junqi::leakage
