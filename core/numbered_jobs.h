// Runs numbered jobs (games, checks, measurements) on a few threads: each
// thread takes the next number until all are taken or `stop` is set. Results
// belong in slots indexed by job number, so that what the jobs produce does
// not depend on which thread finished first.
#pragma once

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

namespace junqi {

// Calls job(k) for k = first .. count-1 on `threads` threads. `job` must be
// safe to call concurrently for different numbers. `stop` (may be null) is
// checked before a number is taken, so every number taken is run: the jobs
// run are always first .. some n-1, and a stopped run can go on from n.
// `leave()` is called by each thread as it ends (self-play's evaluator counts
// the threads that may still ask for a batch).
template <class Job, class Leave>
void runNumberedJobs(int first, int count, int threads, const std::atomic<bool>* stop, Job&& job, Leave&& leave) {
  std::atomic<int> next{first};
  const auto worker = [&] {
    while (!(stop && *stop)) {
      const int k = next.fetch_add(1);
      if (k >= count) break;
      job(k);
    }
    leave();
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < std::max(1, std::min(threads, count - first)); ++t) pool.emplace_back(worker);
  for (auto& th : pool) th.join();
}

template <class Job>
void runNumberedJobs(int first, int count, int threads, const std::atomic<bool>* stop, Job&& job) {
  runNumberedJobs(first, count, threads, stop, job, [] {});
}

}  // namespace junqi
