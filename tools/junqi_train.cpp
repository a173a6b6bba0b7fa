// junqi-train: the commands that need LibTorch (train, selfplay, export), as a
// program of their own so that every other `junqi` command starts without
// loading it (0.4 CPU-s and 165 MB). `junqi train ...` runs this program,
// installed beside `junqi`, with the same arguments.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <malloc.h>
#include <unistd.h>

#include <cstdlib>

#include "core/version.h"
#include "nets/nn_agent.h"
#include "nets/torch_backend.h"
#include "tools/commands/commands.h"
#include "tools/commands/common.h"

namespace {

// LibTorch's OpenMP threads spin while they wait, and on a machine whose other
// cores are busy that makes training 6-25x slower (docs/benchmarks.md).
// libgomp reads its wait policy once, when it is loaded, so this program sets
// it and starts again; a user's own OMP_WAIT_POLICY is kept.
void waitPassivelyInOpenMp(char** argv) {
  if (std::getenv("OMP_WAIT_POLICY")) return;
  setenv("OMP_WAIT_POLICY", "PASSIVE", 1);
  execv("/proc/self/exe", argv);  // returns only if it failed: then go on spinning
}

}  // namespace

int main(int argc, char** argv) {
  waitPassivelyInOpenMp(argv);
  // Large buffers come and go (tensors): keep them in the heap instead of
  // mapping and unmapping them each time (training runs 1.5-2.4x faster).
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  junqi::nets::registerNetAgent();
  junqi::nets::registerTorchBackend();
  CLI::App app{"junqi: the training commands (LibTorch)", "junqi"};
  app.require_subcommand(1);
  app.set_version_flag("--version", fmt::format("junqi {}", junqi::versionString()));
  junqi::tools::registerTrain(app);
  junqi::tools::registerSelfPlay(app);
  junqi::tools::registerExport(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  if (app.got_subcommand("selfplay")) torch::set_num_threads(1);  // one LibTorch thread a worker
  return junqi::tools::runAction(app);
}
