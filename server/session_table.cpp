#include "server/session_table.h"

#include <random>
#include <vector>

#include <fmt/format.h>

#include "server/http_util.h"

namespace junqi::server {

namespace {
std::mutex deviceMutex;
std::random_device device;
}  // namespace

std::string newSessionId() {
  std::lock_guard lock(deviceMutex);
  return fmt::format("{:08x}{:08x}", device(), device());
}

std::uint64_t freshSeed() {
  std::lock_guard lock(deviceMutex);
  return (static_cast<std::uint64_t>(device()) << 32) ^ device();
}

std::shared_ptr<GameSession> SessionTable::create(const NewGame& setup) {
  {
    std::lock_guard lock(mutex_);
    expire();
    makeRoom();
  }
  // A game that ends lets its agent's search run out (it cannot be stopped):
  // past twice the table's games, new ones wait for those searches to end.
  if (setup.thinkers->running() >= 2 * capacity_)
    throw ApiError(503, "agents of ended games are still finishing their moves: try again in a few seconds");
  // Made outside the lock: the agent chooses its layout, which may take a while.
  std::shared_ptr<GameSession> session = makeGameSession(newSessionId(), setup);
  std::lock_guard lock(mutex_);
  makeRoom();  // another request may have taken the place meanwhile
  sessions_[session->id()] = {session, Clock::now()};
  session->start();
  return session;
}

void SessionTable::makeRoom() {
  if (static_cast<int>(sessions_.size()) < capacity_) return;
  auto oldest = sessions_.end();
  for (auto it = sessions_.begin(); it != sessions_.end(); ++it)
    if (it->second.session->isOver() &&
        (oldest == sessions_.end() || it->second.session->created() < oldest->second.session->created()))
      oldest = it;
  if (oldest == sessions_.end())
    throw ApiError(503, fmt::format("the server holds {} games, all still going: finish or resign one", capacity_));
  sessions_.erase(oldest);  // its agent, if still thinking, is not waited for (the thread holds the game)
}

void SessionTable::expire() {
  if (idleSeconds_ <= 0) return;
  const Clock::time_point now = Clock::now();
  for (auto it = sessions_.begin(); it != sessions_.end();) {
    if (now - it->second.seen < std::chrono::duration<double>(idleSeconds_)) {
      ++it;
      continue;
    }
    it->second.session->abandon();
    it = sessions_.erase(it);
  }
}

std::shared_ptr<GameSession> SessionTable::find(const std::string& id) {
  std::lock_guard lock(mutex_);
  expire();
  const auto it = sessions_.find(id);
  if (it == sessions_.end())
    throw ApiError(404, fmt::format("no game '{}' (it expired after {:g} minutes unseen, or the server restarted)",
                                    id, idleSeconds_ / 60));
  it->second.seen = Clock::now();
  return it->second.session;
}

int SessionTable::size() const {
  std::lock_guard lock(mutex_);
  return static_cast<int>(sessions_.size());
}

}  // namespace junqi::server
