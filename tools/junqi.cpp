// junqi: the command line of the Junqi AI lab. Each subcommand lives in its own
// file under commands/; this file only registers them.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "tools/commands/commands.h"

int main(int argc, char** argv) {
  CLI::App app{"junqi: rules engine, search, self-play and match harness for Junqi (army chess)"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Show every command's options");
  junqi::tools::registerAll(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  return junqi::tools::runSelected(app);
}
