// The routes of a person's games: presets, agents, the board's lines,
// layouts, and each game's state and actions (docs/web.md lists them).
#include <algorithm>

#include <httplib.h>

#include <fmt/format.h>

#include "core/classic/auto_layout.h"
#include "core/classic/notation.h"
#include "core/flip/flip_ruleset.h"
#include "core/four/four_notation.h"
#include "core/four/four_ruleset.h"
#include "server/board_json.h"
#include "server/http_util.h"
#include "server/server_state.h"

namespace junqi::server {

namespace {

Ruleset rulesField(const nlohmann::json& body) { return Ruleset::parse(stringField(body, "rules", "hiddenfront")); }

Layout layoutField(const nlohmann::json& body) {
  const std::string text = stringField(body, "layout");
  if (text.empty()) throw ApiError(400, "'layout' is missing");
  return parseLayout(text);
}

// The game a ruleset text names: a flip preset begins "flip", a four-player one "four".
GameKind gameOfRules(const std::string& rules) {
  if (FlipRuleset::namesFlip(rules)) return GameKind::Flip;
  if (FourRuleset::namesFour(rules)) return GameKind::Four;
  return GameKind::Classic;
}

// Every game's presets, `first` (the operator's --rules) before the others:
// the page opens with the first one.
nlohmann::json presets(const std::string& first) {
  nlohmann::json out = nlohmann::json::array();
  for (const std::string& name : Ruleset::presetNames())
    out.push_back({{"name", name}, {"game", "classic"}, {"describe", Ruleset::byName(name).describe()}});
  for (const std::string& name : FlipRuleset::presetNames())
    out.push_back({{"name", name}, {"game", "flip"}, {"describe", FlipRuleset::byName(name).describe()}});
  for (const std::string& name : FourRuleset::presetNames())
    out.push_back({{"name", name}, {"game", "four"}, {"describe", FourRuleset::byName(name).describe()}});
  std::stable_partition(out.begin(), out.end(), [&](const nlohmann::json& p) { return p["name"] == first; });
  return out;
}

GameKind gameParam(const httplib::Request& request) {
  const std::string game = request.has_param("game") ? request.get_param_value("game") : "classic";
  for (const GameKind kind : {GameKind::Classic, GameKind::Flip, GameKind::Four})
    if (game == gameKindName(kind)) return kind;
  throw ApiError(400, fmt::format("'game' must be classic, flip or four, not '{}'", game.substr(0, 40)));
}

nlohmann::json agents(const AgentMenu& menu, GameKind game) {
  nlohmann::json out = nlohmann::json::array();
  for (const MenuAgent& agent : menu.agents(game)) out.push_back({{"name", agent.name}, {"help", agent.help}});
  return out;
}

// The person's army in a four-player game: south (the default), east, north or west.
int armyField(const nlohmann::json& body) {
  const std::string seat = stringField(body, "seat", "south");
  const int army = parseArmyName(seat);
  if (army < 0 || army >= kArmies)
    throw ApiError(400, fmt::format("'seat' must be south, east, north or west, not '{}'", seat.substr(0, 40)));
  return army;
}

// The person's seat: red or blue in the classic game, 1 (moves first) or 2 in Flip Junqi.
Seat seatField(const nlohmann::json& body, GameKind game) {
  if (game == GameKind::Flip) {
    const std::string seat = stringField(body, "seat", "1");
    if (seat != "1" && seat != "2") throw ApiError(400, fmt::format("'seat' must be 1 or 2, not '{}'", seat));
    return seat == "1" ? Seat::Red : Seat::Blue;
  }
  const std::string seat = stringField(body, "seat", "red");
  const auto side = parseSeat(seat);
  if (!side) throw ApiError(400, fmt::format("'seat' must be red or blue, not '{}'", seat));
  return *side;
}

// A layout in a style ("random", "aggressive", "defensive", "balanced") for the ruleset.
nlohmann::json generatedLayout(const nlohmann::json& body) {
  const std::string styleName = stringField(body, "style", "balanced");
  const auto style = parseLayoutStyle(styleName);
  if (!style) throw ApiError(400, fmt::format("unknown layout style '{}': use random, aggressive, defensive or balanced",
                                              styleName));
  Rng rng(static_cast<std::uint64_t>(intField(body, "seed", 1)));
  return layoutJson(styledLayout(*style, rulesField(body), rng));
}

// The seats left for people who join by a link ("people": ["blue"]), as
// seat numbers: each once, none the creator's, one seat at least for an agent
// or the creator.
std::vector<int> guestSeatsField(const nlohmann::json& body, GameKind game, int ownerSeat) {
  if (!body.contains("people")) return {};
  const nlohmann::json& people = body["people"];
  if (!people.is_array()) throw ApiError(400, "'people' must be a list of seats, as [\"blue\"]");
  std::vector<int> seats;
  for (const nlohmann::json& name : people) {
    if (!name.is_string()) throw ApiError(400, "'people' must be a list of seats, as [\"blue\"]");
    const nlohmann::json one = {{"seat", name}};
    const int seat = game == GameKind::Four ? armyField(one) : index(seatField(one, game));
    if (seat == ownerSeat) throw ApiError(400, fmt::format("'people': {} is your own seat", name.get<std::string>()));
    if (std::find(seats.begin(), seats.end(), seat) != seats.end())
      throw ApiError(400, fmt::format("'people': {} is named twice", name.get<std::string>()));
    seats.push_back(seat);
  }
  return seats;
}

// A new game's answer: the creator's view, and for a game of people the
// creator's seat token, a join link per open seat and the spectators' link.
nlohmann::json createdGameJson(const SessionTable::Created& created) {
  GameSession& session = *created.session;
  if (created.ownerToken.empty()) return session.state(session.ownerSeat());
  nlohmann::json out = session.state(session.ownerSeat());
  out["seatToken"] = created.ownerToken;
  out["invites"] = nlohmann::json::array();
  for (const auto& [seat, token] : created.invites)
    out["invites"].push_back({{"seat", session.seatLabel(seat)}, {"join", token}, {"link", "/?join=" + token}});
  out["watch"] = "/?watch=" + session.id();
  return out;
}

// The game's seed is the server's: the agent's layout follows from it, so a
// seed the page chose could replay a layout it has seen.
NewGame newGame(const nlohmann::json& body, const ServerState& state) {
  if (body.contains("seed")) throw ApiError(400, "'seed' is the server's to choose (it decides the agent's layout)");
  NewGame setup;
  const GameKind game = gameOfRules(stringField(body, "rules", "hiddenfront"));
  if (game == GameKind::Flip) setup.rules = FlipRuleset::parse(stringField(body, "rules")).toString();
  else if (game == GameKind::Four) setup.rules = FourRuleset::parse(stringField(body, "rules")).toString();
  else setup.rules = rulesField(body).toString();
  const auto& menu = state.menu.agents(game);
  if (menu.empty()) throw ApiError(400, fmt::format("this server offers no {} agent", gameKindName(game)));
  const MenuAgent& agent = state.menu.find(stringField(body, "agent", menu.front().name), game);
  setup.agentName = agent.name;
  setup.agentSpec = agent.spec;
  if (game == GameKind::Four) setup.personArmy = armyField(body);
  else setup.personSeat = seatField(body, game);
  setup.guestSeats = guestSeatsField(body, game, game == GameKind::Four ? setup.personArmy : index(setup.personSeat));
  if (game == GameKind::Classic) setup.personLayout = layoutField(body);
  else if (body.contains("layout"))
    throw ApiError(400, game == GameKind::Flip ? "Flip Junqi has no layout (its pieces are dealt face down)"
                                               : "a four-player game's layouts are the server's");
  setup.seed = freshSeed();
  setup.agentSeconds = state.options.agentSeconds;
  setup.gamesDir = state.options.gamesDir;
  setup.thinkers = state.thinkers;
  return setup;
}


}  // namespace

void addGameRoutes(httplib::Server& http, ServerState& state) {
  http.Get("/api/presets", [&state](const httplib::Request&, httplib::Response& response) {
    guarded(response, [&] { sendJson(response, presets(state.options.firstPreset)); });
  });
  http.Get("/api/agents", [&state](const httplib::Request& request, httplib::Response& response) {
    guarded(response, [&] { sendJson(response, agents(state.menu, gameParam(request))); });
  });
  http.Get("/api/board", [](const httplib::Request& request, httplib::Response& response) {
    guarded(response, [&] {
      const std::string rules = request.has_param("rules") ? request.get_param_value("rules") : "hiddenfront";
      if (FlipRuleset::namesFlip(rules)) return sendJson(response, boardGeometryJson(true));
      if (FourRuleset::namesFour(rules)) return sendJson(response, crossBoardGeometryJson());
      sendJson(response, boardGeometryJson(Ruleset::parse(rules)));
    });
  });
  http.Post("/api/layouts", [](const httplib::Request& request, httplib::Response& response) {
    guarded(response, [&] { sendJson(response, generatedLayout(jsonBody(request))); });
  });
  http.Post("/api/layouts/check", [](const httplib::Request& request, httplib::Response& response) {
    guarded(response, [&] {
      const nlohmann::json body = jsonBody(request);
      // A verdict, not a refusal: 200 with the rules' message when the layout breaks one.
      if (const auto violation = validateLayout(layoutField(body), rulesField(body)))
        return sendJson(response, {{"ok", false}, {"error", violation->message}});
      sendJson(response, {{"ok", true}});
    });
  });
  http.Post("/api/games", [&state](const httplib::Request& request, httplib::Response& response) {
    guarded(response, [&] {
      const SessionTable::Created created = state.games.create(newGame(jsonBody(request), state));
      sendJson(response, createdGameJson(created), 201);
    });
  });
}

}  // namespace junqi::server
