// Benchmarks of the rules engine and the information-set layer, on one thread.
//
//   BM_GenerateMoves_Midgame       generateMoves on fixed mid-game positions   moves/s, positions/s
//   BM_GenerateMoves_GamePositions ...on 3,698 positions of real games, in turn moves/s, positions/s
//   BM_GenerateMoves_Start         ...on the start position (example layouts)  moves/s, positions/s
//   BM_CountMoves_Midgame          countMoves (bulk count, no list)            moves/s, positions/s
//   BM_CountMoves_GamePositions    ...on the positions of real games           moves/s, positions/s
//   BM_CountMoves_Start            ...on the start position                    moves/s, positions/s
//   BM_Perft_Start/4, /5           perft from the start position               leaves/s
//   BM_Perft_Midgame/4             perft from a mid-game position (perft table "engineers")
//   BM_RandomPlayout               randomPlayout from random start positions   games/s, plies/s
//   BM_RandomPlayout_MoveList      ...the same games with a move list per move plies/s (before MoverTargets)
//   BM_RandomPlayout_WithLayouts   ...with two random layouts per game         games/s, plies/s
//   BM_RandomGame_Referee          the same games through Game::apply          games/s, plies/s
//   BM_FlipRandomPlayout/<preset>  random Flip Junqi games from a fresh deal   games/s, plies/s
//   BM_FlipRandomPlayout_List/<preset>  the same games with an action list a turn
//   BM_FourRandomPlayout           random four-player games from random layouts games/s, plies/s
//   BM_FourGenerateMoves_GamePositions
//                                  generateFourMoves on 4,000 positions of random
//                                  four-player games, in turn                  moves/s, positions/s
//   BM_FourGenerateMoves_GamePositions_Portable
//                                  ...with the portable writer and slides      moves/s, positions/s
//   BM_InfoState_Apply_WholeGame/<preset>
//                                  InfoState::apply (observation, knowledge, exact counter
//                                  rebuild, marginals) on every event of recorded random
//                                  games, from the deployment on                applies/s
//   BM_InfoState_Apply_FromPly100/<preset>
//                                  the same from the state at ply 100 on       applies/s
//   BM_IdentityCounter_Build/<preset>
//                                  IdentityCounter::build + count() on mid-game knowledge
//                                  (plies 100-300 of random games)             builds/s, table_size
//   BM_IdentityCounter_Marginals/<preset>
//                                  marginals() of those counters               calls/s
//   BM_InfoState_Sample/<preset>   InfoState::sample on those mid-game states  samples/s
//
// Every input is made from fixed seeds before the timed loop, so two runs time
// the same work. scripts/run-benchmarks.sh builds and runs this program.
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/classic/auto_layout.h"
#include "core/flip/flip_playout.h"
#include "core/four/four_movegen.h"
#include "core/four/four_perft.h"
#include "core/classic/game.h"
#include "core/classic/identity_counter.h"
#include "core/classic/info_state.h"
#include "core/classic/layout.h"
#include "core/classic/movegen.h"
#include "core/classic/notation.h"
#include "core/classic/observation.h"
#include "core/outcome.h"
#include "core/classic/perft.h"
#include "core/classic/playout.h"
#include "core/classic/position.h"
#include "core/random.h"

namespace junqi {
namespace {

constexpr LayoutStyle kStyles[] = {LayoutStyle::Random, LayoutStyle::Aggressive, LayoutStyle::Defensive,
                                   LayoutStyle::Balanced};

Move randomMove(const MoveList& moves, Rng& rng) {
  return moves[static_cast<int>(rng.below(static_cast<std::uint64_t>(moves.size())))];
}

// ---------------------------------------------------------------------------
// Positions.

// Both sides deploy kExampleLayout (what `junqi perft --position start` uses).
const Position& startPosition() {
  static const Position pos = [] {
    const Layout layout = parseLayout(kExampleLayout);
    return Position::fromLayouts(Rules::standard(), layout, layout);
  }();
  return pos;
}

// Mid-game positions under the default rules: layouts in every style, then
// 40-200 random plies; a game that ends earlier is dropped.
const std::vector<Position>& midgamePositions() {
  static const std::vector<Position> positions = [] {
    constexpr int kWanted = 256;
    std::vector<Position> out;
    MoveList moves;
    for (std::uint64_t seed = 1; static_cast<int>(out.size()) < kWanted; ++seed) {
      Rng rng(Rng::mix(0xBE7C0DE, seed));
      const LayoutStyle style = kStyles[seed % 4];
      const Ruleset& ruleset = Rules::standard().ruleset();
      const Layout red = styledLayout(style, ruleset, rng), blue = styledLayout(style, ruleset, rng);
      Position pos = Position::fromLayouts(Rules::standard(), red, blue);
      const int target = 40 + static_cast<int>(rng.below(161));
      bool over = false;
      for (int ply = 0; ply < target && !over; ++ply) {
        if (boardOutcome(pos).isOver()) over = true;
        else {
          generateMoves(pos, moves);
          pos.play(randomMove(moves, rng));
        }
      }
      if (!over && !boardOutcome(pos).isOver()) out.push_back(pos);
    }
    return out;
  }();
  return positions;
}

// A fixed mid-game position from the perft table (docs/perft.md, "engineers"):
// random play, 122 plies; engineers on open railways.
const Position& perftMidgamePosition() {
  static const Position pos =
      parsePosition("eplfl/p1ecl/bm1er/ri1dD/dG3/3pc/1g3/2CM1/1JD2/E1BP1/BLE2/LFLP1 r 3 122", Rules::standard());
  return pos;
}

// ---------------------------------------------------------------------------
// Move generation.

// Generates the moves of each position in turn, round and round.
void generateMovesOn(benchmark::State& state, const std::vector<Position>& positions) {
  MoveList moves;
  std::size_t i = 0;
  std::int64_t total = 0;
  for (auto _ : state) {
    generateMoves(positions[i], moves);
    benchmark::DoNotOptimize(moves);
    total += moves.size();
    if (++i == positions.size()) i = 0;
  }
  const auto n = static_cast<double>(state.iterations());
  state.counters["moves"] = benchmark::Counter(static_cast<double>(total), benchmark::Counter::kIsRate);
  state.counters["positions"] = benchmark::Counter(n, benchmark::Counter::kIsRate);
  state.counters["moves_per_pos"] = benchmark::Counter(static_cast<double>(total) / n);
}

void BM_GenerateMoves_Midgame(benchmark::State& state) { generateMovesOn(state, midgamePositions()); }
BENCHMARK(BM_GenerateMoves_Midgame);

// Thousands of positions from real games (tests/data/game-positions.txt), in
// turn: too many for the branch predictor to learn, as in a search.
const std::vector<Position>& gamePositions() {
  static const std::vector<Position> positions = [] {
    std::ifstream in(JUNQI_GAME_POSITIONS);
    if (!in) throw std::runtime_error("cannot read " JUNQI_GAME_POSITIONS);
    std::vector<Position> out;
    for (std::string line; std::getline(in, line);)
      if (!line.empty() && line[0] != '#') out.push_back(parsePosition(line, Rules::standard()));
    return out;
  }();
  return positions;
}

void BM_GenerateMoves_GamePositions(benchmark::State& state) { generateMovesOn(state, gamePositions()); }
BENCHMARK(BM_GenerateMoves_GamePositions);

void BM_GenerateMoves_Start(benchmark::State& state) {
  const Position& pos = startPosition();
  MoveList moves;
  std::int64_t total = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(&pos);
    generateMoves(pos, moves);
    benchmark::DoNotOptimize(moves);
    total += moves.size();
  }
  state.counters["moves"] = benchmark::Counter(static_cast<double>(total), benchmark::Counter::kIsRate);
  state.counters["positions"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_GenerateMoves_Start);

// Bulk-counts the moves of each position in turn, round and round.
void countMovesOn(benchmark::State& state, const std::vector<Position>& positions) {
  std::size_t i = 0;
  std::int64_t total = 0;
  for (auto _ : state) {
    const int n = countMoves(positions[i]);
    benchmark::DoNotOptimize(n);
    total += n;
    if (++i == positions.size()) i = 0;
  }
  state.counters["moves"] = benchmark::Counter(static_cast<double>(total), benchmark::Counter::kIsRate);
  state.counters["positions"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void BM_CountMoves_Midgame(benchmark::State& state) { countMovesOn(state, midgamePositions()); }
BENCHMARK(BM_CountMoves_Midgame);

void BM_CountMoves_GamePositions(benchmark::State& state) { countMovesOn(state, gamePositions()); }
BENCHMARK(BM_CountMoves_GamePositions);

void BM_CountMoves_Start(benchmark::State& state) {
  const Position& pos = startPosition();
  std::int64_t total = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(&pos);
    const int n = countMoves(pos);
    benchmark::DoNotOptimize(n);
    total += n;
  }
  state.counters["moves"] = benchmark::Counter(static_cast<double>(total), benchmark::Counter::kIsRate);
  state.counters["positions"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_CountMoves_Start);

// ---------------------------------------------------------------------------
// perft (the last ply counted in bulk, as perft.h does).

void runPerft(benchmark::State& state, const Position& pos) {
  const int depth = static_cast<int>(state.range(0));
  std::uint64_t leaves = 0;
  for (auto _ : state) {
    const std::uint64_t n = perft(pos, depth);
    benchmark::DoNotOptimize(n);
    leaves += n;
  }
  state.counters["leaves"] = benchmark::Counter(static_cast<double>(leaves), benchmark::Counter::kIsRate);
}

void BM_Perft_Start(benchmark::State& state) { runPerft(state, startPosition()); }
BENCHMARK(BM_Perft_Start)->Arg(4)->Arg(5)->Unit(benchmark::kMillisecond);

void BM_Perft_Midgame(benchmark::State& state) { runPerft(state, perftMidgamePosition()); }
BENCHMARK(BM_Perft_Midgame)->Arg(4)->Unit(benchmark::kMillisecond);

// ---------------------------------------------------------------------------
// Random games: the bare playout and the referee. Game g starts from start
// position g % kStarts and draws its moves from Rng(mix(kGameSeed, g)), so both
// benchmarks play exactly the same games.

constexpr int kStarts = 64;
constexpr int kMaxPlayoutPlies = 5000;  // the default rules' quiet-move draw ends games long before
constexpr std::uint64_t kGameSeed = 0x9A3E5EED;

struct StartLayouts {
  Layout red, blue;
};

const std::vector<StartLayouts>& randomStartLayouts() {
  static const std::vector<StartLayouts> layouts = [] {
    std::vector<StartLayouts> out;
    const Ruleset& ruleset = Rules::standard().ruleset();
    for (int i = 0; i < kStarts; ++i) {
      Rng rng(Rng::mix(0x5747A27, static_cast<std::uint64_t>(i)));
      const Layout red = randomLayout(ruleset, rng);
      const Layout blue = randomLayout(ruleset, rng);
      out.push_back({red, blue});
    }
    return out;
  }();
  return layouts;
}

const std::vector<Position>& randomStartPositions() {
  static const std::vector<Position> positions = [] {
    std::vector<Position> out;
    for (const auto& l : randomStartLayouts()) out.push_back(Position::fromLayouts(Rules::standard(), l.red, l.blue));
    return out;
  }();
  return positions;
}

// Playouts from the random starts in turn, each game with its own seed.
void playoutsFromRandomStarts(benchmark::State& state, PlayoutResult (*playout)(Position&, Rng&, int)) {
  const auto& starts = randomStartPositions();
  std::uint64_t game = 0;
  std::int64_t plies = 0;
  for (auto _ : state) {
    Position pos = starts[game % kStarts];
    Rng rng(Rng::mix(kGameSeed, game));
    const PlayoutResult r = playout(pos, rng, kMaxPlayoutPlies);
    benchmark::DoNotOptimize(r);
    plies += r.plies;
    ++game;
  }
  state.counters["games"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["plies"] = benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsRate);
  state.counters["plies_per_game"] = benchmark::Counter(static_cast<double>(plies) / static_cast<double>(game));
}

void BM_RandomPlayout(benchmark::State& state) { playoutsFromRandomStarts(state, randomPlayout); }
BENCHMARK(BM_RandomPlayout)->Unit(benchmark::kMicrosecond);

// Random Flip Junqi games, each from its own deal (dealt inside the timed
// loop: the deal is part of a game), drawing actions without a list or with one.
template <PlayoutResult (*Playout)(FlipPosition&, const FlipDeal&, Rng&, int)>
void flipPlayouts(benchmark::State& state) {
  const FlipRuleset rules = state.range(0) == 0 ? FlipRuleset::worldAtPlay() : FlipRuleset::kawu();
  const FlipPosition start(rules);
  std::uint64_t game = 0;
  std::int64_t plies = 0;
  for (auto _ : state) {
    Rng rng(Rng::mix(kGameSeed, game++));
    const FlipDeal deal = randomFlipDeal(start, rng);
    FlipPosition pos = start;
    plies += Playout(pos, deal, rng, 5000).plies;
  }
  state.SetLabel(rules.preset);
  state.counters["games/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["plies/s"] = benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsRate);
}
void BM_FlipRandomPlayout(benchmark::State& state) { flipPlayouts<randomFlipPlayout>(state); }
BENCHMARK(BM_FlipRandomPlayout)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);
void BM_FlipRandomPlayout_List(benchmark::State& state) { flipPlayouts<randomFlipPlayoutByList>(state); }
BENCHMARK(BM_FlipRandomPlayout_List)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

// Four-player Junqi: 64 starts from random layouts (made before the timed
// loop), random games to the end.
const std::vector<FourPosition>& fourStarts() {
  static const std::vector<FourPosition> starts = [] {
    std::vector<FourPosition> out;
    Rng rng(kGameSeed);
    const FourRuleset rules = FourRuleset::worldAtPlay();
    for (int k = 0; k < 64; ++k) {
      std::array<Layout, kArmies> layouts;
      for (Layout& l : layouts) l = randomLayout(rules.army, rng);
      out.emplace_back(rules, layouts);
    }
    return out;
  }();
  return starts;
}

void BM_FourRandomPlayout(benchmark::State& state) {
  std::uint64_t game = 0;
  std::int64_t plies = 0;
  for (auto _ : state) {
    FourPosition pos = fourStarts()[game % fourStarts().size()];
    Rng rng(Rng::mix(kGameSeed, game++));
    plies += randomFourPlayout(pos, rng, 5000);
  }
  state.counters["games/s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["plies/s"] = benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_FourRandomPlayout)->Unit(benchmark::kMicrosecond);

// Every 5th position of random four-player games, 4,000 of them: too many for
// the branch predictor to learn, like BM_GenerateMoves_GamePositions.
const std::vector<FourPosition>& fourGamePositions() {
  static const std::vector<FourPosition> positions = [] {
    std::vector<FourPosition> out;
    Rng rng(Rng::mix(kGameSeed, 4));
    for (std::size_t game = 0; out.size() < 4000; ++game) {
      FourPosition pos = fourStarts()[game % fourStarts().size()];
      for (int ply = 0; !fourOutcome(pos).isOver() && out.size() < 4000; ++ply) {
        if (ply % 5 == 0) out.push_back(pos);
        randomFourPlayout(pos, rng, 1);
      }
    }
    return out;
  }();
  return positions;
}

void fourGenerateMovesOn(benchmark::State& state, MoveWriter writer) {
  const std::vector<FourPosition>& positions = fourGamePositions();
  MoveList moves;
  std::size_t i = 0;
  std::int64_t total = 0;
  for (auto _ : state) {
    generateFourMoves(positions[i], moves, writer);
    benchmark::DoNotOptimize(moves);
    total += moves.size();
    if (++i == positions.size()) i = 0;
  }
  state.counters["moves"] = benchmark::Counter(static_cast<double>(total), benchmark::Counter::kIsRate);
  state.counters["positions"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

// The writer (and, with it, the slides) chosen at run time: AVX-512 where the CPU has it.
void BM_FourGenerateMoves_GamePositions(benchmark::State& state) { fourGenerateMovesOn(state, MoveWriter::Best); }
BENCHMARK(BM_FourGenerateMoves_GamePositions);
// The portable generator (any x86-64-v3: scalar slides, four moves at a time).
void BM_FourGenerateMoves_GamePositions_Portable(benchmark::State& state) {
  fourGenerateMovesOn(state, MoveWriter::Portable);
}
BENCHMARK(BM_FourGenerateMoves_GamePositions_Portable);

// The playout as it was before MoverTargets (randomPlayoutByMoveList), the
// same games (tests/core/playout_test.cpp), measured beside it in one run.
void BM_RandomPlayout_MoveList(benchmark::State& state) { playoutsFromRandomStarts(state, randomPlayoutByMoveList); }
BENCHMARK(BM_RandomPlayout_MoveList)->Unit(benchmark::kMicrosecond);

// A whole random game from nothing: two random layouts, then the playout.
void BM_RandomPlayout_WithLayouts(benchmark::State& state) {
  const Ruleset& ruleset = Rules::standard().ruleset();
  std::uint64_t game = 0;
  std::int64_t plies = 0;
  for (auto _ : state) {
    Rng rng(Rng::mix(kGameSeed, game));
    const Layout red = randomLayout(ruleset, rng), blue = randomLayout(ruleset, rng);
    Position pos = Position::fromLayouts(Rules::standard(), red, blue);
    const PlayoutResult r = randomPlayout(pos, rng, kMaxPlayoutPlies);
    benchmark::DoNotOptimize(r);
    plies += r.plies;
    ++game;
  }
  state.counters["games"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["plies"] = benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_RandomPlayout_WithLayouts)->Unit(benchmark::kMicrosecond);

// One uniformly random legal layout (every random game needs two), checked
// against the deployment rules as the generator does.
void BM_RandomLayout(benchmark::State& state) {
  const Ruleset& ruleset = Rules::standard().ruleset();
  Rng rng(0x1A7047);
  for (auto _ : state) benchmark::DoNotOptimize(randomLayout(ruleset, rng));
}
BENCHMARK(BM_RandomLayout);

// The referee: layouts validated, every move checked, the history kept and the
// end decided after each move (Game::apply), moves drawn as the playout draws them.
void BM_RandomGame_Referee(benchmark::State& state) {
  const auto& layouts = randomStartLayouts();
  const Ruleset& ruleset = Rules::standard().ruleset();
  std::uint64_t game = 0;
  std::int64_t plies = 0;
  MoveList moves;
  for (auto _ : state) {
    const StartLayouts& l = layouts[game % kStarts];
    Game g(ruleset, l.red, l.blue);
    Rng rng(Rng::mix(kGameSeed, game));
    int played = 0;
    while (!g.isOver()) {
      if (played >= kMaxPlayoutPlies) {
        g.adjudicateDraw();
        break;
      }
      generateMoves(g.position(), moves);
      g.apply(Action::makeMove(g.position().sideToMove(), randomMove(moves, rng)));
      ++played;
    }
    benchmark::DoNotOptimize(g.outcome());
    plies += played;
    ++game;
  }
  state.counters["games"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["plies"] = benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsRate);
  state.counters["plies_per_game"] = benchmark::Counter(static_cast<double>(plies) / static_cast<double>(game));
}
BENCHMARK(BM_RandomGame_Referee)->Unit(benchmark::kMicrosecond);

// ---------------------------------------------------------------------------
// Information sets, on recorded random games under two presets.

enum class Preset { HiddenFront, WorldAtPlay };

Ruleset rulesetOf(Preset p) { return p == Preset::HiddenFront ? Ruleset::hiddenFront() : Ruleset::worldAtPlay(); }

// One recorded random game: each seat's information state before the first
// move, and the public event of every move.
struct RecordedGame {
  std::vector<InfoState> initial;  // indexed by seat
  std::vector<InfoState> atPly100;  // indexed by seat (empty when the game ended before)
  std::vector<PublicEvent> events;
};

// The exact counter's input, as InfoState::rebuild builds it: the enemy pieces
// on the board first (the sampled ones), then the lost ones.
struct CounterInput {
  std::vector<IdentitySet> possible;
  PieceCounts counts{};
  int sampled = 0;
};

CounterInput counterInput(const InfoState& view) {
  CounterInput in;
  const Knowledge& k = view.knowledge();
  for (int pass = 0; pass < 2; ++pass)
    for (int i = 0; i < k.pieceCount(); ++i)
      if (view.observation().isAlive(pieceOf(view.enemy(), i)) == (pass == 0)) in.possible.push_back(k.possible(i));
  for (int i = 0; i < k.pieceCount(); ++i) in.sampled += view.observation().isAlive(pieceOf(view.enemy(), i));
  in.counts = k.counts();
  return in;
}

struct InfoData {
  std::vector<RecordedGame> games;
  std::vector<InfoState> midgame;  // both seats at plies 100, 150, ..., 300
  std::vector<CounterInput> midgameInputs;
};

constexpr int kRecordedGames = 8;
constexpr int kRecordedMaxPlies = 320;
constexpr int kFromPly = 100;
constexpr int kMidgamePlies[] = {100, 150, 200, 250, 300};

InfoData makeInfoData(Preset preset) {
  const Ruleset ruleset = rulesetOf(preset);
  InfoData data;
  MoveList moves;
  // Whole games may be short (a flag taken early); the mid-game states need
  // games that reach ply 100 at least. Keep seeding until both are filled.
  int gamesReachingMidgame = 0;
  for (std::uint64_t seed = 1; static_cast<int>(data.games.size()) < kRecordedGames || gamesReachingMidgame < 6;
       ++seed) {
    if (seed > 1000) throw std::runtime_error("core_bench: random games too short for mid-game states");
    Rng rng(Rng::mix(0x1AF0, seed));
    const LayoutStyle style = kStyles[seed % 4];
    const Layout red = styledLayout(style, ruleset, rng), blue = styledLayout(style, ruleset, rng);
    Game game(ruleset, red, blue);
    RecordedGame rec;
    std::vector<InfoState> views;
    for (const Seat seat : {Seat::Red, Seat::Blue}) views.push_back(InfoState::of(game, seat));
    rec.initial = views;
    std::vector<InfoState> snapshots;
    std::size_t nextSnapshot = 0;
    while (!game.isOver() && game.position().ply() < kRecordedMaxPlies) {
      generateMoves(game.position(), moves);
      game.apply(Action::makeMove(game.position().sideToMove(), randomMove(moves, rng)));
      const PublicEvent event = publicEvent(game, game.history().size() - 1);
      rec.events.push_back(event);
      for (auto& v : views) v.apply(event);
      const int ply = game.position().ply();
      if (ply == kFromPly) rec.atPly100 = views;
      if (nextSnapshot < std::size(kMidgamePlies) && ply == kMidgamePlies[nextSnapshot]) {
        snapshots.insert(snapshots.end(), views.begin(), views.end());
        ++nextSnapshot;
      }
    }
    const bool reached = !rec.atPly100.empty();
    if (static_cast<int>(data.games.size()) < kRecordedGames) data.games.push_back(std::move(rec));
    if (reached && gamesReachingMidgame < 6) {
      ++gamesReachingMidgame;
      data.midgame.insert(data.midgame.end(), snapshots.begin(), snapshots.end());
    }
  }
  for (const InfoState& v : data.midgame) data.midgameInputs.push_back(counterInput(v));
  return data;
}

const InfoData& infoData(Preset preset) {
  static const InfoData hiddenFront = makeInfoData(Preset::HiddenFront);
  static const InfoData worldAtPlay = makeInfoData(Preset::WorldAtPlay);
  return preset == Preset::HiddenFront ? hiddenFront : worldAtPlay;
}

// Replays recorded games into one seat's InfoState (iteration i: game i / 2 mod
// the number of games, seat i % 2), from the deployment or from ply 100. The
// copy of the starting state is timed too: about one rebuild's worth of work
// per game.
void runInfoStateApply(benchmark::State& state, Preset preset, bool fromPly100) {
  const InfoData& data = infoData(preset);
  std::vector<const RecordedGame*> games;
  for (const auto& g : data.games)
    if (!fromPly100 || !g.atPly100.empty()) games.push_back(&g);
  std::size_t i = 0;
  std::int64_t applies = 0;
  double tableSizes = 0;
  for (auto _ : state) {
    const RecordedGame& g = *games[(i / 2) % games.size()];
    const int seat = static_cast<int>(i % 2);
    InfoState view = fromPly100 ? g.atPly100[seat] : g.initial[seat];
    for (std::size_t e = fromPly100 ? kFromPly : 0; e < g.events.size(); ++e) {
      view.apply(g.events[e]);
      tableSizes += static_cast<double>(view.counter().tableSize());
      ++applies;
    }
    benchmark::DoNotOptimize(view.marginals().data());
    ++i;
  }
  state.counters["applies"] = benchmark::Counter(static_cast<double>(applies), benchmark::Counter::kIsRate);
  state.counters["applies_per_game"] =
      benchmark::Counter(static_cast<double>(applies) / static_cast<double>(state.iterations()));
  state.counters["table_size"] = benchmark::Counter(applies ? tableSizes / static_cast<double>(applies) : 0.0);
}

void BM_InfoState_Apply_WholeGame(benchmark::State& state, Preset preset) { runInfoStateApply(state, preset, false); }
BENCHMARK_CAPTURE(BM_InfoState_Apply_WholeGame, hiddenfront, Preset::HiddenFront)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_InfoState_Apply_WholeGame, worldatplay, Preset::WorldAtPlay)->Unit(benchmark::kMillisecond);

void BM_InfoState_Apply_FromPly100(benchmark::State& state, Preset preset) { runInfoStateApply(state, preset, true); }
BENCHMARK_CAPTURE(BM_InfoState_Apply_FromPly100, hiddenfront, Preset::HiddenFront)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_InfoState_Apply_FromPly100, worldatplay, Preset::WorldAtPlay)->Unit(benchmark::kMillisecond);

// The exact counter alone, rebuilt into one object (as InfoState does) for each
// mid-game state in turn.
void BM_IdentityCounter_Build(benchmark::State& state, Preset preset) {
  const auto& inputs = infoData(preset).midgameInputs;
  IdentityCounter counter;
  std::size_t i = 0;
  double tableSizes = 0;
  for (auto _ : state) {
    const CounterInput& in = inputs[i];
    counter.build(in.possible, in.counts, in.sampled);
    const Count128 count = counter.count();
    benchmark::DoNotOptimize(count);
    tableSizes += static_cast<double>(counter.tableSize());
    if (++i == inputs.size()) i = 0;
  }
  state.counters["builds"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["table_size"] = benchmark::Counter(tableSizes / static_cast<double>(state.iterations()));
  state.counters["states"] = benchmark::Counter(static_cast<double>(inputs.size()));
}
BENCHMARK_CAPTURE(BM_IdentityCounter_Build, hiddenfront, Preset::HiddenFront)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_IdentityCounter_Build, worldatplay, Preset::WorldAtPlay)->Unit(benchmark::kMicrosecond);

void BM_IdentityCounter_Marginals(benchmark::State& state, Preset preset) {
  const auto& views = infoData(preset).midgame;
  std::size_t i = 0;
  double tableSizes = 0;
  for (auto _ : state) {
    const IdentityCounter& counter = views[i].counter();
    const auto m = counter.marginals();
    benchmark::DoNotOptimize(m.data());
    tableSizes += static_cast<double>(counter.tableSize());
    if (++i == views.size()) i = 0;
  }
  state.counters["calls"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["table_size"] = benchmark::Counter(tableSizes / static_cast<double>(state.iterations()));
}
BENCHMARK_CAPTURE(BM_IdentityCounter_Marginals, hiddenfront, Preset::HiddenFront)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_IdentityCounter_Marginals, worldatplay, Preset::WorldAtPlay)->Unit(benchmark::kMicrosecond);

// Determinizations: one full position per call, cycling over the mid-game states.
void BM_InfoState_Sample(benchmark::State& state, Preset preset) {
  const auto& views = infoData(preset).midgame;
  Rng rng(0x5A3B1E);
  std::size_t i = 0;
  for (auto _ : state) {
    const Position p = views[i].sample(rng);
    benchmark::DoNotOptimize(p);
    if (++i == views.size()) i = 0;
  }
  state.counters["samples"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(BM_InfoState_Sample, hiddenfront, Preset::HiddenFront);
BENCHMARK_CAPTURE(BM_InfoState_Sample, worldatplay, Preset::WorldAtPlay);

}  // namespace
}  // namespace junqi

BENCHMARK_MAIN();
