#include "server/record_store.h"

#include <fmt/format.h>

#include "server/http_util.h"

namespace junqi::server {

std::string RecordStore::add(const std::string& text) {
  AnyRecord record = openAnyRecord(text);  // parsed and replayed outside the lock
  std::lock_guard lock(mutex_);
  const int name = next_++;
  records_[name] = std::move(record);
  while (static_cast<int>(records_.size()) > capacity_) records_.erase(records_.begin());
  return std::to_string(name);
}

AnyRecord RecordStore::get(const std::string& name) const {
  std::lock_guard lock(mutex_);
  int key = 0;
  try {
    key = std::stoi(name);
  } catch (const std::exception&) {
    throw ApiError(404, fmt::format("no record '{}'", name));
  }
  const auto it = records_.find(key);
  if (it == records_.end()) throw ApiError(404, fmt::format("no record '{}' (open it again)", name));
  return it->second;
}

}  // namespace junqi::server
