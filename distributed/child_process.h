// A rank's child process (rank 0's trainer, a partner trainer rank's
// trainer): started with execv, and sent SIGTERM by the kernel should its
// rank die first, so that it stops cleanly instead of running on alone.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

namespace junqi::mpi {

// Starts argv[0] with these arguments; throws std::runtime_error if it cannot fork.
pid_t startChild(const std::vector<std::string>& argv);

// The child's exit status once it has ended (128 + the signal that ended it),
// nullopt while it runs. Call it until it gives a status, then no more.
std::optional<int> childExitStatus(pid_t child);

}  // namespace junqi::mpi
