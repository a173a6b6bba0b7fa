#include "core/stopwatch.h"

#include <ctime>

#include <fmt/format.h>

namespace junqi {

double processCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

double threadCpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

void Stopwatch::restart() {
  wallStart_ = std::chrono::steady_clock::now();
  cpuStart_ = processCpuSeconds();
}

double Stopwatch::wallSeconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart_).count();
}

double Stopwatch::cpuSeconds() const { return processCpuSeconds() - cpuStart_; }

std::string Stopwatch::text() const { return fmt::format("{:.2f} s (CPU {:.2f} s)", wallSeconds(), cpuSeconds()); }

}  // namespace junqi
