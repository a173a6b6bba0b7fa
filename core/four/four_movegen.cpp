#include "core/four/four_movegen.h"

#include <algorithm>
#include <array>
#include <bit>
#include <stdexcept>

#include "core/four/cross_board.h"
#include "core/classic/movegen.h"

namespace junqi {

namespace {

// Points 0-127 as one 128-bit word; point 128 (off the railway, one step from
// two points) is taken on its own (core/four/cross_topology.h).
using Low = CrossTopology::Low;
constexpr int kLast = kCrossPoints - 1;

inline Low lowOf(const CrossBitboard& b) { return Low{b.words()[0]} | Low{b.words()[1]} << 64; }
inline bool lastOf(const CrossBitboard& b) { return b.words()[2] & 1; }
inline std::uint64_t lowWord(Low b) { return static_cast<std::uint64_t>(b); }
inline std::uint64_t highWord(Low b) { return static_cast<std::uint64_t>(b >> 64); }

// The lowest point of a set (128 when empty). (Written so that the compiler
// may branch on the word that holds it: the loops over movers predict that
// well, and the branch-free form measured slower.)
inline int lowestPoint(Low b) {
  const int low = std::countr_zero(lowWord(b)), high = 64 + std::countr_zero(highWord(b));
  return lowWord(b) ? low : high;
}
// One more than the highest point of a set (0 when empty), without a branch.
inline int pastHighestPoint(Low b) {
  const int low = 64 - std::countl_zero(lowWord(b)), high = 128 - std::countl_zero(highWord(b));
  return highWord(b) ? high : low;
}
// All ones when the set is empty, else none.
inline Low allIfEmpty(Low b) { return Low{0} - static_cast<Low>(b == 0); }

// Where the army's pieces stand, and what they may move onto.
struct FourView {
  const CrossTopology& t = CrossTopology::get();
  Low occupied = 0;   // every piece (below 128)
  Low open = 0;       // empty points and enemy pieces outside camps (below 128)
  bool lastOpen = false;  // the same for point 128
};

FourView viewOf(const FourPosition& pos, int army) {
  FourView v;
  const CrossBitboard friendly = pos.occupied(army) | pos.occupied(allyOf(army)), occupied = pos.occupied();
  v.occupied = lowOf(occupied);
  // ~occupied | attackable, attackable = occupied & ~friendly & ~camps.
  v.open = ~v.occupied | (~lowOf(friendly) & ~v.t.campsLow);
  v.lastOpen = !lastOf(friendly) && !(lastOf(occupied) && v.t.camps.contains(kLast));
  return v;
}

// The army's pieces that may move: not landmines or flags, nor (under the
// two-army rules) a piece in a headquarters.
CrossBitboard movers(const FourPosition& pos, const FourView& v, int army) {
  CrossBitboard m = pos.occupied(army) & ~pos.immobile();
  if (pos.headquartersFreeze()) m &= ~v.t.headquarters;
  return m;
}

// An engineer's railway paths: every point reachable through empty points,
// and the first piece on each path (friendly pieces are taken out by `open`).
inline Low engineerReach(const FourView& v, int from) {
  const CrossTopology& t = v.t;
  const Low start = Low{1} << from;
  Low seen = start, frontier = start;
  while (frontier) {
    Low next = 0;
    for (Low f = frontier; f; f &= f - 1) next |= t.railLow[static_cast<std::size_t>(lowestPoint(f))];
    next &= ~seen;
    seen |= next;
    frontier = next & ~v.occupied;
  }
  return seen & ~start;
}

// Slides along each railway walk from `from` up to and including the first
// piece, branch-free: on a rising run the first piece is the lowest point
// (b ^ (b - 1) keeps the points up to it, every point when b is empty), on a
// falling run the highest (fromHighest); a walk's second run counts only
// when its first run is empty. Unused slots hold empty runs.
inline Low slideReach(const FourView& v, int from) {
  const CrossTopology::Slides& s = v.t.slides[static_cast<std::size_t>(from)];
  const Low occupied = v.occupied;
  Low reached = 0;
  for (const Low run : s.rising) {
    const Low b = run & occupied;
    reached |= run & (b ^ (b - 1));
  }
  for (const Low run : s.falling)
    reached |= run & v.t.fromHighest[static_cast<std::size_t>(pastHighestPoint(run & occupied))];
  const Low b = s.thenRising & occupied;
  const Low fromFirst = v.t.fromHighest[static_cast<std::size_t>(pastHighestPoint(s.thenFalling & occupied))];
  const Low second = (s.thenRising & (b ^ (b - 1))) | (s.thenFalling & fromFirst);
  return reached | (second & allIfEmpty(s.gate & occupied));
}

inline Low stepReach(const FourView& v, int from) { return v.t.stepsLow[static_cast<std::size_t>(from)]; }

// The targets of one piece below 128 (fourTargets, fourHasLegalMove); reachesLast: point 128.
inline Low targetsOf(const FourPosition& pos, const FourView& v, int from) {
  Low reach = stepReach(v, from);
  if (from < kLast && ((v.t.railwayLow >> from) & 1))
    reach |= pos.engineers().contains(from) ? engineerReach(v, from) : slideReach(v, from);
  return reach & v.open;
}
inline bool reachesLast(const FourView& v, int from) {
  return from < kLast && v.t.stepsToLast[static_cast<std::size_t>(from)] && v.lastOpen;
}

// One mover's targets: points below 128, and point 128 on its own.
struct MoverTargets {
  Low targets;
  Square from;
  bool last;
  std::uint8_t count;  // moves below 128
};

// The moves are written in two passes: every mover's targets first (their
// count is what MoveList::extend grows the list by), then each mover's
// moves into those slots, in point order, past the end as much as the
// writers below need (at most 32 moves: MoveList's spare slots absorb it,
// and the next mover's moves overwrite it). Each mover's targets
// are taken as a window, written as the moves to the window's first point
// plus 0, 1, ...: a piece off the railway from its lowest step, 32 points
// (the topology checks that its steps fit), the others 64 points from 0, 32
// or 64 (all but a few engineers' targets fit one; those take two windows,
// from 0 and from 64).
static_assert(MoveList::kSpare >= 32, "the writers store up to 32 moves past a mover's");

struct PortableWriter {
  // Four at a time, as MoveList::pushAll, from `base`.
  static Move* window(Move* out, Square from, int base, std::uint64_t targets) {
    const int count = std::popcount(targets);
    int written = 0;
    do {
      for (int k = 0; k < 4; ++k) {
        out[written + k] = Move{from, Square(base + std::countr_zero(targets))};
        targets &= targets - 1;
      }
      written += 4;
    } while (written < count);
    return out + count;
  }
  // A piece off the railway: its window of 32 points from its lowest step.
  static Move* writeSteps(Move* out, const MoverTargets& m, int base) {
    window(out, m.from, base, lowWord(m.targets >> base) & 0xFFFFFFFFu);
    out += m.count;
    *out = Move{m.from, Square(kLast)};
    return out + m.last;
  }
  static Move* write(Move* out, const MoverTargets& m) {
    const int lowest = std::min(lowestPoint(m.targets) & ~31, 64);
    const Low shifted = m.targets >> lowest;
    if (highWord(shifted)) [[unlikely]]
      window(window(out, m.from, 0, lowWord(m.targets)), m.from, 64, highWord(m.targets));
    else
      window(out, m.from, lowest, lowWord(shifted));
    out += m.count;
    *out = Move{m.from, Square(kLast)};
    return out + m.last;
  }
};

#if JUNQI_AVX512_COMPRESS
struct CompressedWriter {
  // i << 8 in word i: the points 0-31 of a window as `to` bytes.
  JUNQI_TARGET_AVX512 static __m512i windowPoints() {
    return _mm512_set_epi16(31 << 8, 30 << 8, 29 << 8, 28 << 8, 27 << 8, 26 << 8, 25 << 8, 24 << 8, 23 << 8, 22 << 8,
                            21 << 8, 20 << 8, 19 << 8, 18 << 8, 17 << 8, 16 << 8, 15 << 8, 14 << 8, 13 << 8, 12 << 8,
                            11 << 8, 10 << 8, 9 << 8, 8 << 8, 7 << 8, 6 << 8, 5 << 8, 4 << 8, 3 << 8, 2 << 8, 1 << 8, 0);
  }
  // The words from | (base + i) << 8 of the window's 64 points compressed
  // to the targets' (as MoveList::pushAllCompressed), from `base`.
  JUNQI_TARGET_AVX512 static Move* window(Move* out, Square from, int base, std::uint64_t targets) {
    const __m512i first = _mm512_set1_epi16(static_cast<short>(from | base << 8));
    const __m512i low = _mm512_add_epi16(first, windowPoints());
    const __m512i high = _mm512_add_epi16(low, _mm512_set1_epi16(32 << 8));
    _mm512_storeu_si512(out, _mm512_maskz_compress_epi16(static_cast<__mmask32>(targets), low));
    _mm512_storeu_si512(out + std::popcount(static_cast<std::uint32_t>(targets)),
                        _mm512_maskz_compress_epi16(static_cast<__mmask32>(targets >> 32), high));
    return out + std::popcount(targets);
  }
  // A piece off the railway: one compress of its window of 32 points from its lowest step.
  JUNQI_TARGET_AVX512 static Move* writeSteps(Move* out, const MoverTargets& m, int base) {
    const __m512i words = _mm512_add_epi16(_mm512_set1_epi16(static_cast<short>(m.from | base << 8)), windowPoints());
    const auto window = static_cast<__mmask32>(lowWord(m.targets >> base));
    _mm512_storeu_si512(out, _mm512_maskz_compress_epi16(window, words));
    out += m.count;
    *out = Move{m.from, Square(kLast)};
    return out + m.last;
  }
  JUNQI_TARGET_AVX512 static Move* write(Move* out, const MoverTargets& m) {
    const int lowest = std::min(lowestPoint(m.targets) & ~31, 64);
    const Low shifted = m.targets >> lowest;
    if (highWord(shifted)) [[unlikely]]
      window(window(out, m.from, 0, lowWord(m.targets)), m.from, 64, highWord(m.targets));
    else
      window(out, m.from, lowest, lowWord(shifted));
    out += m.count;
    *out = Move{m.from, Square(kLast)};
    return out + m.last;
  }
};
#endif

// Every mover's targets, pieces by kind as the classic generator takes them:
// off the railway (road steps only), on it (slides), engineers on it (paths);
// each in point order. Returns the number of movers; `moves` is the number of
// moves, `stepping` the number of movers off the railway (they come first).
using Found = std::array<MoverTargets, kPiecesPerArmy + 1>;

struct ScalarSlides {
  const FourView& v;
  Low operator()(int from) const { return slideReach(v, from); }
};

template <class Slides>
[[gnu::always_inline]] inline int collect(const FourPosition& pos, const FourView& v, const Slides& slides,
                                          Found& found, int& moves, int& stepping) {
  const CrossTopology& t = v.t;
  const CrossBitboard mobile = movers(pos, v, pos.toMove());
  const Low mobileLow = lowOf(mobile), engineers = lowOf(pos.engineers());
  const Low open = v.open;
  int count = 0;
  moves = 0;
  auto add = [&](int from, Low targets) {
    const bool last = t.stepsToLast[static_cast<std::size_t>(from)] & v.lastOpen;
    const int n = std::popcount(lowWord(targets)) + std::popcount(highWord(targets));
    found[static_cast<std::size_t>(count++)] = {targets, Square(from), last,
                                                static_cast<std::uint8_t>(n)};
    moves += n + last;
  };
  for (Low m = mobileLow & ~t.railwayLow; m; m &= m - 1) {
    const int from = lowestPoint(m);
    add(from, t.stepsLow[static_cast<std::size_t>(from)] & open);
  }
  if (lastOf(mobile)) [[unlikely]] {
    const Low targets = t.stepsLow[kLast] & open;
    const int n = std::popcount(lowWord(targets)) + std::popcount(highWord(targets));
    found[static_cast<std::size_t>(count++)] = {targets, Square(kLast), false,
                                                static_cast<std::uint8_t>(n)};
    moves += n;
  }
  stepping = count;
  for (Low m = mobileLow & t.railwayLow & ~engineers; m; m &= m - 1) {
    const int from = lowestPoint(m);
    add(from, (t.stepsLow[static_cast<std::size_t>(from)] | slides(from)) & open);
  }
  for (Low m = mobileLow & t.railwayLow & engineers; m; m &= m - 1) {
    const int from = lowestPoint(m);
    add(from, (t.stepsLow[static_cast<std::size_t>(from)] | engineerReach(v, from)) & open);
  }
  return count;
}

void generatePortable(const FourPosition& pos, const FourView& v, MoveList& out) {
  Found found;
  int moves;
  int stepping;
  const int count = collect(pos, v, ScalarSlides{v}, found, moves, stepping);
  Move* at = out.extend(moves);
  for (int k = 0; k < stepping; ++k) {
    const MoverTargets& m = found[static_cast<std::size_t>(k)];
    at = PortableWriter::writeSteps(at, m, v.t.stepBase[m.from]);
  }
  for (int k = stepping; k < count; ++k) at = PortableWriter::write(at, found[static_cast<std::size_t>(k)]);
}

#if JUNQI_AVX512_COMPRESS
// Slides four runs at a time (core/four/cross_topology.h, SlideLanes): in each
// 128-bit lane b ^ (b - 1) keeps a run's points up to its first piece, as in
// slideReach; the falling runs are read backwards (bits reversed: bytes by a
// shuffle, the bits of each byte by GFNI's affine transform) and turned back
// the same way.
#define JUNQI_TARGET_FOUR_LANES \
  __attribute__((target("avx2,bmi,bmi2,popcnt,lzcnt,avx512f,avx512bw,avx512vl,avx512vbmi2,gfni")))

JUNQI_TARGET_FOUR_LANES inline __m512i reversedLanes(__m512i x) {
  // Each lane's bytes 15, 14, ..., 0.
  const __m512i bytes = _mm512_shuffle_epi8(x, _mm512_set4_epi32(0x00010203, 0x04050607, 0x08090A0B, 0x0C0D0E0F));
  return _mm512_gf2p8affine_epi64_epi8(bytes, _mm512_set1_epi64(static_cast<long long>(0x8040201008040201ull)), 0);
}

struct LaneSlides {
  const FourView& v;
  __m512i occupied, occupiedReversed;
  JUNQI_TARGET_FOUR_LANES explicit LaneSlides(const FourView& view) : v(view) {
    const auto low = static_cast<long long>(lowWord(v.occupied)), high = static_cast<long long>(highWord(v.occupied));
    const __m512i lane = _mm512_set4_epi64(high, low, high, low);
    occupied = lane;
    occupiedReversed = reversedLanes(lane);
  }
  // Each lane's run up to and including its first piece, lanes not in `keep` cleared.
  JUNQI_TARGET_FOUR_LANES static __m512i upToFirst(__m512i runs, __m512i occupied, __mmask8 keep) {
    const __m512i b = _mm512_and_si512(runs, occupied);
    const __m512i below = _mm512_xor_si512(b, _mm512_sub_epi64(b, _mm512_set1_epi64(1)));  // per 64-bit word
    // A lane's high word counts only when its low word holds no piece.
    const __mmask8 lowHolds = _mm512_test_epi64_mask(b, b) & 0x55;
    return _mm512_maskz_and_epi64(static_cast<__mmask8>(keep & ~(lowHolds << 1)), runs, below);
  }
  JUNQI_TARGET_FOUR_LANES Low operator()(int from) const {
    const CrossTopology::SlideLanes& s = v.t.slideLanes[static_cast<std::size_t>(from)];
    // Lane 3, the second run, only past an empty first run.
    const bool open = !(v.t.slides[static_cast<std::size_t>(from)].gate & v.occupied);
    const auto keep = static_cast<__mmask8>(0x3F | (0xC0 & -static_cast<int>(open)));
    const __m512i rising = upToFirst(_mm512_loadu_si512(s.rising.data()), occupied, keep);
    const __m512i falling = upToFirst(_mm512_loadu_si512(s.fallingReversed.data()), occupiedReversed, keep);
    const __m512i both = _mm512_or_si512(rising, reversedLanes(falling));
    // (maskz: GCC 12's unmasked extract and cast warn of an uninitialized value)
    const __m256i half =
        _mm256_or_si256(_mm512_maskz_extracti64x4_epi64(0xF, both, 0), _mm512_maskz_extracti64x4_epi64(0xF, both, 1));
    const __m128i lane = _mm_or_si128(_mm256_castsi256_si128(half), _mm256_extracti128_si256(half, 1));
    return Low{static_cast<std::uint64_t>(_mm_cvtsi128_si64(lane))} |
           Low{static_cast<std::uint64_t>(_mm_extract_epi64(lane, 1))} << 64;
  }
};

JUNQI_TARGET_FOUR_LANES void generateCompressed(const FourPosition& pos, const FourView& v, MoveList& out) {
  Found found;
  int moves;
  int stepping;
  const int count = collect(pos, v, LaneSlides(v), found, moves, stepping);
  Move* at = out.extend(moves);
  for (int k = 0; k < stepping; ++k) {
    const MoverTargets& m = found[static_cast<std::size_t>(k)];
    at = CompressedWriter::writeSteps(at, m, v.t.stepBase[m.from]);
  }
  for (int k = stepping; k < count; ++k) at = CompressedWriter::write(at, found[static_cast<std::size_t>(k)]);
}
#endif

CrossBitboard toBitboard(Low targets, bool last) {
  CrossBitboard b;
  for (Low m = targets; m; m &= m - 1) b |= CrossBitboard::bit(lowestPoint(m));
  if (last) b |= CrossBitboard::bit(kLast);
  return b;
}

}  // namespace

CrossBitboard fourTargets(const FourPosition& pos, int from) {
  const FourView v = viewOf(pos, pos.toMove());
  if (!movers(pos, v, pos.toMove()).contains(from)) return {};
  return toBitboard(targetsOf(pos, v, from), reachesLast(v, from));
}

bool cpuHasFourCompressed() {
#if JUNQI_AVX512_COMPRESS
  static const bool has = [] {
    __builtin_cpu_init();
    return cpuHasCompressedWriter() && __builtin_cpu_supports("gfni");
  }();
  return has;
#else
  return false;
#endif
}

void generateFourMoves(const FourPosition& pos, MoveList& out, MoveWriter writer) {
  out.clear();
  const FourView v = viewOf(pos, pos.toMove());
#if JUNQI_AVX512_COMPRESS
  if (writer == MoveWriter::Compressed && !cpuHasFourCompressed())
    throw std::logic_error("generateFourMoves: this CPU has no AVX-512 VBMI2 or no GFNI");
  if (writer == MoveWriter::Compressed || (writer == MoveWriter::Best && cpuHasFourCompressed()))
    return generateCompressed(pos, v, out);
#endif
  if (writer == MoveWriter::Compressed)
    throw std::logic_error("generateFourMoves: this build has no compressed writer");
  generatePortable(pos, v, out);
}

void generateFourMoves(const FourPosition& pos, MoveList& out) { generateFourMoves(pos, out, MoveWriter::Best); }

bool fourHasLegalMove(const FourPosition& pos, int army) {
  const FourView v = viewOf(pos, army);
  const CrossBitboard mobile = movers(pos, v, army);
  if (lastOf(mobile) && (v.t.stepsLow[kLast] & v.open)) return true;
  for (Low m = lowOf(mobile); m; m &= m - 1) {
    const int from = lowestPoint(m);
    if (targetsOf(pos, v, from) || reachesLast(v, from)) return true;
  }
  return false;
}

bool isLegalFourMove(const FourPosition& pos, Move m) {
  if (m.from >= kCrossPoints || m.to >= kCrossPoints) return false;
  return fourTargets(pos, m.from).contains(m.to);
}

std::string fourMoveName(Move m) { return crossBoard().pointName(m.from) + "-" + crossBoard().pointName(m.to); }

std::optional<Move> parseFourMove(std::string_view text) {
  const auto dash = text.find('-');
  if (dash == std::string_view::npos) return std::nullopt;
  const auto from = crossBoard().point(text.substr(0, dash)), to = crossBoard().point(text.substr(dash + 1));
  if (!from || !to) return std::nullopt;
  return Move{Square(*from), Square(*to)};
}

}  // namespace junqi
