// Exact counting and sampling of the identity assignments consistent with what
// an observer knows.
//
// The problem: n enemy pieces, piece k may be any identity in possible[k], and
// identity t must be used exactly counts[t] times (a matching with
// multiplicities). We count the assignments by dynamic programming over the
// remaining count of each identity, piece by piece: f(c) = sum over the next
// piece's possible t with c[t] > 0 of f(c - e_t). Three savings keep it fast:
//   - pinned pieces (one possible identity) are taken out first;
//   - identities that no piece tells apart (every piece allows both or neither,
//     with equal prior weight) are merged into one class; the DP runs over class
//     counts, and within a class the members are spread over its pieces by a
//     uniformly random permutation, which is exact;
//   - only the count vectors that the remaining pieces can actually complete
//     are visited, built layer by layer from the last piece (the dense space has
//     up to prod(count+1) = 497,664 vectors; a mid-game typically needs a few
//     thousand to a few tens of thousands).
//
// Without a prior the table holds exact integers (128 bits), so count() is
// exact and samples are exactly uniform over consistent assignments. With a
// prior (a weight per piece and identity) the table holds doubles and samples
// are drawn in proportion to the product of the weights.
//
// The first `sampled` pieces are the ones a sample fills in (the enemy pieces
// on the board); the others (lost pieces) are summed out, never sampled.
#pragma once

#include <array>
#include <span>
#include <vector>

#include "core/classic/knowledge.h"
#include "core/random.h"

namespace junqi {

using Count128 = unsigned __int128;
using IdentityWeights = std::array<double, kPieceTypes>;  // per piece: a prior weight for each identity
using IdentityMarginals = std::array<double, kPieceTypes>;

class IdentityCounter {
 public:
  IdentityCounter() = default;
  // Pieces beyond possible.size() up to the total count (a position given as
  // text need not show every piece) are added as lost pieces that may be anything.
  IdentityCounter(std::span<const IdentitySet> possible, const PieceCounts& counts, int sampled,
                  std::span<const IdentityWeights> weights = {}) {
    build(possible, counts, sampled, weights);
  }
  // Recomputes everything for a new instance, reusing this object's memory (a
  // rebuild after every move should not fault in fresh pages each time).
  void build(std::span<const IdentitySet> possible, const PieceCounts& counts, int sampled,
             std::span<const IdentityWeights> weights = {});

  bool consistent() const { return consistent_; }
  // Uniform: the exact number of consistent assignments (0 if inconsistent).
  Count128 count() const;
  // The sum over consistent assignments of the product of weights (count() without a prior).
  double totalWeight() const;
  // P(piece k is t) for every piece, exactly (up to double rounding).
  std::vector<IdentityMarginals> marginals() const;
  // Fills out[0..sampled) with one assignment drawn exactly from the
  // distribution; with `summedOutToo`, every described piece (out must hold
  // them all), as tests that replay a whole game need.
  void sample(Rng& rng, std::span<PieceType> out, bool summedOutToo = false) const;

  std::size_t tableSize() const { return dense_.size(); }  // count vectors visited
  int classes() const { return classCount_; }

 private:
  template <class T>
  void fill(std::vector<T>& value);
  template <class T>
  void sampleClasses(const std::vector<T>& value, Rng& rng, int positions, std::span<int> classOfPosition) const;
  double weightAt(int position, int cls) const { return weighted_ ? classWeight_[position][cls] : 1.0; }
  double valueAt(std::size_t slot) const;
  int digit(std::size_t slot, int cls) const { return static_cast<int>(packed_[slot] >> (5 * cls) & 31); }
  // The slot of the state one `cls` below `slot` (in the next layer), or -1 if it cannot be completed.
  std::int32_t lower(std::size_t slot, int cls) const {
    return digit(slot, cls) ? where_[dense_[slot] - stride_[cls]] : -1;
  }

  bool consistent_ = false;
  bool weighted_ = false;
  int given_ = 0;    // pieces the caller described
  int pieces_ = 0;   // all pieces, missing ones included
  int sampled_ = 0;
  PieceCounts remaining_{};                 // counts left once pinned pieces are taken out
  std::vector<int> pinned_;                 // per piece: its only identity, or -1
  std::vector<int> order_;                  // the unpinned pieces, sampled ones first
  int sampledInOrder_ = 0;
  int classCount_ = 0;
  std::array<int, kPieceTypes> classOf_{};  // identity -> class (-1 when none is left)
  std::array<int, kPieceTypes> classSize_{}, radix_{};
  std::array<std::size_t, kPieceTypes> stride_{};
  std::vector<std::uint16_t> classMask_;    // per order position: the classes it allows
  std::vector<std::array<double, kPieceTypes>> classWeight_;  // per order position and class
  Count128 multinomials_ = 1;               // ways to spread identities within classes
  double pinnedWeight_ = 1.0;
  // The visited count vectors (states): dense mixed-radix index, class counts
  // packed 5 bits each, and f. Layer 0 is the root alone.
  std::vector<std::uint32_t> dense_;
  std::vector<std::uint64_t> packed_;
  std::vector<std::int32_t> where_;  // dense index -> slot, -1 when not visited
  std::size_t root_ = 0;
  std::vector<Count128> exact_;
  std::vector<double> real_;
};

}  // namespace junqi
