// Who may use the server (issue 40): requests naming another host, coming
// from another site's page or posting something other than JSON are
// refused; with a token, every API request must carry it.
#include "server/access_checks.h"
#include "tests/web/server_fixture.h"

namespace junqi::webtest {
namespace {

using Access = ServerTest;

int statusOf(const httplib::Result& result) { return result ? result->status : 0; }

TEST_F(Access, AHostThatIsNotThisMachineIsRefused) {
  // A page whose own name was rebound to 127.0.0.1 sends its name as the Host.
  EXPECT_EQ(statusOf(client_->Get("/api/presets", {{"Host", "evil.example:8080"}})), 403);
  EXPECT_EQ(statusOf(client_->Get("/", {{"Host", "evil.example"}})), 403);
  EXPECT_EQ(statusOf(client_->Get("/api/presets", {{"Host", "localhost:" + std::to_string(port_)}})), 200);
  EXPECT_EQ(statusOf(client_->Get("/api/presets", {{"Host", "[::1]:" + std::to_string(port_)}})), 200);
  EXPECT_EQ(get("/api/presets").status, 200);
}

TEST_F(Access, AnotherSitesPageIsRefused) {
  const std::string body = nlohmann::json{{"agent", "random"}, {"layout", kLayout}}.dump();
  const auto fromEvil = client_->Post("/api/games", {{"Origin", "http://evil.example"}}, body, "application/json");
  EXPECT_EQ(statusOf(fromEvil), 403);
  EXPECT_NE(fromEvil->body.find("another site"), std::string::npos) << fromEvil->body;
  EXPECT_EQ(statusOf(client_->Get("/api/match", {{"Sec-Fetch-Site", "cross-site"}})), 403);
  const std::string self = "http://127.0.0.1:" + std::to_string(port_);
  EXPECT_EQ(statusOf(client_->Post("/api/games", {{"Origin", self}}, body, "application/json")), 201);
}

TEST_F(Access, APostMustBeJson) {
  const std::string body = nlohmann::json{{"agent", "random"}, {"layout", kLayout}}.dump();
  for (const char* type : {"text/plain", "application/x-www-form-urlencoded", "multipart/form-data"}) {
    const auto answer = client_->Post("/api/games", body, type);
    EXPECT_EQ(statusOf(answer), 415) << type;
    EXPECT_NE(answer->body.find("must be JSON"), std::string::npos) << answer->body;
  }
  EXPECT_EQ(statusOf(client_->Post("/api/games", body, "application/json; charset=utf-8")), 201);
}

TEST_F(Access, WithATokenEveryApiRequestCarriesIt) {
  server::ServerOptions options = options_;
  options.token = "0123456789abcdef";
  start(options);
  EXPECT_EQ(get("/api/presets").status, 401);
  EXPECT_EQ(get("/api/presets?token=wrong").status, 401);
  EXPECT_EQ(post("/api/layouts", nlohmann::json::object()).status, 401);
  EXPECT_EQ(get("/api/presets?token=0123456789abcdef").status, 200);
  EXPECT_EQ(statusOf(client_->Get("/api/presets", {{"X-Junqi-Token", "0123456789abcdef"}})), 200);
  EXPECT_EQ(get("/").status, 200);  // the page itself, which reads the token from its address
}

TEST(AccessPolicy, AServerBeyondThisMachineMakesAToken) {
  server::ServerOptions options;
  options.agents = {"random=random"};
  options.host = "0.0.0.0";
  EXPECT_EQ(server::WebServer(options).token().size(), 32u);
  options.host = "127.0.0.1";
  EXPECT_EQ(server::WebServer(options).token(), "");
  options.token = "mine";
  EXPECT_EQ(server::WebServer(options).token(), "mine");
}

}  // namespace
}  // namespace junqi::webtest
