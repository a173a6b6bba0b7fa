// The network in plain Eigen, for bots that must not need LibTorch. Same
// outputs as the LibTorch model (to about 1e-5) from an exported weights
// file. 3x3 convolutions use Winograd's F(2x2, 3x3) (sixteen matrix products
// over 2x2 blocks of points), 1x1 convolutions are one matrix product each.
#pragma once

#include <span>
#include <vector>

#include "nets/weights_file.h"

namespace junqi::nets {

class EigenModel {
 public:
  explicit EigenModel(const WeightsFile& weights);
  ~EigenModel();
  EigenModel(const EigenModel&) = delete;
  EigenModel& operator=(const EigenModel&) = delete;

  const NetworkShape& shape() const;
  // `n` inputs of shape().inputSize() floats each. Writes, if `policy` is not
  // null, n * grid.policySize() policy logits (from * targets + to), n * 3
  // value logits (win, draw, loss) and, if `layout` is not null, n * places *
  // 12 layout logits (place * 12 + identity). Safe to call from several
  // threads at once.
  void forward(const float* input, int n, float* policy, float* wdl, float* layout = nullptr) const;
  // One position, for a search that needs a few policy logits: writes the
  // logits at `policyIndices` (from * targets + to) into `logits`, in their
  // order, and the three value logits. The same outputs as forward() to
  // float rounding, cheaper when most input planes are constant or mostly
  // zero (Flip Junqi's): the stem adds each nonzero point's weights and each
  // constant plane's precomputed response instead of convolving, and the
  // policy head computes only the logits asked for. Thread-safe as forward().
  void forwardSelected(const float* input, std::span<const int> policyIndices, float* logits, float* wdl) const;

 private:
  struct Impl;
  Impl* impl_;
};

}  // namespace junqi::nets
