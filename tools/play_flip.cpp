// junqi play --rules flip-...: Flip Junqi against an agent in the terminal.
// The person types a point to flip ("C12") or a move ("C4-C5"); both see the
// same board, whose face-down pieces only the referee (FlipGame) knows until
// the end.
#include <unistd.h>

#include <memory>
#include <stdexcept>

#include <fmt/format.h>

#include "core/files.h"
#include "core/flip/flip_record.h"
#include "search/flip/flip_agent.h"
#include "tools/terminal_flip_board.h"
#include "tools/terminal_play.h"

namespace junqi::tools {

namespace {

constexpr const char* kFlipHelp =
    "Type a point to flip the face-down piece there (e.g. C12), a move as FROM-TO (e.g. C4-C5), or:\n"
    "  moves   your legal actions    board   the board again\n"
    "  resign  give up the game      help    this text\n"
    "Face-down pieces are '?'; face-up ones show their symbols (E P C J R I D G M = ranks 1-9,\n"
    "B bomb, L landmine, F flag; red's upper case, blue's lower case); (x) is a camp.\n"
    "Until the colours are decided both players may only flip: {}.\n"
    "Then move your own colour's face-up pieces or flip any face-down piece.\n"
    "There are no draw offers; {} turns in a row with no flip and no fight draw.\n";

std::string colourRule(const FlipRuleset& r) {
  return r.colourChoice == ColourChoice::FirstFlip
             ? "the very first flip decides, seat 1 playing the colour it turns over"
             : "the first to flip the same colour twice in a row plays it";
}

std::string_view colourName(Colour c) { return c == Colour::Red ? "red" : "blue"; }

// Seat 1 flips first; colours are no seats here, so --seat is 1 or 2.
Seat flipSeat(const std::optional<std::string>& text) {
  if (!text || *text == "1") return Seat::Red;
  if (*text == "2") return Seat::Blue;
  throw std::invalid_argument(
      fmt::format("--seat in Flip Junqi is 1 (flips first) or 2 (the flips decide the colours), not '{}'", *text));
}

// "seat 1" or "seat 1 (red)" once the colours are decided.
std::string seatWords(const FlipPosition& pos, Seat s) {
  const auto colour = pos.colourOf(s);
  return colour ? fmt::format("seat {} ({})", seatNumber(s), colourName(*colour)) : "seat " + seatNumber(s);
}

std::string identityWords(Identity id) { return fmt::format("{}'s {}", colourName(id.colour), typeName(id.type)); }

// One action as both players saw it; `after`: the position it led to.
std::string actionSentence(const FlipActionRecord& r, const FlipPosition& after) {
  const Seat who = r.action.side;
  if (r.action.type == ActionType::Resign) return fmt::format("seat {} resigns", seatNumber(who));
  const Move m = r.action.move;
  if (isFlip(m)) {
    std::string text =
        fmt::format("seat {} flips {}: {}", seatNumber(who), squareName(m.from), identityWords(*r.revealed));
    if (r.result.coloursDecidedBy)
      text += fmt::format("; seat 1 plays {}, seat 2 {}", colourName(*after.colourOf(Seat::Red)),
                          colourName(*after.colourOf(Seat::Blue)));
    return text;
  }
  if (r.result.combat == Combat::None)
    return fmt::format("{}: {} {}", seatWords(after, who), typeName(after.identityAt(m.to).type), moveName(m));
  std::string text = fmt::format("{}: {} {} attacks {}: {}", seatWords(after, who), typeName(r.result.attacker->type),
                                 moveName(m), identityWords(*r.result.defender), fightWords(r.result.combat));
  if (r.result.flagCaptured) text += "; the flag is captured";
  return text;
}

class FlipTerminalGame {
 public:
  explicit FlipTerminalGame(const TerminalPlayOptions& o);
  int run();

 private:
  void showBoard() const;
  void tellNewActions();
  bool personTurn();  // false when the input ended
  bool tryPersonInput(const std::string& line);  // true when an action was played
  void agentTurn();
  void finish();

  TerminalPlayOptions options_;
  FlipRuleset rules_;
  Seat seat_;
  std::unique_ptr<FlipAgent> agent_;
  std::unique_ptr<FlipGame> game_;
  bool colour_;
  std::size_t told_ = 0;  // actions already printed
};

FlipTerminalGame::FlipTerminalGame(const TerminalPlayOptions& o)
    : options_(o), rules_(FlipRuleset::parse(o.rules)), seat_(flipSeat(o.seat)), agent_(makeFlipAgent(o.agent)),
      colour_(isatty(STDOUT_FILENO)) {
  if (o.layout) throw std::invalid_argument("--layout: Flip Junqi has no layout (its pieces are dealt face down)");
  Rng rng(Rng::mix(o.seed, 0x666c6970ULL));  // "flip": the deal apart from the agent's seed
  game_ = std::make_unique<FlipGame>(rules_, randomFlipDeal(rng));
  agent_->newGame(rules_, opposite(seat_), o.seed);
}

void FlipTerminalGame::showBoard() const {
  TerminalFlipBoardStyle style{colour_, {}};
  for (auto it = game_->history().rbegin(); it != game_->history().rend(); ++it)
    if (it->action.type == ActionType::Move) {
      style.lastAction = it->action.move;
      break;
    }
  fmt::print("\n{}", terminalFlipBoard(game_->position(), game_->isOver() ? &game_->deal() : nullptr, style));
}

void FlipTerminalGame::tellNewActions() {
  // Called after every action, so the position is the one each new action led to.
  for (; told_ < game_->history().size(); ++told_) {
    const FlipActionRecord& r = game_->history()[told_];
    fmt::print("{}. {}\n", r.ply + 1, actionSentence(r, game_->position()));
  }
}

bool FlipTerminalGame::tryPersonInput(const std::string& line) {
  if (line == "help") {
    fmt::print(fmt::runtime(kFlipHelp), colourRule(rules_), rules_.quietMoveLimit);
    return false;
  }
  if (line == "board") {
    showBoard();
    return false;
  }
  if (line == "moves") {
    MoveList actions;
    generateFlipActions(game_->position(), actions);
    fmt::print("legal:");
    for (const Move m : actions) fmt::print(" {}", flipActionName(m));
    fmt::print("\n");
    return false;
  }
  if (line == "draw") return answerOnly("Flip Junqi has no draw offers (neither text has them)");
  Action action;
  if (line == "resign") action = Action::resign(seat_);
  else if (const auto point = parseSquare(line)) action = Action::makeMove(seat_, flipAt(*point));
  else if (const auto move = parseMove(line)) action = Action::makeMove(seat_, *move);
  else return answerOnly("'{}' is not an action (a point to flip, e.g. C12, or a move, e.g. C4-C5)", line);
  if (const auto why = game_->whyIllegal(action)) return answerOnly("illegal: {}", *why);
  game_->apply(action);
  return true;
}

bool FlipTerminalGame::personTurn() {
  showBoard();
  for (;;) {
    const auto colour = game_->position().colourOf(seat_);
    const auto line = readPersonLine(fmt::format("your action (seat {}{}): ", seatNumber(seat_),
                                                 colour ? fmt::format(", {}", colourName(*colour)) : ""));
    if (!line) return false;
    if (tryPersonInput(*line)) return true;
  }
}

void FlipTerminalGame::agentTurn() {
  const Seat them = opposite(seat_);
  const Action action = Action::makeMove(them, agent_->chooseAction(game_->position()));
  if (const auto why = game_->whyIllegal(action)) {
    fmt::print("the agent chose an illegal action ({}): it forfeits\n", *why);
    game_->forfeit(them);
    return;
  }
  game_->apply(action);
}

void FlipTerminalGame::finish() {
  const Outcome& o = game_->outcome();
  showBoard();
  fmt::print("game over: {} ({})\n", !o.winner ? "a draw" : *o.winner == seat_ ? "you win" : "you lose",
             terminationName(o.reason));
  if (options_.record.empty()) return;
  const bool first = seat_ == Seat::Red;
  const std::string person = "person", agent = options_.agent;
  writeFileAtomically(options_.record, formatFlipRecord(flipRecordOf(
                                           *game_, {{"seat1", first ? person : agent},
                                                    {"seat2", first ? agent : person},
                                                    {"site", "junqi-play"}})));
  fmt::print("record written to {}\n", options_.record);
}

int FlipTerminalGame::run() {
  fmt::print("You are seat {} ({}) against {} under {}. Type 'help' for the commands.\n", seatNumber(seat_),
             seat_ == Seat::Red ? "you flip first" : "the agent flips first", options_.agent, rules_.toString());
  while (!game_->isOver()) {
    if (game_->position().toMove() == seat_) {
      if (!personTurn()) {  // the input ended: the person leaves the game
        fmt::print("\nend of input: you resign\n");
        game_->apply(Action::resign(seat_));
      }
    } else {
      agentTurn();
    }
    tellNewActions();
  }
  finish();
  return 0;
}

}  // namespace

int playFlipInTerminal(const TerminalPlayOptions& options) {
  FlipTerminalGame game(options);
  return game.run();
}

}  // namespace junqi::tools
