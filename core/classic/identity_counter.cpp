#include "core/classic/identity_counter.h"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <type_traits>

namespace junqi {

namespace {

// Uniform in [0, n) exactly, n >= 1.
Count128 below(Rng& rng, Count128 n) {
  if (n <= ~std::uint64_t{0}) return rng.below(static_cast<std::uint64_t>(n));
  const Count128 threshold = (-n) % n;  // 2^128 mod n values would bias the result
  for (;;) {
    const Count128 x = (static_cast<Count128>(rng.next()) << 64) | rng.next();
    if (x >= threshold) return x % n;
  }
}

double below(Rng& rng, double total) { return rng.uniform() * total; }

Count128 factorial(int n) {
  Count128 f = 1;
  for (int i = 2; i <= n; ++i) f *= static_cast<Count128>(i);
  return f;
}

}  // namespace

void IdentityCounter::build(std::span<const IdentitySet> possible, const PieceCounts& counts, int sampled,
                            std::span<const IdentityWeights> weights) {
  consistent_ = false;
  weighted_ = !weights.empty();
  sampled_ = sampled;
  pieces_ = 0;
  order_.clear();
  classCount_ = 0;
  classSize_.fill(0);
  radix_.fill(0);
  stride_.fill(0);
  pinnedWeight_ = 1.0;
  dense_.clear();
  packed_.clear();
  exact_.clear();
  real_.clear();
  const int given = given_ = static_cast<int>(possible.size());
  const int total = totalPieces(counts);
  if (given > total || (weighted_ && static_cast<int>(weights.size()) != given) || sampled > given) return;
  pieces_ = total;
  std::vector<IdentitySet> mask(pieces_, kAnyIdentity);  // missing pieces may be anything
  for (int k = 0; k < given; ++k) mask[k] = possible[k];
  const auto weight = [&](int k, int t) { return weighted_ && k < given ? weights[k][t] : 1.0; };
  const auto available = [&] {
    IdentitySet a = 0;
    for (int t = 0; t < kPieceTypes; ++t)
      if (remaining_[t] > 0) a |= static_cast<IdentitySet>(1u << t);
    return a;
  };

  // Take out pinned pieces, to a fixed point: pinning one can pin others.
  remaining_ = counts;
  pinned_.assign(pieces_, -1);
  for (bool changed = true; changed;) {
    changed = false;
    for (int k = 0; k < pieces_; ++k) {
      if (pinned_[k] >= 0) continue;
      const IdentitySet effective = mask[k] & available();
      if (!effective) return;  // inconsistent
      if (std::popcount(effective) != 1) continue;
      const int t = std::countr_zero(effective);
      pinned_[k] = t;
      --remaining_[t];
      pinnedWeight_ *= weight(k, t);
      changed = true;
    }
  }
  // Sampled pieces first; within each group the broadest first, so that the
  // layers built from the last piece backwards start narrow and stay small.
  const auto broader = [&](int a, int b) { return std::popcount(mask[a]) > std::popcount(mask[b]); };
  for (int k = 0; k < pieces_; ++k)
    if (pinned_[k] < 0 && k < sampled) order_.push_back(k);
  sampledInOrder_ = static_cast<int>(order_.size());
  for (int k = 0; k < pieces_; ++k)
    if (pinned_[k] < 0 && k >= sampled) order_.push_back(k);
  std::stable_sort(order_.begin(), order_.begin() + sampledInOrder_, broader);
  std::stable_sort(order_.begin() + sampledInOrder_, order_.end(), broader);
  const int n = static_cast<int>(order_.size());

  // Classes: identities every piece treats alike (same membership, same weight).
  const IdentitySet left = available();
  classOf_.fill(-1);
  std::array<std::uint64_t, kPieceTypes> members{};
  for (int t = 0; t < kPieceTypes; ++t) {
    if (!(left >> t & 1)) continue;
    for (int pos = 0; pos < n; ++pos)
      if (mask[order_[pos]] >> t & 1) members[t] |= std::uint64_t{1} << pos;
    if (!members[t]) return;  // nobody can take this identity: inconsistent
    for (int u = 0; u < t && classOf_[t] < 0; ++u) {
      if (classOf_[u] < 0 || members[u] != members[t]) continue;
      bool sameWeights = true;
      for (int pos = 0; pos < n && sameWeights; ++pos) sameWeights = weight(order_[pos], u) == weight(order_[pos], t);
      if (sameWeights) classOf_[t] = classOf_[u];
    }
    if (classOf_[t] < 0) classOf_[t] = classCount_++;
    classSize_[classOf_[t]] += remaining_[t];
  }
  classMask_.assign(n, 0);
  classWeight_.assign(n, {});
  for (int t = 0; t < kPieceTypes; ++t) {
    if (classOf_[t] < 0) continue;
    for (int pos = 0; pos < n; ++pos) {
      if (!(members[t] >> pos & 1)) continue;
      classMask_[pos] |= static_cast<std::uint16_t>(1u << classOf_[t]);
      classWeight_[pos][classOf_[t]] = weight(order_[pos], t);
    }
  }
  std::size_t states = 1;
  for (int g = 0; g < classCount_; ++g) {
    radix_[g] = classSize_[g] + 1;
    stride_[g] = states;
    states *= static_cast<std::size_t>(radix_[g]);
  }
  multinomials_ = 1;
  for (int g = 0; g < classCount_; ++g) multinomials_ *= factorial(classSize_[g]);
  for (int t = 0; t < kPieceTypes; ++t)
    if (classOf_[t] >= 0) multinomials_ /= factorial(remaining_[t]);

  if (weighted_)
    fill(real_);
  else
    fill(exact_);
}

template <class T>
void IdentityCounter::fill(std::vector<T>& value) {
  std::size_t states = 1;
  for (int g = 0; g < classCount_; ++g) states *= static_cast<std::size_t>(radix_[g]);
  where_.assign(states, -1);
  const int n = static_cast<int>(order_.size());
  const auto add = [&](std::uint32_t dense, std::uint64_t packed) {
    where_[dense] = static_cast<std::int32_t>(dense_.size());
    dense_.push_back(dense);
    packed_.push_back(packed);
    value.push_back(T{0});
  };
  // Layer n: nothing left to assign. Layer i: the count vectors pieces i..n-1
  // can use up exactly, each with f = the (weighted) number of ways.
  add(0, 0);
  value[0] = T{1};
  std::size_t begin = 0, end = 1;
  for (int pos = n - 1; pos >= 0; --pos) {
    for (std::size_t s = begin; s < end; ++s)
      for (unsigned m = classMask_[pos]; m; m &= m - 1) {
        const int g = std::countr_zero(m);
        if (digit(s, g) == classSize_[g]) continue;
        const std::uint32_t d = dense_[s] + static_cast<std::uint32_t>(stride_[g]);
        if (where_[d] < 0) add(d, packed_[s] + (std::uint64_t{1} << (5 * g)));
        if constexpr (std::is_same_v<T, double>)
          value[static_cast<std::size_t>(where_[d])] += classWeight_[pos][g] * value[s];
        else
          value[static_cast<std::size_t>(where_[d])] += value[s];
      }
    begin = end;
    end = dense_.size();
  }
  // Layer 0 can only hold the full counts; it is empty when nothing fits.
  consistent_ = end > begin && dense_[begin] == states - 1 && value[begin] > T{0};
  root_ = begin;
}

Count128 IdentityCounter::count() const {
  if (weighted_) throw std::logic_error("IdentityCounter::count: counting needs no prior; use totalWeight()");
  if (!consistent_) return 0;
  return exact_[root_] * multinomials_;
}

double IdentityCounter::totalWeight() const {
  if (!consistent_) return 0.0;
  if (!weighted_) return static_cast<double>(count());
  return real_[root_] * static_cast<double>(multinomials_) * pinnedWeight_;
}

double IdentityCounter::valueAt(std::size_t slot) const {
  return weighted_ ? real_[slot] : static_cast<double>(exact_[slot]);
}

std::vector<IdentityMarginals> IdentityCounter::marginals() const {
  const int given = given_;
  std::vector<IdentityMarginals> out(static_cast<std::size_t>(given), IdentityMarginals{});
  if (!consistent_) return out;
  for (int k = 0; k < given; ++k)
    if (pinned_[k] >= 0) out[k][pinned_[k]] = 1.0;
  const int n = static_cast<int>(order_.size());
  if (n == 0) return out;

  // Forward weights h (ways to assign the pieces before a state) meet the
  // table f: P(piece at pos is in class g) = sum h(x) w f(x - e_g) / f(root).
  // Slots are stored from the last layer to the root, so walking them from
  // the root down visits every layer after the one above it.
  std::vector<double> f(dense_.size()), h(dense_.size(), 0.0);
  for (std::size_t s = 0; s < f.size(); ++s) f[s] = valueAt(s);
  h[root_] = 1.0;
  std::vector<std::array<double, kPieceTypes>> inClass(n, std::array<double, kPieceTypes>{});
  for (std::size_t s = root_ + 1; s-- > 0;) {
    if (h[s] == 0.0) continue;
    int sum = 0;
    for (int g = 0; g < classCount_; ++g) sum += digit(s, g);
    if (sum == 0) continue;
    const int pos = n - sum;
    for (unsigned m = classMask_[pos]; m; m &= m - 1) {
      const int g = std::countr_zero(m);
      const std::int32_t y = lower(s, g);
      if (y < 0) continue;
      const double w = weightAt(pos, g);
      inClass[pos][g] += h[s] * w * f[static_cast<std::size_t>(y)];
      h[static_cast<std::size_t>(y)] += h[s] * w;
    }
  }
  const double total = f[root_];
  for (int pos = 0; pos < n; ++pos) {
    const int k = order_[pos];
    if (k >= given) continue;  // a missing piece
    for (int t = 0; t < kPieceTypes; ++t) {
      const int g = classOf_[t];
      if (g < 0 || !(classMask_[pos] >> g & 1)) continue;
      out[k][t] = inClass[pos][g] / total * remaining_[t] / classSize_[g];
    }
  }
  return out;
}

template <class T>
void IdentityCounter::sampleClasses(const std::vector<T>& value, Rng& rng, int positions,
                                    std::span<int> classOfPosition) const {
  std::size_t s = root_;
  for (int pos = 0; pos < positions; ++pos) {
    T r = below(rng, value[s]);
    int chosen = -1;
    std::int32_t next = -1;
    for (unsigned m = classMask_[pos]; m; m &= m - 1) {
      const int g = std::countr_zero(m);
      const std::int32_t y = lower(s, g);
      if (y < 0) continue;
      T v = value[static_cast<std::size_t>(y)];
      if constexpr (std::is_same_v<T, double>) v *= classWeight_[pos][g];
      chosen = g, next = y;  // with doubles, rounding can leave r just above the last candidate
      if (r < v) break;
      r -= v;
    }
    classOfPosition[pos] = chosen;
    s = static_cast<std::size_t>(next);
  }
}

void IdentityCounter::sample(Rng& rng, std::span<PieceType> out, bool summedOutToo) const {
  if (!consistent_) throw std::logic_error("IdentityCounter::sample: no consistent assignment");
  const int described = summedOutToo ? given_ : sampled_;
  // Positions in order_ to walk: the sampled pieces come first; the others only on request.
  const int positions = summedOutToo ? static_cast<int>(order_.size()) : sampledInOrder_;
  for (int k = 0; k < described; ++k)
    if (pinned_[k] >= 0) out[k] = typeFromIndex(pinned_[k]);
  std::array<int, kMaxPieces> cls{};
  if (weighted_)
    sampleClasses(real_, rng, positions, cls);
  else
    sampleClasses(exact_, rng, positions, cls);
  // Within a class, deal its identities to its pieces without replacement.
  std::array<std::array<std::uint8_t, kMaxPieces>, kPieceTypes> pool;
  std::array<int, kPieceTypes> poolSize{};
  for (int t = 0; t < kPieceTypes; ++t)
    for (int c = 0; c < remaining_[t] && classOf_[t] >= 0; ++c)
      pool[classOf_[t]][poolSize[classOf_[t]]++] = static_cast<std::uint8_t>(t);
  for (int pos = 0; pos < positions; ++pos) {
    const int g = cls[pos];
    const int j = static_cast<int>(rng.below(static_cast<std::uint64_t>(poolSize[g])));
    if (order_[pos] < described) out[order_[pos]] = typeFromIndex(pool[g][j]);
    pool[g][j] = pool[g][--poolSize[g]];
  }
}

}  // namespace junqi
