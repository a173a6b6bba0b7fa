// Plays numbered games on a few threads: each thread takes the next game
// number until all are taken or `stop` is set. Results belong in slots
// indexed by game number, so that what the games produce does not depend on
// which thread finished first.
#pragma once

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

namespace junqi {

// Calls play(game) for game = first .. games-1 on `threads` threads. `play`
// must be safe to call concurrently for different games. `stop` is checked
// before a game number is taken, so every number taken is played: the games
// played are always first .. some n-1, and a stopped run can go on from n.
// `leave()` is called by each thread as it ends (self-play's evaluator counts
// the threads that may still ask for a batch).
template <class Play, class Leave>
void playGamesOnThreads(int first, int games, int threads, const std::atomic<bool>* stop, Play&& play, Leave&& leave) {
  std::atomic<int> next{first};
  const auto worker = [&] {
    while (!(stop && *stop)) {
      const int game = next.fetch_add(1);
      if (game >= games) break;
      play(game);
    }
    leave();
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < std::max(1, std::min(threads, games - first)); ++t) pool.emplace_back(worker);
  for (auto& th : pool) th.join();
}

template <class Play>
void playGamesOnThreads(int first, int games, int threads, const std::atomic<bool>* stop, Play&& play) {
  playGamesOnThreads(first, games, threads, stop, play, [] {});
}

}  // namespace junqi
