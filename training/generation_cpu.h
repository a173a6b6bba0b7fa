// The CPU time a generation of a training run took, over every session that
// worked on it. A run stopped with Ctrl-C in the middle of a generation
// (during its self-play, training or rating match) and resumed later would
// otherwise log only the last session's part: the stopped session saves
// what it spent in log/gen-NNNN.cpu, and the session that finishes the
// generation adds it. (A process killed outright saves nothing: its part of
// the stage it was in is not counted.)
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "core/files.h"
#include "core/stopwatch.h"

namespace junqi {

class GenerationCpu {
 public:
  // Starts counting now, from what `ledger` (if it exists) says earlier sessions spent.
  explicit GenerationCpu(std::filesystem::path ledger)
      : ledger_(std::move(ledger)), before_(read(ledger_)), start_(processCpuSeconds()) {}
  // Earlier sessions' CPU seconds and this one's so far.
  double total() const { return before_ + processCpuSeconds() - start_; }
  // A stopping session: keeps its part for the session that finishes the generation.
  void save() const { writeFileAtomically(ledger_.string(), fmt::format("{:.3f}\n", total())); }
  // The generation's log line holds the total now: the ledger is no longer needed.
  void done() const { std::filesystem::remove(ledger_); }

 private:
  static double read(const std::filesystem::path& ledger) {
    if (!std::filesystem::exists(ledger)) return 0;
    const std::string text = readFile(ledger.string());
    try {
      std::size_t used = 0;
      const double seconds = std::stod(text, &used);
      if (seconds >= 0 && text.find_first_not_of(" \n", used) == std::string::npos) return seconds;
    } catch (const std::logic_error&) {
    }
    throw std::runtime_error(fmt::format(
        "{}: not a number of CPU seconds (the generation's CPU time in stopped sessions; delete it to count from zero)",
        ledger.string()));
  }

  std::filesystem::path ledger_;
  double before_, start_;
};

}  // namespace junqi
