// The gate's reading of requests: where a head ends, what it refuses from
// the head alone, and requests that come pipelined or wait for "100 Continue".
#include "server/request_head.h"
#include "tests/web/raw_connection.h"
#include "tests/web/server_fixture.h"

namespace junqi::webtest {
namespace {

using server::inspectRequest;
using Kind = server::RequestVerdict::Kind;

TEST(RequestHead, WaitsForTheWholeHeadAndBody) {
  const server::ServerLimits limits;
  EXPECT_EQ(inspectRequest("GET / HTTP/1.1\r\nHost: x\r\n", limits).kind, Kind::NeedMore);
  const auto get = inspectRequest("GET / HTTP/1.1\r\nHost: x\r\n\r\nGET", limits);
  EXPECT_EQ(get.kind, Kind::Complete);
  EXPECT_EQ(get.length, 27u);  // the next request's first bytes are not part of it
  const std::string post = "POST /a HTTP/1.1\r\ncontent-LENGTH: 4\r\n\r\n";
  EXPECT_EQ(inspectRequest(post + "{}", limits).kind, Kind::NeedMore);
  EXPECT_TRUE(inspectRequest(post + "{}", limits).headComplete);
  EXPECT_EQ(inspectRequest(post + "{ }}", limits).length, post.size() + 4);
}

TEST(RequestHead, RefusesFromTheHeadAlone) {
  server::ServerLimits limits;
  limits.maxHeaders = 3;
  const auto status = [&](const std::string& head) { return inspectRequest(head, limits).status; };
  EXPECT_EQ(status("POST / HTTP/1.1\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n"), 0);
  EXPECT_EQ(status("POST / HTTP/1.1\r\nA: 1\r\nB: 2\r\nC: 3\r\nD: 4\r\n\r\n"), 431);
  EXPECT_EQ(status("POST / HTTP/1.1\r\nA: 1\r\nB: 2\r\nC: 3\r\nD: 4\r\nE: 5\r\n"), 431);  // before its end
  EXPECT_EQ(status("POST / HTTP/1.1\r\nX: " + std::string(limits.maxHeadBytes, 'a')), 431);
  EXPECT_EQ(status("POST / HTTP/1.1\r\nContent-Length: 65537\r\n\r\n"), 413);
  EXPECT_EQ(status("POST / HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n"), 400);
  EXPECT_EQ(status("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n"), 400);
  EXPECT_EQ(status("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"), 411);
  EXPECT_EQ(status("POST / HTTP/1.1\r\nContent-Encoding: GZIP\r\nContent-Length: 2\r\n\r\n"), 415);
  EXPECT_EQ(status("POST / HTTP/1.1\r\nContent-Encoding: identity\r\nContent-Length: 2\r\n\r\n"), 0);
}

using Gate = ServerTest;

TEST_F(Gate, AnswersPipelinedRequestsInTurn) {
  RawConnection c(port_);
  const std::string get = "GET /api/presets HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
  c.send(get + get + "GET /api/nothing HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  bool closed = false;
  std::string answers;
  for (int i = 0; i < 100 && !closed; ++i) answers += c.receive(0.05, &closed);
  EXPECT_TRUE(closed);
  std::size_t oks = 0;
  for (std::size_t at = 0; (at = answers.find("HTTP/1.1 200", at)) != std::string::npos; ++at) ++oks;
  EXPECT_EQ(oks, 2u);
  EXPECT_NE(answers.find("HTTP/1.1 404"), std::string::npos);
}

TEST_F(Gate, SaysContinueToAClientThatWaitsForIt) {
  RawConnection c(port_);
  c.send(postHead("/api/layouts/check", "Expect: 100-continue\r\nContent-Length: 2\r\n"));
  EXPECT_EQ(c.receive(0.3).rfind("HTTP/1.1 100 Continue\r\n\r\n", 0), 0u);
  c.send("{}");
  EXPECT_EQ(c.status(2), 400);  // the route's own answer: 'layout' is missing
}

}  // namespace
}  // namespace junqi::webtest
