// Helpers shared by the commands: ruleset and position options, files.
#pragma once

#include <functional>
#include <string>

#include <CLI/CLI.hpp>

#include "core/files.h"
#include "core/position.h"
#include "core/ruleset.h"

namespace junqi::tools {

// Each command's action, stored by register* and called by runAction. It
// returns the process exit status; exceptions become "junqi <cmd>: error: ...".
void setAction(CLI::App* command, std::function<int()> action);
// Runs the action of the subcommand the user chose; returns the exit status.
int runAction(const CLI::App& app);

// Adds "--rules" (a ruleset text, default: the default preset) bound to `text`.
CLI::Option* addRulesOption(CLI::App* command, std::string& text);

// "start" (both sides deploy kExampleLayout) or a position text.
Position positionFromArgument(const std::string& text, const Rules& rules);

// Checks of numeric options, with plain messages such as
// "--games: must be a number of at least 1, not '0'" (NaN and infinities refused).
CLI::Validator atLeast(double low);
CLI::Validator moreThan(double low);

// The arguments as main got them (main keeps them), for a command that must
// hide one: /proc/PID/cmdline shows them to every process of the machine.
void keepArguments(int argc, char** argv);
// Overwrites every value of `option` (`--seed N` or `--seed=N`) in the kept
// arguments with '*': /proc/PID/cmdline reads them from this process's memory.
// CLI11 has its own copy, so the command's options keep their values.
void hideOptionValue(std::string_view option);


}  // namespace junqi::tools
