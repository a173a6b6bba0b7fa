// The four-player board's tables for the move generator, derived once from
// the cross board (core/four/cross_board.h) as core/classic/topology.h does for the classic
// board. The cross has 129 points, so its point sets are three-word bitboards
// (core/wide_bitboard.h), chosen at compile time.
//
// Railway lines on the cross curve and fork, so a slide is not one straight
// ray as on the classic board. Instead each point keeps its railway walks:
// for each line through it and each way along the line, the points met in
// order, cut into runs of rising or falling point index. A slide finds the
// first piece of each run by one bit scan; the generator (core/four/four_movegen.cpp)
// reads the runs from fixed-size tables of 128-bit words, without a branch.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/four/cross_board.h"
#include "core/wide_bitboard.h"

namespace junqi {

using CrossBitboard = BitboardFor<kCrossPoints>;

struct CrossTopology {
  CrossBitboard all, camps, headquarters, railway;
  std::array<CrossBitboard, kArmies> home{};  // each army's arm
  // Points one road step away (railway links are roads too).
  std::array<CrossBitboard, kCrossPoints> stepNeighbours{};
  // Points joined by a railway link (the engineer's graph).
  std::array<CrossBitboard, kCrossPoints> railNeighbours{};
  // The railway walks leaving a point: for each line through it and each way
  // along the line, the points met in order (a walk that another walk of the
  // point begins with is left out: it reaches nothing more). A walk is kept
  // as runs whose points come in rising or in falling index order (a curve
  // can turn a rising run into a falling one), so that a slide finds the
  // first piece on a run by one bit scan, as on the classic board.
  struct Run {
    CrossBitboard points;
    bool rising;
  };
  struct Walk {
    std::uint16_t firstRun;
    std::uint16_t runs;
  };
  std::vector<Run> runs;
  std::vector<Walk> walks;
  std::array<std::uint16_t, kCrossPoints + 1> walksFrom{};  // point p's walks: walks[walksFrom[p] .. walksFrom[p + 1])
  // upTo[b]: the points b and below; downTo[b]: the points b and above.
  std::array<CrossBitboard, kCrossPoints> upTo{}, downTo{};

  // The move generator's tables (core/four/four_movegen.cpp). Every railway point
  // is below 128, so points 0-127 are one 128-bit word (Low) and point 128
  // (K17, a back-row corner) is taken on its own. A slide is then branch-free
  // as on the classic board: each point's walks are at most four, each at
  // most two runs, and at most one walk has two; every point keeps three
  // rising first runs, three falling ones (empty where it has fewer) and the
  // one second run with the first run it follows (its gate).
  using Low = unsigned __int128;
  static constexpr int kRisingRuns = 3, kFallingRuns = 3;
  struct Slides {
    std::array<Low, kRisingRuns> rising{};
    std::array<Low, kFallingRuns> falling{};
    Low gate = 0;                         // the second run is reached when this run holds no piece
    Low thenRising = 0, thenFalling = 0;  // the second run (at most one of them not empty)
  };
  std::array<Slides, kCrossPoints> slides{};
  // The same runs four to a 512-bit vector, for the generator's AVX-512
  // path: the rising first runs with the second run in lane 3 if it rises;
  // the falling first runs with the second run in lane 3 if it falls, each
  // point q of these written as point 127 - q (read backwards, a falling run
  // rises, so both vectors find their first piece the same way).
  struct SlideLanes {
    std::array<Low, 4> rising{};
    std::array<Low, 4> fallingReversed{};
  };
  std::array<SlideLanes, kCrossPoints> slideLanes{};
  std::array<Low, kCrossPoints> stepsLow{}, railLow{};  // stepNeighbours and railNeighbours below 128
  std::array<std::uint8_t, kCrossPoints> stepsToLast{};  // 1 for the points one step from point 128, else 0
  // The lowest point one step away; off the railway every point's steps lie
  // within 32 points from there (checked), so its moves are written from one
  // window of 32 points.
  std::array<std::uint8_t, kCrossPoints> stepBase{};
  Low campsLow = 0, railwayLow = 0;   // camps and railway (all below 128)
  std::array<Low, 129> fromHighest{};  // [n]: the points n - 1 and above; [0]: every point

  static CrossTopology build(const BoardGeometry& geometry);
  static const CrossTopology& get();  // the cross board's, built once
};

}  // namespace junqi
