#include "tests/search/play.h"

#include <algorithm>
#include <cctype>

#include "core/classic/auto_layout.h"
#include "core/classic/movegen.h"
#include "search/registry.h"

namespace junqi::searchtest {

namespace {

// The decision loop, from wherever `out.game` stands; the agents have had newGame.
void runLoop(PlayedGame& out, Agent& red, Agent& blue, int maxPlies, const VisitFn& visit) {
  Agent* agents[2] = {&red, &blue};
  InfoState views[2] = {InfoState::of(out.game, Seat::Red), InfoState::of(out.game, Seat::Blue)};
  while (!out.game.isOver()) {
    if (static_cast<int>(out.game.history().size()) >= maxPlies) {
      out.capped = true;
      break;
    }
    if (visit) visit(out.game, views);
    const Seat side = out.game.position().sideToMove();
    const Action action = agents[index(side)]->chooseAction(views[index(side)]);
    out.game.apply(action);  // throws IllegalAction for an illegal choice
    out.actions.push_back(action);
    out.reports.push_back(agents[index(side)]->lastReport());
    const PublicEvent event = publicEvent(out.game, out.game.history().size() - 1);
    for (InfoState& view : views) view.apply(event);
  }
  if (out.game.isOver()) {
    red.gameOver(out.game.outcome(), out.game.position());
    blue.gameOver(out.game.outcome(), out.game.position());
  }
}

}  // namespace

PlayedGame playFrom(Game game, Agent& red, Agent& blue, std::uint64_t gameSeed, int maxPlies, const VisitFn& visit) {
  const Ruleset ruleset = game.rules().ruleset();
  red.newGame(ruleset, Seat::Red, gameSeed);
  blue.newGame(ruleset, Seat::Blue, gameSeed);
  PlayedGame out{std::move(game), {}, {}, false};
  runLoop(out, red, blue, maxPlies, visit);
  return out;
}

PlayedGame playGame(Agent& red, Agent& blue, const Ruleset& ruleset, std::uint64_t gameSeed, int maxPlies,
                    const VisitFn& visit) {
  red.newGame(ruleset, Seat::Red, gameSeed);
  blue.newGame(ruleset, Seat::Blue, gameSeed);
  const Layout redLayout = red.chooseLayout(ruleset, Seat::Red);
  const Layout blueLayout = blue.chooseLayout(ruleset, Seat::Blue);
  PlayedGame out{Game(ruleset, redLayout, blueLayout), {}, {}, false};
  runLoop(out, red, blue, maxPlies, visit);
  return out;
}

PlayedGame playSpecs(const std::string& redSpec, const std::string& blueSpec, const Ruleset& ruleset,
                     std::uint64_t gameSeed, int maxPlies) {
  auto red = makeAgent(redSpec);
  auto blue = makeAgent(blueSpec);
  return playGame(*red, *blue, ruleset, gameSeed, maxPlies);
}

Action decide(const std::string& spec, const InfoState& state, std::uint64_t gameSeed) {
  auto agent = makeAgent(spec);
  agent->newGame(state.observation().rules().ruleset(), state.seat(), gameSeed);
  return agent->chooseAction(state);
}

Action decide(const std::string& spec, const Game& game, Seat seat, std::uint64_t gameSeed) {
  return decide(spec, InfoState::of(game, seat), gameSeed);
}

Game randomGame(const Ruleset& ruleset, std::uint64_t seed, int plies) {
  Rng rng(seed);
  const LayoutStyle style = static_cast<LayoutStyle>(seed % 4);
  const Layout red = styledLayout(style, ruleset, rng), blue = styledLayout(style, ruleset, rng);
  Game game(ruleset, red, blue);
  MoveList moves;
  while (!game.isOver() && static_cast<int>(game.history().size()) < plies) {
    generateMoves(game.position(), moves);
    game.apply(Action::makeMove(game.position().sideToMove(),
                                moves[static_cast<int>(rng.below(static_cast<std::uint64_t>(moves.size())))]));
  }
  return game;
}

std::string mirrorPosition(const std::string& text) {
  const auto space = text.find(' ');
  const std::string board = text.substr(0, space);
  std::string rest = text.substr(space);
  // Expand every row to five cells.
  std::vector<std::string> rows;
  std::string row;
  for (const char c : board + "/") {
    if (c == '/') {
      rows.push_back(row);
      row.clear();
    } else if (c >= '1' && c <= '5') {
      row.append(static_cast<std::size_t>(c - '0'), '.');
    } else {
      row += c;
    }
  }
  std::reverse(rows.begin(), rows.end());
  std::string out;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    std::string cells = rows[r];
    std::reverse(cells.begin(), cells.end());
    for (char& c : cells)
      if (std::isalpha(static_cast<unsigned char>(c)))
        c = std::isupper(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(c))
                                                        : static_cast<char>(std::toupper(c));
    out += (r ? "/" : "") + cells;
  }
  // " r 0 0" -> " b 0 0"
  const auto sidePos = rest.find_first_not_of(' ');
  rest[sidePos] = rest[sidePos] == 'r' ? 'b' : 'r';
  return out + rest;
}

std::string withParam(const std::string& spec, const std::string& key, std::uint64_t value) {
  return spec + (spec.find(':') == std::string::npos ? ":" : ",") + key + "=" + std::to_string(value);
}

std::string actionName(const Action& a) {
  if (a.type == ActionType::Move) return std::string(seatName(a.side)) + " " + moveName(a.move);
  return std::string(seatName(a.side)) + " action " + std::to_string(static_cast<int>(a.type));
}

}  // namespace junqi::searchtest
