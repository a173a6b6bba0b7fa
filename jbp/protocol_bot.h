// The bot end of JBP: reads the arbiter's commands, keeps the seat's InfoState
// from the events it is told, and answers with the agent's decisions.
// `junqi bot --agent SPEC` runs this for any built-in agent.
#pragma once

#include <iosfwd>

#include "search/agent.h"
#include "search/flip/flip_agent.h"
#include "search/four/four_agent.h"

namespace junqi::jbp {

// Serves one agent until "quit" or the end of the input; returns the exit status.
int serveBot(Agent& agent, std::istream& in, std::ostream& out);
// The same, playing Flip Junqi games with `flipAgent` and four-player games
// with `fourAgent` (null: not that game).
int serveBot(Agent& agent, FlipAgent* flipAgent, std::istream& in, std::ostream& out, FourAgent* fourAgent = nullptr);

}  // namespace junqi::jbp
