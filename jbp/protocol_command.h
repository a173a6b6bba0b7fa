// How a bot's command line is handed to /bin/sh. The shell (dash) runs a
// command in a child process of its own and keeps its standard output open
// while it waits; a bot that closes its output but runs on would then look
// hung rather than gone. A simple command is exec'd by the shell instead, so
// the bot is the arbiter's own child and its closed output reads as the end.
#pragma once

#include <string>
#include <string_view>

namespace junqi {

// One program with its arguments and redirections, nothing the shell must
// stay around for: no operator, list, pipe, group, substitution or comment
// outside quotes, and a first word that is neither an assignment nor a shell
// builtin or keyword. Conservative: "no" only costs the exec.
bool isSimpleCommand(std::string_view command);

// The line given to /bin/sh -c: "exec COMMAND" for a simple command, else COMMAND.
std::string shellLineFor(const std::string& command);

}  // namespace junqi
