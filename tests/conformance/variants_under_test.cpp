#include "tests/conformance/variants_under_test.h"

#include "core/flip/flip_ruleset.h"
#include "core/four/four_ruleset.h"
#include "tests/conformance/classic_driver.h"
#include "tests/conformance/flip_driver.h"
#include "tests/conformance/four_driver.h"

namespace junqi::conformance {

namespace {

// The sanitizer build (scripts/run-sanitizers.sh) runs about ten times slower:
// there the flip and four-player entries play a quarter of their games.
#ifdef JUNQI_SANITIZED_BUILD
constexpr int kSanitizerShare = 4;
#else
constexpr int kSanitizerShare = 1;
#endif

VariantUnderTest entry(const Variant& variant, const std::string& preset) {
  VariantUnderTest v;
  v.variant = &variant;
  v.preset = preset;
  v.name = variant.name() + "/" + preset;
  return v;
}

VariantUnderTest classic(const std::string& preset) {
  VariantUnderTest v = entry(Variant::classic(), preset);
  const Ruleset ruleset = Ruleset::byName(preset);
  v.games = 300;
  v.endsByItsRules = ruleset.quietMoveLimit > 0;
  v.maxPlies = v.endsByItsRules ? 6000 : 800;
  v.drawOffers = ruleset.agreedDraws;
  v.randomStart = [ruleset](Rng& rng) { return classicDriver(randomClassicGame(ruleset, rng)); };
  return v;
}

// Flip Junqi: 200 games (100 to 400 actions each; flip-kawu's end sooner, by
// a taken flag) visit some 20,000 to 80,000 positions, every one compared with
// the slow generator, and both colour rules, the attack rules, every ending
// many times over; the reference tests (tests/core/flip_reference_test.cpp)
// play 300 more a preset. Under a second in Release.
VariantUnderTest flip(const std::string& preset) {
  VariantUnderTest v = entry(Variant::flip(), preset);
  const FlipRuleset rules = FlipRuleset::byName(preset);
  v.games = 200 / kSanitizerShare;
  v.leakageWithin = 60;  // flip-kawu's games last about 100 actions
  v.endsByItsRules = rules.quietMoveLimit > 0;  // 80 turns without a flip or a fight draw
  v.maxPlies = 5000;
  v.randomStart = [rules](Rng& rng) { return flipDriver(FlipGame(rules, randomFlipDeal(rng))); };
  return v;
}

// Four-player Junqi: 100 games of about 600 moves, every position compared
// with the slow generator, armies leaving by flag and by immobilisation, both
// teams winning and the quiet-move draw many times over; 25 of them checked
// for leaks by every seat in the three visibility modes. About a second in Release.
VariantUnderTest four(const std::string& preset) {
  VariantUnderTest v = entry(Variant::four(), preset);
  const FourRuleset rules = FourRuleset::byName(preset);
  v.games = 100 / kSanitizerShare;
  v.endsByItsRules = rules.quietMoveLimit > 0;  // 70 moves without a battle draw
  v.maxPlies = 6000;
  v.randomStart = [rules](Rng& rng) { return fourDriver(randomFourGame(rules, rng)); };
  return v;
}

}  // namespace

const std::vector<VariantUnderTest>& variantsUnderTest() {
  static const std::vector<VariantUnderTest> all = [] {
    std::vector<VariantUnderTest> v;
    for (const std::string& preset : Variant::classic().presets()) v.push_back(classic(preset));
    for (const std::string& preset : Variant::flip().presets()) v.push_back(flip(preset));
    for (const std::string& preset : Variant::four().presets()) v.push_back(four(preset));
    return v;
  }();
  return all;
}

}  // namespace junqi::conformance
