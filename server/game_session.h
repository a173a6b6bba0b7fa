// One game of people and agents, whatever the game: what the table, the
// routes and the server's limits see (session_table.h, routes_games.cpp).
// Each game has its implementation (classic_session.h, flip_session.h,
// four_session.h). Seats are numbered as the game numbers them (classic and
// flip: index(Seat), four-player: the army); what a session tells a seat is
// that seat's observation alone until the game is over, and a spectator
// (kSpectator) only what every seat sees. Agents think in threads of their
// own (agent_thread.h), and a session made by std::make_shared is start()ed once.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/piece.h"
#include "core/classic/layout.h"
#include "server/thinkers.h"

namespace junqi::server {

struct AnalysisBudget;

struct NewGame {
  std::string rules = "hiddenfront";  // a classic, flip or four-player ruleset (its preset names the game)
  std::string agentName;  // as the operator's menu calls it (what the person sees)
  std::string agentSpec;  // what plays
  Seat personSeat = Seat::Red;  // flip: Red is the seat that moves first
  int personArmy = 0;  // four-player: south, east, north, west (0 to 3)
  // Seats held by other people, who join by a link (none: the person against agents).
  std::vector<int> guestSeats;
  Layout personLayout;  // classic only (a guest's layout is the server's, a balanced one)
  std::uint64_t seed = 0;  // the server's own, never the page's (it decides the agent's layout, the deal)
  double agentSeconds = 0;  // the agent's time for a move (above 0): past it the agent loses the game
  std::string gamesDir;  // finished games are written here (nothing when empty)
  std::shared_ptr<Thinkers> thinkers = std::make_shared<Thinkers>();
};

// The viewer who holds no seat: it is shown what every seat sees, nothing more.
inline constexpr int kSpectator = -1;

class GameSession {
 public:
  virtual ~GameSession() = default;
  virtual void start() = 0;
  virtual const std::string& id() const = 0;
  // The creator's seat (NewGame's personSeat or personArmy).
  virtual int ownerSeat() const = 0;
  // The game's seats by name ("red", "1", "south"); seatLabel(i) names seat i.
  virtual int seatCount() const = 0;
  virtual std::string seatLabel(int seat) const = 0;
  // A viewer's view (a person's seat, or kSpectator): its observation, legal
  // actions on its turn, what happened, the clock; the full board once over.
  // Applies a timeout that is due.
  virtual nlohmann::json state(int viewer) = 0;
  // A person's action in the game's notation ("C4-C5"; a flip "C3").
  // ApiError 409 when it is not the time, 400 when the rules refuse.
  virtual void move(int seat, const std::string& text) = 0;
  virtual void resign(int seat) = 0;
  virtual void offerDraw(int seat) = 0;  // ApiError 409 in a game without draw offers
  virtual void answerDraw(int seat, bool accept) = 0;
  // The person of `seat` left (no request for the server's seat timeout): the
  // seat loses by forfeit, `why` is the record's note, the record is written.
  virtual void forfeitAbsent(int seat, const std::string& why) = 0;
  // The record; ApiError 409 while the game goes on (it holds what the person may not see).
  virtual std::string record() const = 0;
  virtual std::string recordExtension() const = 0;  // "jqr", "jqf"
  virtual bool isOver() const = 0;
  // The game is dropped (it expired): an agent thinking is let go, its move dropped.
  virtual void abandon() = 0;
  virtual std::chrono::steady_clock::time_point created() const = 0;
  // The analysis view of `seat` (a seat's number, never kSpectator) now, from
  // that seat's own view alone (server/analysis/analysis.h): the view is
  // copied under the session's lock, searched outside it (the game goes on).
  // Adds {game, seat, toMove, ply}. The caller checks the asker holds `seat`.
  virtual nlohmann::json analyse(int seat, const std::string& spec, const AnalysisBudget& budget) = 0;
};

// The session of the game the rules name. Throws ApiError 400 for rules or a
// layout the game refuses, 500 for an agent that cannot be made.
std::shared_ptr<GameSession> makeGameSession(std::string id, const NewGame& setup);

// Today's date in UTC, as a record's date tag writes it (2026-12-05).
std::string recordDate();
// Writes a finished game's record as DIR/game-ID.EXTENSION, atomically. A
// failure is said on standard error and not thrown: the game is over either way.
void writeFinishedRecord(const std::string& dir, const std::string& id, const std::string& extension,
                         const std::string& text);

}  // namespace junqi::server
