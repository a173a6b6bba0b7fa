// Where the torch-free bot program junqi-bot is, for tests that start it.
#pragma once

#include <filesystem>
#include <string>
#include <system_error>

namespace junqi::matchtest {

// JUNQI_BOT_PROGRAM when the build defines it (tests/CMakeLists.txt), else
// junqi-bot in the build tree beside this test program (build/tools/ next to
// build/tests/); empty when there is none.
inline std::string botProgram() {
#ifdef JUNQI_BOT_PROGRAM
  return JUNQI_BOT_PROGRAM;
#else
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return {};
  const std::filesystem::path bot = self.parent_path().parent_path() / "tools" / "junqi-bot";
  return std::filesystem::exists(bot, error) ? bot.string() : std::string();
#endif
}

}  // namespace junqi::matchtest
