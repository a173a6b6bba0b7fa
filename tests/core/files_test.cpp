// Writing files through a temporary file and a rename: a failure leaves
// neither half a file nor the temporary file behind, and says what failed.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <thread>
#include <vector>

#include <unistd.h>

#include "core/files.h"
#include "tests/support/error_of.h"

namespace junqi {
namespace {

namespace fs = std::filesystem;

class FilesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("junqi-files-test-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string file(const std::string& name) const { return (dir_ / name).string(); }

  fs::path dir_;
};

TEST_F(FilesTest, WritesTheWholeFileAndLeavesNoTemporaryFile) {
  writeFileAtomically(file("a"), "first");
  writeFileAtomically(file("a"), std::string("second\0with a zero", 18));
  EXPECT_EQ(readFile(file("a")), std::string("second\0with a zero", 18));
  EXPECT_FALSE(fs::exists(file("a.tmp")));
}

// Writers of one file at the same moment (an MPI run's rank 0 and its trainer
// both claim a rating match's folder): with one shared temporary file, one
// writer's rename takes the other's file away, or a half-written one.
TEST_F(FilesTest, WritersOfOneSharedFileAtOnceEachLeaveItWhole) {
  const std::string contents(1 << 16, 'x');
  std::atomic<int> failures{0};
  std::vector<std::thread> writers;
  for (int w = 0; w < 4; ++w)
    writers.emplace_back([&] {
      for (int i = 0; i < 100; ++i) try {
          writeSharedFileAtomically(file("shared"), contents);
          if (readFile(file("shared")) != contents) ++failures;
        } catch (const std::exception&) {
          ++failures;
        }
    });
  for (std::thread& w : writers) w.join();
  EXPECT_EQ(failures, 0);
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 1);  // no temporary file left
}

TEST_F(FilesTest, AFailedRenameRemovesTheTemporaryFileAndKeepsWhatWasThere) {
  // A directory where the file should go: the rename fails.
  fs::create_directories(file("taken"));
  writeFileAtomically(file("taken/kept"), "saved before");
  const std::string error = errorOf([&] { writeFileAtomically(file("taken"), "new contents"); });
  EXPECT_NE(error.find("cannot rename '" + file("taken.tmp") + "' to '" + file("taken") + "'"), std::string::npos)
      << error;
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  EXPECT_FALSE(fs::exists(file("taken.tmp")));
  EXPECT_TRUE(fs::is_directory(file("taken")));
  EXPECT_EQ(readFile(file("taken/kept")), "saved before");
}

TEST_F(FilesTest, AFileThatCannotBeCreatedIsNamedWithTheReason) {
  const std::string error = errorOf([&] { writeFileAtomically(file("missing/a"), "x"); });
  EXPECT_EQ(error, "cannot write " + file("missing/a") + ": No such file or directory");
  EXPECT_FALSE(fs::exists(file("missing")));
}

// A full disk: the temporary file is a link to /dev/full, where every write
// fails with ENOSPC. The file saved before stays, and nothing else is left.
TEST_F(FilesTest, AFullDiskIsOneLineNamingTheFileAndKeepsWhatWasSaved) {
  writeFileAtomically(file("a"), "saved before");
  fs::create_symlink("/dev/full", file("a.tmp"));
  const std::string error = errorOf([&] { writeFileAtomically(file("a"), "new contents"); });
  EXPECT_EQ(error, "cannot write " + file("a") + ": No space left on device");
  EXPECT_EQ(readFile(file("a")), "saved before");
  EXPECT_FALSE(fs::exists(fs::symlink_status(file("a.tmp")))) << "the temporary file was left behind";
}

}  // namespace
}  // namespace junqi
