#include "tests/conformance/flip_driver.h"

#include <numeric>

#include <fmt/format.h>

#include "core/flip/flip_movegen.h"
#include "core/flip/flip_notation.h"
#include "core/flip/flip_perft.h"
#include "core/flip/flip_record.h"
#include "core/variant.h"
#include "tests/support/flip_reference.h"

namespace junqi::conformance {

namespace {

int total(const PieceCounts& counts) { return std::accumulate(counts.begin(), counts.end(), 0); }

// Pieces only leave: no point turns face down again, the board never holds
// more pieces and no captured identity comes back.
std::string flipPiecesOnlyLeave(const FlipPosition& before, const FlipPosition& after) {
  if (after.faceDown() & ~before.faceDown()) return "a point turned face down again";
  if (popcount(after.occupied()) > popcount(before.occupied())) return "the board holds more pieces than before";
  for (const Colour c : {Colour::Red, Colour::Blue})
    for (int t = 0; t < kPieceTypes; ++t)
      if (after.lost(c)[t] < before.lost(c)[t])
        return fmt::format("a captured {} came back", typeName(typeFromIndex(t)));
  return {};
}

class FlipDriver : public GameDriver {
 public:
  explicit FlipDriver(FlipGame game) : game_(std::move(game)) {}

  std::vector<Move> moves() const override {
    MoveList list;
    generateFlipActions(game_.position(), list);
    return {list.begin(), list.end()};
  }
  std::vector<Move> slowMoves() const override {
    std::vector<Move> out;
    for (const auto& [from, to] : reference::slowFlipActions(game_.position()))
      out.push_back({Square(from), Square(to)});
    return out;
  }
  std::string step(const std::vector<Move>& moves, Rng& rng, Tally& tally) override;
  std::string inconsistency() const override { return flipInconsistency(game_.position()); }

  bool isOver() const override { return game_.isOver(); }
  Outcome outcome() const override { return game_.outcome(); }
  void adjudicateDraw() override { game_.adjudicateDraw(); }
  int ply() const override { return game_.position().ply(); }

  // The face-down pieces never move, so the deal of the start is the deal of now.
  std::uint64_t perft(int depth) const override { return flipPerft(game_.position(), game_.deal(), depth); }
  std::uint64_t slowPerft(int depth) const override {
    return reference::slowFlipPerft(game_.position(), game_.deal(), depth);
  }

  std::string recordProblem() const override;
  std::string leakageProblem(Rng& rng, Tally& tally) const override;

  std::string positionText() const override { return formatFlipPosition(game_.position()); }
  std::string actionName(Move m) const override { return flipActionName(m); }

 private:
  FlipGame game_;
};

// A random action of the side to move (now and then a resignation), then the checks.
std::string FlipDriver::step(const std::vector<Move>& moves, Rng& rng, Tally& tally) {
  const FlipPosition before = game_.position();
  const Seat mover = before.toMove();
  const Action action = rng.below(5000) == 0 ? Action::resign(mover)
                                              : Action::makeMove(mover, moves[rng.below(moves.size())]);
  const FlipActionRecord& record = game_.apply(action);
  const bool fight = record.result.combat != Combat::None;
  tally.fights += fight;
  const bool attack = action.type == ActionType::Move && !isFlip(action.move) && !before.isEmpty(action.move.to);
  if (fight != attack) return "a fight was reported where there was none, or none where there was one";
  const FlipPosition& after = game_.position();
  if (action.type == ActionType::Move && isFlip(action.move) &&
      (after.faceDown() | Bitboard{1} << action.move.from) != before.faceDown())
    return "a flip did not turn exactly its point face up";
  if (auto why = flipInconsistency(after); !why.empty()) return why;
  if (auto why = flipPiecesOnlyLeave(before, after); !why.empty()) return why;
  const Outcome board = flipBoardOutcome(after);
  if (board.isOver() && game_.outcome() != board)
    return fmt::format("the referee says {} where the board says {}", terminationName(game_.outcome().reason),
                       terminationName(board.reason));
  return {};
}

std::string FlipDriver::recordProblem() const {
  const std::string text = formatFlipRecord(flipRecordOf(game_));
  const std::string& name = Variant::flip().name();
  if (text.find("\nvariant " + name + "\n") == std::string::npos) return "the record does not name its variant " + name;
  try {
    const FlipGame replay = replayFlip(parseFlipRecord(text));
    if (!(replay.position() == game_.position())) return "the replay ends in another position";
    if (replay.outcome() != game_.outcome()) return "the replay ends with another outcome";
    if (formatFlipRecord(flipRecordOf(replay)) != text) return "the replay's record reads differently";
  } catch (const std::exception& e) {
    return fmt::format("the record does not replay: {}\n{}", e.what(), text);
  }
  return {};
}

// Flip Junqi has no private information: both players see the whole
// FlipPosition, and what nobody knows is the deal under the face-down points.
// What applies is that the position agents are given does not carry the deal:
// the same board dealt otherwise is the same FlipPosition, with the same text.
std::string FlipDriver::leakageProblem(Rng& rng, Tally& tally) const {
  const FlipPosition& pos = game_.position();
  const FlipGame world(pos, randomFlipDeal(pos, rng));
  if (!(world.position() == pos) || formatFlipPosition(world.position()) != formatFlipPosition(pos))
    return "the position agents see changes with the deal under its face-down points";
  tally.leakageChecks += 2;  // the one view both seats share
  return {};
}

}  // namespace

std::string flipInconsistency(const FlipPosition& pos) {
  const Bitboard red = pos.faceUp(Colour::Red), blue = pos.faceUp(Colour::Blue), down = pos.faceDown();
  if ((red & blue) || (red & down) || (blue & down)) return "a point holds two pieces";
  for (Square s{}; s < kSquares; ++s) {
    if (pos.isEmpty(s) == contains(pos.occupied(), s) || pos.isFaceDown(s) != contains(down, s))
      return fmt::format("point {} disagrees with the bitboards", squareName(s));
    if (pos.isEmpty(s) || pos.isFaceDown(s)) continue;
    const Identity id = pos.identityAt(s);
    if (!contains(pos.pieces(id.colour, id.type), s))
      return fmt::format("the piece on {} is not where its identity's bitboard says", squareName(s));
  }
  if (total(pos.pool(Colour::Red)) + total(pos.pool(Colour::Blue)) != popcount(down))
    return "the pools do not hold one identity per face-down point";
  for (const Colour c : {Colour::Red, Colour::Blue}) {
    Bitboard byType = 0;
    for (int t = 0; t < kPieceTypes; ++t) {
      byType |= pos.pieces(c, typeFromIndex(t));
      if (pos.lost(c)[t] > kClassicCounts[t]) return "more pieces than dealt";  // a count below zero wraps
    }
    if (byType != pos.faceUp(c)) return "the face-up pieces by identity are not the face-up pieces";
  }
  const int captured = total(pos.lost(Colour::Red)) + total(pos.lost(Colour::Blue));
  if (popcount(down) + popcount(red | blue) + captured != 50)
    return fmt::format("{} face down, {} face up and {} captured are not the 50 pieces", popcount(down),
                       popcount(red | blue), captured);
  return {};
}

DriverPtr flipDriver(FlipGame game) { return std::make_unique<FlipDriver>(std::move(game)); }

}  // namespace junqi::conformance
