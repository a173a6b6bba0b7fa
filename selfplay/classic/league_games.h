// League games (issue 38): the learning network's search against a fixed
// opponent (an agent of the registry, a past generation, a panel member),
// as AlphaStar's league mixes them into self-play. The learner plays one
// seat (Red in even games, Blue in odd ones), searching and choosing its
// layout as in self-play (selfplay/selfplay_worker.h); the opponent plays
// the other seat from its own InfoState only. Samples come only from the
// learner's moves: the opponent's moves are not the learner's policy, and
// its value is not the learner's.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

#include "search/agent.h"
#include "selfplay/selfplay_worker.h"

namespace junqi {

// A finished league game, as the referee saw it.
struct LeagueGameRecord {
  int game = 0;                // its number
  Seat learner = Seat::Red;    // the learning network's seat
  Outcome outcome;
  long long learnerMoves = 0;  // moves each side made
  long long opponentMoves = 0;
  long long positions = 0;     // samples kept
};

struct LeagueGames {
  Shard shard;
  std::vector<LeagueGameRecord> records;  // the finished games, in game order
};

// The opponent of game n (a fresh agent: games run at once on threads).
using LeagueOpponentOf = std::function<std::unique_ptr<Agent>(int game)>;

// The learner's seat in league game n.
inline Seat leagueLearnerSeat(int game) { return game % 2 == 0 ? Seat::Red : Seat::Blue; }

// Plays games o.firstGame .. o.games-1 of seed o.seed, each with its own
// evaluator over `backend` (the learner waits on its opponent's moves, so its
// games do not batch together). Search, exploration, playout caps, value
// targets and layouts as o says for self-play; no resignation by the
// learner. `progress` after every game; `stop` ends early with the finished
// games, always firstGame .. n-1.
LeagueGames playLeagueGames(const std::shared_ptr<nets::Backend>& backend, const SelfPlayOptions& o,
                            const LeagueOpponentOf& opponentOf, SelfPlayStats& stats,
                            const std::function<void(const SelfPlayStats&)>& progress = {},
                            const std::atomic<bool>* stop = nullptr);

}  // namespace junqi
