#include "arena/live_record.h"

#include <filesystem>

#include "core/files.h"
#include "core/classic/record.h"

namespace junqi {

LiveRecordWriter::LiveRecordWriter(std::string path, Tags tags, double everySeconds)
    : path_(std::move(path)), tags_(std::move(tags)), every_(everySeconds) {}

LiveRecordWriter::~LiveRecordWriter() {
  std::error_code ignored;  // nothing written, or already gone: nothing to do
  std::filesystem::remove(path_, ignored);
}

void LiveRecordWriter::operator()(const Game& game) {
  write([&] { return formatRecord(recordOf(game, tags_)); });
}

void LiveRecordWriter::write(const std::function<std::string()>& record) {
  const auto now = std::chrono::steady_clock::now();
  if (last_ && now - *last_ < every_) return;
  last_ = now;
  try {
    writeFileAtomically(path_, record());
    ++writes_;
  } catch (const std::exception&) {
    // Only the onlookers' view is late: the game goes on, and its finished
    // record (which the match needs) reports a failing disk itself.
  }
}

}  // namespace junqi
