// junqi play --rules four-...: four-player Junqi in the terminal, the person
// in one seat and an agent in each of the other three. The person sees only
// their seat's view (FourObservation under the preset's visibility mode)
// until the end; each agent only its own.
#include <unistd.h>

#include <algorithm>
#include <array>
#include <memory>
#include <stdexcept>

#include <fmt/format.h>

#include "core/classic/auto_layout.h"
#include "core/four/cross_board.h"
#include "core/files.h"
#include "core/four/four_movegen.h"
#include "core/four/four_notation.h"
#include "core/four/four_record.h"
#include "core/classic/notation.h"
#include "search/four/four_agent.h"
#include "tools/terminal_four_board.h"
#include "tools/terminal_play.h"

namespace junqi::tools {

namespace {

constexpr const char* kFourHelp =
    "Type a move as FROM-TO (e.g. H3-H4; points are named on the 17 x 17 grid, row 1 south's back row), or:\n"
    "  moves   your legal moves      board   the board again\n"
    "  resign  give up (your team loses)     help    this text\n"
    "Each piece shows its army (s e n w: south, east, north, west) and its symbol (E P C J R I D G M =\n"
    "ranks 1-9, B bomb, L landmine, F flag), '?' where your seat does not see it (you see {});\n"
    "(..) is a camp, [..] a headquarters. South and north play against east and west. An army whose\n"
    "flag is taken, or that cannot move, leaves the board; {} moves in a row without a battle draw.\n"
    "There are no draw offers.\n";

std::string_view visibilityWords(Visibility v) {
  return v == Visibility::Own ? "your own army's identities"
         : v == Visibility::Team ? "your own army's and your ally's"
                                 : "all four armies'";
}

int fourSeat(const std::optional<std::string>& text) {
  const int army = text ? parseArmyName(*text) : 0;
  if (army < 0)
    throw std::invalid_argument(
        fmt::format("--seat in four-player Junqi is south, east, north or west, not '{}'", *text));
  return army;
}

// A layout text, or a style name (random, aggressive, defensive, balanced).
Layout personLayout(const TerminalPlayOptions& o, const Ruleset& army) {
  Rng rng(Rng::mix(o.seed, 7));
  const std::string text = o.layout.value_or("balanced");
  const Layout layout = parseLayoutStyle(text) ? styledLayout(*parseLayoutStyle(text), army, rng) : parseLayout(text);
  if (const auto violation = validateLayout(layout, army))
    throw std::invalid_argument(fmt::format("--layout: {}", violation->message));
  return layout;
}

std::string pointName(Square point) { return crossBoard().pointName(point); }

// Why the person's move is not legal, in one sentence, from their view only
// (what it says of other armies' pieces everyone sees).
std::string whyIllegal(const FourObservation& view, Move m) {
  const FourPosition& b = view.board();
  const std::string from = pointName(m.from), to = pointName(m.to);
  if (b.isEmpty(m.from)) return fmt::format("there is no piece on {}", from);
  if (b.armyAt(m.from) != view.army())
    return fmt::format("the piece on {} is {}'s, not yours", from, armyName(b.armyAt(m.from)));
  const PieceType type = b.typeAt(m.from);
  if (isImmobile(type)) return fmt::format("the {} on {} never moves", typeName(type), from);
  const auto& hq = crossBoard().headquarters();
  if (b.headquartersFreeze() && std::find(hq.begin(), hq.end(), static_cast<int>(m.from)) != hq.end())
    return fmt::format("the piece on {} is in a headquarters and can never move again", from);
  if (!b.isEmpty(m.to) && b.armyAt(m.to) == view.army()) return fmt::format("{} is occupied by your own piece", to);
  if (!b.isEmpty(m.to) && b.armyAt(m.to) == allyOf(view.army()))
    return fmt::format("{} is occupied by your ally {}'s piece, which is never attacked", to,
                       armyName(allyOf(view.army())));
  const auto& camps = crossBoard().camps();
  if (!b.isEmpty(m.to) && std::find(camps.begin(), camps.end(), static_cast<int>(m.to)) != camps.end())
    return fmt::format("the piece in the camp on {} cannot be attacked", to);
  return fmt::format("the {} on {} cannot reach {}", typeName(type), from, to);
}

class FourTerminalGame {
 public:
  explicit FourTerminalGame(const TerminalPlayOptions& o);
  int run();

 private:
  std::string armyWords(int army) const;
  std::string pieceWords(int army, std::optional<PieceType> type) const;
  std::string moveSentence(const FourPublicMove& m, int defenderArmy) const;
  void showBoard() const;
  void tellNewMoves();
  bool personTurn();  // false when the input ended
  bool tryPersonInput(const std::string& line);  // true when a move was played
  void agentTurn(int army);
  void finish();

  TerminalPlayOptions options_;
  FourRuleset rules_;
  int seat_;
  std::array<std::unique_ptr<FourAgent>, kArmies> agents_;  // none in the person's seat
  std::unique_ptr<FourGame> game_;
  bool colour_;
  bool resigned_ = false;
  std::size_t told_ = 0;  // moves already printed
};

FourTerminalGame::FourTerminalGame(const TerminalPlayOptions& o)
    : options_(o), rules_(FourRuleset::parse(o.rules)), seat_(fourSeat(o.seat)), colour_(isatty(STDOUT_FILENO)) {
  std::array<Layout, kArmies> layouts;
  for (int army = 0; army < kArmies; ++army) {
    const auto a = static_cast<std::size_t>(army);
    if (army == seat_) {
      layouts[a] = personLayout(o, rules_.army);
      continue;
    }
    Rng rng(Rng::mix(o.seed ^ 0x666f7572ULL, a));  // "four": each army's layout apart from the person's
    layouts[a] = randomLayout(rules_.army, rng);
    agents_[a] = makeFourAgent(o.agent);
    agents_[a]->newGame(rules_, army, Rng::mix(o.seed, a));
  }
  game_ = std::make_unique<FourGame>(rules_, layouts);
}

std::string FourTerminalGame::armyWords(int army) const {
  return army == seat_ ? fmt::format("{} (you)", armyName(army)) : std::string(armyName(army));
}

// "your captain", "east's major" (a seen identity) or "east's piece".
std::string FourTerminalGame::pieceWords(int army, std::optional<PieceType> type) const {
  if (army == seat_) return fmt::format("your {}", type ? typeName(*type) : "piece");
  return fmt::format("{}'s {}", armyName(army), type ? typeName(*type) : "piece");
}

// One move as the person's seat saw it (`defenderArmy`: whose piece stood on
// the target, which everyone sees).
std::string FourTerminalGame::moveSentence(const FourPublicMove& m, int defenderArmy) const {
  std::string text = fmt::format("{}: {}-{}", armyWords(m.army), pointName(m.move.from), pointName(m.move.to));
  if (m.combat != Combat::None)
    text += fmt::format("{} attacks {}: {}", m.attackerType ? " (" + pieceWords(m.army, m.attackerType) + ")" : "",
                        pieceWords(defenderArmy, m.defenderType), fightWords(m.combat));
  for (int army = 0; army < kArmies; ++army) {
    if ((m.flagsShown >> army) & 1) text += fmt::format("; {} lost its marshal and shows its flag", armyName(army));
    if (m.flagTakenFrom == army) text += fmt::format("; {}'s flag is taken", armyName(army));
    if ((m.armiesLeft >> army) & 1)
      text += fmt::format("; {} leaves the board ({})", armyWords(army),
                          m.flagTakenFrom == army ? "its flag was taken" : "it cannot move");
  }
  return text;
}

void FourTerminalGame::showBoard() const {
  const FourObservation view = FourObservation::of(*game_, seat_);
  TerminalFourBoardStyle style{colour_, {}};
  if (!view.history().empty()) style.lastMove = view.history().back().move;
  fmt::print("\n{}", terminalFourBoard(view, game_->isOver() ? &game_->position() : nullptr, style));
}

void FourTerminalGame::tellNewMoves() {
  const FourObservation view = FourObservation::of(*game_, seat_);
  for (; told_ < view.history().size(); ++told_) {
    const PieceId defender = game_->history()[told_].result.defender;  // only its army is read: public
    fmt::print("{}. {}\n", told_ + 1,
               moveSentence(view.history()[told_], defender == kNoPiece ? -1 : armyOfPiece(defender)));
  }
}

bool FourTerminalGame::tryPersonInput(const std::string& line) {
  const FourObservation view = FourObservation::of(*game_, seat_);
  if (line == "help") {
    fmt::print(fmt::runtime(kFourHelp), visibilityWords(rules_.visibility), rules_.quietMoveLimit);
    return false;
  }
  if (line == "board") {
    showBoard();
    return false;
  }
  if (line == "moves") {
    MoveList moves;
    view.legalMoves(moves);
    fmt::print("legal:");
    for (const Move m : moves) fmt::print(" {}", fourMoveName(m));
    fmt::print("\n");
    return false;
  }
  if (line == "draw") return answerOnly("four-player Junqi has no draw offers (text 001 has none)");
  if (line == "resign") {
    fmt::print("you resign: your team loses\n");
    resigned_ = true;
    game_->forfeit(seat_);
    return true;
  }
  const auto move = parseFourMove(line);
  if (!move) return answerOnly("'{}' is not a move (write it as H3-H4; 'help' lists the commands)", line);
  if (!isLegalFourMove(game_->position(), *move)) return answerOnly("illegal: {}", whyIllegal(view, *move));
  game_->play(*move);
  return true;
}

bool FourTerminalGame::personTurn() {
  showBoard();
  for (;;) {
    const auto line = readPersonLine(fmt::format("your move ({}): ", armyName(seat_)));
    if (!line) return false;
    if (tryPersonInput(*line)) return true;
  }
}

void FourTerminalGame::agentTurn(int army) {
  const Move m = agents_[static_cast<std::size_t>(army)]->chooseMove(FourObservation::of(*game_, army));
  if (!isLegalFourMove(game_->position(), m)) {
    fmt::print("{}'s agent chose the illegal move {}: its team forfeits\n", armyName(army), fourMoveName(m));
    game_->forfeit(army);
    return;
  }
  game_->play(m);
}

void FourTerminalGame::finish() {
  const FourOutcome o = game_->outcome();
  showBoard();
  const bool won = o.winningTeam && *o.winningTeam == teamOfArmy(seat_);
  fmt::print("game over: {} ({})\n", !o.winningTeam ? "a draw" : won ? "your team wins" : "your team loses",
             resigned_ ? "you resigned" : std::string(terminationName(o.reason)));
  if (options_.record.empty()) return;
  std::vector<std::pair<std::string, std::string>> tags;
  for (int army = 0; army < kArmies; ++army)
    tags.push_back({std::string(armyName(army)), army == seat_ ? "person" : options_.agent});
  tags.push_back({"site", "junqi-play"});
  if (resigned_) tags.push_back({"resigned", std::string(armyName(seat_))});  // the result reads 'forfeit'
  writeFileAtomically(options_.record, formatFourRecord(fourRecordOf(*game_, std::move(tags))));
  fmt::print("record written to {}\n", options_.record);
}

int FourTerminalGame::run() {
  fmt::print("You play {} (your ally: {}) against {} under {}. Type 'help' for the commands.\n", armyName(seat_),
             armyName(allyOf(seat_)), options_.agent, rules_.toString());
  while (!game_->isOver()) {
    const int army = game_->position().toMove();
    if (army != seat_) {
      agentTurn(army);
    } else if (!personTurn()) {  // the input ended: the person leaves the game
      fmt::print("\nend of input: you resign\n");
      resigned_ = true;
      game_->forfeit(seat_);
    }
    tellNewMoves();
  }
  finish();
  return 0;
}

}  // namespace

int playFourInTerminal(const TerminalPlayOptions& options) {
  FourTerminalGame game(options);
  return game.run();
}

}  // namespace junqi::tools
