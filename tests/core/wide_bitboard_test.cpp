// The multi-word bitboard against std::bitset, operation by operation, on
// random sets: the four-player board's 129 points need three words.
#include <gtest/gtest.h>

#include <bitset>

#include "core/random.h"
#include "core/wide_bitboard.h"

namespace junqi {
namespace {

static_assert(std::is_same_v<BitboardFor<60>, Bitboard>, "the classic board keeps one word");
static_assert(std::is_same_v<BitboardFor<129>, WideBitboard<3>>, "the four-player cross needs three");
static_assert(BitboardFor<129>::kPoints >= 129);

template <int W>
using Reference = std::bitset<64 * W>;

template <int W>
WideBitboard<W> randomSet(Rng& rng, Reference<W>& ref) {
  WideBitboard<W> b;
  ref.reset();
  const int density = static_cast<int>(rng.below(4));  // from sparse to dense
  for (int p = 0; p < 64 * W; ++p)
    if (rng.below(8) <= static_cast<std::uint64_t>(density)) {
      b |= WideBitboard<W>::bit(p);
      ref.set(p);
    }
  return b;
}

template <int W>
bool same(const WideBitboard<W>& b, const Reference<W>& ref) {
  for (int p = 0; p < 64 * W; ++p)
    if (b.contains(p) != ref.test(p)) return false;
  return true;
}

template <int W>
void checkAgainstBitset() {
  Rng rng(7 + W);
  for (int round = 0; round < 300; ++round) {
    Reference<W> ra, rb;
    const WideBitboard<W> a = randomSet<W>(rng, ra), b = randomSet<W>(rng, rb);
    ASSERT_TRUE(same(a & b, ra & rb));
    ASSERT_TRUE(same(a | b, ra | rb));
    ASSERT_TRUE(same(a ^ b, ra ^ rb));
    ASSERT_TRUE(same(~a, ~ra));
    const int n = static_cast<int>(rng.below(64 * W));
    ASSERT_TRUE(same(a << n, ra << n)) << "shift " << n;
    ASSERT_TRUE(same(a >> n, ra >> n)) << "shift " << n;
    ASSERT_EQ(popcount(a), static_cast<int>(ra.count()));
    ASSERT_EQ(a.empty(), ra.none());
    if (ra.none()) continue;
    // Set points in order, by lsb/popLsb, nthSetPoint and from the top by msb.
    std::vector<int> points;
    for (int p = 0; p < 64 * W; ++p)
      if (ra.test(p)) points.push_back(p);
    ASSERT_EQ(lsb(a), points.front());
    ASSERT_EQ(msb(a), points.back());
    WideBitboard<W> rest = a;
    for (std::size_t k = 0; k < points.size(); ++k) {
      ASSERT_EQ(nthSetPoint(a, static_cast<int>(k)), points[k]);
      ASSERT_EQ(popLsb(rest), points[k]);
    }
    ASSERT_TRUE(rest.empty());
  }
}

TEST(WideBitboard, TwoWordsAgreeWithBitset) { checkAgainstBitset<2>(); }
TEST(WideBitboard, ThreeWordsAgreeWithBitset) { checkAgainstBitset<3>(); }

TEST(WideBitboard, PointsAcrossWordBoundaries) {
  using BB = BitboardFor<129>;
  for (const int p : {0, 63, 64, 127, 128}) {
    const BB b = pointSet<BB>(p);
    EXPECT_TRUE(contains(b, p));
    EXPECT_EQ(popcount(b), 1);
    EXPECT_EQ(lsb(b), p);
    EXPECT_EQ(msb(b), p);
  }
  EXPECT_EQ(lsb(pointSet<BB>(63) << 1), 64);
  EXPECT_EQ(msb(pointSet<BB>(128) >> 65), 63);
  EXPECT_EQ(pointSet<Bitboard>(59), bit(59));
}

}  // namespace
}  // namespace junqi
