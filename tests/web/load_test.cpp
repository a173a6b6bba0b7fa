// The server under the requests of issue 40's attacks: slow clients, silent
// sockets, compression bombs, chunked bodies, header floods, all at once, while
// a normal client must still be answered within a second. Each check is run
// twice: through the connection gate (it holds) and with the gate off
// (ServerLimits::gate = false, httplib alone: it fails), which shows that the
// gate is what holds.
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

#include <zlib.h>

#include "tests/web/raw_connection.h"
#include "tests/web/server_fixture.h"

namespace junqi::webtest {
namespace {

using Clock = std::chrono::steady_clock;

double loadSecondsSince(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

::testing::AssertionResult answeredWithinASecond(int port) {
  httplib::Client client("127.0.0.1", port);
  client.set_connection_timeout(1, 0);
  client.set_read_timeout(1, 0);
  client.set_write_timeout(1, 0);
  const auto start = Clock::now();
  const auto result = client.Get("/api/presets");
  const double seconds = loadSecondsSince(start);
  if (result && result->status == 200 && seconds < 1) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "a normal client was not answered within a second (" << seconds << " s, "
                                       << (result ? "status " + std::to_string(result->status) : "no answer") << ")";
}

// `count` connections that each send a request one byte at a time, a byte every `every` seconds.
class SlowClients {
 public:
  SlowClients(int port, int count, double every) {
    for (int i = 0; i < count; ++i) connections_.push_back(std::make_unique<RawConnection>(port));
    thread_ = std::thread([this, every] {
      const std::string request = postHead("/api/layouts", "X-Slow: " + std::string(2000, 'a') + "\r\n");
      for (std::size_t at = 0; !stop_ && at < request.size(); ++at) {
        for (auto& c : connections_) c->send(request.substr(at, 1));
        std::this_thread::sleep_for(std::chrono::milliseconds(static_cast<int>(every * 1000)));
      }
    });
  }
  ~SlowClients() {
    stop_ = true;
    thread_.join();
  }
  // How many of them the server has closed (or answered: a 408).
  int cutOff() {
    int n = 0;
    for (auto& c : connections_) {
      bool closed = false;
      const std::string got = c->receive(0.01, &closed);
      n += closed || !got.empty();
    }
    return n;
  }

 private:
  std::vector<std::unique_ptr<RawConnection>> connections_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

// More slow or silent clients than httplib has threads (8, or one less than the cores).
const int kCrowd = std::max(16, 2 * static_cast<int>(std::thread::hardware_concurrency()));

::testing::AssertionResult slowClientsLeaveOthersAnswered(int port) {
  SlowClients slow(port, kCrowd, 0.1);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  return answeredWithinASecond(port);
}

::testing::AssertionResult slowClientsAreCutOff(int port, double requestSeconds) {
  SlowClients slow(port, 4, 0.1);
  std::this_thread::sleep_for(std::chrono::milliseconds(static_cast<int>((requestSeconds + 0.5) * 1000)));
  const int cut = slow.cutOff();
  if (cut == 4) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << cut << " of 4 slow clients cut off after " << requestSeconds + 0.5 << " s";
}

::testing::AssertionResult silentSocketsLeaveOthersAnswered(int port) {
  std::vector<std::unique_ptr<RawConnection>> silent;
  for (int i = 0; i < kCrowd; ++i) silent.push_back(std::make_unique<RawConnection>(port));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  return answeredWithinASecond(port);
}

// `bytes` zeros, gzipped (some 1,000 to 1).
std::string gzipBomb(std::size_t bytes) {
  z_stream z{};
  deflateInit2(&z, 9, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY);
  const std::string zeros(1 << 20, '\0');
  std::string out(bytes / 500 + 4096, '\0');
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  for (std::size_t fed = 0; fed < bytes; fed += zeros.size()) {
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(zeros.data()));
    z.avail_in = static_cast<uInt>(zeros.size());
    deflate(&z, fed + zeros.size() >= bytes ? Z_FINISH : Z_NO_FLUSH);
  }
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

::testing::AssertionResult statusIs(int port, const std::string& request, int expected, const char* what) {
  RawConnection c(port);
  c.send(request);
  const int status = c.status(2);
  if (status == expected) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << what << ": status " << status << ", not " << expected;
}

::testing::AssertionResult compressedBodiesRefused(int port) {
  const std::string bomb = gzipBomb(16 << 20);  // 16 MB in some 16 KB
  for (const char* encoding : {"gzip", "deflate", "br"}) {
    const auto refused = statusIs(
        port,
        postHead("/api/records", std::string("Content-Encoding: ") + encoding +
                                     "\r\nContent-Length: " + std::to_string(bomb.size()) + "\r\n") +
            bomb,
        415, encoding);
    if (!refused) return refused;
  }
  return ::testing::AssertionSuccess();
}

::testing::AssertionResult chunkedBodyRefused(int port) {
  std::string body;
  const std::string chunk = "\"" + std::string(65534, 'x') + "\"";
  for (int i = 0; i < 32; ++i) body += "10000\r\n" + chunk + "\r\n";  // 2 MB in chunks of 64 KiB
  body += "0\r\n\r\n";
  return statusIs(port, postHead("/api/records", "Transfer-Encoding: chunked\r\n") + body, 411, "a chunked body");
}

::testing::AssertionResult headerFloodRefused(int port) {
  std::string many, long_;
  for (int i = 0; i < 2000; ++i) many += "X-Flood-" + std::to_string(i) + ": a\r\n";
  for (int i = 0; i < 4; ++i) long_ += "X-Long-" + std::to_string(i) + ": " + std::string(8000, 'a') + "\r\n";
  const auto count = statusIs(port, postHead("/api/layouts", many + "Content-Length: 2\r\n") + "{}", 431,
                              "2,000 headers");
  if (!count) return count;
  return statusIs(port, postHead("/api/layouts", long_ + "Content-Length: 2\r\n") + "{}", 431, "32 KB of headers");
}

class LoadTest : public ServerTest {
 protected:
  int startServer(bool gate) {
    server::ServerOptions options = options_;
    options.limits.gate = gate;
    options.limits.requestSeconds = 0.8;
    options.limits.idleSeconds = 0.5;
    start(options);
    return port_;
  }
};

TEST_F(LoadTest, TheGateHoldsEachCase) {
  const int port = startServer(true);
  EXPECT_TRUE(slowClientsLeaveOthersAnswered(port));
  EXPECT_TRUE(slowClientsAreCutOff(port, options_.limits.requestSeconds));
  EXPECT_TRUE(silentSocketsLeaveOthersAnswered(port));
  EXPECT_TRUE(compressedBodiesRefused(port));
  EXPECT_TRUE(chunkedBodyRefused(port));
  EXPECT_TRUE(headerFloodRefused(port));
  EXPECT_TRUE(answeredWithinASecond(port));
}

// A check that must fail without the gate; how it failed is printed.
void expectFails(const ::testing::AssertionResult& result, const char* what) {
  EXPECT_FALSE(result) << what << " held without the gate";
  std::printf("without the gate, %s: %s\n", what, result.message());
}

TEST_F(LoadTest, WithoutTheGateEachCaseFails) {
  const int port = startServer(false);
  const auto began = Clock::now();
  expectFails(slowClientsLeaveOthersAnswered(port), "slow clients");
  expectFails(slowClientsAreCutOff(port, options_.limits.requestSeconds), "slow clients' time");
  expectFails(silentSocketsLeaveOthersAnswered(port), "silent sockets");
  expectFails(compressedBodiesRefused(port), "compressed bodies");
  expectFails(chunkedBodyRefused(port), "a chunked body");
  expectFails(headerFloodRefused(port), "a header flood");
  std::printf("checks %.1f s\n", loadSecondsSince(began));
}

// Everything at once: a normal client is still answered within a second, again and again.
TEST_F(LoadTest, UnderEveryAttackAtOnceANormalClientIsAnsweredWithinASecond) {
  const int port = startServer(true);
  SlowClients slow(port, kCrowd, 0.1);
  std::vector<std::unique_ptr<RawConnection>> silent;
  for (int i = 0; i < kCrowd; ++i) silent.push_back(std::make_unique<RawConnection>(port));
  std::atomic<bool> stop{false};
  std::thread attacks([&] {
    while (!stop) {
      compressedBodiesRefused(port);
      chunkedBodyRefused(port);
      headerFloodRefused(port);
    }
  });
  const auto start = Clock::now();
  int answered = 0;
  for (; loadSecondsSince(start) < 2; ++answered) {
    EXPECT_TRUE(answeredWithinASecond(port));
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  stop = true;
  attacks.join();
  EXPECT_GT(answered, 10);
}

}  // namespace
}  // namespace junqi::webtest
