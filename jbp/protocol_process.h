// A bot in a child process: a command line run by /bin/sh, spoken to over its
// standard input and output, one line at a time, with time limits.
#pragma once

#include <optional>
#include <string>
#include <sys/types.h>

namespace junqi {

class BotProcess {
 public:
  // Starts `command` (via /bin/sh -c; a simple command, one program with its
  // arguments and redirections, is exec'd by that shell, so that the bot is
  // our child: see protocol_command.h). The bot's standard error goes to
  // `stderrPath` (appended) or, if empty, to ours. The bot is killed when the
  // thread that started it ends, the arbiter's death included (a child of
  // the bot's shell is not). Throws std::runtime_error if the process cannot
  // be started.
  BotProcess(const std::string& command, const std::string& stderrPath = {});
  ~BotProcess();
  BotProcess(const BotProcess&) = delete;
  BotProcess& operator=(const BotProcess&) = delete;

  // False if the bot has gone (the pipe is closed).
  bool send(const std::string& line);
  // The next line, without its newline; nullopt if none came within
  // `seconds` (the bot hung) or the bot closed its output (it crashed, quit
  // or closed it: see outputClosed()).
  std::optional<std::string> readLine(double seconds);
  bool outputClosed() const { return eof_; }
  // Has the bot process ended, or does it within `seconds`? (After its output
  // closed: a bot that runs on has closed it, one that ends crashed or quit.)
  bool endsWithin(double seconds);
  // Kills the bot and its children, and waits for it.
  void kill();

 private:
  pid_t pid_ = -1;
  int toChild_ = -1, fromChild_ = -1;
  std::string buffer_;
  bool eof_ = false;
  bool reaped_ = false;  // waited for: only its process group is left to kill
};

}  // namespace junqi
