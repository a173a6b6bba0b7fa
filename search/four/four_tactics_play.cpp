// The four-player tactics suite in use: mined from played games, measured on
// an agent, and the same labels applied to records to count flag blunders.
#include <algorithm>
#include <map>
#include <memory>

#include <fmt/format.h>

#include "core/classic/auto_layout.h"
#include "core/four/four_movegen.h"
#include "core/four/four_notation.h"
#include "core/random.h"
#include "search/four/four_agent.h"
#include "search/four/four_tactics.h"

namespace junqi {

namespace {

// Plays one mining game, calling `decide` before every move.
void playMiningGame(const FourTacticsMining& mining, Rng& rng, const std::function<void(const FourGame&)>& decide) {
  const FourRuleset rules = FourRuleset::parse(mining.ruleset);
  std::array<Layout, kArmies> layouts;
  for (Layout& l : layouts) l = randomLayout(rules.army, rng);
  std::array<std::unique_ptr<FourAgent>, kArmies> agents;
  for (int army = 0; army < kArmies; ++army) {
    auto& agent = agents[static_cast<std::size_t>(army)];
    agent = makeFourAgent(mining.agents[rng.below(mining.agents.size())]);
    agent->newGame(rules, army, rng.next());
  }
  FourGame game(rules, layouts);
  while (!game.isOver() && game.position().ply() < mining.maxPlies) {
    decide(game);
    const int army = game.position().toMove();
    game.play(agents[static_cast<std::size_t>(army)]->chooseMove(FourObservation::of(game, army)));
  }
}

}  // namespace

std::vector<FourTacticsPosition> mineFourTacticsSuite(const FourTacticsMining& mining,
                                                      const std::function<void(int, int)>& progress) {
  Rng rng(mining.seed);
  std::map<std::string, std::vector<FourTacticsPosition>> found;
  const auto full = [&] {
    return std::all_of(fourTacticsCategories().begin(), fourTacticsCategories().end(),
                       [&](const std::string& c) { return static_cast<int>(found[c].size()) >= mining.perCategory; });
  };
  int total = 0;
  for (int games = 1; games <= mining.maxGames && !full(); ++games) {
    std::map<std::string, bool> takenThisGame;
    playMiningGame(mining, rng, [&](const FourGame& game) {
      const auto label = labelFourTactics(game);
      if (!label || takenThisGame[label->category]) return;
      auto& kept = found[label->category];
      if (static_cast<int>(kept.size()) >= mining.perCategory) return;
      takenThisGame[label->category] = true;
      kept.push_back({fmt::format("{}-{}-{:03}", game.rules().preset, label->category, kept.size() + 1),
                      label->category, fourRecordOf(game), label->accept});
      ++total;
    });
    if (progress) progress(games, total);
  }
  std::vector<FourTacticsPosition> suite;
  for (const std::string& c : fourTacticsCategories()) suite.insert(suite.end(), found[c].begin(), found[c].end());
  return suite;
}

int FourTacticsResult::solved() const {
  int n = 0;
  for (const auto& [category, st] : byCategory) n += st.first;
  return n;
}

int FourTacticsResult::total() const {
  int n = 0;
  for (const auto& [category, st] : byCategory) n += st.second;
  return n;
}

FourTacticsResult runFourTacticsSuite(const std::vector<FourTacticsPosition>& suite, const std::string& agentSpec,
                                      const std::function<void(int)>& progress) {
  std::map<std::string, std::pair<int, int>> byCategory;
  FourTacticsResult result;
  for (std::size_t i = 0; i < suite.size(); ++i) {
    const FourTacticsPosition& p = suite[i];
    const FourGame game = replayFourTactics(p);
    const int army = game.position().toMove();
    const auto agent = makeFourAgent(agentSpec);
    agent->newGame(game.rules(), army, i + 1);
    const Move played = agent->chooseMove(FourObservation::of(game, army));
    const bool solved = std::find(p.accept.begin(), p.accept.end(), played) != p.accept.end();
    auto& st = byCategory[p.category];
    st.first += solved, st.second += 1;
    if (!solved) {
      std::vector<std::string> names;
      for (const Move m : p.accept) names.push_back(fourMoveName(m));
      result.failures.push_back(
          fmt::format("{}: played {}, accepts {}", p.id, fourMoveName(played), fmt::join(names, " ")));
    }
    if (progress) progress(static_cast<int>(i + 1));
  }
  result.byCategory.assign(byCategory.begin(), byCategory.end());
  return result;
}

std::array<FlagBlunders, kArmies> checkFourFlagBlunders(const FourRecord& record) {
  const FourGame played = replayFour(record);  // checks the record first
  FourGame game(record.rules, record.layouts);
  std::array<FlagBlunders, kArmies> byArmy{};
  for (const FourPlayedMove& step : played.history()) {
    FlagBlunders& out = byArmy[static_cast<std::size_t>(step.army)];
    ++out.decisions;
    if (const auto label = labelFourTactics(game)) {
      const bool capture = label->category == "flag-capture";
      ++(capture ? out.captureChances : out.defenceChances);
      if (std::find(label->accept.begin(), label->accept.end(), step.move) == label->accept.end()) {
        ++(capture ? out.capturesMissed : out.defencesMissed);
        out.examples.push_back(fmt::format("ply {} {}: {} {}, played {}", game.position().ply() + 1,
                                           armyName(step.army), fourMoveName(label->accept.front()),
                                           capture ? "takes a flag" : "keeps the flag safe", fourMoveName(step.move)));
      }
    }
    game.play(step.move);
  }
  return byArmy;
}

}  // namespace junqi
