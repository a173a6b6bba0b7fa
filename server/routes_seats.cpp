// A game's state and actions, reached two ways: by the game's id (a person
// against agents: the id is that person's secret; a game of people: the id
// is the spectators' link, its state the public view and its actions
// refused), or by a seat's token (/api/seats/TOKEN: that seat's view and
// actions, in a game of people). And /api/join, which spends a seat's join
// token for the seat's own token.
#include <functional>

#include <httplib.h>

#include <fmt/format.h>

#include "server/http_util.h"
#include "server/server_state.h"

namespace junqi::server {

namespace {

// Who a request acts as: a game, and a seat of it (kSpectator: none).
struct SeatOfRequest {
  std::shared_ptr<GameSession> session;
  int seat = kSpectator;
};
using SeatResolver = std::function<SeatOfRequest(const httplib::Request&)>;

// By id: the person's seat in a game against agents; a spectator in a game of
// people, who may look but not act (`acting`: ApiError 403 then).
SeatResolver byGameId(ServerState& state, bool acting) {
  return [&state, acting](const httplib::Request& request) -> SeatOfRequest {
    const SessionTable::Found found = state.games.find(request.matches[1]);
    if (!found.peopleGame) return {found.session, found.session->ownerSeat()};
    if (acting)
      throw ApiError(403, "this game's seats are people's: act through your seat's link (/api/seats/TOKEN), "
                          "the game's id only watches");
    return {found.session, kSpectator};
  };
}

bool isToken(const std::string& text) {
  return text.size() == 32 && text.find_first_not_of("0123456789abcdef") == std::string::npos;
}

SeatResolver bySeatToken(ServerState& state) {
  return [&state](const httplib::Request& request) -> SeatOfRequest {
    const std::string token = request.matches[1];
    if (!isToken(token)) throw ApiError(400, "a seat's token is 32 hex digits, as the answer to /api/join gave it");
    const SessionTable::Seated seated = state.games.seat(token);
    return {seated.session, seated.seat};
  };
}

void addActions(httplib::Server& http, const std::string& prefix, const SeatResolver& look, const SeatResolver& act) {
  http.Get(prefix, [look](const httplib::Request& request, httplib::Response& response) {
    guarded(response, [&] {
      const SeatOfRequest who = look(request);
      sendJson(response, who.session->state(who.seat));
    });
  });
  http.Post(prefix + "/move", [act](const httplib::Request& request, httplib::Response& response) {
    guarded(response, [&] {
      const std::string move = stringField(jsonBody(request), "move");
      const SeatOfRequest who = act(request);
      who.session->move(who.seat, move);
      sendJson(response, who.session->state(who.seat));
    });
  });
  http.Post(prefix + "/resign", [act](const httplib::Request& request, httplib::Response& response) {
    guarded(response, [&] {
      const SeatOfRequest who = act(request);
      who.session->resign(who.seat);
      sendJson(response, who.session->state(who.seat));
    });
  });
  http.Post(prefix + "/draw", [act](const httplib::Request& request, httplib::Response& response) {
    guarded(response, [&] {
      const std::string answer = stringField(jsonBody(request), "answer", "offer");
      const SeatOfRequest who = act(request);
      if (answer == "offer") who.session->offerDraw(who.seat);
      else if (answer == "accept" || answer == "decline") who.session->answerDraw(who.seat, answer == "accept");
      else throw ApiError(400, fmt::format("'answer' must be offer, accept or decline, not '{}'", answer));
      sendJson(response, who.session->state(who.seat));
    });
  });
  http.Get(prefix + "/record", [look](const httplib::Request& request, httplib::Response& response) {
    guarded(response, [&] {
      const auto session = look(request).session;
      response.set_content(session->record(), "text/plain; charset=utf-8");
      response.set_header("Content-Disposition", fmt::format("attachment; filename=\"game-{}.{}\"", session->id(),
                                                             session->recordExtension()));
    });
  });
}

// A token as the server makes them: 32 hex digits (anything else is refused before any lookup).
std::string tokenField(const nlohmann::json& body, const char* key) {
  const std::string token = stringField(body, key);
  if (!isToken(token))
    throw ApiError(400, fmt::format("'{}' must be a seat's join token, 32 hex digits as its link holds", key));
  return token;
}

}  // namespace

void addSeatRoutes(httplib::Server& http, ServerState& state) {
  addActions(http, R"(/api/games/([0-9a-f]{1,32}))", byGameId(state, false), byGameId(state, true));
  addActions(http, R"(/api/seats/([^/]{1,64}))", bySeatToken(state), bySeatToken(state));
  http.Post("/api/join", [&state](const httplib::Request& request, httplib::Response& response) {
    guarded(response, [&] {
      const SessionTable::Seated seated = state.games.join(tokenField(jsonBody(request), "join"));
      nlohmann::json out = seated.session->state(seated.seat);
      out["seatToken"] = seated.seatToken;
      sendJson(response, out);
    });
  });
}

}  // namespace junqi::server
