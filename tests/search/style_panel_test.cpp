// The style panel (search/styles/): every style plays legal games to the end,
// is deterministic for a seed, sees only its own side, recreates itself from
// its spec, and refuses bad parameters in one sentence naming them.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/classic/notation.h"
#include "search/registry.h"
#include "search/styles/style_agent.h"
#include "tests/search/play.h"
#include "tests/search/spec_error.h"
#include "tests/support/permuted_world.h"

namespace junqi {
namespace {

using searchtest::withParam;

// Under the sanitizers (ten times slower) the games are cut shorter.
#ifdef JUNQI_SANITIZED_BUILD
constexpr int kLegalPlies = 150, kSeedPlies = 60;
#else
constexpr int kLegalPlies = 500, kSeedPlies = 150;
#endif

std::vector<std::string> styleNames() { return panelSpecs(); }

std::string historyText(const searchtest::PlayedGame& g) {
  std::string s;
  for (const Action& a : g.actions) s += searchtest::actionName(a) + " ";
  return s;
}

TEST(StylePanel, HasSixStylesEachAKindWithHelp) {
  const std::vector<std::string> names = styleNames();
  EXPECT_EQ(names, (std::vector<std::string>{"rush", "turtle", "bluffer", "raider", "bomber", "deployer"}));
  for (const std::string& name : names) {
    bool found = false;
    for (const AgentKind& k : agentKinds())
      if (k.name == name) found = !k.help.empty() && !k.params.empty();
    EXPECT_TRUE(found) << name << " is not registered with help and parameters";
  }
}

TEST(StylePanel, EveryStylePlaysLegalGamesUnderEveryPreset) {
  // Game::apply throws on an illegal action; every game must end or reach the cap.
  const std::vector<std::string> others = {"random", "heuristic", "tactical"};
  int games = 0, finished = 0;
  for (const Ruleset& ruleset : {Ruleset::hiddenFront(), Ruleset::worldAtPlay(), Ruleset::refereed()})
    for (const std::string& style : styleNames()) {
      const std::uint64_t seed = static_cast<std::uint64_t>(++games);
      const bool red = seed % 2 == 1;
      const std::string a = withParam(style, "seed", seed), b = withParam(others[seed % 3], "seed", seed);
      const auto g = searchtest::playSpecs(red ? a : b, red ? b : a, ruleset, seed, kLegalPlies);
      ASSERT_FALSE(g.actions.empty()) << style;
      finished += g.game.isOver();
    }
  if (kLegalPlies >= 500) {
    EXPECT_GT(finished, games / 2);  // most games end before the cap
  }
}

TEST(StylePanel, SameSeedSameGameOtherSeedOtherGame) {
  for (const std::string& style : styleNames()) {
    const std::string spec = withParam(style, "seed", 5);
    const auto a = searchtest::playSpecs(spec, "heuristic:seed=2", Ruleset(), 11, kSeedPlies);
    const auto b = searchtest::playSpecs(spec, "heuristic:seed=2", Ruleset(), 11, kSeedPlies);
    EXPECT_EQ(historyText(a), historyText(b)) << style;
    const auto c = searchtest::playSpecs(withParam(style, "seed", 6), "heuristic:seed=2", Ruleset(), 11, kSeedPlies);
    EXPECT_NE(historyText(a), historyText(c)) << style << ": another seed played the same game";
  }
}

// The layout and action of a fresh agent from `spec` for the seat to move.
std::string conduct(const std::string& spec, const Game& game, std::uint64_t seed) {
  const Seat seat = game.position().sideToMove();
  auto agent = makeAgent(spec);
  agent->newGame(game.rules().ruleset(), seat, seed);
  const std::string layout = formatLayout(agent->chooseLayout(game.rules().ruleset(), seat));
  return layout + " " + searchtest::actionName(agent->chooseAction(InfoState::of(game, seat)));
}

TEST(StylePanel, DecisionsDependOnlyOnWhatTheSeatSaw) {
  Rng rng(38);
  int compared = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed)
    for (const int plies : {20, 90}) {
      const Game game = searchtest::randomGame(Ruleset(), seed * 7 + static_cast<std::uint64_t>(plies), plies);
      if (game.isOver()) continue;
      const Seat seat = game.position().sideToMove();
      for (int w = 0; w < 2; ++w) {
        std::string why;
        const auto world = test_support::permutedWorld(game, seat, rng, &why);
        ASSERT_TRUE(world) << why;
        for (const std::string& style : styleNames()) {
          EXPECT_EQ(conduct(style, *world, seed), conduct(style, game, seed)) << style << ", ply " << plies;
          ++compared;
        }
      }
    }
  EXPECT_GT(compared, 80);
}

TEST(StylePanel, ParametersSurviveTheRoundTrip) {
  for (const std::string spec : {"rush:drive=1.5,plies=40,layout=aggressive", "turtle:home=0.25,lead=5,deploy=decoy",
                                 "bluffer:charge=0.75,still=3,noise=0", "raider:raid=2,seed=9",
                                 "bomber:hunt=0.3,layout=random", "deployer:deploy=usual,layout=defensive"}) {
    const std::string canonical = makeAgent(spec)->spec();
    EXPECT_EQ(makeAgent(canonical)->spec(), canonical);
    for (std::string item; const char c : spec.substr(spec.find(':') + 1) + ",") {
      if (c != ',') {
        item += c;
        continue;
      }
      EXPECT_NE(canonical.find(item), std::string::npos) << item << " is missing from " << canonical;
      item.clear();
    }
  }
}

TEST(StylePanel, BadParametersAreRefusedByName) {
  EXPECT_NE(specError("rush:drive=-1").find("drive=-1"), std::string::npos);
  EXPECT_NE(specError("turtle:lead=x").find("lead=x"), std::string::npos);
  EXPECT_NE(specError("bomber:deploy=sideways").find("deploy=sideways"), std::string::npos);
  EXPECT_NE(specError("raider:noise=-0.5").find("noise=-0.5"), std::string::npos);
  EXPECT_NE(specError("deployer:drive=1").find("no parameter 'drive'"), std::string::npos);
  EXPECT_NE(specError("bluffer:layout=upside").find("layout=upside"), std::string::npos);
  EXPECT_EQ(specError("bluffer:charge=0,still=0"), "");
}

}  // namespace
}  // namespace junqi
