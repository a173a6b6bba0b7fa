#include "tests/web/server_fixture.h"

#include <atomic>
#include <chrono>
#include <random>

#include "core/classic/auto_layout.h"
#include "nets/nn_agent.h"
#include "search/registry.h"

namespace junqi::webtest {

namespace {

std::atomic<int> slowSearches{0};

class SlowAgent : public Agent {
 public:
  explicit SlowAgent(int ms) : ms_(ms) {}
  std::string name() const override { return "slow"; }
  std::string spec() const override { return "slow:ms=" + std::to_string(ms_); }
  void newGame(const Ruleset&, Seat, std::uint64_t) override {}
  Layout chooseLayout(const Ruleset& ruleset, Seat) override {
    Rng rng(5);
    return styledLayout(LayoutStyle::Balanced, ruleset, rng);
  }
  Action chooseAction(const InfoState& state) override {
    ++slowSearches;
    std::this_thread::sleep_for(std::chrono::milliseconds(ms_));
    MoveList moves;
    state.legalMoves(moves);
    return Action::makeMove(state.seat(), moves[0]);
  }

 private:
  int ms_;
};

}  // namespace

int slowSearchesBegun() { return slowSearches.load(); }

void registerSlowAgent() {
  static const bool once = [] {
    nets::registerNetAgent();  // as junqi does: weights files play as nn:weights=FILE
    registerAgentKind({"slow", "a test agent that waits, then plays its first legal move",
                       [](const AgentParams& p) { return std::make_unique<SlowAgent>(p.getInt("ms", 400)); },
                       {{"ms", "400", "milliseconds it waits"}}});
    return true;
  }();
  (void)once;
}

void ServerTest::SetUp() {
  registerSlowAgent();
  dir_ = std::filesystem::temp_directory_path() /
         ("junqi-web-test-" + std::to_string(std::random_device{}()));
  std::filesystem::create_directories(dir_ / "records");
  std::filesystem::create_directories(dir_ / "match" / "games");
  options_.port = 0;
  options_.agents = {"random=random", "heuristic=heuristic", "slow=slow", "slow500=slow:ms=500",
                     "slow1500=slow:ms=1500"};
  options_.gamesDir = (dir_ / "games").string();
  options_.recordsDir = (dir_ / "records").string();
  options_.matchDir = (dir_ / "match").string();
  start(options_);
}

void ServerTest::start(server::ServerOptions options) {
  stopServer();
  options_ = options;
  server_ = std::make_unique<server::WebServer>(options_);
  const int port = port_ = server_->bind();
  thread_ = std::thread([this] { server_->run(); });
  while (!server_->running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));  // else stop() is missed
  client_ = std::make_unique<httplib::Client>("127.0.0.1", port);
  client_->set_read_timeout(30, 0);
}

void ServerTest::TearDown() {
  stopServer();
  std::error_code error;
  std::filesystem::remove_all(dir_, error);
}

void ServerTest::stopServer() {
  if (server_) server_->stop();
  if (thread_.joinable()) thread_.join();
  server_.reset();  // waits for the agents' moves in progress
}

namespace {
nlohmann::json parsed(const std::string& raw) { return nlohmann::json::parse(raw, nullptr, false); }
}  // namespace

ServerTest::Answer ServerTest::get(const std::string& path) {
  const auto result = client_->Get(path.c_str());
  if (!result) return {0, nullptr, "no answer"};
  return {result->status, parsed(result->body), result->body};
}

ServerTest::Answer ServerTest::post(const std::string& path, const std::string& body) {
  const auto result = client_->Post(path.c_str(), body, "application/json");
  if (!result) return {0, nullptr, "no answer"};
  return {result->status, parsed(result->body), result->body};
}

ServerTest::Answer ServerTest::newGame(const std::string& agent, const std::string& seat) {
  return post("/api/games", nlohmann::json{{"agent", agent}, {"layout", kLayout}, {"seat", seat}});
}

nlohmann::json ServerTest::playRandomly(nlohmann::json state, int plies) {
  const std::string id = state["id"];
  for (int i = 0; i < plies && state["outcome"].is_null(); ++i) {
    for (int wait = 0; wait < 1000 && state["outcome"].is_null() && state["legal"].empty(); ++wait) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
      const Answer polled = get("/api/games/" + id);
      sent_.push_back(polled.raw);
      state = polled.body;
    }
    if (!state["outcome"].is_null()) break;
    const auto& legal = state["legal"];
    const Answer moved = post("/api/games/" + id + "/move", nlohmann::json{{"move", legal[(i * 7) % legal.size()]}});
    EXPECT_EQ(moved.status, 200) << moved.raw;
    sent_.push_back(moved.raw);
    state = moved.body;
  }
  return state;
}

}  // namespace junqi::webtest
