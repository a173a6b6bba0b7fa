// Self-play: games of the network-guided search against itself, producing
// training samples. Many games run at once on threads and share one batching
// evaluator, so the network sees batches. Needs no LibTorch itself: the
// backend can be LibTorch's (training) or the Eigen model (a separate worker
// process reading exported weights).
//
// Exploration: Dirichlet noise on the root priors (or, with the Gumbel root,
// Gumbel noise on its candidates); moves drawn from the search's policy for
// the first plies (visit shares, or the improved policy with the Gumbel
// root), the search's move after. Policy targets: visit shares, or the
// Gumbel root's improved policy. Resignation:
// a side whose searched value stays below the threshold for two of its moves
// resigns, except in a fraction of games played out to measure how often
// resigning would have been wrong.
#pragma once

#include <atomic>
#include <functional>
#include <memory>

#include "nets/net_evaluator.h"
#include "search/classic/ismcts.h"
#include "selfplay/shard.h"

namespace junqi {

// The search's policy over its root moves, self-play's policy target: the
// Gumbel root's improved policy, else the visit shares.
std::vector<float> searchPolicy(const SearchResult& r);

struct SelfPlayOptions {
  Ruleset ruleset;
  int games = 16;
  // Plays games firstGame .. games-1 only: game n's seed depends on n alone,
  // so a stopped self-play goes on from the first game it did not play.
  int firstGame = 0;
  int parallelGames = 8;   // games (threads) at once
  // The network's largest batch; 0: the games at once shared into one batch
  // more than there are cores (6 games on 2 cores: batches of 2), so that
  // while the cores run batches the games of another keep searching and fill
  // it; on one core, all games in one batch.
  int batch = 0;
  SearchParams search;     // simulations, PUCT constant, rollout mix, root noise, Gumbel root
  // Playout cap randomization (KataGo, Wu 2019): this share of the moves is
  // searched with the full budget (search.iterations) and becomes a training
  // sample; the others are searched with fastSims, without exploration noise,
  // only to move the game on. 1: every move full (as before).
  double fullSearchShare = 1.0;
  int fastSims = 0;
  int temperaturePlies = 30;
  double resignValue = -0.97;     // resign below this value (for the side to move); <= -1: never
  double resignCheckFraction = 0.2;
  int maxPlies = 1000;
  std::uint64_t seed = 1;
  // The value target: this share from the game's result, the rest from the
  // search's value at the root. Results alone are memorised by small runs
  // (every position of a game shares one); the search's value varies.
  double outcomeShare = 0.5;
  bool netLayouts = true;          // layouts from the layout head (else random styles)
  double layoutTemperature = 1.0;
};

struct SelfPlayStats {
  int games = 0;
  long long positions = 0;  // training samples
  long long moves = 0;      // moves played (more than positions under a playout cap)
  double seconds = 0;     // wall time
  double cpuSeconds = 0;  // CPU time of the whole process meanwhile (core/stopwatch.h)
  int redWins = 0, blueWins = 0, draws = 0;
  int resignations = 0;
  int checkedResignations = 0, wrongResignations = 0;  // in played-out games: would-be resignations, and wrong ones
  long long evaluations = 0;
  long long batches = 0;  // network runs: evaluations / batches is the mean batch

  void addGame(const Outcome& outcome, long long gamePositions, long long gameMoves = 0);  // counts a finished game
  void add(const SelfPlayStats& other);  // the figures of both sessions of a resumed self-play
};

// Plays the games and returns their samples (positions from both seats, and
// layouts weighted by result), in game order. `progress` is called after every
// game; `stop` ends early with the finished games, always games firstGame .. n-1.
Shard playSelfPlay(const std::shared_ptr<nets::Backend>& backend, const SelfPlayOptions& options,
                   SelfPlayStats& stats, const std::function<void(const SelfPlayStats&)>& progress = {},
                   const std::atomic<bool>* stop = nullptr);

}  // namespace junqi
