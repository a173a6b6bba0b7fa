// A bot in a child process: a command line run by /bin/sh, spoken to over its
// standard input and output, one line at a time, with time limits.
#pragma once

#include <optional>
#include <string>
#include <sys/types.h>

namespace junqi {

class BotProcess {
 public:
  // Starts `command` (via /bin/sh -c). The bot's standard error goes to
  // `stderrPath` (appended) or, if empty, to ours. Throws std::runtime_error
  // if the process cannot be started.
  BotProcess(const std::string& command, const std::string& stderrPath = {});
  ~BotProcess();
  BotProcess(const BotProcess&) = delete;
  BotProcess& operator=(const BotProcess&) = delete;

  // False if the bot has gone (the pipe is closed).
  bool send(const std::string& line);
  // The next line, without its newline; nullopt if none came within
  // `seconds` (the bot hung) or the bot closed its output (it crashed or quit:
  // see exited()).
  std::optional<std::string> readLine(double seconds);
  bool exited() const { return eof_; }
  // Kills the bot and its children, and waits for it.
  void kill();

 private:
  pid_t pid_ = -1;
  int toChild_ = -1, fromChild_ = -1;
  std::string buffer_;
  bool eof_ = false;
};

}  // namespace junqi
