// The network's shape, shared by the LibTorch model, the Eigen model and the
// weights file: a residual tower over the board's grid (12 x 5 for the
// two-army board, 17 x 17 for the four-player cross) and three heads.
//
//   stem      3x3 conv, inputPlanes -> channels, batch norm, ReLU
//   tower     `blocks` residual blocks: 3x3 conv, BN, ReLU, 3x3 conv, BN, + skip, ReLU
//   policy    1x1 conv, channels -> targets (60; 129 on the cross): the logit
//             of (from, to) is channel `to` at grid place `from`
//   value     1x1 conv, channels -> 4, BN, ReLU; dense 4 x grid -> valueHidden, ReLU; dense -> 3 (win, draw, loss)
//   layout    1x1 conv, channels -> 12: the logit of identity t at each point (own half used)
//
// The grid is not in the weights file: it follows the file's variant
// (gridOfVariant).
#pragma once

#include <string>

#include "nets/encoding.h"

namespace junqi::nets {

// The largest networks we build (a weights file claiming more is refused).
constexpr int kMaxBlocks = 64;
constexpr int kMaxChannels = 1024;
constexpr int kMaxValueChannels = 64;
constexpr int kMaxValueHidden = 4096;

// The board a network sees: a grid of rows x columns places (absent places
// of the cross are zero in every plane) and the policy's move targets per place.
struct NetworkGrid {
  int rows = kRows, columns = kColumns;
  int policyTargets = kSquares;
  int places() const { return rows * columns; }
  int policySize() const { return places() * policyTargets; }
  bool operator==(const NetworkGrid&) const = default;
};
// The two-army board's grid, or the four-player cross's for Variant "four".
NetworkGrid gridOfVariant(const std::string& variant);

struct NetworkShape {
  int blocks = 6;
  int channels = 64;
  int inputPlanes = kInputPlanes;
  int valueChannels = 4;
  int valueHidden = 64;
  NetworkGrid grid;

  int inputSize() const { return inputPlanes * grid.places(); }

  static NetworkShape tiny() { return {2, 32, kInputPlanes, 4, 32, {}}; }   // trains in minutes on 2 cores
  static NetworkShape small() { return {4, 48, kInputPlanes, 4, 64, {}}; }
  static NetworkShape standard() { return {6, 64, kInputPlanes, 4, 64, {}}; }
  static NetworkShape large() { return {10, 128, kInputPlanes, 4, 128, {}}; }
  // "tiny", "small", "standard", "large" or "BxC" (e.g. "8x96"); throws std::invalid_argument.
  static NetworkShape parse(const std::string& text);
  std::string toString() const;  // "6x64"
  bool operator==(const NetworkShape&) const = default;
};

}  // namespace junqi::nets
