#include "tests/conformance/variants_under_test.h"

#include "core/auto_layout.h"
#include "tests/support/reference_rules.h"

namespace junqi::conformance {

namespace {

// The classic game starts from two layouts of any of the four styles.
Game classicStart(const Ruleset& ruleset, Rng& rng) {
  constexpr LayoutStyle kStyles[] = {LayoutStyle::Random, LayoutStyle::Aggressive, LayoutStyle::Defensive,
                                     LayoutStyle::Balanced};
  const Layout red = styledLayout(kStyles[rng.below(4)], ruleset, rng);
  const Layout blue = styledLayout(kStyles[rng.below(4)], ruleset, rng);
  return Game(ruleset, red, blue);
}

VariantUnderTest classic(const std::string& preset) {
  VariantUnderTest v;
  v.variant = &Variant::classic();
  v.ruleset = Ruleset::byName(preset);
  v.name = v.variant->name() + "/" + preset;
  v.games = 300;
  v.endsByItsRules = v.ruleset.quietMoveLimit > 0;
  v.maxPlies = v.endsByItsRules ? 6000 : 800;
  const Ruleset ruleset = v.ruleset;
  v.randomStart = [ruleset](Rng& rng) { return classicStart(ruleset, rng); };
  v.slowMoves = [](const Position& pos) {
    const reference::MoveSet moves = reference::legalMoves(pos);
    return std::vector<Move>(moves.begin(), moves.end());
  };
  v.slowPerft = [](const Position& pos, int depth) { return reference::perft(pos, depth); };
  return v;
}

}  // namespace

const std::vector<VariantUnderTest>& variantsUnderTest() {
  static const std::vector<VariantUnderTest> all = [] {
    std::vector<VariantUnderTest> v;
    for (const std::string& preset : Variant::classic().presets()) v.push_back(classic(preset));
    return v;
  }();
  return all;
}

}  // namespace junqi::conformance
