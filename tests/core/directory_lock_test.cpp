// One process at a time in a match or run directory (core/directory_lock.h):
// a second holder is refused by name, and a holder that dies, even killed,
// leaves no stale lock behind.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <optional>
#include <string>

#include <sys/wait.h>
#include <unistd.h>

#include "core/directory_lock.h"
#include "tests/support/error_of.h"

namespace junqi {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

class DirectoryLockTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = (fs::temp_directory_path() / ("junqi-lock-test-" + std::to_string(::getpid()))).string();
    fs::remove_all(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string dir_;
};

TEST_F(DirectoryLockTest, ASecondHolderIsRefusedUntilTheFirstLetsGo) {
  std::optional<DirectoryLock> first;
  first.emplace(dir_, "match");
  EXPECT_TRUE(fs::is_directory(dir_));
  const std::string error = errorOf([&] { DirectoryLock second(dir_, "match"); });
  EXPECT_THAT(error, HasSubstr(dir_ + " is in use by another junqi process (pid " + std::to_string(::getpid()) + ")"));
  EXPECT_THAT(error, HasSubstr("one match at a time writes there"));
  first.reset();
  EXPECT_EQ(errorOf([&] { DirectoryLock again(dir_, "match"); }), "");
}

// A holder killed with SIGKILL (no destructor runs): its lock goes with it.
TEST_F(DirectoryLockTest, AKilledHolderLeavesNoStaleLock) {
  int ready[2];
  ASSERT_EQ(::pipe(ready), 0);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    try {
      const DirectoryLock held(dir_, "training run");
      [[maybe_unused]] const ssize_t n = ::write(ready[1], "x", 1);
      ::pause();
    } catch (...) {
    }
    ::_exit(1);  // never back into the test runner
  }
  char byte = 0;
  ASSERT_EQ(::read(ready[0], &byte, 1), 1);
  EXPECT_THAT(errorOf([&] { DirectoryLock mine(dir_, "training run"); }),
              HasSubstr("in use by another junqi process (pid " + std::to_string(child) + "): one training run"));
  ::kill(child, SIGKILL);
  ::waitpid(child, nullptr, 0);
  ::close(ready[0]);
  ::close(ready[1]);
  EXPECT_EQ(errorOf([&] { DirectoryLock mine(dir_, "training run"); }), "");
}

}  // namespace
}  // namespace junqi
