// A bot in a child process: a command line run by /bin/sh, spoken to over its
// standard input and output, one line at a time, with time limits. What a bot
// sends is bounded: a line longer than kMaxBotLine, or one that is not text
// (a control byte, or bytes that are not UTF-8), ends the conversation with a
// fault that says so; its standard error, when logged, is kept to
// kMaxStderrLog bytes per log file with control bytes escaped.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <sys/types.h>

namespace junqi {

// The longest line a bot may send, not counting its "\n" (docs/protocol.md):
// far above the longest legitimate one (a layout, or an info line).
inline constexpr std::size_t kMaxBotLine = 64 * 1024;
// The most a bot's standard error log file may hold (docs/match.md): what
// comes after that is dropped, and a last line says so.
inline constexpr std::size_t kMaxStderrLog = 1024 * 1024;

// Whether the standard error log at `path` is full: what bots write to it
// now is dropped.
bool stderrLogIsFull(const std::string& path);

// Why a line from a bot is not protocol text (docs/protocol.md): it holds a
// control byte (a tab aside) or a C1 control, or is not UTF-8; nullopt if it is text.
std::optional<std::string> whyNotText(std::string_view line);

class BotProcess {
 public:
  // Starts `command` (via /bin/sh -c; a simple command, one program with its
  // arguments and redirections, is exec'd by that shell, so that the bot is
  // our child: see protocol_command.h). The bot's standard error goes to
  // `stderrPath` (appended, through the arbiter: at most kMaxStderrLog bytes
  // in that file, control bytes escaped) or, if empty, to ours. The bot is
  // killed when the thread that started it ends, the arbiter's death included
  // (a child of the bot's shell is not). Throws std::runtime_error if the
  // process cannot be started.
  BotProcess(const std::string& command, const std::string& stderrPath = {});
  ~BotProcess();
  BotProcess(const BotProcess&) = delete;
  BotProcess& operator=(const BotProcess&) = delete;

  // False if the bot has gone (the pipe is closed).
  bool send(const std::string& line);
  // The next line, without its newline; nullopt if none came within
  // `seconds` (the bot hung), the bot closed its output (it crashed, quit
  // or closed it: see outputClosed()), or it broke the line rules (see
  // fault(); nothing more is read from it then). A line is read no further
  // than kMaxBotLine bytes.
  std::optional<std::string> readLine(double seconds);
  bool outputClosed() const { return eof_; }
  // How the bot broke the line rules, as a reason for its forfeit ("sent a
  // line longer than 65536 bytes"); empty while it has not.
  const std::string& fault() const { return fault_; }
  // Has the bot process ended, or does it within `seconds`? (After its output
  // closed: a bot that runs on has closed it, one that ends crashed or quit.)
  bool endsWithin(double seconds);
  // Kills the bot and its children, and waits for it.
  void kill();

 private:
  std::optional<std::string> takeLine();  // a whole line from buffer_, or a fault
  void startStderrLog(const std::string& path, int& writeEnd);

  pid_t pid_ = -1;
  int toChild_ = -1, fromChild_ = -1;
  std::string buffer_;
  std::string fault_;
  bool eof_ = false;
  bool reaped_ = false;  // waited for: only its process group is left to kill
  // The thread that copies the bot's standard error into its log, and the
  // pipe that tells it to finish.
  std::thread stderrCopier_;
  int stopCopier_[2] = {-1, -1};
};

}  // namespace junqi
