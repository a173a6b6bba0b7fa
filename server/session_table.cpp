#include "server/session_table.h"

#include <random>

#include <fmt/format.h>

#include "server/http_util.h"

namespace junqi::server {

std::string newSessionId() {
  static std::mutex mutex;
  static std::random_device device;
  std::lock_guard lock(mutex);
  return fmt::format("{:08x}{:08x}", device(), device());
}

std::shared_ptr<GameSession> SessionTable::create(const NewGame& setup) {
  std::shared_ptr<GameSession> evicted;
  {
    std::lock_guard lock(mutex_);
    evicted = makeRoom();
  }
  // Made outside the lock: the agent chooses its layout, which may take a while.
  auto session = std::make_shared<GameSession>(newSessionId(), setup);
  std::shared_ptr<GameSession> evictedToo;
  std::lock_guard lock(mutex_);
  evictedToo = makeRoom();  // another request may have taken the place meanwhile
  sessions_[session->id()] = session;
  return session;
}

std::shared_ptr<GameSession> SessionTable::makeRoom() {
  if (static_cast<int>(sessions_.size()) < capacity_) return nullptr;
  auto oldest = sessions_.end();
  for (auto it = sessions_.begin(); it != sessions_.end(); ++it)
    if (it->second->isOver() && (oldest == sessions_.end() || it->second->created() < oldest->second->created()))
      oldest = it;
  if (oldest == sessions_.end())
    throw ApiError(503, fmt::format("the server holds {} games, all still going: finish or resign one", capacity_));
  auto evicted = std::move(oldest->second);
  sessions_.erase(oldest);
  return evicted;
}

std::shared_ptr<GameSession> SessionTable::find(const std::string& id) const {
  std::lock_guard lock(mutex_);
  const auto it = sessions_.find(id);
  if (it == sessions_.end()) throw ApiError(404, fmt::format("no game '{}' (the server may have restarted)", id));
  return it->second;
}

int SessionTable::size() const {
  std::lock_guard lock(mutex_);
  return static_cast<int>(sessions_.size());
}

}  // namespace junqi::server
