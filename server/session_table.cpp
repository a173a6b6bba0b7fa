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

SessionTable::Created SessionTable::create(const NewGame& setup) {
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
  Entry& entry = sessions_[session->id()] = {session, Clock::now(), {}};
  if (!setup.guestSeats.empty()) entry.people = PeopleSeats(session->ownerSeat(), setup.guestSeats);
  session->start();
  if (!entry.people.any()) return {session, "", {}};
  return {session, entry.people.ownerToken(), entry.people.invites()};
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

// A seat gone quiet ends its game, checked before the idle expiry so that the
// game is ended and its record written before it is dropped.
void SessionTable::endAbsentSeats() {
  for (auto& [id, entry] : sessions_) {
    if (!entry.people.any() || entry.session->isOver()) continue;
    if (const auto seat = entry.people.absent(seatSeconds_))
      entry.session->forfeitAbsent(
          *seat, fmt::format("{} left: no request from its seat for {:g} s, the server's seat timeout",
                             entry.session->seatLabel(*seat), seatSeconds_));
  }
}

void SessionTable::expire() {
  endAbsentSeats();
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

SessionTable::Found SessionTable::find(const std::string& id) {
  std::lock_guard lock(mutex_);
  expire();
  const auto it = sessions_.find(id);
  if (it == sessions_.end())
    throw ApiError(404, fmt::format("no game '{}' (it expired after {:g} minutes unseen, or the server restarted)",
                                    id, idleSeconds_ / 60));
  it->second.seen = Clock::now();
  return {it->second.session, it->second.people.any()};
}

SessionTable::Seated SessionTable::join(const std::string& joinToken) {
  std::lock_guard lock(mutex_);
  expire();
  for (auto& [id, entry] : sessions_) {
    std::string seatToken;
    if (const auto seat = entry.people.join(joinToken, seatToken)) {
      entry.seen = Clock::now();
      return {entry.session, *seat, seatToken};
    }
  }
  throw ApiError(404, "no game has a seat open for this link (a wrong link, or its game ended or expired)");
}

SessionTable::Seated SessionTable::seat(const std::string& seatToken) {
  std::lock_guard lock(mutex_);
  expire();
  for (auto& [id, entry] : sessions_)
    if (const auto seat = entry.people.visit(seatToken)) {
      entry.seen = Clock::now();
      return {entry.session, *seat, seatToken};
    }
  throw ApiError(404, "no game has a seat for this token (a wrong or forged token, or its game expired)");
}

int SessionTable::size() const {
  std::lock_guard lock(mutex_);
  return static_cast<int>(sessions_.size());
}

}  // namespace junqi::server
