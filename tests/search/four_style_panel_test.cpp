// The four-player style panel (search/styles/four/): four registered styles
// that play legal games (a style's team against another team) under the
// visibility modes, are deterministic for a seed, decide from their army's
// observation alone, recreate themselves from their spec, refuse bad
// parameters by name, cost well under a millisecond a decision, and each
// shows its style: in the same observations (from heuristic games) the style
// with its term on differs from the same style with the term off (the
// injected fault) in its own signature figure.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <ctime>
#include <memory>
#include <string>
#include <vector>

#include "core/classic/auto_layout.h"
#include "core/four/four_game.h"
#include "core/four/four_observation.h"
#include "search/styles/four/four_style_agent.h"

namespace junqi {
namespace {

#ifdef JUNQI_SANITIZED_BUILD
constexpr int kFourPanelGames = 2;
#else
constexpr int kFourPanelGames = 6;
#endif

// Team 0 (south, north) plays `teamZero`, team 1 `teamOne`, from four random
// layouts of `seed`; each observation before a move goes to `seen`. Returns the moves as text.
std::string playFourPanelGame(const std::string& teamZero, const std::string& teamOne, Visibility visibility,
                              std::uint64_t seed, int maxPlies, std::vector<FourObservation>* seen = nullptr) {
  FourRuleset rules;
  rules.visibility = visibility;
  Rng rng(seed);
  std::array<Layout, kArmies> layouts;
  for (Layout& l : layouts) l = randomLayout(rules.army, rng);
  FourGame game(rules, layouts);
  std::array<std::unique_ptr<FourAgent>, kArmies> agents;
  for (int a = 0; a < kArmies; ++a) {
    agents[static_cast<std::size_t>(a)] = makeFourAgent(teamOfArmy(a) == 0 ? teamZero : teamOne);
    agents[static_cast<std::size_t>(a)]->newGame(rules, a, seed);
  }
  std::string moves;
  while (!game.isOver() && static_cast<int>(game.history().size()) < maxPlies) {
    const int army = game.position().toMove();
    const FourObservation obs = FourObservation::of(game, army);
    if (seen) seen->push_back(obs);
    const Move m = agents[static_cast<std::size_t>(army)]->chooseMove(obs);
    game.play(m);  // throws on an illegal move
    moves += moveName(m) + " ";
  }
  return game.isOver() ? moves + "over" : moves;
}

const std::vector<FourObservation>& fourPanelObservations() {
  static const std::vector<FourObservation> observations = [] {
    std::vector<FourObservation> all;
    for (int g = 0; g < kFourPanelGames; ++g)
      playFourPanelGame("heuristic:noise=0.5,seed=3", "heuristic:noise=0.5,seed=4", g % 2 ? Visibility::Team : Visibility::Own,
                        900 + static_cast<std::uint64_t>(g), 400, &all);
    return all;
  }();
  return observations;
}

template <class Figure>
double fourPanelFigure(const std::string& spec, Figure figure) {
  auto agent = makeFourAgent(spec);
  double sum = 0;
  for (const FourObservation& obs : fourPanelObservations()) {
    agent->newGame(FourRuleset{}, obs.army(), 7);
    sum += figure(obs, agent->chooseMove(obs));
  }
  return sum;
}

TEST(FourStylePanel, HasFourStylesEachAKindWithHelp) {
  EXPECT_EQ(fourPanelSpecs(), (std::vector<std::string>{"rush", "turtle", "partner", "bomber"}));
  for (const std::string& name : fourPanelSpecs()) {
    bool found = false;
    for (const FourAgentKind& k : fourAgentKinds())
      if (k.name == name) found = !k.help.empty() && k.params.size() >= 3;
    EXPECT_TRUE(found) << name << " is not a four-player agent kind with help and parameters";
  }
}

TEST(FourStylePanel, EveryStylePlaysLegalGamesAndIsDeterministic) {
  for (const Visibility visibility : {Visibility::Own, Visibility::Team})
    for (const std::string& style : fourPanelSpecs()) {
      const std::string a = playFourPanelGame(style + ":seed=3", "heuristic", visibility, 31, 600);
      const std::string b = playFourPanelGame(style + ":seed=3", "heuristic", visibility, 31, 600);
      const std::string c = playFourPanelGame(style + ":seed=8", "heuristic", visibility, 31, 600);
      EXPECT_EQ(a, b) << style << ": the same seed played another game";
      EXPECT_NE(a, c) << style << ": another seed played the same game";
    }
}

TEST(FourStylePanel, DecidesFromItsArmysObservationAlone) {
  // The observation rebuilt from its text (the board with '?' for every
  // identity the seat does not see, and the public moves) gives the same decision.
  int compared = 0;
  for (const std::string& style : fourPanelSpecs())
    for (std::size_t i = 0; i < fourPanelObservations().size(); i += 53) {
      const FourObservation& obs = fourPanelObservations()[i];
      const FourObservation rebuilt =
          FourObservation::fromText(obs.army(), obs.visibility(), obs.boardText(), obs.history());
      auto a = makeFourAgent(style), b = makeFourAgent(style);
      a->newGame(FourRuleset{}, obs.army(), 5), b->newGame(FourRuleset{}, obs.army(), 5);
      EXPECT_EQ(moveName(a->chooseMove(obs)), moveName(b->chooseMove(rebuilt))) << style;
      ++compared;
    }
  EXPECT_GE(compared, 8);
}

TEST(FourStylePanel, SpecsRoundTripAndBadParametersAreRefusedByName) {
  for (const std::string& style : fourPanelSpecs()) {
    const std::string spec = makeFourAgent(style + ":noise=0.1,seed=4")->spec();
    EXPECT_EQ(makeFourAgent(spec)->spec(), spec);
    EXPECT_NE(spec.find("seed=4"), std::string::npos) << spec;
  }
  for (const std::string bad : {"rush:drive=-1", "turtle:shy=nan", "partner:support=-2", "bomber:noise=-1"}) {
    try {
      makeFourAgent(bad);
      ADD_FAILURE() << bad << " was accepted";
    } catch (const AgentSpecError& e) {
      const std::string key = bad.substr(bad.find(':') + 1, bad.find('=') - bad.find(':') - 1);
      EXPECT_NE(std::string(e.what()).find(key + "="), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(makeFourAgent("partner:nosuch=1"), AgentSpecError);
}

#ifndef JUNQI_SANITIZED_BUILD
TEST(FourStylePanel, EachDecisionCostsWellUnderAMillisecond) {
  for (const std::string& style : fourPanelSpecs()) {
    auto agent = makeFourAgent(style);
    agent->newGame(FourRuleset{}, 0, 1);
    const std::clock_t start = std::clock();
    for (const FourObservation& obs : fourPanelObservations()) agent->chooseMove(obs);
    const double ms = 1000.0 * static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC /
                      static_cast<double>(fourPanelObservations().size());
    std::printf("%s: %.3f ms of CPU a decision\n", style.c_str(), ms);
    EXPECT_LT(ms, 0.5) << style << ": " << ms << " ms of CPU a decision";
  }
}

void expectFourSignature(const std::string& on, const std::string& off, double margin, auto figure) {
  const double with = fourPanelFigure(on, figure), without = fourPanelFigure(off, figure);
  std::printf("%s: %.0f, %s: %.0f (over %zu)\n", on.c_str(), with, off.c_str(), without, fourPanelObservations().size());
  EXPECT_GT(with, without + margin) << on << ": " << with << " against " << off << ": " << without << " over "
                                    << fourPanelObservations().size() << " observations";
}

TEST(FourStyleSignature, TheRushClosesOnTheNextEnemyArmy) {
  const double n = static_cast<double>(fourPanelObservations().size());
  ASSERT_GE(n, 400);
  const auto closing = [](const FourObservation& obs, Move m) {
    const FourStyleView view(obs);
    return static_cast<double>(view.closer(m, view.nextEnemy));
  };
  expectFourSignature("rush", "rush:drive=0", 0.2 * n, closing);
}

TEST(FourStyleSignature, TheTurtleStaysInItsArm) {
  const double n = static_cast<double>(fourPanelObservations().size());
  const auto staying = [](const FourObservation& obs, Move m) {
    const FourStyleView view(obs);
    return view.inArm(view.army, m.from) && !view.inArm(view.army, m.to) ? -1.0 : 0.0;  // minus the moves leaving
  };
  expectFourSignature("turtle", "turtle:out=0,home=0,shy=0", 0.05 * n, staying);
}

TEST(FourStyleSignature, ThePartnerGoesToItsAlly) {
  const double n = static_cast<double>(fourPanelObservations().size());
  const auto closing = [](const FourObservation& obs, Move m) {
    const FourStyleView view(obs);
    return obs.armyIn(view.ally) ? static_cast<double>(view.closer(m, view.ally)) : 0.0;
  };
  expectFourSignature("partner", "partner:support=0,defend=0", 0.2 * n, closing);
}

TEST(FourStyleSignature, TheBomberMovesItsBombsMore) {
  const double n = static_cast<double>(fourPanelObservations().size());
  const auto bombs = [](const FourObservation& obs, Move m) { return obs.typeAt(m.from) == PieceType::Bomb ? 1.0 : 0.0; };
  expectFourSignature("bomber", "bomber:hunt=0", 0.02 * n, bombs);
}
#endif

}  // namespace
}  // namespace junqi
