// Exact counting, marginals and sampling of identity assignments, checked
// against brute-force enumeration on small instances.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "core/classic/identity_counter.h"
#include "core/classic/layout.h"

namespace junqi {
namespace {

// Every assignment of identities (with multiplicities `counts`) to the pieces,
// by brute force: the multiset of identities permuted in every distinct order.
std::vector<std::vector<int>> allAssignments(const std::vector<IdentitySet>& possible, const PieceCounts& counts) {
  std::vector<int> items;
  for (int t = 0; t < kPieceTypes; ++t)
    for (int c = 0; c < counts[t]; ++c) items.push_back(t);
  std::vector<std::vector<int>> out;
  std::sort(items.begin(), items.end());
  do {
    bool ok = items.size() == possible.size();
    for (std::size_t k = 0; ok && k < possible.size(); ++k) ok = possible[k] >> items[k] & 1;
    if (ok) out.push_back(items);
  } while (std::next_permutation(items.begin(), items.end()));
  return out;
}

TEST(IdentityCounter, CountsTheLegalLayoutsOfOneSide) {
  // Flag in either headquarters, landmines in the back two rows (headquarters
  // allowed), bombs out of the front row: 709,596,419,051,520,000 layouts.
  const Ruleset r = Ruleset::worldAtPlay();
  std::vector<IdentitySet> possible;
  for (int i = 0; i < kHalfSquares; ++i) {
    IdentitySet s = 0;
    for (int t = 0; t < kPieceTypes; ++t)
      if (mayStartOn(typeFromIndex(t), i, r)) s |= static_cast<IdentitySet>(1u << t);
    if (s) possible.push_back(s);
  }
  ASSERT_EQ(possible.size(), 25u);
  const IdentityCounter counter(possible, r.counts, 25);
  ASSERT_TRUE(counter.consistent());
  EXPECT_EQ(static_cast<unsigned long long>(counter.count()), 709596419051520000ULL);
}

// A random small instance: n pieces over the first five identities.
struct Instance {
  PieceCounts counts{};
  std::vector<IdentitySet> possible;
};

Instance randomInstance(Rng& rng, int n) {
  Instance in;
  for (int i = 0; i < n; ++i) ++in.counts[rng.below(5)];
  in.possible.resize(n);
  for (auto& s : in.possible) s = static_cast<IdentitySet>(rng.below(31) + 1);
  return in;
}

// The chi-square statistic of observed frequencies against expected probabilities.
double chiSquare(const std::map<std::vector<int>, int>& seen, const std::map<std::vector<int>, double>& p, int draws) {
  double chi = 0;
  for (const auto& [outcome, prob] : p) {
    const auto it = seen.find(outcome);
    const double observed = it == seen.end() ? 0 : it->second;
    const double expected = prob * draws;
    chi += (observed - expected) * (observed - expected) / expected;
  }
  return chi;
}

// The chi-square value a correct sampler exceeds with probability about 1e-6
// (Wilson-Hilferty approximation of the quantile, z = 4.75).
double chiSquareCritical(int degrees) {
  const double k = degrees, z = 4.75;
  const double a = 1 - 2 / (9 * k) + z * std::sqrt(2 / (9 * k));
  return k * a * a * a;
}

TEST(IdentityCounter, MatchesEnumerationOnRandomSmallInstances) {
  Rng rng(7);
  int nonEmpty = 0;
  for (int trial = 0; trial < 300; ++trial) {
    PieceCounts counts{};
    int n = 0;
    while (n < 7) {
      const int t = static_cast<int>(rng.below(5));
      ++counts[t];
      ++n;
    }
    std::vector<IdentitySet> possible(n);
    for (auto& s : possible) s = static_cast<IdentitySet>(rng.below(31) + 1);
    const auto brute = allAssignments(possible, counts);
    const IdentityCounter counter(possible, counts, n);
    ASSERT_EQ(static_cast<unsigned long long>(counter.count()), brute.size()) << "trial " << trial;
    EXPECT_EQ(counter.consistent(), !brute.empty());
    if (brute.empty()) continue;
    ++nonEmpty;
    const auto m = counter.marginals();
    for (int k = 0; k < n; ++k)
      for (int t = 0; t < kPieceTypes; ++t) {
        double expected = 0;
        for (const auto& a : brute) expected += a[k] == t;
        EXPECT_NEAR(m[k][t], expected / brute.size(), 1e-12) << "trial " << trial << " piece " << k;
      }
  }
  EXPECT_GT(nonEmpty, 100);  // the instances are not all trivially inconsistent
}

TEST(IdentityCounter, WeightedMarginalsMatchEnumeration) {
  Rng rng(11);
  for (int trial = 0; trial < 100; ++trial) {
    const Instance in = randomInstance(rng, 6);
    std::vector<IdentityWeights> w(in.possible.size());
    for (auto& row : w)
      for (auto& x : row) x = 0.1 + rng.uniform();
    const auto brute = allAssignments(in.possible, in.counts);
    const IdentityCounter counter(in.possible, in.counts, 6, w);
    ASSERT_EQ(counter.consistent(), !brute.empty());
    if (brute.empty()) continue;
    double total = 0;
    std::vector<IdentityMarginals> expected(6, IdentityMarginals{});
    for (const auto& a : brute) {
      double weight = 1;
      for (int k = 0; k < 6; ++k) weight *= w[k][a[k]];
      total += weight;
      for (int k = 0; k < 6; ++k) expected[k][a[k]] += weight;
    }
    EXPECT_NEAR(counter.totalWeight(), total, 1e-9 * total);
    const auto m = counter.marginals();
    for (int k = 0; k < 6; ++k)
      for (int t = 0; t < kPieceTypes; ++t) EXPECT_NEAR(m[k][t], expected[k][t] / total, 1e-12);
  }
}

TEST(IdentityCounter, PinnedPiecesAndExhaustedCountsAreHandled) {
  // Piece 0 can only be an engineer; there is one engineer, so piece 1 cannot be one.
  PieceCounts counts{};
  counts[typeIndex(PieceType::Engineer)] = 1;
  counts[typeIndex(PieceType::Bomb)] = 1;
  const IdentitySet either = identityBit(PieceType::Engineer) | identityBit(PieceType::Bomb);
  const std::vector<IdentitySet> possible = {identityBit(PieceType::Engineer), either};
  const IdentityCounter counter(possible, counts, 2);
  EXPECT_EQ(static_cast<int>(counter.count()), 1);
  const auto m = counter.marginals();
  EXPECT_EQ(m[1][typeIndex(PieceType::Bomb)], 1.0);
  EXPECT_EQ(m[1][typeIndex(PieceType::Engineer)], 0.0);
  // Two pieces that can only be the one engineer: no assignment.
  const std::vector<IdentitySet> clash = {identityBit(PieceType::Engineer), identityBit(PieceType::Engineer)};
  EXPECT_FALSE(IdentityCounter(clash, counts, 2).consistent());
}

TEST(IdentityCounter, MissingPiecesMayBeAnything) {
  // Two pieces shown, three in the counts: the third is lost and unknown.
  PieceCounts counts{};
  counts[0] = 2;
  counts[1] = 1;
  const std::vector<IdentitySet> possible = {0b11, 0b01};
  const IdentityCounter counter(possible, counts, 2);
  // Assignments (p0, p1, missing): (0,0,1) and (1,0,0).
  EXPECT_EQ(static_cast<int>(counter.count()), 2);
  EXPECT_NEAR(counter.marginals()[0][1], 0.5, 1e-12);
}

// Draws `draws` samples of the first `sampled` pieces and compares them with the
// exact distribution of those pieces (the others summed out) by chi-square.
template <class Sampler>
double sampledChiSquare(const Instance& in, int sampled, int draws, Sampler&& draw, int* degrees) {
  std::map<std::vector<int>, double> p;
  const auto brute = allAssignments(in.possible, in.counts);
  for (const auto& a : brute) p[std::vector<int>(a.begin(), a.begin() + sampled)] += 1.0 / brute.size();
  std::map<std::vector<int>, int> seen;
  std::vector<PieceType> out(in.possible.size());
  for (int i = 0; i < draws; ++i) {
    draw(out);
    std::vector<int> key(sampled);
    for (int k = 0; k < sampled; ++k) key[k] = typeIndex(out[k]);
    ++seen[key];
  }
  for (const auto& [key, n] : seen) EXPECT_TRUE(p.count(key)) << "sampled an impossible assignment";
  *degrees = static_cast<int>(p.size()) - 1;
  return chiSquare(seen, p, draws);
}

// An instance with a few dozen consistent assignments and uneven marginals.
Instance samplingInstance() {
  Instance in;
  in.counts[0] = 3;  // three of identity 0, two of 1, one each of 2 and 3
  in.counts[1] = 2;
  in.counts[2] = 1;
  in.counts[3] = 1;
  in.possible = {0b1111, 0b0011, 0b0101, 0b1001, 0b0011, 0b1111, 0b0111};
  return in;
}

TEST(IdentitySampler, FrequenciesMatchTheExactDistribution) {
  const Instance in = samplingInstance();
  const IdentityCounter counter(in.possible, in.counts, 7);
  Rng rng(3);
  int degrees = 0;
  const double chi = sampledChiSquare(in, 7, 200000, [&](std::vector<PieceType>& out) { counter.sample(rng, out); },
                                      &degrees);
  EXPECT_GT(degrees, 10);
  EXPECT_LT(chi, chiSquareCritical(degrees));
}

TEST(IdentitySampler, SummedOutPiecesLeaveTheOthersExact) {
  const Instance in = samplingInstance();
  const IdentityCounter counter(in.possible, in.counts, 4);  // the last three are lost pieces
  Rng rng(5);
  int degrees = 0;
  const double chi = sampledChiSquare(in, 4, 100000, [&](std::vector<PieceType>& out) { counter.sample(rng, out); },
                                      &degrees);
  EXPECT_LT(chi, chiSquareCritical(degrees));
}

TEST(IdentitySampler, ChiSquareTestRejectsPieceByPieceUniformSampling) {
  // The tempting shortcut: give each piece in turn a uniformly chosen identity
  // among those that still allow a completion. It is biased, and the same test
  // must catch it, or the test has no power.
#ifdef JUNQI_SANITIZED_BUILD
  GTEST_SKIP() << "the power of a statistical test, checked in the Release build";
#endif
  const Instance in = samplingInstance();
  Rng rng(9);
  const auto biased = [&](std::vector<PieceType>& out) {
    PieceCounts left = in.counts;
    for (std::size_t k = 0; k < in.possible.size(); ++k) {
      std::vector<int> feasible;
      for (int t = 0; t < kPieceTypes; ++t) {
        if (!(in.possible[k] >> t & 1) || left[t] == 0) continue;
        PieceCounts rest = left;
        --rest[t];
        const std::vector<IdentitySet> tail(in.possible.begin() + static_cast<long>(k) + 1, in.possible.end());
        if (IdentityCounter(tail, rest, 0).consistent()) feasible.push_back(t);
      }
      const int t = feasible[rng.below(feasible.size())];
      out[k] = typeFromIndex(t);
      --left[t];
    }
  };
  int degrees = 0;
  const double chi = sampledChiSquare(in, 7, 200000, biased, &degrees);
  EXPECT_GT(chi, chiSquareCritical(degrees));
}

TEST(IdentitySampler, WeightedSamplesFollowTheWeights) {
  const Instance in = samplingInstance();
  std::vector<IdentityWeights> w(7);
  Rng setup(1);
  for (auto& row : w)
    for (auto& x : row) x = 0.2 + 2 * setup.uniform();
  const IdentityCounter counter(in.possible, in.counts, 7, w);
  // Exact weighted distribution by enumeration.
  std::map<std::vector<int>, double> p;
  double total = 0;
  for (const auto& a : allAssignments(in.possible, in.counts)) {
    double weight = 1;
    for (int k = 0; k < 7; ++k) weight *= w[k][a[k]];
    p[a] = weight;
    total += weight;
  }
  for (auto& [a, x] : p) x /= total;
  std::map<std::vector<int>, int> seen;
  Rng rng(2);
  std::vector<PieceType> out(7);
  const int draws = 200000;
  for (int i = 0; i < draws; ++i) {
    counter.sample(rng, out);
    std::vector<int> key(7);
    for (int k = 0; k < 7; ++k) key[k] = typeIndex(out[k]);
    ++seen[key];
  }
  EXPECT_LT(chiSquare(seen, p, draws), chiSquareCritical(static_cast<int>(p.size()) - 1));
}

}  // namespace
}  // namespace junqi
