// The seats of one game that people hold, and the secrets that reach them.
// Each seat left for a guest has a join token (the link its creator shares),
// spent by the first person who opens it, who gets the seat's own token in
// return; the owner's seat has its token from the start. Tokens are 32 hex
// digits from the system's random device, with nothing of the game's id in
// them: the id (the spectators' link) tells nothing of a seat's token. Each
// seat's last request is kept: a seat unseen for the server's seat timeout
// (an open seat: since the game began) has left.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace junqi::server {

class PeopleSeats {
 public:
  using Clock = std::chrono::steady_clock;
  PeopleSeats() = default;  // a game of one person against agents: no seat by token
  PeopleSeats(int ownerSeat, const std::vector<int>& guestSeats);

  bool any() const { return !seats_.empty(); }
  const std::string& ownerToken() const { return seats_.front().seatToken; }
  // {seat, join token} of each seat nobody took yet.
  std::vector<std::pair<int, std::string>> invites() const;
  // The seat the join token opens, now taken, its token in `seatToken`;
  // nullopt when no seat here has that join token. ApiError 409 when taken already.
  std::optional<int> join(const std::string& joinToken, std::string& seatToken);
  // The seat the token names, now seen; nullopt when no seat here has it.
  std::optional<int> visit(const std::string& seatToken);
  // A seat unseen for `seconds` (above 0), if one is.
  std::optional<int> absent(double seconds) const;

 private:
  struct PersonSeat {
    int seat = 0;
    std::string joinToken;  // empty for the owner's seat
    std::string seatToken;  // empty until someone takes the seat
    Clock::time_point seen = Clock::now();
  };
  std::vector<PersonSeat> seats_;  // the owner's first
};

}  // namespace junqi::server
