// A web server on a free port of 127.0.0.1, in a thread of the test, with
// folders of its own, and a client for it; and a slow agent for the tests
// that need the agent to be thinking.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <thread>

#include <gtest/gtest.h>
#include <httplib.h>
#include <nlohmann/json.hpp>

#include "server/web_server.h"

namespace junqi::webtest {

// "slow": waits `ms` milliseconds (default 400), then plays its first legal move.
void registerSlowAgent();

// How many searches of "slow" agents have begun in this process: a test that
// needs an agent to be thinking waits for it (a game resigned before its
// agent's thread runs never starts the search).
int slowSearchesBegun();

// A layout legal under every preset.
inline constexpr const char* kLayout = "IPDEC/G.J.R/DM.BC/R.B.I/CLEJP/LFLPE";

class ServerTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;
  void stopServer();
  // Options the test may change before start() (SetUp starts with the defaults).
  void start(server::ServerOptions options);


 public:
  // A JSON request; the status and the parsed body (the raw body in `raw`).
  struct Answer {
    int status = 0;
    nlohmann::json body;
    std::string raw;
  };

 protected:
  Answer get(const std::string& path);
  Answer post(const std::string& path, const std::string& body);
  Answer post(const std::string& path, const nlohmann::json& body) { return post(path, body.dump()); }
  // A new game against `agent` (the person red with kLayout); its state.
  Answer newGame(const std::string& agent, const std::string& seat = "red");
  // Plays legal moves from the state's list (waiting for the agent's replies)
  // until the game ends or `plies` of the person's moves pass; the last state.
  nlohmann::json playRandomly(nlohmann::json state, int plies);
  // Every state the person was sent while playRandomly ran, as sent.
  std::vector<std::string> sent_;

  std::filesystem::path dir_;  // the folders of this test: games/, records/, match/
  server::ServerOptions options_;
  std::unique_ptr<server::WebServer> server_;
  std::thread thread_;
  std::unique_ptr<httplib::Client> client_;
  int port_ = 0;  // the server's
};

}  // namespace junqi::webtest
