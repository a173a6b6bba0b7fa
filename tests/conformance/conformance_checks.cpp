#include "tests/conformance/conformance_checks.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "core/classic/info_state.h"
#include "core/classic/observation.h"
#include "core/classic/record.h"
#include "tests/support/permuted_world.h"
#include "tests/support/record_round_trip.h"

namespace junqi::conformance {

namespace {

bool before(Move a, Move b) { return a.from != b.from ? a.from < b.from : a.to < b.to; }

// The end: decided, drawn, or (only without a draw rule) the harness's cap.
std::string checkEnd(const VariantUnderTest& v, GameDriver& game, Tally& tally) {
  if (!game.isOver()) {
    if (v.endsByItsRules) return fmt::format("the game did not end by its rules in {} moves", v.maxPlies);
    game.adjudicateDraw();
    ++tally.capped;
  }
  (game.outcome().winner ? tally.decided : tally.drawn) += 1;
  return checkReturns(*v.variant, game.outcome());
}

}  // namespace

std::string checkMoves(const GameDriver& game, const std::vector<Move>& generated) {
  std::vector<Move> fast = generated, slow = game.slowMoves();
  std::sort(fast.begin(), fast.end(), before);
  std::sort(slow.begin(), slow.end(), before);
  if (std::adjacent_find(fast.begin(), fast.end()) != fast.end()) return "a move was generated twice";
  std::vector<Move> onlyFast, onlySlow;
  std::set_difference(fast.begin(), fast.end(), slow.begin(), slow.end(), std::back_inserter(onlyFast), before);
  std::set_difference(slow.begin(), slow.end(), fast.begin(), fast.end(), std::back_inserter(onlySlow), before);
  if (!onlyFast.empty())
    return fmt::format("the engine generates {}, the slow generator does not, at {}", game.actionName(onlyFast[0]),
                       game.positionText());
  if (!onlySlow.empty())
    return fmt::format("the slow generator has {}, the engine does not, at {}", game.actionName(onlySlow[0]),
                       game.positionText());
  return {};
}

std::string checkRandomGame(const VariantUnderTest& v, std::uint64_t seed, Tally& tally, int leakageEvery) {
  Rng rng(Rng::mix(seed, 0xC0F0));
  const DriverPtr game = v.randomStart(rng);
  if (auto why = game->inconsistency(); !why.empty()) return "at the start: " + why;
  const int leakageAt =
      leakageEvery > 0 && seed % leakageEvery == 0 ? 10 + static_cast<int>(rng.below(v.leakageWithin)) : -1;
  while (!game->isOver() && game->ply() < v.maxPlies) {
    const std::vector<Move> moves = game->moves();
    if (auto why = checkMoves(*game, moves); !why.empty()) return why;
    if (moves.empty()) return "the game goes on but the side to move has no move";
    if (game->ply() == leakageAt)
      if (auto why = game->leakageProblem(rng, tally); !why.empty()) return why;
    const std::string where = fmt::format(" at ply {} of {}", game->ply(), game->positionText());
    if (auto why = game->step(moves, rng, tally); !why.empty()) return why + where;
    ++tally.plies;
  }
  if (auto why = checkEnd(v, *game, tally); !why.empty()) return why;
  ++tally.games;
  return game->recordProblem();
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

std::string checkPerft(const GameDriver& game, int depth) {
  const std::uint64_t fast = game.perft(depth), slow = game.slowPerft(depth);
  if (fast == slow) return {};
  return fmt::format("perft {} is {}, the slow generator's {}, at {}", depth, fast, slow, game.positionText());
}

}  // namespace junqi::conformance
