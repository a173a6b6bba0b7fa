// What a search reports about itself: iterations, root statistics, the best
// move, the value, the principal line and the size of its tree.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "core/classic/notation.h"
#include "search/classic/ismcts.h"
#include "search/classic/mcts_agent.h"
#include "search/registry.h"
#include "tests/search/play.h"

namespace junqi {
namespace {

// Mid-game states (random play to plies 60-150) of the side to move.
std::vector<InfoState> midgameStates() {
  std::vector<InfoState> out;
  for (std::uint64_t seed = 1; out.size() < 6; ++seed) {
    const Game game = searchtest::randomGame(Ruleset(), 300 + seed, 60 + static_cast<int>(seed * 17 % 90));
    if (game.isOver()) continue;
    out.push_back(InfoState::of(game, game.position().sideToMove()));
  }
  return out;
}

long long rootVisits(const SearchResult& r) {
  return std::accumulate(r.root.begin(), r.root.end(), 0LL, [](long long s, const RootMoveStats& m) { return s + m.visits; });
}

// What holds for every search: one root entry per legal move in generation
// order, the best move the most visited, values in [-1, 1].
void checkCommon(const InfoState& state, const SearchResult& r) {
  MoveList legal;
  state.legalMoves(legal);
  ASSERT_EQ(r.root.size(), static_cast<std::size_t>(legal.size()));
  for (int i = 0; i < legal.size(); ++i) EXPECT_EQ(r.root[static_cast<std::size_t>(i)].move, legal[i]);
  const auto best = std::find_if(r.root.begin(), r.root.end(), [&](const RootMoveStats& s) { return s.move == r.best; });
  ASSERT_NE(best, r.root.end()) << "the best move " << moveName(r.best) << " is not a root move";
  for (const RootMoveStats& s : r.root) {
    EXPECT_LE(s.visits, best->visits) << moveName(s.move) << " was visited more than the best move";
    EXPECT_GE(s.value, -1.0);
    EXPECT_LE(s.value, 1.0);
  }
  EXPECT_DOUBLE_EQ(r.value, best->value);
  EXPECT_GE(r.value, -1.0);
  EXPECT_LE(r.value, 1.0);
  EXPECT_GT(r.nodes, 0u);
  EXPECT_GE(r.edges, static_cast<std::size_t>(legal.size()));
  EXPECT_GE(r.maxDepth, 1);
}

TEST(SearchTree, PlainIsmctsOnOneThread) {
  for (const InfoState& state : midgameStates())
    for (const std::uint64_t seed : {1, 2}) {
      SearchParams p;
      p.choice = {.flagGuard = false, .avoidReversal = false, .materialMargin = 0};  // the most visited move, as checkCommon expects
      p.iterations = 600;
      const SearchResult r = search(state, p, seed);
      SCOPED_TRACE(state.observation().toText());
      checkCommon(state, r);
      EXPECT_EQ(r.iterations, 600);
      EXPECT_EQ(rootVisits(r), 600);  // every iteration passes through exactly one root move
      EXPECT_LE(r.nodes, 601u);        // at most one new node an iteration
      EXPECT_EQ(r.treeBytes, r.nodes * 16 + r.edges * 32);
      ASSERT_FALSE(r.principalLine.empty());
      EXPECT_EQ(r.principalLine.front(), r.best)
          << "the principal line starts with " << moveName(r.principalLine.front()) << ", the best move is "
          << moveName(r.best);
      EXPECT_LE(static_cast<int>(r.principalLine.size()), r.maxDepth);
    }
}

TEST(SearchTree, PlainIsmctsOnTwoThreads) {
  for (const InfoState& state : midgameStates()) {
    SearchParams p;
    p.choice = {.flagGuard = false, .avoidReversal = false, .materialMargin = 0};  // the most visited move, as checkCommon expects
    p.iterations = 601;  // an odd share: one thread does one more
    p.threads = 2;
    const SearchResult r = search(state, p, 5);
    checkCommon(state, r);
    EXPECT_EQ(r.iterations, 601);
    EXPECT_EQ(rootVisits(r), 601);
    EXPECT_LE(r.nodes, 603u);
    EXPECT_EQ(r.treeBytes, r.nodes * 16 + r.edges * 32);  // both trees
  }
}

TEST(SearchTree, MultipleObserverIsmcts) {
  // The root learns only in the iterations seen from our side (half of them here).
  for (const InfoState& state : midgameStates()) {
    SearchParams p;
    p.choice = {.flagGuard = false, .avoidReversal = false, .materialMargin = 0};  // the most visited move, as checkCommon expects
    p.iterations = 600;
    p.multipleObserver = true;
    const SearchResult r = search(state, p, 3);
    checkCommon(state, r);
    EXPECT_EQ(r.iterations, 600);
    EXPECT_LE(rootVisits(r), 600);
    EXPECT_GE(rootVisits(r), 150);
    EXPECT_EQ(r.treeBytes, r.nodes * 16 + r.edges * 32);
    ASSERT_FALSE(r.principalLine.empty());
    EXPECT_EQ(r.principalLine.front(), r.best);
  }
}

TEST(SearchTree, Pimc) {
  for (const InfoState& state : midgameStates()) {
    SearchParams p;
    p.choice = {.flagGuard = false, .avoidReversal = false, .materialMargin = 0};  // the most visited move, as checkCommon expects
    p.iterations = 610;
    p.worlds = 10;
    const SearchResult r = search(state, p, 4);
    checkCommon(state, r);
    EXPECT_EQ(r.iterations, 610);  // 61 in each world
    EXPECT_EQ(rootVisits(r), 610);
    EXPECT_LE(r.treeBytes, r.nodes * 16 + r.edges * 32);  // the largest tree, not their sum
    EXPECT_GE(r.treeBytes * 10, r.nodes * 16 + r.edges * 32);
    // Voting: one vote per world.
    p.vote = true;
    const SearchResult v = search(state, p, 4);
    checkCommon(state, v);
    EXPECT_EQ(rootVisits(v), 10);
  }
}

TEST(SearchTree, ThePrincipalLineStartsWithTheChosenMove) {
  // Also when root moves tie on visits (small budgets), when the root counts
  // are summed over two threads' trees, and for PIMC's summed worlds.
  struct Case {
    const char* what;
    long long iterations;
    int threads, worlds;
  };
  for (const Case c : {Case{"plain, 40 iterations", 40, 1, 0}, Case{"plain, 150 iterations", 150, 1, 0},
                       Case{"two threads", 600, 2, 0}, Case{"pimc, 10 worlds", 600, 1, 10}}) {
    int mismatches = 0, searches = 0;
    std::string example;
    for (const InfoState& state : midgameStates())
      for (const std::uint64_t seed : {1, 2, 3}) {
        SearchParams p;
        p.choice = {.flagGuard = false, .avoidReversal = false, .materialMargin = 0};  // the most visited move, as checkCommon expects
        p.iterations = c.iterations;
        p.threads = c.threads;
        p.worlds = c.worlds;
        const SearchResult r = search(state, p, seed);
        ++searches;
        if (r.principalLine.empty() || !(r.principalLine.front() == r.best)) {
          if (!mismatches++)
            example = "best " + moveName(r.best) + ", line starts " +
                      (r.principalLine.empty() ? std::string("(empty)") : moveName(r.principalLine.front()));
        }
      }
    EXPECT_EQ(mismatches, 0) << c.what << ": " << mismatches << " of " << searches << " searches (e.g. " << example
                             << ")";
  }
}

TEST(SearchTree, PimcSpendsItsWholeBudget) {
  // The budget is over all worlds (search/classic/ismcts.h): none of it is dropped
  // when it does not divide by the number of worlds, or is smaller than it.
  const InfoState state = midgameStates().front();
  SearchParams p;
  p.choice = {.flagGuard = false, .avoidReversal = false, .materialMargin = 0};  // the most visited move, as checkCommon expects
  p.iterations = 15;
  p.worlds = 10;
  const SearchResult r = search(state, p, 2);
  EXPECT_EQ(r.iterations, 15) << "15 iterations over 10 worlds";
  EXPECT_EQ(rootVisits(r), 15);
  // Fewer iterations than worlds: something is still searched (the root
  // statistics say which move was tried and how it did).
  for (const long long iterations : {5LL, 1LL}) {
    p.iterations = iterations;
    const SearchResult few = search(state, p, 2);
    EXPECT_GE(few.iterations, 1) << iterations << " iterations over 10 worlds";
    EXPECT_LE(few.iterations, 10) << iterations << " iterations over 10 worlds";
    EXPECT_EQ(rootVisits(few), few.iterations);
  }
}

TEST(SearchTree, TimedPimcSearchesEveryWorld) {
  // With a time budget each world must get its share of the time. A world
  // that got no iteration would vote for the first move generated (all its
  // root moves tie at zero visits), so the first root move would collect
  // nearly every vote whatever it is worth.
  int firstMoveWins = 0, states = 0;
  for (const InfoState& state : midgameStates()) {
    SearchParams p;
    p.choice = {.flagGuard = false, .avoidReversal = false, .materialMargin = 0};  // the most visited move, as checkCommon expects
    p.iterations = 0;
    p.seconds = 0.03;
    p.worlds = 10;
    p.vote = true;
    const SearchResult r = search(state, p, 6);
    EXPECT_EQ(rootVisits(r), 10);  // one vote per world
    firstMoveWins += r.root.front().visits >= 9;
    ++states;
  }
  EXPECT_LE(firstMoveWins, 1) << "in " << firstMoveWins << " of " << states
                              << " states the first generated move got 9 or 10 of the 10 worlds' votes";
}

TEST(SearchTree, SameSeedSameSearch) {
  const InfoState state = midgameStates().front();
  for (const bool mo : {false, true})
    for (const int threads : {1, 2}) {
      SearchParams p;
      p.choice = {.flagGuard = false, .avoidReversal = false, .materialMargin = 0};  // the most visited move, as checkCommon expects
      p.iterations = 300;
      p.multipleObserver = mo;
      p.threads = threads;
      const SearchResult a = search(state, p, 9), b = search(state, p, 9);
      EXPECT_EQ(a.best, b.best);
      EXPECT_EQ(a.value, b.value);
      EXPECT_EQ(a.nodes, b.nodes);
      EXPECT_EQ(a.principalLine, b.principalLine);
      for (std::size_t i = 0; i < a.root.size(); ++i) {
        EXPECT_EQ(a.root[i].visits, b.root[i].visits);
        EXPECT_EQ(a.root[i].value, b.root[i].value);
      }
    }
}

TEST(SearchTree, TimedSearchCountsItsIterations) {
  const InfoState state = midgameStates().front();
  SearchParams p;
  p.choice = {.flagGuard = false, .avoidReversal = false, .materialMargin = 0};  // the most visited move, as checkCommon expects
  p.iterations = 0;
  p.seconds = 0.02;
  const SearchResult r = search(state, p, 1);
  checkCommon(state, r);
  EXPECT_GT(r.iterations, 0);
  EXPECT_EQ(rootVisits(r), r.iterations);
}

TEST(SearchTree, AForcedMoveIsReturned) {
  // Red's only piece that can move is the lieutenant on A1, and it has one move.
  const Game game(parsePosition("1f3/5/5/2j2/5/5/5/5/5/5/5/PFL2 r 0 10"));
  const InfoState state = InfoState::of(game, Seat::Red);
  SearchParams p;
  p.choice = {.flagGuard = false, .avoidReversal = false, .materialMargin = 0};  // the most visited move, as checkCommon expects
  p.iterations = 100;
  const SearchResult r = search(state, p, 1);
  EXPECT_EQ(moveName(r.best), "A1-A2");
  ASSERT_EQ(r.root.size(), 1u);
}

TEST(SearchTree, TheSeatMustBeToMove) {
  const Game game = searchtest::randomGame(Ruleset(), 8, 20);
  const InfoState waiting = InfoState::of(game, opposite(game.position().sideToMove()));
  EXPECT_THROW(search(waiting, SearchParams{}, 1), std::logic_error);
}

TEST(SearchTree, TheAgentReportsItsSearch) {
  const InfoState state = midgameStates().front();
  auto agent = makeAgent("ismcts:sims=400,seed=2");
  agent->newGame(Ruleset(), state.seat(), 7);
  const Action a = agent->chooseAction(state);
  const AgentReport& report = agent->lastReport();
  EXPECT_EQ(a.type, ActionType::Move);
  EXPECT_EQ(a.side, state.seat());
  EXPECT_EQ(report.simulations, 400);
  EXPECT_GE(report.depth, 1);
  EXPECT_GE(report.value, -1.0);
  EXPECT_LE(report.value, 1.0);
  ASSERT_FALSE(report.principalLine.empty());
  EXPECT_EQ(report.principalLine.front(), a.move);
  EXPECT_NE(report.note.find("nodes"), std::string::npos) << report.note;
}

}  // namespace
}  // namespace junqi
