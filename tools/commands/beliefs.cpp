// junqi beliefs: one seat's notes and exact identity probabilities for every
// enemy piece at some point of a recorded game, as a table and optionally as
// an SVG board. junqi beliefs-check: over many random games, checks that the
// truth is always among the possible and prints the calibration figure; with
// --identity-head, how close a four-player network's identity head comes to
// the exact beliefs.
#include <algorithm>
#include <cmath>
#include <functional>
#include <fstream>
#include <vector>

#include <fmt/format.h>

#include "core/classic/auto_layout.h"
#include "core/four/cross_board.h"
#include "core/flip/flip_game.h"
#include "core/flip/flip_record.h"
#include "core/four/four_movegen.h"
#include "core/four/four_beliefs.h"
#include "core/four/four_notation.h"
#include "core/four/four_record.h"
#include "core/classic/info_state.h"
#include "core/classic/record.h"
#include "core/numbered_jobs.h"
#include "nets/four/four_identity_error.h"
#include "nets/four/four_nn_agent.h"
#include "search/registry.h"
#include "tools/belief_board.h"
#include "tools/commands/commands.h"
#include "tools/commands/common.h"

namespace junqi::tools {

namespace {

// The game of a record, replayed up to (not including) move `ply`.
Game replayTo(const GameRecord& record, int ply) {
  GameRecord prefix = record;
  prefix.actions.clear();
  prefix.actionLines.clear();
  prefix.outcome = {};
  for (std::size_t i = 0; i < record.actions.size() && record.actions[i].ply < ply; ++i) {
    prefix.actions.push_back(record.actions[i]);
    if (i < record.actionLines.size()) prefix.actionLines.push_back(record.actionLines[i]);
  }
  if (prefix.actions.size() == record.actions.size()) prefix.outcome = record.outcome;  // the whole game
  return replay(prefix);
}

std::string table(const InfoState& view) {
  const Observation& obs = view.observation();
  std::string out = fmt::format("{} at move {}, {} to move: {} consistent assignments of the enemy identities\n\n",
                                seatName(view.seat()), obs.ply() + 1, seatName(obs.sideToMove()),
                                fmt::format("{:.4g}", view.counter().totalWeight()));
  out += fmt::format("{:<6}{:<6}{:<6}{:<26}", "piece", "start", "now", "notes");
  for (int t = 0; t < kPieceTypes; ++t) out += fmt::format("{:>5}", typeSymbol(typeFromIndex(t)));
  out += '\n';
  for (int k = 0; k < view.knowledge().pieceCount(); ++k) {
    const PieceId p = pieceOf(view.enemy(), k);
    out += fmt::format("{:<6}{:<6}{:<6}{:<26}", fmt::format("{}{}", seatName(view.enemy())[0], k),
                       squareName(obs.startSquare(p)), obs.isAlive(p) ? squareName(obs.squareOf(p)) : "lost",
                       describeIdentities(view.support(k)));
    for (int t = 0; t < kPieceTypes; ++t) {
      const double q = view.marginals()[k][t];
      out += q == 0 ? fmt::format("{:>5}", ".") : fmt::format("{:>5.0f}", std::max(1.0, 100 * q));
    }
    out += '\n';
  }
  out += "\n(percent; E P C J R I D G M = ranks 1-9, B bomb, L landmine, F flag)\n";
  return out;
}

std::string percentColumns(const IdentityMarginals& m) {
  std::string out;
  for (int t = 0; t < kPieceTypes; ++t) {
    const double q = m[static_cast<std::size_t>(t)];
    out += q == 0 ? fmt::format("{:>5}", ".") : fmt::format("{:>5.0f}", std::max(1.0, 100 * q));
  }
  return out;
}

// A four-player record: the seat's notes and probabilities for every piece
// on the board whose identity it does not see.
std::string fourTable(const std::string& text, const std::string& seatName, int ply) {
  FourRecord record = parseFourRecord(text);
  if (ply < static_cast<int>(record.moves.size())) {
    record.moves.resize(static_cast<std::size_t>(std::max(ply, 0)));
    record.outcome = {};
  }
  const FourGame game = replayFour(record);
  const int army = parseArmyName(seatName.empty() ? "south" : seatName);
  if (army < 0)
    throw std::invalid_argument(fmt::format("--seat must be south, east, north or west in a four-player record, not '{}'",
                                            seatName));
  const FourObservation obs = FourObservation::of(game, army);
  const FourBeliefs beliefs = FourBeliefs::of(obs, game.rules());
  std::string out = fmt::format("{} (sees {}) at move {}, {} to move; {} battles between two pieces it does not see{}\n\n",
                                armyName(army), visibilityName(obs.visibility()), obs.ply() + 1, armyName(obs.toMove()),
                                beliefs.coupledBattles(),
                                beliefs.marginalsExact() ? "" : " (probabilities army by army, without them)");
  out += fmt::format("{:<7}{:<6}{:<26}", "army", "point", "notes");
  for (int t = 0; t < kPieceTypes; ++t) out += fmt::format("{:>5}", typeSymbol(typeFromIndex(t)));
  out += '\n';
  for (Square p{}; p < kCrossPoints; ++p) {
    if (obs.armyAt(p) < 0 || beliefs.sees(obs.armyAt(p))) continue;
    out += fmt::format("{:<7}{:<6}{:<26}{}\n", armyName(obs.armyAt(p)), crossBoard().pointName(p),
                       describeIdentities(beliefs.possibleAt(p)), percentColumns(beliefs.marginalsAt(p)));
  }
  return out + "\n(percent; E P C J R I D G M = ranks 1-9, B bomb, L landmine, F flag)\n";
}

// A Flip Junqi record: both seats know the same, so the beliefs are the
// pools: every face-down piece is each identity left in them with the same chance.
std::string flipTable(const std::string& text, const std::string& seat, int ply) {
  if (!seat.empty() && seat != "1" && seat != "2")
    throw std::invalid_argument(fmt::format("--seat must be 1 or 2 in a Flip Junqi record, not '{}'", seat));
  FlipRecord record = parseFlipRecord(text);
  if (ply < static_cast<int>(record.actions.size())) {
    record.actions.resize(static_cast<std::size_t>(std::max(ply, 0)));
    record.outcome = {};
  }
  const FlipGame game = replayFlip(record);
  const FlipPosition& pos = game.position();
  std::string out = fmt::format("at move {}, seat {} to move: {} face-down pieces, each of them any identity left in "
                                "the pools with these chances (both seats know the same)\n\n",
                                pos.ply() + 1, seatNumber(pos.toMove()), pos.poolSize());
  out += fmt::format("{:<7}", "colour");
  for (int t = 0; t < kPieceTypes; ++t) out += fmt::format("{:>5}", typeSymbol(typeFromIndex(t)));
  out += '\n';
  for (const Colour c : {Colour::Red, Colour::Blue}) {
    IdentityMarginals q{};
    for (int t = 0; t < kPieceTypes; ++t) q[static_cast<std::size_t>(t)] = pos.flipProbability({c, typeFromIndex(t)});
    const auto player = pos.seatOf(c);
    out += fmt::format("{:<7}{}{}\n", c == Colour::Red ? "red" : "blue", percentColumns(q),
                       player ? fmt::format("  (seat {})", seatNumber(*player)) : "");
  }
  return out + "\n(percent; E P C J R I D G M = ranks 1-9, B bomb, L landmine, F flag)\n";
}

// What checking one game found: the calibration sums, or the first violation.
struct CheckTally {
  double bitsBelief = 0, bitsPrior = 0;
  long long samples = 0, top1 = 0;
  std::string error;
};

// Plays game `g` of a beliefs-check (random moves, or `agent` for both seats)
// and checks after every move that each seat's beliefs allow the truth.
CheckTally checkGame(const Ruleset& ruleset, int g, const std::string& agent, std::uint64_t seed, int maxPlies) {
  CheckTally tally;
  Rng rng(Rng::mix(seed, static_cast<std::uint64_t>(g)));
  const auto style = static_cast<LayoutStyle>(rng.below(4));
  Game game(ruleset, styledLayout(style, ruleset, rng), styledLayout(style, ruleset, rng));
  std::array<InfoState, kSeats> views = {InfoState::of(game, Seat::Red), InfoState::of(game, Seat::Blue)};
  std::array<std::unique_ptr<Agent>, kSeats> players;
  if (!agent.empty())
    for (const Seat s : {Seat::Red, Seat::Blue}) {
      players[index(s)] = makeAgent(agent);
      players[index(s)]->newGame(ruleset, s, Rng::mix(seed, static_cast<std::uint64_t>(g)));
    }
  MoveList moves;
  while (!game.isOver() && game.position().ply() < maxPlies) {
    const Seat mover = game.position().sideToMove();
    if (players[index(mover)]) {
      game.apply(players[index(mover)]->chooseAction(views[index(mover)]));
    } else {
      generateMoves(game.position(), moves);
      game.apply(Action::makeMove(mover, moves[static_cast<int>(rng.below(moves.size()))]));
    }
    for (InfoState& view : views) {
      view.apply(publicEvent(game, game.history().size() - 1));
      const Seat them = view.enemy();
      for (int k = 0; k < view.knowledge().pieceCount(); ++k) {
        const PieceId p = pieceOf(them, k);
        const PieceType truth = game.start().typeOf(p);
        const double q = view.marginals()[k][typeIndex(truth)];
        if (!(view.knowledge().possible(k) & identityBit(truth)) || q <= 0) {
          tally.error = fmt::format("game {} move {}: {}'s piece {} is a {} but {} rules it out", g,
                                    game.position().ply(), seatName(them), k, typeName(truth), seatName(view.seat()));
          return tally;
        }
        if (!game.position().isAlive(p)) continue;
        tally.bitsBelief -= std::log2(q);
        tally.bitsPrior -=
            std::log2(static_cast<double>(ruleset.counts[typeIndex(truth)]) / totalPieces(ruleset.counts));
        int best = 0;
        for (int t = 1; t < kPieceTypes; ++t)
          if (view.marginals()[k][t] > view.marginals()[k][best]) best = t;
        tally.top1 += best == typeIndex(truth);
        ++tally.samples;
      }
    }
  }
  return tally;
}

// Adds one piece's figures: the belief's and the count-only prior's bits for
// its true identity, and whether the belief's most likely identity is it.
void tallyPiece(CheckTally& tally, double belief, double prior, bool top) {
  tally.bitsBelief -= std::log2(belief);
  tally.bitsPrior -= std::log2(prior);
  tally.top1 += top;
  ++tally.samples;
}

// Four-player Junqi: after every move, each seat still in the game holds
// beliefs (core/four/four_beliefs.h) that allow every unseen piece's identity.
CheckTally checkFourGame(const FourRuleset& rules, int g, std::uint64_t seed, int maxPlies) {
  CheckTally tally;
  Rng rng(Rng::mix(seed, static_cast<std::uint64_t>(g)));
  const auto style = static_cast<LayoutStyle>(rng.below(4));
  std::array<Layout, kArmies> layouts;
  for (Layout& l : layouts) l = styledLayout(style, rules.army, rng);
  FourGame game(rules, layouts);
  const double total = totalPieces(rules.army.counts);
  MoveList moves;
  while (!game.isOver() && game.position().ply() < maxPlies) {
    generateFourMoves(game.position(), moves);
    game.play(moves[static_cast<int>(rng.below(moves.size()))]);
    for (int seat = 0; seat < kArmies; ++seat) {
      if (!game.position().armyIn(seat)) continue;
      const FourBeliefs beliefs = FourBeliefs::of(FourObservation::of(game, seat), rules);
      for (Square p{}; p < kCrossPoints; ++p) {
        if (game.position().isEmpty(p) || beliefs.sees(game.position().armyAt(p))) continue;
        const PieceType truth = game.position().typeAt(p);
        const IdentityMarginals q = beliefs.marginalsAt(p);
        if (!(beliefs.possibleAt(p) & identityBit(truth)) || q[typeIndex(truth)] <= 0) {
          tally.error = fmt::format("game {} move {}: {}'s piece on {} is a {} but {} rules it out", g,
                                    game.position().ply(), armyName(game.position().armyAt(p)),
                                    crossBoard().pointName(p), typeName(truth), armyName(seat));
          return tally;
        }
        const auto best = std::max_element(q.begin(), q.end()) - q.begin();
        tallyPiece(tally, q[typeIndex(truth)], rules.army.counts[typeIndex(truth)] / total, best == typeIndex(truth));
      }
    }
  }
  return tally;
}

// Flip Junqi: both seats know the same, the pools of the face-down pieces;
// after every action each face-down piece's identity must have a chance in
// them (FlipPosition::flipProbability), the prior being the full sets'.
CheckTally checkFlipGame(const FlipRuleset& rules, int g, std::uint64_t seed, int maxPlies) {
  CheckTally tally;
  Rng rng(Rng::mix(seed, static_cast<std::uint64_t>(g)));
  FlipGame game(rules, randomFlipDeal(rng));
  const FlipPosition start = game.position();
  MoveList actions;
  while (!game.isOver() && game.position().ply() < maxPlies) {
    generateFlipActions(game.position(), actions);
    game.apply(Action::makeMove(game.position().toMove(), actions[static_cast<int>(rng.below(actions.size()))]));
    const FlipPosition& pos = game.position();
    Identity best;
    for (const Colour c : {Colour::Red, Colour::Blue})
      for (int t = 0; t < kPieceTypes; ++t)
        if (pos.flipProbability({c, typeFromIndex(t)}) > pos.flipProbability(best)) best = {c, typeFromIndex(t)};
    for (Bitboard down = pos.faceDown(); down; down &= down - 1) {
      const auto p = Square(lsb(down));
      const Identity truth = *game.deal().under[p];
      const double q = pos.flipProbability(truth);
      if (q <= 0) {
        tally.error = fmt::format("game {} move {}: the face-down piece on {} is {} {} but the pools rule it out", g,
                                  pos.ply(), squareName(p), truth.colour == Colour::Red ? "a red" : "a blue",
                                  typeName(truth.type));
        return tally;
      }
      tallyPiece(tally, q, start.flipProbability(truth), best == truth);
    }
  }
  return tally;
}

}  // namespace

void registerBeliefs(CLI::App& app) {
  auto* cmd = app.add_subcommand("beliefs", "Show one seat's notes and exact beliefs about every enemy piece");
  static std::string path, seat, svg, rules;
  static int ply = 1 << 30;
  cmd->add_option("record", path, "Game record (docs/records.md)")->required();
  static const CLI::Option* rulesOption =
      addRulesOption(cmd, rules, Games::all())
          ->description("The game the record must be of, by one of its presets (default: the record's own game)");
  cmd->add_option("--seat", seat,
                  "Whose view: red (the default) or blue; south (the default), east, north or west in a four-player record; "
                  "1 or 2 in a Flip Junqi record (both see the same)");
  cmd->add_option("--ply", ply, "Show the view before this move number (default: the end)");
  cmd->add_option("--svg", svg, "Also draw the board with the beliefs into this SVG file");
  setAction(cmd, [] {
    const std::string text = readFile(path);
    const std::string recordGame = gameOfRecord(text);
    requireRecordGame(*rulesOption, rules, path, recordGame);
    if (recordGame == "flip") {
      if (!svg.empty()) throw std::invalid_argument("--svg draws classic boards only");
      fmt::print("{}", flipTable(text, seat, ply - 1));
      return 0;
    }
    if (recordGame == "four") {
      if (!svg.empty()) throw std::invalid_argument("--svg draws classic boards only");
      fmt::print("{}", fourTable(text, seat, ply - 1));
      return 0;
    }
    const auto side = parseSeat(seat.empty() ? "red" : seat);
    if (!side) throw std::invalid_argument(fmt::format("--seat must be red or blue, not '{}'", seat));
    const GameRecord record = parseRecord(text);
    const Game game = replayTo(record, ply - 1);
    const InfoState view = InfoState::of(game, *side);
    fmt::print("{}", table(view));
    if (!svg.empty()) {
      writeFileAtomically(svg, beliefBoardSvg(view));
      fmt::print("board written to {}\n", svg);
    }
    return 0;
  });
}

namespace {

// The check of one game of the ruleset's game, and what its pieces are called.
struct GameCheck {
  std::function<CheckTally(int)> check;
  std::string pieces;
};

GameCheck gameCheck(const std::string& rules, const std::string& agent, std::uint64_t seed, int maxPlies) {
  const std::string game = gameOfRules(rules);
  if (game != "classic" && !agent.empty())
    throw std::invalid_argument(fmt::format("--agent: the check plays random moves in {}", gameTitle(game)));
  if (game == "flip")
    return {[r = FlipRuleset::parse(rules), seed, maxPlies](int g) { return checkFlipGame(r, g, seed, maxPlies); },
            "face-down piece"};
  if (game == "four")
    return {[r = FourRuleset::parse(rules), seed, maxPlies](int g) { return checkFourGame(r, g, seed, maxPlies); },
            "unseen piece on the board"};
  return {[r = Ruleset::parse(rules), agent, seed, maxPlies](int g) { return checkGame(r, g, agent, seed, maxPlies); },
          "enemy piece on the board"};
}

// Each game is checked on its own; the tallies are summed in game order so
// that the printed figures are the same on any number of threads.
CheckTally checkGames(const GameCheck& check, int games, int threads) {
  std::vector<CheckTally> tallies(static_cast<std::size_t>(games));
  runNumberedJobs(0, games, threads, nullptr, [&](int g) {
    CheckTally& tally = tallies[static_cast<std::size_t>(g)];
    try {
      tally = check.check(g);
    } catch (const std::exception& e) {  // reported like a violation, not thrown out of the thread
      tally.error = fmt::format("game {}: {}", g, e.what());
    }
  });
  CheckTally total;
  for (const CheckTally& t : tallies) {
    if (!t.error.empty()) throw std::runtime_error(t.error);  // the first failing game
    total.bitsBelief += t.bitsBelief;
    total.bitsPrior += t.bitsPrior;
    total.samples += t.samples;
    total.top1 += t.top1;
  }
  return total;
}

}  // namespace

namespace {

// --identity-head: a four-player network's identity head against the exact
// beliefs (nets/four/four_identity_error.h), on games of the weights' ruleset
// unless --rules names another four-player one.
void printIdentityHeadCheck(const std::string& weightsPath, const std::string& rulesText, bool rulesGiven, int games,
                            int positions, int worlds, std::uint64_t seed, int maxPlies, int threads) {
  const nets::WeightsFile weights = nets::loadFourWeights(weightsPath);
  const std::string rules = rulesGiven ? rulesText : weights.ruleset;
  if (gameOfRules(rules) != "four")
    throw std::invalid_argument(fmt::format(
        "--identity-head: a four-player network is measured in four-player games, not under --rules {}", rules));
  nets::FourIdentityErrorOptions o;
  o.rules = FourRuleset::parse(rules);
  o.games = games, o.positionsPerGame = positions, o.seed = seed, o.maxPlies = maxPlies, o.threads = threads;
  o.worlds = worlds;
  const auto network = nets::makeBackend("eigen", weights);
  const nets::FourIdentityErrorResult r = nets::measureFourIdentityError(*network, o);
  fmt::print("identity head of {} on {} games of {} (heuristic), seed {}: {} positions, {} unseen pieces with exact "
             "beliefs ({} left out: their army fought an unseen piece of another army)\n",
             weightsPath, games, o.rules.toString(), seed, r.total.positions, r.total.pieces, r.total.inexact);
  fmt::print("mean absolute error per identity against the exact beliefs (95% interval, games as clusters):\n");
  const auto line = [](const char* what, const nets::IdentityErrorFigure& f) {
    fmt::print("  {:<34}{:.4f} [{:.4f}, {:.4f}]\n", what, f.mean, f.low, f.high);
  };
  line("identity head", r.head());
  line("uniform over the possible", r.uniform());
  line("count-only prior", r.prior());
  if (worlds <= 0) return;
  fmt::print("the {} pieces left out, against marginals from {} drawn worlds each (not exact: Monte Carlo noise):\n",
             r.total.sampledPieces, worlds);
  line("identity head", r.sampledHead());
  line("uniform over the possible", r.sampledUniform());
  line("count-only prior", r.sampledPrior());
  line("noise (half the halves' distance)", r.sampledNoise());
}

}  // namespace

void registerBeliefsCheck(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "beliefs-check", "Play random games, check the truth is always possible, and print the calibration figure");
  static std::string rules, identityHead;
  static int games = 200, maxPlies = 1000, threads = 1, positions = 8, worlds = 0;
  static std::uint64_t seed = 1;
  static std::string agent;
  static const CLI::Option* rulesOption = addRulesOption(cmd, rules, Games::all());
  cmd->add_option("--identity-head", identityHead,
                  "Instead: measure this four-player network's identity head (junqi train --identity-loss) against the "
                  "exact beliefs, in games the heuristic plays (default --rules: the network's)");
  cmd->add_option("--positions", positions, "With --identity-head: decisions drawn from each game")
      ->check(atLeast(1))
      ->capture_default_str();
  cmd->add_option("--worlds", worlds,
                  "With --identity-head: also the pieces whose marginals are not exact, against this many drawn worlds "
                  "(0: not)")
      ->check(CLI::Range(0, 1000000))
      ->capture_default_str();
  cmd->add_option("--games", games, "Number of games")->check(atLeast(1))->capture_default_str();
  cmd->add_option("--agent", agent, "Moves chosen by this agent for both seats (default: uniformly random; classic only)");
  cmd->add_option("--seed", seed, "Random seed")->capture_default_str();
  cmd->add_option("--max-plies", maxPlies, "Stop a game after this many moves")
      ->check(atLeast(1))
      ->capture_default_str();
  cmd->add_option("--threads", threads, "Games checked at once (the figures do not depend on it)")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  setAction(cmd, [] {
    if (!identityHead.empty()) {
      if (!agent.empty()) throw std::invalid_argument("--agent: the identity head's games are the heuristic's");
      printIdentityHeadCheck(identityHead, rules, rulesOption->count() > 0, games, positions, worlds, seed, maxPlies,
                             threads);
      return 0;
    }
    const GameCheck check = gameCheck(rules, agent, seed, maxPlies);
    const CheckTally total = checkGames(check, games, threads);
    fmt::print("{} games ({}), {} piece-positions: the truth was always possible\n", games,
               agent.empty() ? "random moves" : agent, total.samples);
    fmt::print("bits per {}: exact beliefs {:.3f}, count-only prior {:.3f}\n", check.pieces,
               total.bitsBelief / std::max<long long>(1, total.samples),
               total.bitsPrior / std::max<long long>(1, total.samples));
    fmt::print("top-1 accuracy of the exact beliefs: {:.1f}%\n", 100.0 * total.top1 / std::max<long long>(1, total.samples));
    return 0;
  });
}

}  // namespace junqi::tools
