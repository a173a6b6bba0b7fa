// The four-player board's tables for the move generator, derived once from
// the cross board (core/cross_board.h) as core/topology.h does for the classic
// board. The cross has 129 points, so its point sets are three-word bitboards
// (core/wide_bitboard.h), chosen at compile time.
//
// Railway lines on the cross curve and fork, so a slide is not one straight
// ray as on the classic board. Instead each point keeps its railway walks:
// for each line through it and each way along the line, the points met in
// order, cut into runs of rising or falling point index. A slide scans each
// run for its first piece.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/cross_board.h"
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

  static CrossTopology build(const BoardGeometry& geometry);
  static const CrossTopology& get();  // the cross board's, built once
};

}  // namespace junqi
