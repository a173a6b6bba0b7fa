// What the routes share: the options, the games and the opened records.
#pragma once

#include <memory>

#include "server/agent_menu.h"
#include "server/record_store.h"
#include "server/session_table.h"
#include "server/thinkers.h"
#include "server/web_server.h"

namespace httplib {
class Server;
}

namespace junqi::server {

struct ServerState {
  explicit ServerState(ServerOptions o)
      : options(std::move(o)),
        menu(AgentMenu::of(options.agents)),
        games(options.maxGames, options.gameIdleMinutes * 60, options.seatTimeoutSeconds),
        records(options.maxRecords) {}
  ServerOptions options;
  AgentMenu menu;
  std::shared_ptr<Thinkers> thinkers = std::make_shared<Thinkers>();
  SessionTable games;
  RecordStore records;
};

// Each file of routes adds its own (routes_*.cpp).
void addStaticRoutes(httplib::Server& http);
void addGameRoutes(httplib::Server& http, ServerState& state);
void addSeatRoutes(httplib::Server& http, ServerState& state);  // a game's actions, by id or by a seat's token
void addRecordRoutes(httplib::Server& http, ServerState& state);
void addMatchRoutes(httplib::Server& http, ServerState& state);

}  // namespace junqi::server
