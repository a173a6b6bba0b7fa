// The CPU time of a generation over the sessions that worked on it
// (training/generation_cpu.h): a stopped session's part is kept and added.
#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>
#include <string>

#include "core/files.h"
#include "training/generation_cpu.h"

namespace junqi {
namespace {

namespace fs = std::filesystem;

fs::path freshLedger(const std::string& name) {
  const fs::path p = fs::temp_directory_path() / ("junqi-generation-cpu-" + name);
  fs::remove(p);
  return p;
}

TEST(GenerationCpu, AStoppedSessionsPartIsAddedByTheNextSession) {
  const fs::path ledger = freshLedger("added");
  GenerationCpu(ledger).save();  // a first session stopped at once
  ASSERT_TRUE(fs::exists(ledger));
  writeFileAtomically(ledger.string(), "12.5\n");  // as if it had spent 12.5 CPU-s
  const GenerationCpu second(ledger);
  EXPECT_GE(second.total(), 12.5);
  EXPECT_LT(second.total(), 12.5 + 60);
  second.save();
  EXPECT_GE(GenerationCpu(ledger).total(), 12.5) << "saving again lost the first part";
  second.done();
  EXPECT_FALSE(fs::exists(ledger));
  EXPECT_LT(GenerationCpu(ledger).total(), 60) << "without a ledger a generation starts from zero";
}

TEST(GenerationCpu, ALedgerThatIsNotANumberIsRefusedByName) {
  const fs::path ledger = freshLedger("bad");
  for (const std::string text : {"twelve\n", "-3\n", "12 s\n", ""}) {
    writeFileAtomically(ledger.string(), text);
    try {
      GenerationCpu cpu(ledger);
      ADD_FAILURE() << "'" << text << "' was read as " << cpu.total() << " CPU-s";
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find(ledger.string()), std::string::npos) << e.what();
    }
  }
  fs::remove(ledger);
}

}  // namespace
}  // namespace junqi
