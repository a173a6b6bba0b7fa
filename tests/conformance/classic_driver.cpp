#include "tests/conformance/classic_driver.h"

#include <fmt/format.h>

#include "core/classic/auto_layout.h"
#include "core/classic/movegen.h"
#include "core/classic/notation.h"
#include "core/classic/perft.h"
#include "core/variant.h"
#include "tests/conformance/conformance_checks.h"
#include "tests/support/position_checks.h"
#include "tests/support/reference_rules.h"

namespace junqi::conformance {

Game randomClassicGame(const Ruleset& ruleset, Rng& rng) {
  constexpr LayoutStyle kStyles[] = {LayoutStyle::Random, LayoutStyle::Aggressive, LayoutStyle::Defensive,
                                     LayoutStyle::Balanced};
  const Layout red = styledLayout(kStyles[rng.below(4)], ruleset, rng);
  const Layout blue = styledLayout(kStyles[rng.below(4)], ruleset, rng);
  return Game(ruleset, red, blue);
}

namespace {

// A random action for the side to move: mostly a move, now and then a draw
// offer (answered at once by the other seat), rarely a resignation.
Action randomAction(const Game& game, const std::vector<Move>& moves, Rng& rng) {
  const Seat mover = game.position().sideToMove();
  const auto roll = rng.below(5000);
  if (roll == 0 && !game.whyIllegal(Action::resign(mover))) return Action::resign(mover);
  if (roll < 25 && !game.whyIllegal(Action::offerDraw(mover))) return Action::offerDraw(mover);
  return Action::makeMove(mover, moves[rng.below(moves.size())]);
}

class ClassicDriver : public GameDriver {
 public:
  explicit ClassicDriver(Game game) : game_(std::move(game)) {}

  std::vector<Move> moves() const override {
    MoveList list;
    generateMoves(game_.position(), list);
    return {list.begin(), list.end()};
  }
  std::vector<Move> slowMoves() const override {
    const reference::MoveSet moves = reference::legalMoves(game_.position());
    return {moves.begin(), moves.end()};
  }
  std::string step(const std::vector<Move>& moves, Rng& rng, Tally& tally) override;
  std::string inconsistency() const override { return test_support::inconsistency(game_.position()); }

  bool isOver() const override { return game_.isOver(); }
  Outcome outcome() const override { return game_.outcome(); }
  void adjudicateDraw() override { game_.adjudicateDraw(); }
  int ply() const override { return game_.position().ply(); }

  std::uint64_t perft(int depth) const override { return junqi::perft(game_.position(), depth); }
  std::uint64_t slowPerft(int depth) const override { return reference::perft(game_.position(), depth); }

  std::string recordProblem() const override { return checkRecordRoundTrip(game_); }
  // Every seat in turn cannot tell the game from worlds with other hidden identities.
  std::string leakageProblem(Rng& rng, Tally& tally) const override {
    for (int s = 0; s < Variant::classic().seatCount(); ++s) {
      if (auto why = checkLeakage(game_, seatFromIndex(s), rng); !why.empty()) return why;
      ++tally.leakageChecks;
    }
    return {};
  }

  std::string positionText() const override { return formatPosition(game_.position()); }
  std::string actionName(Move m) const override { return moveName(m); }

 private:
  Game game_;
};

// Applies the action (and the answer to a draw offer), then checks the position.
std::string ClassicDriver::step(const std::vector<Move>& moves, Rng& rng, Tally& tally) {
  const Action action = randomAction(game_, moves, rng);
  const Position before = game_.position();
  const ActionRecord& record = game_.apply(action);
  const bool fight = record.result.combat != Combat::None;
  tally.fights += fight;
  if (fight != (action.type == ActionType::Move && !before.isEmpty(action.move.to)))
    return "a fight was reported where there was none, or none where there was one";
  if (action.type == ActionType::OfferDraw && !game_.isOver()) {
    ++tally.drawOffers;
    const Seat other = opposite(action.side);
    game_.apply(rng.below(4) == 0 ? Action::acceptDraw(other) : Action::declineDraw(other));
  }
  const Position& after = game_.position();
  if (auto why = test_support::inconsistency(after); !why.empty()) return why;
  if (auto why = test_support::piecesOnlyLeave(before, after); !why.empty()) return why;
  const Outcome board = boardOutcome(after);
  if (board.isOver() && game_.outcome() != board)
    return fmt::format("the referee says {} where the board says {}", terminationName(game_.outcome().reason),
                       terminationName(board.reason));
  return {};
}

}  // namespace

DriverPtr classicDriver(Game game) { return std::make_unique<ClassicDriver>(std::move(game)); }

}  // namespace junqi::conformance
