#include "distributed/child_process.h"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <stdexcept>

namespace junqi::mpi {

pid_t startChild(const std::vector<std::string>& arguments) {
  std::vector<char*> argv;
  for (const std::string& a : arguments) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const pid_t parent = getpid();
  const pid_t child = fork();
  if (child < 0) throw std::runtime_error("cannot start " + arguments.front() + " (fork failed)");
  if (child == 0) {
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent) _exit(1);  // the parent died before prctl
    execv(argv[0], argv.data());
    _exit(127);
  }
  return child;
}

std::optional<int> childExitStatus(pid_t child) {
  int status = 0;
  if (waitpid(child, &status, WNOHANG) != child) return std::nullopt;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace junqi::mpi
