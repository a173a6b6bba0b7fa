// junqi selfplay: a self-play worker for a run with external self-play
// (training/selfplay_workers.h). It needs no LibTorch with the Eigen backend;
// `--backend torch` runs in junqi-train, which registers that backend.
#include <fmt/format.h>

#include "tools/commands/commands.h"
#include "tools/commands/common.h"
#include "tools/commands/interrupt.h"
#include "training/selfplay_workers.h"

namespace junqi::tools {

void registerSelfPlay(CLI::App& app) {
  auto* cmd = app.add_subcommand("selfplay", "A self-play worker for a run started with junqi train --external-selfplay");
  static std::string run, worker = "w0", backend = "eigen";
  static int shards = 0;
  cmd->add_option("--run", run, "The run directory")->required();
  cmd->add_option("--worker", worker, "This worker's name (unique among the run's workers)")->capture_default_str();
  cmd->add_option("--shards", shards, "Shards to write (0: until the run has all its generations)")->capture_default_str();
  cmd->add_option("--backend", backend, "eigen, or torch (a classic run; junqi-train plays it)")->capture_default_str();
  setAction(cmd, [] {
    stopCleanlyOnInterrupt();
    runSelfPlayWorker(run, worker, shards, backend, [](const std::string& line) { fmt::print(stderr, "{}\n", line); },
                      &interrupted);
    return interrupted ? 130 : 0;
  });
}

}  // namespace junqi::tools
