#include "tests/conformance/four_driver.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/classic/auto_layout.h"
#include "core/four/cross_board.h"
#include "core/four/four_movegen.h"
#include "core/four/four_notation.h"
#include "core/four/four_observation.h"
#include "core/four/four_perft.h"
#include "core/four/four_record.h"
#include "core/variant.h"
#include "tests/support/four_reference.h"

namespace junqi::conformance {

namespace {

// Written from the text on purpose (by team), not core's seesArmy: the
// leakage check must not share the rule it checks.
bool seenByTheText(int seat, int army, Visibility v) {
  return army == seat || v == Visibility::All || (v == Visibility::Team && teamOfArmy(army) == teamOfArmy(seat));
}

Outcome asOutcome(const FourOutcome& o) {
  return {o.reason, o.winningTeam ? std::optional<Seat>(seatFromIndex(*o.winningTeam)) : std::nullopt};
}

// One piece a point: every piece on the board stands where the board says, and
// the armies' bitboards are disjoint and say which armies are in.
std::string fourInconsistency(const FourPosition& pos) {
  int onBoard = 0;
  for (int piece = 0; piece < kFourPieces; ++piece) {
    const Square point = pos.pointOf(PieceId(piece));
    if (point == kNoSquare) continue;
    ++onBoard;
    if (pos.pieceAt(point) != piece) return fmt::format("piece {} is not where the board says", piece);
  }
  int armiesTotal = 0;
  for (int army = 0; army < kArmies; ++army) {
    armiesTotal += popcount(pos.occupied(army));
    if (pos.armyIn(army) != static_cast<bool>(pos.occupied(army)))
      return fmt::format("{} is in without pieces, or out with some", armyName(army));
  }
  if (onBoard != popcount(pos.occupied()) || armiesTotal != onBoard) return "a point holds two pieces";
  return {};
}

// Pieces only leave: none comes back, none but the mover moves, no army returns.
std::string fourPiecesOnlyLeave(const FourPosition& before, const FourPosition& after, Move m) {
  for (int piece = 0; piece < kFourPieces; ++piece) {
    const Square was = before.pointOf(PieceId(piece)), is = after.pointOf(PieceId(piece));
    if (was == kNoSquare && is != kNoSquare) return fmt::format("piece {} came back", piece);
    if (is != kNoSquare && is != was && !(was == m.from && is == m.to))
      return fmt::format("piece {} moved without being moved", piece);
  }
  for (int army = 0; army < kArmies; ++army)
    if (after.armyIn(army) && !before.armyIn(army)) return fmt::format("{} came back", armyName(army));
  return {};
}

class FourDriver : public GameDriver {
 public:
  explicit FourDriver(FourGame game) : game_(std::move(game)) {}

  std::vector<Move> moves() const override {
    MoveList list;
    generateFourMoves(game_.position(), list);
    return {list.begin(), list.end()};
  }
  std::vector<Move> slowMoves() const override {
    std::vector<Move> out;
    for (const auto& [from, to] : reference::slowFourMoves(game_.position()))
      out.push_back({Square(from), Square(to)});
    return out;
  }
  std::string step(const std::vector<Move>& moves, Rng& rng, Tally& tally) override;
  std::string inconsistency() const override { return fourInconsistency(game_.position()); }

  bool isOver() const override { return game_.isOver(); }
  Outcome outcome() const override { return asOutcome(game_.outcome()); }
  void adjudicateDraw() override { game_.adjudicateDraw(); }
  int ply() const override { return game_.position().ply(); }

  std::uint64_t perft(int depth) const override { return fourPerft(game_.position(), depth); }
  std::uint64_t slowPerft(int depth) const override { return reference::slowFourPerft(game_.position(), depth); }

  std::string recordProblem() const override;
  std::string leakageProblem(Rng& rng, Tally& tally) const override;

  std::string positionText() const override { return formatFourPosition(game_.position()); }
  std::string actionName(Move m) const override { return fourMoveName(m); }

 private:
  FourGame game_;
};

std::string FourDriver::step(const std::vector<Move>& moves, Rng& rng, Tally& tally) {
  const Move m = moves[rng.below(moves.size())];
  const FourPosition before = game_.position();
  const bool fight = game_.play(m).combat != Combat::None;
  tally.fights += fight;
  if (fight != !before.isEmpty(m.to)) return "a fight was reported where there was none, or none where there was one";
  const FourPosition& after = game_.position();
  if (auto why = fourInconsistency(after); !why.empty()) return why;
  if (auto why = fourPiecesOnlyLeave(before, after, m); !why.empty()) return why;
  const FourOutcome board = fourOutcome(after);
  if (board.isOver() && asOutcome(game_.outcome()) != asOutcome(board))
    return fmt::format("the referee says {} where the board says {}", terminationName(game_.outcome().reason),
                       terminationName(board.reason));
  return {};
}

std::string FourDriver::recordProblem() const {
  const std::string text = formatFourRecord(fourRecordOf(game_));
  const std::string& name = Variant::four().name();
  if (text.find("\nvariant " + name + "\n") == std::string::npos) return "the record does not name its variant " + name;
  try {
    const FourGame replay = replayFour(parseFourRecord(text));
    if (formatFourPosition(replay.position()) != formatFourPosition(game_.position()))
      return "the replay ends in another position";
    if (asOutcome(replay.outcome()) != asOutcome(game_.outcome())) return "the replay ends with another outcome";
    if (formatFourRecord(fourRecordOf(replay)) != text) return "the replay's record reads differently";
  } catch (const std::exception& e) {
    return fmt::format("the record does not replay: {}\n{}", e.what(), text);
  }
  return {};
}

// Every seat in every visibility mode cannot tell the game from a world with
// the identities it cannot see permuted; and (so that the check can fail) it
// does tell apart a world with two of its own pieces swapped.
std::string FourDriver::leakageProblem(Rng& rng, Tally& tally) const {
  const FourPosition& pos = game_.position();
  for (int army = 0; army < kArmies; ++army) {
    for (const Visibility v : {Visibility::Own, Visibility::Team, Visibility::All}) {
      const FourPosition world = permutedFourWorld(pos, game_.rules(), army, v, rng);
      if (auto why = checkFourSeatCannotTellApart(pos, world, game_.history(), army, v); !why.empty()) return why;
    }
    FourSetup own = pos.setup();
    std::vector<FourPiece*> mine;
    for (FourPiece& p : own.pieces)
      if (p.army == army) mine.push_back(&p);
    const auto other = std::find_if(mine.begin(), mine.end(), [&](FourPiece* p) { return p->type != mine[0]->type; });
    if (other == mine.end()) continue;  // one kind of piece left: nothing to swap
    std::swap(mine[0]->type, (*other)->type);
    if (checkFourSeatCannotTellApart(pos, FourPosition(game_.rules(), own), game_.history(), army, Visibility::Own)
            .empty())
      return fmt::format("{} does not see its own pieces swapped", armyName(army));
    ++tally.leakageChecks;
  }
  return {};
}

}  // namespace

FourGame randomFourGame(const FourRuleset& rules, Rng& rng) {
  std::array<Layout, kArmies> layouts;
  for (Layout& l : layouts) l = randomLayout(rules.army, rng);
  return FourGame(rules, layouts);
}

FourPosition permutedFourWorld(const FourPosition& pos, const FourRuleset& rules, int army, Visibility visibility,
                               Rng& rng) {
  FourSetup setup = pos.setup();
  for (int other = 0; other < kArmies; ++other) {
    if (seenByTheText(army, other, visibility)) continue;
    std::vector<PieceType*> hidden;
    for (FourPiece& p : setup.pieces)
      if (p.army == other && !(p.type == PieceType::Flag && pos.flagShown(other))) hidden.push_back(&p.type);
    for (std::size_t i = hidden.size(); i > 1; --i) std::swap(*hidden[i - 1], *hidden[rng.below(i)]);
  }
  return FourPosition(rules, setup);
}

std::string checkFourSeatCannotTellApart(const FourPosition& pos, const FourPosition& world,
                                         const std::vector<FourPlayedMove>& history, int army,
                                         Visibility visibility) {
  const std::string seen = FourObservation::of(pos, history, army, visibility).toString();
  if (FourObservation::of(world, history, army, visibility).toString() == seen) return {};
  return fmt::format("{} under visibility {} observes a difference between two worlds it should not tell apart:\n{}",
                     armyName(army), visibilityName(visibility), seen);
}

DriverPtr fourDriver(FourGame game) { return std::make_unique<FourDriver>(std::move(game)); }

}  // namespace junqi::conformance
