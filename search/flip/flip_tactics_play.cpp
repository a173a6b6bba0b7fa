// The flip tactics suite in use: mined from played games, measured on an
// agent, and the same labels applied to records to count flag blunders.
#include <algorithm>
#include <map>
#include <memory>

#include <fmt/format.h>

#include "core/flip/flip_game.h"
#include "core/random.h"
#include "search/flip/flip_agent.h"
#include "search/flip/flip_tactics.h"

namespace junqi {

namespace {

constexpr int kMaxMiningPlies = 400;

// Plays one mining game, calling `decide` before every action.
void playMiningGame(const FlipTacticsMining& mining, Rng& rng,
                    const std::function<void(const FlipPosition&)>& decide) {
  const FlipRuleset rules = FlipRuleset::parse(mining.ruleset);
  std::unique_ptr<FlipAgent> agents[2];
  for (int s = 0; s < 2; ++s) {
    agents[s] = makeFlipAgent(mining.agents[rng.below(mining.agents.size())]);
    agents[s]->newGame(rules, seatFromIndex(s), rng.next());
  }
  FlipGame game(rules, randomFlipDeal(rng));
  while (!game.isOver() && game.position().ply() < kMaxMiningPlies) {
    const FlipPosition& pos = game.position();
    decide(pos);
    const Move m = agents[index(pos.toMove())]->chooseAction(pos);
    game.apply(Action::makeMove(pos.toMove(), m));
  }
}

}  // namespace

std::vector<FlipTacticsPosition> mineFlipTacticsSuite(const FlipTacticsMining& mining,
                                                      const std::function<void(int, int)>& progress) {
  Rng rng(mining.seed);
  std::map<std::string, std::vector<FlipTacticsPosition>> found;
  const auto full = [&] {
    return std::all_of(flipTacticsCategories().begin(), flipTacticsCategories().end(),
                       [&](const std::string& c) { return static_cast<int>(found[c].size()) >= mining.perCategory; });
  };
  int total = 0;
  for (int games = 1; games <= mining.maxGames && !full(); ++games) {
    std::map<std::string, bool> takenThisGame;
    playMiningGame(mining, rng, [&](const FlipPosition& pos) {
      const auto label = labelFlipTactics(pos);
      if (!label || takenThisGame[label->category]) return;
      auto& kept = found[label->category];
      if (static_cast<int>(kept.size()) >= mining.perCategory) return;
      takenThisGame[label->category] = true;
      kept.push_back({fmt::format("{}-{}-{:03}", mining.ruleset, label->category, kept.size() + 1), label->category,
                      pos, label->accept});
      ++total;
    });
    if (progress) progress(games, total);
  }
  std::vector<FlipTacticsPosition> suite;
  for (const std::string& c : flipTacticsCategories()) suite.insert(suite.end(), found[c].begin(), found[c].end());
  return suite;
}

int FlipTacticsResult::solved() const {
  int n = 0;
  for (const auto& [category, st] : byCategory) n += st.first;
  return n;
}

int FlipTacticsResult::total() const {
  int n = 0;
  for (const auto& [category, st] : byCategory) n += st.second;
  return n;
}

FlipTacticsResult runFlipTacticsSuite(const std::vector<FlipTacticsPosition>& suite, const std::string& agentSpec,
                                      const std::function<void(int)>& progress) {
  std::map<std::string, std::pair<int, int>> byCategory;
  FlipTacticsResult result;
  for (std::size_t i = 0; i < suite.size(); ++i) {
    const FlipTacticsPosition& p = suite[i];
    const auto agent = makeFlipAgent(agentSpec);
    agent->newGame(p.position.rules(), p.position.toMove(), i + 1);
    const Move played = agent->chooseAction(p.position);
    const bool solved = std::find(p.accept.begin(), p.accept.end(), played) != p.accept.end();
    auto& st = byCategory[p.category];
    st.first += solved, st.second += 1;
    if (!solved) {
      std::vector<std::string> names;
      for (const Move m : p.accept) names.push_back(flipActionName(m));
      result.failures.push_back(
          fmt::format("{}: played {}, accepts {}", p.id, flipActionName(played), fmt::join(names, " ")));
    }
    if (progress) progress(static_cast<int>(i + 1));
  }
  result.byCategory.assign(byCategory.begin(), byCategory.end());
  return result;
}

std::array<FlagBlunders, 2> checkFlipFlagBlunders(const FlipRecord& record) {
  const FlipGame played = replayFlip(record);  // checks the record first
  FlipGame game(record.rules, record.deal);
  std::array<FlagBlunders, 2> bySeat{};
  for (const FlipActionRecord& step : played.history()) {
    const FlipPosition& pos = game.position();
    if (step.action.type == ActionType::Move) {
      FlagBlunders& out = bySeat[index(pos.toMove())];
      ++out.decisions;
      if (const auto label = labelFlipTactics(pos)) {
        const bool capture = label->category == "flag-capture";
        ++(capture ? out.captureChances : out.defenceChances);
        const Move m = step.action.move;
        if (std::find(label->accept.begin(), label->accept.end(), m) == label->accept.end()) {
          ++(capture ? out.capturesMissed : out.defencesMissed);
          out.examples.push_back(fmt::format("ply {} seat {}: {} {}, played {}", pos.ply() + 1, seatNumber(pos.toMove()),
                                             flipActionName(label->accept.front()),
                                             capture ? "takes the flag" : "keeps the flag safe", flipActionName(m)));
        }
      }
    }
    game.apply(step.action);
  }
  return bySeat;
}

}  // namespace junqi
