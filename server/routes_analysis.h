// The analysis view's route (docs/web.md, "The analysis view"): POST /api/analysis.
#pragma once

namespace httplib {
class Server;
}

namespace junqi::server {

struct ServerState;
struct AnalysisBudget;

// One analysis at a time (a second is 503 while it runs), each cut to `budget`.
void addAnalysisRoutes(httplib::Server& http, ServerState& state, const AnalysisBudget& budget);

}  // namespace junqi::server
