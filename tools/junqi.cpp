// junqi: the command line of the Junqi AI lab. Each subcommand lives in its own
// file under commands/; this file only registers them.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <malloc.h>
#include <unistd.h>

#include <cstdlib>
#include <string_view>

#include "core/version.h"
#include "nets/nn_agent.h"
#include "tools/commands/commands.h"
#include "tools/commands/common.h"
#ifdef JUNQI_WITH_TORCH
#include "nets/torch_backend.h"
#endif

// LibTorch's OpenMP threads spin while they wait, and on a machine whose other
// cores are busy that makes training 6-25x slower (docs/benchmarks.md).
// libgomp reads its wait policy once, when it is loaded, so the training
// commands set it and start again; a user's own OMP_WAIT_POLICY is kept.
void waitPassivelyInOpenMp(int argc, char** argv) {
  if (argc < 2 || std::getenv("OMP_WAIT_POLICY")) return;
  const std::string_view command = argv[1];
  if (command != "train" && command != "selfplay") return;
  setenv("OMP_WAIT_POLICY", "PASSIVE", 1);
  execv("/proc/self/exe", argv);  // returns only if it failed: then go on spinning
}

int main(int argc, char** argv) {
#ifdef JUNQI_WITH_TORCH
  waitPassivelyInOpenMp(argc, argv);
#endif
  // Large buffers come and go (tensors, counting tables): keep them in the heap
  // instead of mapping and unmapping them each time (training runs 1.5-2.4x faster).
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  junqi::nets::registerNetAgent();
#ifdef JUNQI_WITH_TORCH
  junqi::nets::registerTorchBackend();
#endif
  CLI::App app{"junqi: rules engine, search, self-play and match harness for Junqi (army chess)"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Show every command's options");
  app.set_version_flag("--version", fmt::format("junqi {}", junqi::versionString()));
  using namespace junqi::tools;
  registerRules(app);
  registerSetup(app);
  registerMoves(app);
  registerPerft(app);
  registerPlayRandom(app);
  registerReplay(app);
  registerBeliefs(app);
  registerBeliefsCheck(app);
  registerTactics(app);
  registerAgents(app);
  registerMatch(app);
  registerBot(app);
#ifdef JUNQI_WITH_TORCH
  registerTrain(app);
  registerSelfPlay(app);
  registerExport(app);
#endif
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  return runAction(app);
}
