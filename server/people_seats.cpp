#include "server/people_seats.h"

#include "server/access_checks.h"
#include "server/http_util.h"

namespace junqi::server {

PeopleSeats::PeopleSeats(int ownerSeat, const std::vector<int>& guestSeats) {
  seats_.push_back({ownerSeat, "", newToken(), Clock::now()});
  for (const int seat : guestSeats) seats_.push_back({seat, newToken(), "", Clock::now()});
}

std::vector<std::pair<int, std::string>> PeopleSeats::invites() const {
  std::vector<std::pair<int, std::string>> open;
  for (const PersonSeat& s : seats_)
    if (s.seatToken.empty()) open.emplace_back(s.seat, s.joinToken);
  return open;
}

// Every seat is compared (sameSecret's time tells nothing of how much matched).
std::optional<int> PeopleSeats::join(const std::string& joinToken, std::string& seatToken) {
  PersonSeat* found = nullptr;
  for (PersonSeat& s : seats_)
    if (!s.joinToken.empty() && sameSecret(joinToken, s.joinToken)) found = &s;
  if (!found) return std::nullopt;
  if (!found->seatToken.empty())
    throw ApiError(409, "this seat was taken: its link lets in the first person who opens it");
  found->seatToken = newToken();
  found->seen = Clock::now();
  seatToken = found->seatToken;
  return found->seat;
}

std::optional<int> PeopleSeats::visit(const std::string& seatToken) {
  PersonSeat* found = nullptr;
  for (PersonSeat& s : seats_)
    if (!s.seatToken.empty() && sameSecret(seatToken, s.seatToken)) found = &s;
  if (!found) return std::nullopt;
  found->seen = Clock::now();
  return found->seat;
}

std::optional<int> PeopleSeats::absent(double seconds) const {
  if (seconds <= 0) return std::nullopt;
  const Clock::time_point now = Clock::now();
  for (const PersonSeat& s : seats_)
    if (now - s.seen >= std::chrono::duration<double>(seconds)) return s.seat;
  return std::nullopt;
}

}  // namespace junqi::server
