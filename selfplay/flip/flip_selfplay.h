// Self-play of Flip Junqi with the flip network agent (nets/flip/flip_nn_agent.h):
// every decision becomes a training sample (the mover's encoded input,
// nets/flip/flip_encoding.h; the search's root visits over every legal action as
// the policy target, a flip being the move from its point to itself; later
// the game's result for the mover), the search the plain network one or the
// hybrid (netDepth). The deal of game n, and everything in it,
// depends on the seed and n alone, so a shard does not depend on timing.
// League games (AlphaStar's league, issue 38): a game given an opponent is
// the network on one seat against that agent on the other, and only the
// network's actions become samples.
#pragma once

#include <array>
#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/flip/flip_ruleset.h"
#include "core/numbered_jobs.h"
#include "core/outcome.h"
#include "core/stopwatch.h"
#include "nets/flip/flip_encoding.h"
#include "nets/flip/flip_nn_agent.h"
#include "nets/net_evaluator.h"
#include "search/flip/flip_agent.h"
#include "selfplay/samples.h"
#include "selfplay/shard.h"

namespace junqi {

// A league game's opponent: a fresh agent (games run at once on threads)
// and the name its games are counted under.
struct FlipLeagueOpponent {
  std::string name;
  std::unique_ptr<FlipAgent> agent;
};

struct FlipSelfPlayOptions {
  FlipRuleset rules;
  int games = 8;
  // Plays games firstGame .. games-1 only: game n depends on n alone, so a
  // stopped self-play goes on from the first game it did not play.
  int firstGame = 0;
  int threads = 2;            // games at once (each on its own thread, one network)
  int sims = 32;              // per action
  double cpuct = 1.5;
  double staticMix = 0;       // share of the static value in leaf values (search/flip/flip_mcts.h)
  double rootNoise = 0;       // Dirichlet alpha at the root; 0: none
  int temperaturePlies = 30;  // actions drawn in proportion to root visits, then the most visited
  int maxPlies = 400;         // then a draw is adjudicated
  std::uint64_t seed = 1;
  // Playout cap randomization (KataGo), as in classic self-play: with
  // fastSims > 0 this share of the actions is searched with `sims` and kept
  // as samples, the rest with fastSims (no root noise) and not kept.
  int fastSims = 0;
  double fullSearchShare = 1.0;
  // Gumbel AlphaZero's root (search/gumbel_root.h) instead of PUCT and root
  // noise there: the policy target is its improved policy over every root
  // action, and the early actions are drawn from it.
  bool gumbel = false;
  int gumbelActions = 16;
  // Value target: this share the game's result, the rest the search's value
  // of the action played (mixedValueTarget).
  double outcomeShare = 1.0;
  // The hybrid search (search/flip/flip_mcts.h, the nn agent's netdepth and
  // netvisits): the network's priors only down to netDepth (0: the root),
  // plain mcts (UCT with hybridUct, static leaves) below, so that the policy
  // learns the root visits of a search as fast a simulation as mcts; -1: the
  // network at every node. Not with the Gumbel root.
  int netDepth = -1;
  int netVisits = 0;
  double hybridUct = 0.1;  // mcts's UCT constant, the nn agent's `uct` default
  // The nn agent's decisive=1, takeflag=1 and lostflag=1 (search/flip/flip_mcts.h).
  bool flagTactics = false;
  // League games: game n's opponent, or none (no agent) for self-play. The
  // network plays seat 0 in even games and seat 1 in odd ones
  // (flipLeagueLearnerSeat).
  std::function<FlipLeagueOpponent(int game)> opponentOf;
};

// The network's seat in league game n.
inline Seat flipLeagueLearnerSeat(int game) { return game % 2 == 0 ? Seat::Red : Seat::Blue; }

// One league opponent's games and the network's points against it.
struct FlipLeagueTally {
  int games = 0;
  double score = 0;  // 1 a win, 1/2 a draw
};

struct FlipSelfPlayStats {
  int games = 0, firstWins = 0, secondWins = 0, draws = 0;  // first: seat 0, which moves first
  long long positions = 0;
  long long moves = 0;  // actions played (more than positions under a playout cap)
  double seconds = 0;
  std::map<std::string, FlipLeagueTally> league;  // league games, by the opponent's name

  void addGame(const Outcome& outcome, long long gamePositions) {
    ++games;
    ++(!outcome.winner ? draws : *outcome.winner == Seat::Red ? firstWins : secondWins);
    positions += gamePositions;
  }
};

// Plays the games; `stop` ends it after the games in progress (their shard
// holds the games finished).
// `progress` is called after every game with the figures so far.
using FlipProgress = std::function<void(const FlipSelfPlayStats&)>;
Shard playFlipSelfPlay(std::shared_ptr<nets::Backend> network, const FlipSelfPlayOptions& options,
                       FlipSelfPlayStats& stats, const std::atomic<bool>* stop = nullptr,
                       const FlipProgress& progress = {});

// The search of a self-play action: `full` (kept as a sample, with root
// noise) or a fast one (playout cap randomization), of `sims` simulations.
FlipMctsParams flipSelfPlaySearch(const std::shared_ptr<nets::FlipNetEvaluator>& evaluator,
                                  const FlipSelfPlayOptions& options, int sims, std::uint64_t seed, bool full);

// Plays games 0 .. n-1 by `play(n)` on up to `threads` threads and returns
// them in game order (those `stop` left unplayed empty); `progress` gets the
// running figures after every game (from the threads, one at a time).
template <class Game, class Play>
std::vector<std::optional<Game>> playFlipGames(int n, int threads, const std::atomic<bool>* stop, const Play& play,
                                               const FlipProgress& progress);

// The played games' samples, each position's value target the game's result
// for its mover (four-player games: its team, as a seat), in one shard
// without its encoding's header; the games counted into `stats`. A game
// with searched values (Game::searched, one per position) mixes them in:
// `outcomeShare` the result, the rest the searched value.
template <class Game>
Shard samplesShardOf(std::vector<std::optional<Game>>& played, FlipSelfPlayStats& stats, double outcomeShare = 1.0);
// The same as a flip shard.
template <class Game>
Shard flipShardOf(const FlipRuleset& rules, std::vector<std::optional<Game>>& played, FlipSelfPlayStats& stats,
                  double outcomeShare = 1.0);

// A value target: `outcomeShare` of the result, the rest the searched value
// q (for the mover, in [-1, 1]) as P(win) = (1 + q) / 2, P(loss) = (1 - q) / 2
// (draws are rare in Flip Junqi: the classic target's draw share for an
// uncertain q would teach the value head draws that do not happen).
std::array<float, 3> mixedValueTarget(const std::array<float, 3>& result, float q, double outcomeShare);

template <class Game, class Play>
std::vector<std::optional<Game>> playFlipGames(int n, int threads, const std::atomic<bool>* stop, const Play& play,
                                               const FlipProgress& progress) {
  const Stopwatch clock;
  std::vector<std::optional<Game>> played(static_cast<std::size_t>(n));
  std::mutex mutex;
  FlipSelfPlayStats running;
  runNumberedJobs(0, n, threads, stop, [&](int k) {
    Game g = play(k);
    std::lock_guard lock(mutex);
    running.addGame(g.outcome, static_cast<long long>(g.positions.size()));
    running.seconds = clock.wallSeconds();
    played[static_cast<std::size_t>(k)] = std::move(g);
    if (progress) progress(running);
  });
  return played;
}

template <class Game>
Shard flipShardOf(const FlipRuleset& rules, std::vector<std::optional<Game>>& played, FlipSelfPlayStats& stats,
                  double outcomeShare) {
  Shard shard = samplesShardOf(played, stats, outcomeShare);
  shard.encodingVersion = nets::kFlipEncodingVersion;
  shard.inputSize = nets::kFlipInputSize;
  shard.ruleset = rules.toString();
  return shard;
}

template <class Game>
Shard samplesShardOf(std::vector<std::optional<Game>>& played, FlipSelfPlayStats& stats, double outcomeShare) {
  Shard shard;
  for (auto& g : played) {  // in game order, whichever thread played them
    if (!g) continue;
    ++shard.games;
    stats.addGame(g->outcome, static_cast<long long>(g->positions.size()));
    stats.moves += g->moves;
    for (std::size_t k = 0; k < g->positions.size(); ++k) {
      g->positions[k].wdl = resultFor(g->outcome, g->movers[k]);
      if constexpr (requires { g->searched; })
        if (outcomeShare < 1) g->positions[k].wdl = mixedValueTarget(g->positions[k].wdl, g->searched[k], outcomeShare);
      shard.positions.push_back(std::move(g->positions[k]));
    }
  }
  return shard;
}

}  // namespace junqi
