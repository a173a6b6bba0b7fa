// A clean stop on Ctrl-C: the first SIGINT or SIGTERM sets `interrupted` (long
// jobs stop after the games in progress and keep what they finished); a
// second one kills as usual.
#pragma once

#include <atomic>

namespace junqi::tools {

extern std::atomic<bool> interrupted;
void stopCleanlyOnInterrupt();

}  // namespace junqi::tools
