// What the routes share: the options, the games and the opened records.
#pragma once

#include "server/record_view.h"
#include "server/session_table.h"
#include "server/web_server.h"

namespace httplib {
class Server;
}

namespace junqi::server {

struct ServerState {
  explicit ServerState(ServerOptions o) : options(std::move(o)), games(options.maxGames), records(options.maxRecords) {}
  ServerOptions options;
  SessionTable games;
  RecordStore records;
};

// Each file of routes adds its own (routes_*.cpp).
void addStaticRoutes(httplib::Server& http);
void addGameRoutes(httplib::Server& http, ServerState& state);
void addRecordRoutes(httplib::Server& http, ServerState& state);
void addMatchRoutes(httplib::Server& http, ServerState& state);

}  // namespace junqi::server
