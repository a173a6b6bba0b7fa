#include "tests/conformance/conformance_checks.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "core/info_state.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/observation.h"
#include "core/perft.h"
#include "core/record.h"
#include "tests/support/permuted_world.h"
#include "tests/support/position_checks.h"
#include "tests/support/record_round_trip.h"

namespace junqi::conformance {

namespace {

bool before(Move a, Move b) { return a.from != b.from ? a.from < b.from : a.to < b.to; }

// The next seat in turn order: who answers a draw offer.
Seat nextSeat(const Variant& variant, Seat s) { return seatFromIndex((index(s) + 1) % variant.seatCount()); }

// A random action for the side to move: mostly a move, now and then a draw
// offer (answered at once by the next seat), rarely a resignation.
Action randomAction(const Game& game, const MoveList& moves, Rng& rng) {
  const Seat mover = game.position().sideToMove();
  const auto roll = rng.below(5000);
  if (roll == 0 && !game.whyIllegal(Action::resign(mover))) return Action::resign(mover);
  if (roll < 25 && !game.whyIllegal(Action::offerDraw(mover))) return Action::offerDraw(mover);
  return Action::makeMove(mover, moves[static_cast<int>(rng.below(static_cast<std::uint64_t>(moves.size())))]);
}

// Applies the action (and the answer to a draw offer), then checks the position.
std::string applyAndCheck(const VariantUnderTest& v, Game& game, const Action& action, Rng& rng, Tally& tally) {
  const Position before = game.position();
  const ActionRecord& record = game.apply(action);
  const bool fight = record.result.combat != Combat::None;
  tally.fights += fight;
  if (fight != (action.type == ActionType::Move && !before.isEmpty(action.move.to)))
    return "a fight was reported where there was none, or none where there was one";
  if (action.type == ActionType::OfferDraw && !game.isOver()) {
    ++tally.drawOffers;
    const Seat other = nextSeat(*v.variant, action.side);
    game.apply(rng.below(4) == 0 ? Action::acceptDraw(other) : Action::declineDraw(other));
  }
  const Position& after = game.position();
  if (auto why = test_support::inconsistency(after); !why.empty()) return why;
  if (auto why = test_support::piecesOnlyLeave(before, after); !why.empty()) return why;
  const Outcome board = boardOutcome(after);
  if (board.isOver() && game.outcome() != board)
    return fmt::format("the referee says {} where the board says {}", terminationName(game.outcome().reason),
                       terminationName(board.reason));
  return {};
}

// Every seat in turn cannot tell the game from worlds with other hidden identities.
std::string checkEverySeat(const Game& game, Rng& rng, Tally& tally) {
  for (int s = 0; s < Variant::of(game.rules().ruleset()).seatCount(); ++s) {
    if (auto why = checkLeakage(game, seatFromIndex(s), rng); !why.empty()) return why;
    ++tally.leakageChecks;
  }
  return {};
}

// The end: decided, drawn, or (only without a draw rule) the harness's cap.
std::string checkEnd(const VariantUnderTest& v, Game& game, Tally& tally) {
  if (!game.isOver()) {
    if (v.endsByItsRules) return fmt::format("the game did not end by its rules in {} moves", v.maxPlies);
    game.adjudicateDraw();
    ++tally.capped;
  }
  (game.outcome().winner ? tally.decided : tally.drawn) += 1;
  return checkReturns(*v.variant, game.outcome());
}

}  // namespace

std::string checkMoves(const VariantUnderTest& v, const Position& pos, const MoveList& list) {
  std::vector<Move> fast(list.begin(), list.end()), slow = v.slowMoves(pos);
  std::sort(fast.begin(), fast.end(), before);
  std::sort(slow.begin(), slow.end(), before);
  if (std::adjacent_find(fast.begin(), fast.end()) != fast.end()) return "a move was generated twice";
  std::vector<Move> onlyFast, onlySlow;
  std::set_difference(fast.begin(), fast.end(), slow.begin(), slow.end(), std::back_inserter(onlyFast), before);
  std::set_difference(slow.begin(), slow.end(), fast.begin(), fast.end(), std::back_inserter(onlySlow), before);
  if (!onlyFast.empty())
    return fmt::format("the engine generates {}, the slow generator does not, at {}", moveName(onlyFast[0]),
                       formatPosition(pos));
  if (!onlySlow.empty())
    return fmt::format("the slow generator has {}, the engine does not, at {}", moveName(onlySlow[0]),
                       formatPosition(pos));
  return {};
}

std::string checkRandomGame(const VariantUnderTest& v, std::uint64_t seed, Tally& tally, int leakageEvery) {
  Rng rng(Rng::mix(seed, 0xC0F0));
  Game game = v.randomStart(rng);
  if (auto why = test_support::inconsistency(game.position()); !why.empty()) return "at the start: " + why;
  const int leakageAt = leakageEvery > 0 && seed % leakageEvery == 0 ? 10 + static_cast<int>(rng.below(150)) : -1;
  MoveList moves;
  while (!game.isOver() && game.position().ply() < v.maxPlies) {
    const Position& pos = game.position();
    generateMoves(pos, moves);
    if (auto why = checkMoves(v, pos, moves); !why.empty()) return why;
    if (moves.empty()) return "the game goes on but the side to move has no move";
    if (pos.ply() == leakageAt)
      if (auto why = checkEverySeat(game, rng, tally); !why.empty()) return why;
    const Action action = randomAction(game, moves, rng);
    const std::string what = fmt::format("after {} at ply {} of {}", action.type == ActionType::Move
                                                                        ? moveName(action.move)
                                                                        : std::string("an offer or resignation"),
                                         pos.ply(), formatPosition(pos));
    if (auto why = applyAndCheck(v, game, action, rng, tally); !why.empty()) return why + " " + what;
    ++tally.plies;
  }
  if (auto why = checkEnd(v, game, tally); !why.empty()) return why;
  ++tally.games;
  return test_support::recordRoundTripProblem(game);
}

std::string checkReturns(const Variant& variant, const Outcome& outcome) {
  const std::vector<double> returns = variant.returns(outcome);
  if (static_cast<int>(returns.size()) != variant.seatCount())
    return fmt::format("{} returns for {} seats", returns.size(), variant.seatCount());
  for (int s = 0; s < variant.seatCount(); ++s) {
    const Seat seat = seatFromIndex(s);
    double want = 0;
    if (outcome.isOver() && outcome.winner) want = variant.team(seat) == variant.team(*outcome.winner) ? 1 : -1;
    if (returns[s] != want)
      return fmt::format("{}'s return is {} after {}, not {}", variant.seat(seat).name, returns[s],
                         terminationName(outcome.reason), want);
  }
  return {};
}

std::string checkRecordRoundTrip(const Game& game, const std::function<std::string(std::string)>& tamper) {
  const std::string name = Variant::of(game.rules().ruleset()).name();
  if (formatRecord(recordOf(game)).find("\nvariant " + name + "\n") == std::string::npos)
    return "the record does not name its variant " + name;
  return test_support::recordRoundTripProblem(game, {}, tamper);
}

std::string checkSeatCannotTellApart(const Game& game, const Game& world, Seat seat) {
  const std::string seen = Observation::of(game, seat).toText();
  if (Observation::of(world, seat).toText() != seen)
    return fmt::format("{} observes a difference between two worlds it should not tell apart:\n{}",
                       seatName(seat), seen);
  const InfoState view = InfoState::of(game, seat), worldView = InfoState::of(world, seat);
  const auto& beliefs = view.marginals();
  const auto& worldBeliefs = worldView.marginals();
  for (std::size_t k = 0; k < beliefs.size(); ++k)
    for (int t = 0; t < kPieceTypes; ++t)
      if (std::abs(beliefs[k][t] - worldBeliefs[k][t]) > 1e-12)
        return fmt::format("{}'s belief that enemy piece {} is a {} differs between two worlds: {} and {}",
                           seatName(seat), k, typeName(typeFromIndex(t)), beliefs[k][t], worldBeliefs[k][t]);
  return {};
}

std::string checkLeakage(const Game& game, Seat seat, Rng& rng) {
  std::string why;
  const auto world = test_support::permutedWorld(game, seat, rng, &why);
  if (!world) return "no world to compare: " + why;
  return checkSeatCannotTellApart(game, *world, seat);
}

std::string checkPerft(const VariantUnderTest& v, const Position& pos, int depth) {
  const std::uint64_t fast = perft(pos, depth), slow = v.slowPerft(pos, depth);
  if (fast == slow) return {};
  return fmt::format("perft {} is {}, the slow generator's {}, at {}", depth, fast, slow, formatPosition(pos));
}

}  // namespace junqi::conformance
