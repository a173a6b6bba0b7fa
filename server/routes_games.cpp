// The routes of a person's games: presets, agents, the board's lines,
// layouts, and each game's state and actions (docs/web.md lists them).
#include <httplib.h>

#include <fmt/format.h>

#include "core/classic/auto_layout.h"
#include "core/classic/notation.h"
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

nlohmann::json presets() {
  nlohmann::json out = nlohmann::json::array();
  for (const std::string& name : Ruleset::presetNames())
    out.push_back({{"name", name}, {"describe", Ruleset::byName(name).describe()}});
  return out;
}

nlohmann::json agents(const AgentMenu& menu) {
  nlohmann::json out = nlohmann::json::array();
  for (const MenuAgent& agent : menu.agents()) out.push_back({{"name", agent.name}, {"help", agent.help}});
  return out;
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

// The game's seed is the server's: the agent's layout follows from it, so a
// seed the page chose could replay a layout it has seen.
NewGame newGame(const nlohmann::json& body, const ServerState& state) {
  if (body.contains("seed")) throw ApiError(400, "'seed' is the server's to choose (it decides the agent's layout)");
  NewGame setup;
  setup.ruleset = rulesField(body);
  const MenuAgent& agent = state.menu.find(stringField(body, "agent", state.menu.agents().front().name));
  setup.agentName = agent.name;
  setup.agentSpec = agent.spec;
  const std::string seat = stringField(body, "seat", "red");
  const auto side = parseSeat(seat);
  if (!side) throw ApiError(400, fmt::format("'seat' must be red or blue, not '{}'", seat));
  setup.personSeat = *side;
  setup.personLayout = layoutField(body);
  setup.seed = freshSeed();
  setup.agentSeconds = state.options.agentSeconds;
  setup.gamesDir = state.options.gamesDir;
  setup.thinkers = state.thinkers;
  return setup;
}

Move moveField(const nlohmann::json& body) {
  const std::string text = stringField(body, "move");
  const auto move = parseMove(text);
  if (!move) throw ApiError(400, fmt::format("'{}' is not a move: write it as C4-C5", text));
  return *move;
}

void addGameActions(httplib::Server& http, ServerState& state) {
  const std::string game = R"(/api/games/([0-9a-f]{1,32}))";
  http.Get(game, [&state](const httplib::Request& request, httplib::Response& response) {
    guarded(response, [&] { sendJson(response, state.games.find(request.matches[1])->state()); });
  });
  http.Post(game + "/move", [&state](const httplib::Request& request, httplib::Response& response) {
    guarded(response, [&] {
      const Move move = moveField(jsonBody(request));
      const auto session = state.games.find(request.matches[1]);
      session->move(move);
      sendJson(response, session->state());
    });
  });
  http.Post(game + "/resign", [&state](const httplib::Request& request, httplib::Response& response) {
    guarded(response, [&] {
      const auto session = state.games.find(request.matches[1]);
      session->resign();
      sendJson(response, session->state());
    });
  });
  http.Post(game + "/draw", [&state](const httplib::Request& request, httplib::Response& response) {
    guarded(response, [&] {
      const std::string answer = stringField(jsonBody(request), "answer", "offer");
      const auto session = state.games.find(request.matches[1]);
      if (answer == "offer") session->offerDraw();
      else if (answer == "accept" || answer == "decline") session->answerDraw(answer == "accept");
      else throw ApiError(400, fmt::format("'answer' must be offer, accept or decline, not '{}'", answer));
      sendJson(response, session->state());
    });
  });
  http.Get(game + "/record", [&state](const httplib::Request& request, httplib::Response& response) {
    guarded(response, [&] {
      const auto session = state.games.find(request.matches[1]);
      response.set_content(session->record(), "text/plain; charset=utf-8");
      response.set_header("Content-Disposition", fmt::format("attachment; filename=\"game-{}.jqr\"", session->id()));
    });
  });
}

}  // namespace

void addGameRoutes(httplib::Server& http, ServerState& state) {
  http.Get("/api/presets", [](const httplib::Request&, httplib::Response& response) {
    guarded(response, [&] { sendJson(response, presets()); });
  });
  http.Get("/api/agents", [&state](const httplib::Request&, httplib::Response& response) {
    guarded(response, [&] { sendJson(response, agents(state.menu)); });
  });
  http.Get("/api/board", [](const httplib::Request& request, httplib::Response& response) {
    guarded(response, [&] {
      const std::string rules = request.has_param("rules") ? request.get_param_value("rules") : "hiddenfront";
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
      const auto session = state.games.create(newGame(jsonBody(request), state));
      sendJson(response, session->state(), 201);
    });
  });
  addGameActions(http, state);
}

}  // namespace junqi::server
