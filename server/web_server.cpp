#include "server/web_server.h"

#include <stdexcept>

#include <fmt/format.h>
#include <httplib.h>

#include "server/access_checks.h"
#include "server/analysis/analysis.h"
#include "server/connection_gate.h"
#include "server/http_util.h"
#include "server/request_stream.h"
#include "server/routes_analysis.h"
#include "server/server_state.h"

namespace junqi::server {

// httplib's routing, fed one complete request at a time by the gate. Not in an
// anonymous namespace: WebServer::Impl, declared in the header, holds one.
class RoutedServer : public httplib::Server {
 public:
  // Answers the request on the stream; whether the connection may carry another.
  bool answer(httplib::Stream& stream, bool last) {
    bool closed = false;
    const bool written = process_request(stream, last, closed, nullptr);
    return written && !closed && !last;
  }
};

struct WebServer::Impl {
  explicit Impl(ServerOptions options)
      : state(std::move(options)),
        gate(state.options.limits, [this](int socket, std::string request, bool last) {
          RequestStream stream(socket, std::move(request), state.options.limits.writeSeconds);
          return http.answer(stream, last);
        }) {}
  ServerState state;
  RoutedServer http;
  ConnectionGate gate;
  bool gated() const { return state.options.limits.gate; }
};

WebServer::WebServer(ServerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {
  httplib::Server& http = impl_->http;
  ServerOptions& o = impl_->state.options;
  const AccessPolicy policy{isLoopback(o.host), o.token.empty() && !isLoopback(o.host) ? newToken() : o.token};
  o.token = policy.token;
  http.set_pre_routing_handler([policy](const httplib::Request& request, httplib::Response& response) {
    const auto refused = accessRefusal(request, policy);
    if (!refused) return httplib::Server::HandlerResponse::Unhandled;
    sendError(response, refused->status, refused->what());
    return httplib::Server::HandlerResponse::Handled;
  });
  http.set_payload_max_length(impl_->state.options.limits.maxBody);  // longer bodies: 413
  http.set_exception_handler([](const httplib::Request&, httplib::Response& response, std::exception_ptr error) {
    answerException(response, error);
  });
  // Errors httplib answers itself (no route, a body too long) get a JSON line too.
  http.set_error_handler([](const httplib::Request& request, httplib::Response& response) {
    if (!response.body.empty()) return;
    const std::string why = response.status == 413   ? "the request body is too long"
                            : response.status == 400 ? "a malformed request (a POST needs a body: {} at least)"
                            : response.status == 404 ? fmt::format("no such page: {} {}", request.method, request.path)
                                                     : fmt::format("HTTP error {}", response.status);
    sendError(response, response.status, why);
  });
  addStaticRoutes(http);
  addGameRoutes(http, impl_->state);
  addSeatRoutes(http, impl_->state);
  addRecordRoutes(http, impl_->state);
  addMatchRoutes(http, impl_->state);
  addAnalysisRoutes(http, impl_->state, AnalysisBudget{});
}

WebServer::~WebServer() {
  stop();
  impl_->state.thinkers->waitForAll();
}

int WebServer::bind() {
  const ServerOptions& o = impl_->state.options;
  if (impl_->gated()) return impl_->gate.bind(o.host, o.port);
  const int port = o.port == 0 ? impl_->http.bind_to_any_port(o.host)
                               : (impl_->http.bind_to_port(o.host, o.port) ? o.port : -1);
  if (port <= 0) throw std::runtime_error(fmt::format("cannot listen on {}:{}", o.host, o.port));
  return port;
}

void WebServer::run() {
  if (impl_->gated()) impl_->gate.run();
  else impl_->http.listen_after_bind();
}

void WebServer::stop() {
  if (impl_->gated()) impl_->gate.stop();
  else impl_->http.stop();
}

const std::string& WebServer::token() const { return impl_->state.options.token; }

bool WebServer::running() const { return impl_->gated() ? impl_->gate.running() : impl_->http.is_running(); }

}  // namespace junqi::server
