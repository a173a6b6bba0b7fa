// Wall and CPU time since a start: the commands report rates on both, because
// on a shared machine wall time also measures the neighbours. CPU time is the
// whole process's, every thread counted.
#pragma once

#include <chrono>
#include <string>

namespace junqi {

class Stopwatch {
 public:
  Stopwatch() { restart(); }
  void restart();
  double wallSeconds() const;
  double cpuSeconds() const;

  // "1.23 s (CPU 2.40 s)": both, for a summary line.
  std::string text() const;

 private:
  std::chrono::steady_clock::time_point wallStart_;
  double cpuStart_ = 0;
};

// The process's CPU time so far (all threads), in seconds.
double processCpuSeconds();
// The calling thread's CPU time so far, in seconds.
double threadCpuSeconds();

}  // namespace junqi
