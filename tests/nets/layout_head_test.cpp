// Layouts from the layout head: always legal, whatever the logits, and
// following strong logits wherever the rules allow.
#include <gtest/gtest.h>

#include <cmath>

#include "core/classic/auto_layout.h"
#include "nets/encoding.h"
#include "nets/layout_policy.h"
#include "tests/nets/nets_test_util.h"

namespace junqi::nets {
namespace {

using netstest::presets;

// A Gaussian-ish draw from the project's generator (sum of uniforms).
float noise(Rng& rng, double scale) {
  double s = 0;
  for (int i = 0; i < 4; ++i) s += rng.uniform() - 0.5;
  return static_cast<float>(s * scale);
}

TEST(LayoutHead, SampledLayoutsAreAlwaysLegalForRandomLogits) {
  Rng rng(1);
  int layouts = 0;
  for (const Ruleset& r : presets())
    for (const double temperature : {0.05, 1.0, 20.0})
      for (int i = 0; i < 120; ++i) {
        std::vector<float> logits(kSquares * kPieceTypes);
        const double scale = i % 3 == 0 ? 0.5 : i % 3 == 1 ? 5.0 : 60.0;
        for (float& v : logits) v = noise(rng, scale);
        const Layout l = sampleLayout(logits.data(), r, rng, temperature);
        const auto why = validateLayout(l, r);
        ASSERT_FALSE(why) << r.preset << " temperature " << temperature << ": " << why->message;
        ++layouts;
      }
  EXPECT_EQ(layouts, 3 * 3 * 120);
}

TEST(LayoutHead, DifferentDrawsGiveDifferentLayouts) {
  std::vector<float> flat(kSquares * kPieceTypes, 0.0f);
  Rng rng(3);
  const Layout a = sampleLayout(flat.data(), Ruleset{}, rng), b = sampleLayout(flat.data(), Ruleset{}, rng);
  EXPECT_NE(a, b);
  Rng again(3);
  EXPECT_EQ(sampleLayout(flat.data(), Ruleset{}, again), a) << "the same stream gives the same layout";
}

TEST(LayoutHead, VeryLargeLogitsForALegalPatternGiveThePattern) {
  Rng rng(4);
  for (const Ruleset& r : presets())
    for (int style = 0; style < 4; ++style)
      for (int i = 0; i < 5; ++i) {
        const Layout pattern = styledLayout(static_cast<LayoutStyle>(style), r, rng);
        std::vector<float> logits(kSquares * kPieceTypes);
        for (float& v : logits) v = noise(rng, 2.0);
        for (int k = 0; k < kHalfSquares; ++k)
          if (pattern.at[k]) logits[static_cast<std::size_t>(k) * kPieceTypes + typeIndex(*pattern.at[k])] = 60.0f;
        EXPECT_EQ(sampleLayout(logits.data(), r, rng), pattern) << r.preset << " style " << style;
      }
}

TEST(LayoutHead, AnIllegalPatternIsFollowedOnlyWhereLegal) {
  // The logits want the flag and the landmines in the front row above all
  // (illegal), and a legal layout after that: the layout stays legal and
  // follows the legal pattern.
  Rng rng(6);
  for (const Ruleset& r : presets()) {
    const Layout legal = styledLayout(LayoutStyle::Balanced, r, rng);
    std::vector<float> logits(kSquares * kPieceTypes, 0.0f);
    for (int k = 0; k < kHalfSquares; ++k)
      if (legal.at[k]) logits[static_cast<std::size_t>(k) * kPieceTypes + typeIndex(*legal.at[k])] = 40.0f;
    for (int k = 25; k < 30; ++k) {  // the front row
      logits[static_cast<std::size_t>(k) * kPieceTypes + typeIndex(PieceType::Flag)] = 80.0f;
      logits[static_cast<std::size_t>(k) * kPieceTypes + typeIndex(PieceType::Landmine)] = 80.0f;
    }
    for (int rep = 0; rep < 10; ++rep) {
      const Layout l = sampleLayout(logits.data(), r, rng);
      const auto why = validateLayout(l, r);
      ASSERT_FALSE(why) << why->message;
      // Everywhere the rules allowed it, the pattern: here that is every point.
      EXPECT_EQ(l, legal) << r.preset;
    }
  }
}

}  // namespace
}  // namespace junqi::nets
