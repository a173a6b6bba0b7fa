#include "core/keyed_hash.h"

#include <gtest/gtest.h>

#include <vector>

namespace junqi {
namespace {

// The key 00 01 ... 0f of the SipHash paper's test vectors.
constexpr HashKey kPaperKey = {0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL};

std::vector<std::uint8_t> bytesUpTo(int n) {
  std::vector<std::uint8_t> bytes;
  for (int i = 0; i < n; ++i) bytes.push_back(static_cast<std::uint8_t>(i));
  return bytes;
}

TEST(KeyedHash, MatchesTheSipHashPaper) {
  EXPECT_EQ(sipHash24(kPaperKey, {}), 0x726fdb47dd0e0e31ULL);
  EXPECT_EQ(sipHash24(kPaperKey, bytesUpTo(15)), 0xa129ca6149be45e5ULL);  // the paper's worked example
}

TEST(KeyedHash, AWordIsHashedAsItsEightLittleEndianBytes) {
  EXPECT_EQ(keyedHash(kPaperKey, 0x0706050403020100ULL), sipHash24(kPaperKey, bytesUpTo(8)));
}

TEST(KeyedHash, DependsOnTheKey) {
  EXPECT_NE(keyedHash({1, 2}, 5), keyedHash({1, 3}, 5));
  EXPECT_NE(keyedHash({1, 2}, 5), keyedHash({1, 2}, 6));
  EXPECT_EQ(keyedHash({1, 2}, 5), keyedHash({1, 2}, 5));
}

}  // namespace
}  // namespace junqi
