// junqi play: a game against an agent in the terminal. The person types moves
// ("C4-C5"); the board shows only what the person's seat sees until the end.
#include <unistd.h>

#include <iostream>

#include <fmt/format.h>

#include "core/classic/auto_layout.h"
#include "core/classic/info_state.h"
#include "core/classic/notation.h"
#include "core/classic/record.h"
#include "search/registry.h"
#include "server/board_json.h"
#include "tools/commands/commands.h"
#include "tools/commands/common.h"
#include "tools/levels.h"
#include "tools/terminal_board.h"
#include "tools/terminal_play.h"

namespace junqi::tools {

namespace {

struct PlayOptions {
  std::string agent = "heuristic", rules = "hiddenfront", layout = "balanced", seat = "red", record;
  std::uint64_t seed = 1;
  int level = 0;  // with --level: the opponent instead of --agent
};

constexpr const char* kHelp =
    "Type a move as FROM-TO (e.g. C4-C5), or:\n"
    "  moves   your legal moves      board   the board again\n"
    "  draw    offer a draw          resign  give up the game\n"
    "  help    this text\n"
    "Your pieces show their symbols (E P C J R I D G M = ranks 1-9, B bomb, L landmine, F flag;\n"
    "blue's in lower case), the enemy's are '?'; (x) is a camp, [x] a headquarters.\n";

// A layout text, or a style name (random, aggressive, defensive, balanced).
Layout personLayout(const PlayOptions& o, const Ruleset& ruleset) {
  Rng rng(Rng::mix(o.seed, 7));
  const Layout layout = parseLayoutStyle(o.layout) ? styledLayout(*parseLayoutStyle(o.layout), ruleset, rng)
                                                   : parseLayout(o.layout);
  if (const auto violation = validateLayout(layout, ruleset))
    throw std::invalid_argument(fmt::format("--layout: {}", violation->message));
  return layout;
}

class TerminalGame {
 public:
  TerminalGame(const PlayOptions& o, const Ruleset& ruleset, Seat seat)
      : options_(o), seat_(seat), agent_(makeAgent(o.agent)), colour_(isatty(STDOUT_FILENO)) {
    agent_->newGame(ruleset, opposite(seat), o.seed);
    const Layout mine = personLayout(o, ruleset), theirs = agent_->chooseLayout(ruleset, opposite(seat));
    game_ = std::make_unique<Game>(ruleset, seat == Seat::Red ? mine : theirs, seat == Seat::Red ? theirs : mine);
  }
  int run();

 private:
  void showBoard() const;
  void tellNewEvents();
  bool personTurn();  // false when the input ended
  void agentTurn();
  void finish();

  PlayOptions options_;
  Seat seat_;
  std::unique_ptr<Agent> agent_;
  std::unique_ptr<Game> game_;
  bool colour_;
  std::size_t told_ = 0;  // events already printed
};

void TerminalGame::showBoard() const {
  const Observation view = Observation::of(*game_, seat_);
  TerminalBoardStyle style{colour_, {}};
  for (auto it = view.events().rbegin(); it != view.events().rend(); ++it)
    if (it->type == ActionType::Move) {
      style.lastMove = it->move;
      break;
    }
  fmt::print("\n{}", terminalBoard(view, game_->isOver() ? &game_->position() : nullptr, style));
}

void TerminalGame::tellNewEvents() {
  const Observation view = Observation::of(*game_, seat_);
  for (; told_ < view.events().size(); ++told_)
    fmt::print("{}. {}\n", view.events()[told_].ply + 1, server::eventJson(view.events()[told_], view)["text"].get<std::string>());
}

bool TerminalGame::personTurn() {
  showBoard();
  for (;;) {
    fmt::print("your move ({}): ", seatName(seat_));
    std::fflush(stdout);
    std::string line;
    if (!std::getline(std::cin, line)) return false;
    line.erase(0, line.find_first_not_of(" \t"));
    line.erase(line.find_last_not_of(" \t\r") + 1);
    Action action;
    if (line.empty()) continue;
    if (line == "help") { fmt::print("{}", kHelp); continue; }
    if (line == "board") { showBoard(); continue; }
    if (line == "moves") {
      MoveList moves;
      Observation::of(*game_, seat_).legalMoves(moves);
      for (const Move m : moves) fmt::print("{} ", moveName(m));
      fmt::print("\n");
      continue;
    }
    if (line == "resign") action = Action::resign(seat_);
    else if (line == "draw") action = Action::offerDraw(seat_);
    else if (const auto move = parseMove(line)) action = Action::makeMove(seat_, *move);
    else { fmt::print("'{}' is not a move (write it as C4-C5; 'help' lists the commands)\n", line); continue; }
    if (const auto why = game_->whyIllegal(action)) { fmt::print("illegal: {}\n", *why); continue; }
    game_->apply(action);
    if (action.type == ActionType::OfferDraw) {  // the agent answers at once
      const bool accept = agent_->acceptDraw(InfoState::of(*game_, opposite(seat_)));
      game_->apply(accept ? Action::acceptDraw(opposite(seat_)) : Action::declineDraw(opposite(seat_)));
      tellNewEvents();
      if (game_->isOver()) return true;
      continue;
    }
    return true;
  }
}

void TerminalGame::agentTurn() {
  const Seat them = opposite(seat_);
  Action action = agent_->chooseAction(InfoState::of(*game_, them));
  action.side = them;
  if (const auto why = game_->whyIllegal(action)) {
    fmt::print("the agent chose an illegal action ({}): it forfeits\n", *why);
    game_->forfeit(them);
    return;
  }
  game_->apply(action);
}

void TerminalGame::finish() {
  const Outcome& o = game_->outcome();
  showBoard();
  fmt::print("game over: {} ({})\n", !o.winner ? "a draw" : *o.winner == seat_ ? "you win" : "you lose",
             terminationName(o.reason));
  if (options_.record.empty()) return;
  const std::string person = "person", agent = options_.agent;
  const bool red = seat_ == Seat::Red;
  writeFileAtomically(options_.record, formatRecord(recordOf(*game_, {{"red-player", red ? person : agent},
                                                                      {"blue-player", red ? agent : person},
                                                                      {"site", "junqi-play"}})));
  fmt::print("record written to {}\n", options_.record);
}

int TerminalGame::run() {
  fmt::print("You play {} against {}. Type 'help' for the commands.\n", seatName(seat_), options_.agent);
  while (!game_->isOver()) {
    if (game_->position().sideToMove() == seat_) {
      if (!personTurn()) {  // the input ended: the person leaves the game
        fmt::print("\nend of input: you resign\n");
        game_->apply(Action::resign(seat_));
      }
    } else {
      agentTurn();
    }
    tellNewEvents();
  }
  finish();
  return 0;
}

}  // namespace

void registerPlay(CLI::App& app) {
  auto* cmd = app.add_subcommand("play", "Play a game against an agent in the terminal");
  static PlayOptions o;
  auto* agent =
      cmd->add_option("--agent", o.agent, "The opponent: an agent spec (see `junqi agents`)")->capture_default_str();
  cmd->add_option("--level", o.level, "The opponent: the game's playing level (docs/tactics.md, Levels). " +
                                          levelsSummary())
      ->excludes(agent);  // checked by levelSpec: a one-line refusal naming the game
  auto* rules = addRulesOption(cmd, o.rules, Games::all());
  cmd->add_option("--preset", o.rules, "Deprecated: the same as --rules")->excludes(rules);
  cmd->add_option("--layout", o.layout, "Your layout: a layout text or a style (random, aggressive, defensive, balanced)")
      ->capture_default_str();
  cmd->add_option("--seat", o.seat, "Your seat: red (moves first) or blue; 1 or 2 (Flip Junqi); south, east, north or west")
      ->capture_default_str();
  cmd->add_option("--seed", o.seed, "Seed of the agent and of a styled layout")->capture_default_str();
  cmd->add_option("--record", o.record, "Write the game's record here at the end");
  setAction(cmd, [cmd] {
    if (cmd->count("--level") > 0) o.agent = levelSpec(gameOfRules(o.rules), o.level);
    const auto given = [cmd](const std::string& v, const char* flag) { return cmd->count(flag) ? std::optional(v) : std::nullopt; };
    if (const auto other = playOtherGame({o.agent, o.rules, given(o.layout, "--layout"), given(o.seat, "--seat"), o.seed,
                                          o.record}))
      return *other;  // Flip Junqi or four-player (tools/terminal_play.h)
    const auto seat = parseSeat(o.seat);
    if (!seat) throw std::invalid_argument(fmt::format("--seat must be red or blue, not '{}'", o.seat));
    TerminalGame game(o, Ruleset::parse(o.rules), *seat);
    return game.run();
  });
}

}  // namespace junqi::tools
