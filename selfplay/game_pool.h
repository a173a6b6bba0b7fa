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

// Calls play(game) for game = 0 .. games-1 on `threads` threads. `play` must
// be safe to call concurrently for different games.
template <class Play>
void playGamesOnThreads(int games, int threads, const std::atomic<bool>* stop, Play&& play) {
  std::atomic<int> next{0};
  const auto worker = [&] {
    for (int game; (game = next.fetch_add(1)) < games && !(stop && *stop);) play(game);
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < std::max(1, std::min(threads, games)); ++t) pool.emplace_back(worker);
  for (auto& th : pool) th.join();
}

}  // namespace junqi
