// The Flip Junqi style panel (search/styles/flip/): four registered styles
// that play legal games to the end under both presets, are deterministic for
// a seed, decide from the public position alone, recreate themselves from
// their spec, refuse bad parameters by name, cost well under a millisecond a
// decision, and each shows its style: in the same positions (from heuristic
// games) the style with its term on differs from the same style with the
// term off (the injected fault) in its own signature figure.
#include <gtest/gtest.h>

#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

#include "core/flip/flip_game.h"
#include "core/flip/flip_movegen.h"
#include "core/flip/flip_notation.h"
#include "search/flip/flip_heuristic.h"
#include "search/styles/flip/flip_style_agent.h"

namespace junqi {
namespace {

#ifdef JUNQI_SANITIZED_BUILD
constexpr int kFlipPanelGames = 2;
#else
constexpr int kFlipPanelGames = 8;
#endif

// Plays first (seat 0) against second from a deal of `seed`; every position before each action goes to `seen`.
FlipGame playFlipPanelGame(FlipAgent& first, FlipAgent& second, const FlipRuleset& rules, std::uint64_t seed,
                           int maxPlies, std::vector<FlipPosition>* seen = nullptr) {
  Rng rng(seed);
  FlipGame game(rules, randomFlipDeal(rng));
  first.newGame(rules, Seat::Red, seed);
  second.newGame(rules, Seat::Blue, seed);
  while (!game.isOver() && static_cast<int>(game.history().size()) < maxPlies) {
    const FlipPosition& pos = game.position();
    if (seen) seen->push_back(pos);
    FlipAgent& mover = pos.toMove() == Seat::Red ? first : second;
    game.apply(Action::makeMove(pos.toMove(), mover.chooseAction(pos)));  // throws on an illegal action
  }
  return game;
}

std::string flipPanelHistory(const FlipGame& game) {
  std::string s;
  for (const FlipActionRecord& r : game.history()) s += flipActionName(r.action.move) + " ";
  return s;
}

// Positions of heuristic games under both presets, colours decided, the side to move able to move and to flip.
const std::vector<FlipPosition>& flipPanelPositions() {
  static const std::vector<FlipPosition> positions = [] {
    std::vector<FlipPosition> all, kept;
    for (int g = 0; g < kFlipPanelGames; ++g) {
      FlipHeuristicAgent a(0.3, 11), b(0.3, 12);
      const FlipRuleset rules = g % 2 ? FlipRuleset::kawu() : FlipRuleset::worldAtPlay();
      playFlipPanelGame(a, b, rules, 500 + static_cast<std::uint64_t>(g), 300, &all);
    }
    for (const FlipPosition& p : all)
      if (p.colourOf(p.toMove()) && p.faceDown() && p.faceUp(*p.colourOf(p.toMove()))) kept.push_back(p);
    return kept;
  }();
  return positions;
}

// A figure over the decisions of `spec` in every panel position.
template <class Figure>
double flipPanelFigure(const std::string& spec, Figure figure) {
  auto agent = makeFlipAgent(spec);
  agent->newGame(FlipRuleset::kawu(), Seat::Red, 7);
  double sum = 0;
  for (const FlipPosition& p : flipPanelPositions()) sum += figure(p, agent->chooseAction(p));
  return sum;
}

TEST(FlipStylePanel, HasFourStylesEachAKindWithHelp) {
  EXPECT_EQ(flipPanelSpecs(), (std::vector<std::string>{"flipper", "hoarder", "rusher", "trader"}));
  for (const std::string& name : flipPanelSpecs()) {
    bool found = false;
    for (const FlipAgentKind& k : flipAgentKinds())
      if (k.name == name) found = !k.help.empty() && k.params.size() >= 3;
    EXPECT_TRUE(found) << name << " is not a flip agent kind with help and parameters";
  }
}

TEST(FlipStylePanel, EveryStylePlaysLegalGamesToTheEndAndIsDeterministic) {
  int finished = 0;
  for (const FlipRuleset& rules : {FlipRuleset::kawu(), FlipRuleset::worldAtPlay()})
    for (const std::string& style : flipPanelSpecs()) {
      const std::string opponent = style == "hoarder" ? "random" : "heuristic";
      std::string histories[3];
      for (int run = 0; run < 3; ++run) {
        auto a = makeFlipAgent(style + (run == 2 ? ":seed=9" : ":seed=3"));
        auto b = makeFlipAgent(opponent);
        const FlipGame game = playFlipPanelGame(*a, *b, rules, 77, 2000);
        finished += run == 0 && game.isOver();
        histories[run] = flipPanelHistory(game);
      }
      EXPECT_EQ(histories[0], histories[1]) << style << ": the same seed played another game";
      EXPECT_NE(histories[0], histories[2]) << style << ": another seed played the same game";
    }
  EXPECT_GE(finished, 6) << "most games should end before the cap";
}

TEST(FlipStylePanel, DecidesFromThePublicPositionAlone) {
  // The position rebuilt from its text (what both players see) gives the same decision.
  int compared = 0;
  for (const std::string& style : flipPanelSpecs())
    for (std::size_t i = 0; i < flipPanelPositions().size(); i += 37) {
      const FlipPosition& p = flipPanelPositions()[i];
      const FlipPosition rebuilt = parseFlipPosition(formatFlipPosition(p), p.rules());
      auto a = makeFlipAgent(style), b = makeFlipAgent(style);
      a->newGame(p.rules(), p.toMove(), 5), b->newGame(p.rules(), p.toMove(), 5);
      EXPECT_EQ(flipActionName(a->chooseAction(p)), flipActionName(b->chooseAction(rebuilt))) << style;
      ++compared;
    }
  EXPECT_GE(compared, 8);
}

TEST(FlipStylePanel, SpecsRoundTripAndBadParametersAreRefusedByName) {
  for (const std::string& style : flipPanelSpecs()) {
    const std::string spec = makeFlipAgent(style + ":noise=0.1,seed=4")->spec();
    EXPECT_EQ(makeFlipAgent(spec)->spec(), spec);
    EXPECT_NE(spec.find("seed=4"), std::string::npos) << spec;
  }
  for (const std::string bad : {"flipper:flip=-1", "hoarder:caution=nan", "rusher:drive=-2", "trader:noise=-1"}) {
    try {
      makeFlipAgent(bad);
      ADD_FAILURE() << bad << " was accepted";
    } catch (const AgentSpecError& e) {
      const std::string key = bad.substr(bad.find(':') + 1, bad.find('=') - bad.find(':') - 1);
      EXPECT_NE(std::string(e.what()).find(key + "="), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(makeFlipAgent("rusher:nosuch=1"), AgentSpecError);
}

#ifndef JUNQI_SANITIZED_BUILD
TEST(FlipStylePanel, EachDecisionCostsWellUnderAMillisecond) {
  for (const std::string& style : flipPanelSpecs()) {
    auto agent = makeFlipAgent(style);
    agent->newGame(FlipRuleset::kawu(), Seat::Red, 1);
    const std::clock_t start = std::clock();
    for (const FlipPosition& p : flipPanelPositions()) agent->chooseAction(p);
    const double ms = 1000.0 * static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC /
                      static_cast<double>(flipPanelPositions().size());
    std::printf("%s: %.3f ms of CPU a decision\n", style.c_str(), ms);
    EXPECT_LT(ms, 0.5) << style << ": " << ms << " ms of CPU a decision";
  }
}

// The style's figure with its term on must exceed the figure with it off by `margin`.
void expectFlipSignature(const std::string& on, const std::string& off, double margin, auto figure) {
  const double with = flipPanelFigure(on, figure), without = flipPanelFigure(off, figure);
  std::printf("%s: %.0f, %s: %.0f (over %zu)\n", on.c_str(), with, off.c_str(), without, flipPanelPositions().size());
  EXPECT_GT(with, without + margin) << on << ": " << with << " against " << off << ": " << without << " over "
                                    << flipPanelPositions().size() << " positions";
}

TEST(FlipStyleSignature, TheFlipperFlipsMore) {
  ASSERT_GE(flipPanelPositions().size(), 200u);
  const auto flips = [](const FlipPosition&, Move a) { return isFlip(a) ? 1.0 : 0.0; };
  expectFlipSignature("flipper", "flipper:flip=0", 0.1 * static_cast<double>(flipPanelPositions().size()), flips);
  expectFlipSignature("flipper", "heuristic", 0.1 * static_cast<double>(flipPanelPositions().size()), flips);
}

TEST(FlipStyleSignature, TheHoarderFlipsLessAndAttacksOnlyWhatItSurelyBeats) {
  const double n = static_cast<double>(flipPanelPositions().size());
  const auto moves = [](const FlipPosition&, Move a) { return isFlip(a) ? 0.0 : 1.0; };
  expectFlipSignature("hoarder", "hoarder:hoard=0,prey=0,caution=0", 0.1 * n, moves);
  const auto riskyAttacks = [](const FlipPosition& p, Move a) {
    const FlipStyleView view(p);
    if (!view.attacks(a)) return 0.0;
    FlipPosition next = p;
    const FlipResult r = next.move(a);
    return !r.flagCaptured && attackerRemoved(r.combat) ? 1.0 : 0.0;
  };
  const double with = flipPanelFigure("hoarder", riskyAttacks);
  const double without = flipPanelFigure("hoarder:hoard=0,prey=0,caution=0", riskyAttacks);
  EXPECT_LT(with, without) << "attacks that lose or trade the attacker";
  EXPECT_LE(with, 0.01 * n);
}

TEST(FlipStyleSignature, TheRusherClosesOnTheShownFlag) {
  const auto closing = [](const FlipPosition& p, Move a) {
    const FlipStyleView view(p);
    return view.enemyFlag == kNoSquare ? 0.0 : static_cast<double>(view.closer(a, view.enemyFlag));
  };
  int shown = 0;
  for (const FlipPosition& p : flipPanelPositions()) shown += FlipStyleView(p).enemyFlag != kNoSquare;
  ASSERT_GE(shown, 30) << "too few positions with the enemy flag face up";
  expectFlipSignature("rusher", "rusher:drive=0", 0.3 * shown, closing);
}

TEST(FlipStyleSignature, TheTraderMovesItsBombsAndEngineersMore) {
  const auto traders = [](const FlipPosition& p, Move a) {
    const auto mine = FlipStyleView(p).at(a.from);
    return !isFlip(a) && mine && (mine->type == PieceType::Bomb || mine->type == PieceType::Engineer) ? 1.0 : 0.0;
  };
  expectFlipSignature("trader", "trader:hunt=0", 0.03 * static_cast<double>(flipPanelPositions().size()), traders);
}
#endif

}  // namespace
}  // namespace junqi
