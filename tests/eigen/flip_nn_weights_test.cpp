// Weights files carry their game: a flip network says so, and each nn agent
// refuses the other game's network with one line naming what was wrong.
#include <gtest/gtest.h>
#include <gmock/gmock.h>

#include "nets/flip/flip_encoding.h"
#include "nets/flip/flip_nn_agent.h"
#include "nets/nn_agent.h"
#include "search/flip/flip_agent.h"
#include "tests/eigen/flip_nn_test_util.h"
#include "tests/support/error_of.h"

namespace junqi::nets {
namespace {

using ::testing::HasSubstr;

// A classic network of random weights (the flip helper, with the classic encoding).
WeightsFile classicWeights() {
  WeightsFile w = randomFlipWeights(NetworkShape::tiny(), 3);
  w.shape.inputPlanes = kInputPlanes;
  w.variant = "classic";
  w.ruleset = "hiddenfront";
  w.tensors.at("stem.weight").dims[1] = kInputPlanes;
  w.tensors.at("stem.weight").data.resize(static_cast<std::size_t>(w.shape.channels) * kInputPlanes * 9, 0.0f);
  return w;
}

TEST(FlipNetWeights, AFlipFileRecordsItsVariantAndEncoding) {
  const std::string path = flipTestPath("flip.jqw");
  saveWeights(randomFlipWeights(NetworkShape::tiny(), 1), path);
  const WeightsFile back = loadFlipWeights(path);
  EXPECT_EQ(back.variant, kFlipVariant);
  EXPECT_EQ(back.shape.inputPlanes, kFlipInputPlanes);
  EXPECT_EQ(back.ruleset, "flip-kawu");
}

TEST(FlipNetWeights, AFlipFileWithTheClassicInputPlanesIsRefused) {
  WeightsFile w = randomFlipWeights(NetworkShape::tiny(), 1);
  w.variant = "classic";  // a flip network's tensors under the classic name
  const std::string path = flipTestPath("mislabelled.jqw");
  saveWeights(w, path);
  EXPECT_THAT(errorOf([&] { loadWeights(path); }), HasSubstr("input planes, but the encoding has"));
}

TEST(FlipNetWeights, TheClassicAgentRefusesAFlipNetwork) {
  registerNetAgent();
  const std::string path = flipTestPath("for-flip.jqw");
  saveWeights(randomFlipWeights(NetworkShape::tiny(), 1), path);
  const std::string error = errorOf([&] { makeAgent("nn:weights=" + path); });
  EXPECT_THAT(error, HasSubstr("agent 'nn': " + path + " is a Flip Junqi network"));
  EXPECT_EQ(error.find('\n'), std::string::npos);
}

TEST(FlipNetWeights, TheFlipAgentRefusesAClassicNetwork) {
  registerNetAgent();
  const std::string path = flipTestPath("classic.jqw");
  saveWeights(classicWeights(), path);
  ASSERT_NO_THROW(loadWeights(path));  // a good classic file
  const std::string error = errorOf([&] { makeFlipAgent("nn:weights=" + path); });
  EXPECT_THAT(error, HasSubstr("agent 'nn': " + path + " is a network for the classic game, not for Flip Junqi"));
  EXPECT_EQ(error.find('\n'), std::string::npos);
}

TEST(FlipNetWeights, TheFlipAgentRefusesAMissingFileAndNoWeights) {
  registerNetAgent();
  EXPECT_THAT(errorOf([] { makeFlipAgent("nn"); }), HasSubstr("needs weights=FILE"));
  EXPECT_THAT(errorOf([] { makeFlipAgent("nn:weights=/no/such.jqw"); }), HasSubstr("cannot open weights file"));
  const std::string path = flipTestPath("ok.jqw");
  saveWeights(randomFlipWeights(NetworkShape::tiny(), 1), path);
  EXPECT_THAT(errorOf([&] { makeFlipAgent("nn:weights=" + path + ",sims=0"); }), HasSubstr("sims must be at least 1"));
  EXPECT_THAT(errorOf([&] { makeFlipAgent("nn:weights=" + path + ",simz=3"); }), HasSubstr("simz"));
}

}  // namespace
}  // namespace junqi::nets
