// junqi: the command line of the Junqi AI lab. Each subcommand lives in its own
// file under commands/; this file only registers them. The training commands,
// which need LibTorch, are the program junqi-train beside this one: `junqi
// train ...` runs it, so that no other command pays for loading LibTorch.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <malloc.h>
#include <unistd.h>

#include <filesystem>
#include <string_view>

#include "core/version.h"
#include "nets/nn_agent.h"
#include "tools/commands/commands.h"
#include "tools/commands/common.h"

namespace {

constexpr const char* kTrainingCommands[][2] = {
    {"train", "Run (or resume) a training run (see `junqi train --help`)"},
    {"export", "Write a checkpoint's network as a weights file for bots (no LibTorch needed)"}};

bool hasArgument(int argc, char** argv, std::string_view argument) {
  for (int i = 2; i < argc; ++i)
    if (argv[i] == argument) return true;
  return false;
}

// The commands junqi-train runs: training (but `train --mpi`, whose ranks
// run here), export, and a self-play worker that infers with LibTorch
// (`junqi selfplay --backend torch`).
bool isTrainingCommand(int argc, char** argv) {
  const std::string_view command = argv[1];
  if (command == "train" && hasArgument(argc, argv, "--mpi")) return false;
  for (const auto& [name, help] : kTrainingCommands)
    if (command == name) return true;
  if (command != "selfplay") return false;
  for (int i = 2; i < argc; ++i)
    if (std::string_view(argv[i]) == "--backend=torch" ||
        (std::string_view(argv[i]) == "--backend" && i + 1 < argc && std::string_view(argv[i + 1]) == "torch"))
      return true;
  return false;
}

// junqi-train, installed beside this program.
std::string trainingProgram() {
  std::error_code error;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", error);
  return (self.parent_path() / "junqi-train").string();
}

// Replaces this process by junqi-train with the same arguments; returns only
// when that program cannot be run.
int runTrainingProgram(char** argv) {
  const std::string program = trainingProgram();
  execv(program.c_str(), argv);
  fmt::print(stderr, "junqi {}: cannot run {} (a build with LibTorch installs it beside junqi)\n", argv[1], program);
  return 1;
}

}  // namespace

namespace junqi::tools {
// The boards for people (tools/commands/serve.cpp, play.cpp).
void registerServe(CLI::App& app);
void registerPlay(CLI::App& app);
}  // namespace junqi::tools

int main(int argc, char** argv) {
  if (argc >= 2 && isTrainingCommand(argc, argv)) return runTrainingProgram(argv);
  // Large buffers come and go (counting tables): keep them in the heap instead
  // of mapping and unmapping them each time.
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  junqi::nets::registerNetAgent();
  // Every rank of `mpirun ... junqi train --mpi` runs here; rank 0 starts junqi-train.
  if (argc >= 2 && std::string_view(argv[1]) == "train" && hasArgument(argc, argv, "--mpi"))
    return junqi::tools::runMpiTraining(argc, argv, trainingProgram());
  junqi::tools::keepArguments(argc, argv);  // `match` hides its seed there from the bots
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
  registerCompare(app);
  registerGauntlet(app);
  registerExploit(app);
  registerBot(app);
  registerServe(app);
  registerPlay(app);
  registerSelfPlay(app);
  for (const auto& [name, help] : kTrainingCommands) app.add_subcommand(name, help);  // listed; run above
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  return runAction(app);
}
