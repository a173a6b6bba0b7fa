// The LibTorch inference backend (batched; what self-play uses), and its
// registration as backend "torch".
#pragma once

#include <memory>
#include <mutex>

#include "nets/net_evaluator.h"
#include "nets/torch_model.h"

namespace junqi::nets {

class TorchBackend : public Backend {
 public:
  // Takes a copy of `model` in inference mode on `device` ("cpu", "cuda", ...).
  TorchBackend(JunqiNet& model, const std::string& device = "cpu");
  explicit TorchBackend(const WeightsFile& weights, const std::string& device = "cpu");
  const NetworkShape& shape() const override { return shape_; }
  void forward(const float* input, int n, float* policy, float* wdl, float* layout) override;

 private:
  NetworkShape shape_;
  JunqiNet model_;
  torch::Device device_;
  std::mutex mutex_;  // one forward at a time: LibTorch uses its own threads inside
};

// Makes "torch" available to makeBackend (call once at start-up).
void registerTorchBackend();

}  // namespace junqi::nets
