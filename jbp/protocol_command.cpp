#include "jbp/protocol_command.h"

#include <algorithm>
#include <array>

namespace junqi {

namespace {

// Words that `exec` cannot run: dash's builtins and the shell's keywords.
constexpr std::array<std::string_view, 48> kShellWords = {
    ".",     ":",     "[",        "alias",  "bg",      "break",  "cd",    "chdir", "command", "continue",
    "echo",  "eval",  "exec",     "exit",   "export",  "false",  "fc",    "fg",    "getopts", "hash",
    "jobs",  "kill",  "local",    "printf", "pwd",     "read",   "readonly", "return", "set",  "shift",
    "test",  "times", "trap",     "true",   "type",    "ulimit", "umask", "unalias", "unset", "wait",
    "!",     "case",  "for",      "if",     "until",   "while",  "{",     "time"};

// Does the command hold, outside quotes, a character that makes it more than one program?
bool holdsShellSyntax(std::string_view command) {
  constexpr std::string_view kSyntax = ";&|(){}`#\n";
  char quote = 0;
  bool escaped = false;
  for (const char c : command) {
    if (escaped) {
      escaped = false;
    } else if (c == '\\' && quote != '\'') {
      escaped = true;
    } else if (quote != 0) {
      if (c == quote) quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (kSyntax.find(c) != std::string_view::npos) {
      return true;
    }
  }
  return quote != 0 || escaped;  // unbalanced: leave it to the shell to complain
}

}  // namespace

bool isSimpleCommand(std::string_view command) {
  if (holdsShellSyntax(command)) return false;
  const auto begin = command.find_first_not_of(" \t");
  if (begin == std::string_view::npos) return false;
  const auto end = command.find_first_of(" \t", begin);
  const std::string_view first = command.substr(begin, end == std::string_view::npos ? end : end - begin);
  if (first.find('=') != std::string_view::npos) return false;  // an assignment before the program
  return std::find(kShellWords.begin(), kShellWords.end(), first) == kShellWords.end();
}

std::string shellLineFor(const std::string& command) {
  return isSimpleCommand(command) ? "exec " + command : command;
}

}  // namespace junqi
