// Property tests over thousands of random games played through the referee
// (Game): the board stays consistent, pieces only leave, nothing crosses a
// mountain, immobile and frozen pieces stay put, the quiet counter follows the
// fights, the referee agrees with boardOutcome, every game ends, and every
// game's record replays to the same final position.
#include <gtest/gtest.h>

#include <array>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "core/classic/auto_layout.h"
#include "core/classic/game.h"
#include "core/classic/movegen.h"
#include "core/classic/notation.h"
#include "core/outcome.h"
#include "core/random.h"
#include "tests/support/position_checks.h"
#include "tests/support/record_round_trip.h"
#include "tests/support/reference_rules.h"
#include "tests/support/square_names.h"

namespace junqi {
namespace {

namespace ref = junqi::reference;
using test_support::inconsistency;
using test_support::liveCounts;
using test_support::total;
using test_support::TypeCounts;

bool isMountainCrossing(Move m) {
  const auto crosses = [&](const char* a, const char* b) {
    return (m.from == at(a) && m.to == at(b)) || (m.from == at(b) && m.to == at(a));
  };
  return crosses("B6", "B7") || crosses("D6", "D7");
}

struct Stats {
  int games = 0, failures = 0, flagCaptures = 0, immobilised = 0, quietDraws = 0, adjudicated = 0;
  long plies = 0, fights = 0, hqEntries = 0, hqExits = 0, landmineHits = 0, mountainDetours = 0;
};

struct Config {
  Ruleset ruleset;
  int games;
  int maxPlies;  // the harness adjudicates a draw after this many moves
  std::uint64_t seed;
};

// One random game through the referee, checking every property after every
// move. Returns the first broken property (empty if none).
std::string playAndCheck(const Config& cfg, int g, Stats& stats) {
  constexpr LayoutStyle kStyles[] = {LayoutStyle::Random, LayoutStyle::Aggressive, LayoutStyle::Defensive,
                                     LayoutStyle::Balanced};
  Rng rng(Rng::mix(cfg.seed, static_cast<std::uint64_t>(g)));
  const Layout red = styledLayout(kStyles[g % 4], cfg.ruleset, rng);
  const Layout blue = styledLayout(kStyles[(g / 4) % 4], cfg.ruleset, rng);
  Game game(cfg.ruleset, red, blue);
  const bool freeze = cfg.ruleset.headquartersFreeze;

  // Landmines and flags: their points at the start.
  std::array<int, kMaxPieces> immobileHome;
  immobileHome.fill(-1);
  // Pieces seen in a headquarters, and where.
  std::array<int, kMaxPieces> inHeadquarters;
  inHeadquarters.fill(-1);
  const auto notePieces = [&](const Position& pos) {
    for (Square s{}; s < kSquares; ++s)
      if (!pos.isEmpty(s) && ref::isHeadquarters(s) && inHeadquarters[pos.pieceAt(s)] < 0) {
        inHeadquarters[pos.pieceAt(s)] = s;
        ++stats.hqEntries;
      }
  };
  for (Square s{}; s < kSquares; ++s)
    if (!game.position().isEmpty(s) && isImmobile(game.position().typeAt(s)))
      immobileHome[game.position().pieceAt(s)] = s;
  notePieces(game.position());
  if (auto why = inconsistency(game.position()); !why.empty()) return "start: " + why;

  MoveList moves;
  while (!game.isOver()) {
    const Position before = game.position();
    if (before.ply() >= cfg.maxPlies) {
      game.adjudicateDraw();
      break;
    }
    generateMoves(before, moves);
    if (moves.empty()) return "the game goes on but the side to move has no move";
    for (const Move m : moves) {
      if (m.from >= kSquares || m.to >= kSquares || m.from == m.to)
        return fmt::format("impossible move {} generated at {}", moveName(m), formatPosition(before));
      // Nothing crosses a mountain: B6-B7 and D6-D7 are never one step, and no
      // straight railway line holds both points. Only an engineer can get from
      // one to the other, the long way round the railway (B7-A7-A6-B6).
      if (isMountainCrossing(m)) {
        ++stats.mountainDetours;
        if (before.typeAt(m.from) != PieceType::Engineer || classifyMove(before, m) != MovePath::Turned)
          return fmt::format("{} crosses a mountain at {}", moveName(m), formatPosition(before));
      }
    }
    const Move m = moves[static_cast<int>(rng.below(static_cast<std::uint64_t>(moves.size())))];
    const bool fight = !before.isEmpty(m.to);
    const PieceType attacker = before.typeAt(m.from);
    const Seat mover = before.sideToMove();
    const TypeCounts countsBefore = liveCounts(before);

    const ActionRecord& rec = game.apply(Action::makeMove(mover, m));
    const Position& pos = game.position();
    const std::string where = fmt::format("after {} from {}", moveName(m), formatPosition(before));
    ++stats.plies;

    // The board stays consistent.
    if (auto why = inconsistency(pos); !why.empty()) return why + " " + where;
    // The new board is what the reference rules make of the old one.
    ref::RefBoard expected = ref::RefBoard::of(before);
    expected.play(m);
    if (expected.cells != ref::RefBoard::of(pos).cells) return "the board differs from the reference's " + where;
    // Fights, combat results and the quiet counter.
    if ((rec.result.combat != Combat::None) != fight) return "a fight was (not) reported " + where;
    if (fight) {
      ++stats.fights;
      const PieceType defender = before.typeAt(m.to);
      if (defender == PieceType::Landmine) ++stats.landmineHits;
      const Combat want = ref::combat(attacker, defender, cfg.ruleset.landmineSurvivesAttack);
      if (rec.result.combat != want) return fmt::format("combat {} {}", combatName(rec.result.combat), where);
      if (rec.result.flagCaptured != (defender == PieceType::Flag)) return "flag capture misreported " + where;
    }
    if (pos.quietPlies() != (fight ? 0 : before.quietPlies() + 1)) return "quiet counter wrong " + where;
    if (pos.ply() != before.ply() + 1 || pos.sideToMove() != opposite(mover)) return "ply or turn wrong " + where;
    // Pieces only leave the board: none come back, no identity grows, and a
    // fight removes exactly the pieces its result names.
    if (auto why = test_support::piecesOnlyLeave(before, pos); !why.empty()) return why + " " + where;
    const TypeCounts countsAfter = liveCounts(pos);
    const int removed = total(countsBefore) - total(countsAfter);
    const int wantRemoved = !fight ? 0 : rec.result.combat == Combat::BothRemoved ? 2 : 1;
    if (removed != wantRemoved) return fmt::format("{} pieces removed, {} expected {}", removed, wantRemoved, where);
    for (int p = 0; p < kMaxPieces; ++p) {
      // Landmines and flags never change point.
      if (immobileHome[p] >= 0 && pos.isAlive(PieceId(p)) && pos.squareOf(PieceId(p)) != immobileHome[p])
        return fmt::format("landmine or flag {} moved {}", p, where);
      // A piece that entered a headquarters never leaves it (where they freeze).
      if (inHeadquarters[p] >= 0 && pos.isAlive(PieceId(p)) && pos.squareOf(PieceId(p)) != inHeadquarters[p]) {
        if (freeze) return fmt::format("piece {} left the headquarters {}", p, where);
        ++stats.hqExits;
        inHeadquarters[p] = -1;
      }
    }
    notePieces(pos);
    // The referee and the board agree on whether and how the game ended.
    if (game.outcome() != boardOutcome(pos))
      return fmt::format("referee says {}, boardOutcome says {} {}", terminationName(game.outcome().reason),
                         terminationName(boardOutcome(pos).reason), where);
    if (rec.result.flagCaptured &&
        (game.outcome().reason != Termination::FlagCaptured || game.outcome().winner != mover))
      return "a flag capture did not end the game " + where;
  }

  // Every game ends; with a draw rule it ends by the rules, never by the cap.
  if (!game.isOver()) return "the game did not end";
  switch (game.outcome().reason) {
    case Termination::FlagCaptured: ++stats.flagCaptures; break;
    case Termination::Immobilised: ++stats.immobilised; break;
    case Termination::QuietMoves: ++stats.quietDraws; break;
    case Termination::Adjudicated: ++stats.adjudicated; break;
    default: return fmt::format("unexpected end {}", terminationName(game.outcome().reason));
  }
  if (cfg.ruleset.quietMoveLimit > 0 && game.outcome().reason == Termination::Adjudicated)
    return "a game with a quiet-move rule needed the move cap";

  // The record replays to the same final position and outcome.
  if (auto why = test_support::recordRoundTripProblem(
          game, {{"seed", std::to_string(cfg.seed)}, {"game", std::to_string(g)}});
      !why.empty())
    return why;
  ++stats.games;
  return {};
}

Stats run(const Config& cfg) {
  Stats stats;
  for (int g = 0; g < cfg.games; ++g) {
    const std::string why = playAndCheck(cfg, g, stats);
    if (why.empty()) continue;
    ADD_FAILURE() << cfg.ruleset.toString() << " game " << g << " (seed " << cfg.seed << "): " << why;
    if (++stats.failures >= 3) break;
  }
  ::testing::Test::RecordProperty("games", stats.games);
  ::testing::Test::RecordProperty("plies", static_cast<int>(stats.plies));
  ::testing::Test::RecordProperty("fights", static_cast<int>(stats.fights));
  ::testing::Test::RecordProperty("flag_captures", stats.flagCaptures);
  ::testing::Test::RecordProperty("immobilised", stats.immobilised);
  ::testing::Test::RecordProperty("quiet_draws", stats.quietDraws);
  ::testing::Test::RecordProperty("adjudicated", stats.adjudicated);
  ::testing::Test::RecordProperty("landmine_hits", static_cast<int>(stats.landmineHits));
  ::testing::Test::RecordProperty("hq_entries", static_cast<int>(stats.hqEntries));
  ::testing::Test::RecordProperty("hq_exits", static_cast<int>(stats.hqExits));
  ::testing::Test::RecordProperty("mountain_detours", static_cast<int>(stats.mountainDetours));
  return stats;
}

// hiddenfront has the 100-quiet-move draw: every fight removes a piece, so a
// game lasts at most 50 fights and 51 x 100 quiet moves, and never needs the cap.
TEST(RandomGames, HiddenFrontGamesKeepEveryProperty) {
  const Stats s = run({Ruleset::hiddenFront(), 800, 6000, 101});
  EXPECT_EQ(s.failures, 0);
  EXPECT_EQ(s.games, 800);
  EXPECT_EQ(s.adjudicated, 0);
  EXPECT_GT(s.quietDraws, 0);
  EXPECT_GT(s.flagCaptures + s.immobilised, 0);
  EXPECT_GT(s.fights, 3000);
  EXPECT_GT(s.landmineHits, 0);
  EXPECT_GT(s.hqEntries, 600);  // the flag and the other headquarters piece, and more
}

// worldatplay and refereed have no draw rule: the harness adjudicates at a cap.
TEST(RandomGames, WorldAtPlayGamesKeepEveryProperty) {
  const Stats s = run({Ruleset::worldAtPlay(), 500, 800, 202});
  EXPECT_EQ(s.failures, 0);
  EXPECT_EQ(s.games, 500);
  EXPECT_EQ(s.quietDraws, 0);
  EXPECT_GT(s.flagCaptures + s.immobilised, 0);
  EXPECT_GT(s.fights, 3000);
  EXPECT_GT(s.landmineHits, 0);
}

TEST(RandomGames, RefereedGamesKeepEveryProperty) {
  const Stats s = run({Ruleset::refereed(), 500, 400, 303});
  EXPECT_EQ(s.failures, 0);
  EXPECT_EQ(s.games, 500);
  EXPECT_EQ(s.quietDraws, 0);
  EXPECT_GT(s.flagCaptures + s.immobilised, 0);
  EXPECT_GT(s.adjudicated, 0);  // the lower cap here also exercises the harness's draw
  EXPECT_GT(s.fights, 3000);
}

// Where headquarters do not freeze, pieces do leave them: the headquarters
// check above would see it.
TEST(RandomGames, WithoutTheFreezePiecesLeaveHeadquarters) {
  const Stats s = run({Ruleset::parse("hiddenfront:hq-freezes=no"), 200, 6000, 404});
  EXPECT_EQ(s.failures, 0);
  EXPECT_EQ(s.games, 200);
  EXPECT_GT(s.hqExits, 0);
}

}  // namespace
}  // namespace junqi
