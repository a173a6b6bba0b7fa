#include "tools/commands/interrupt.h"

#include <unistd.h>

#include <csignal>

namespace junqi::tools {

std::atomic<bool> interrupted{false};

namespace {

void onInterrupt(int signal) {
  interrupted = true;
  std::signal(signal, SIG_DFL);
  constexpr char kMessage[] = "stopping after the games in progress (Ctrl-C again quits at once, losing them)\n";
  (void)!write(STDERR_FILENO, kMessage, sizeof kMessage - 1);  // async-signal-safe, unlike fmt::print
}

}  // namespace

void stopCleanlyOnInterrupt() {
  std::signal(SIGINT, onInterrupt);
  std::signal(SIGTERM, onInterrupt);
}

}  // namespace junqi::tools
