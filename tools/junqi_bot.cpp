// junqi-bot: `junqi bot` as a program of its own that never links LibTorch
// (exported networks run on the Eigen backend), for shipping a bot as one
// binary and a weights file, and for arbiters that start a bot per game.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "core/version.h"
#include "nets/nn_agent.h"
#include "tools/commands/commands.h"

int main(int argc, char** argv) {
  CLI::App app{"junqi-bot: a Junqi bot speaking JBP (docs/protocol.md) on stdin/stdout"};
  app.set_version_flag("--version", fmt::format("junqi-bot {}", junqi::versionString()));
  junqi::tools::addBotOptions(&app);
  CLI11_PARSE(app, argc, argv);
  junqi::nets::registerNetAgent();
  try {
    return junqi::tools::runBot();
  } catch (const std::exception& e) {
    fmt::print(stderr, "junqi-bot: error: {}\n", e.what());
    return 1;
  }
}
