// The network in LibTorch, for training (nets/network_shape.h describes it).
// Its exported weights (batch norms folded) run identically in the Eigen model.
#pragma once

#include <torch/torch.h>

#include "nets/weights_file.h"

namespace junqi::nets {

struct ResidualBlockImpl : torch::nn::Module {
  explicit ResidualBlockImpl(int channels);
  torch::Tensor forward(torch::Tensor x);
  torch::nn::Conv2d conv1{nullptr}, conv2{nullptr};
  torch::nn::BatchNorm2d bn1{nullptr}, bn2{nullptr};
};
TORCH_MODULE(ResidualBlock);

struct NetOutput {
  torch::Tensor policy;  // [N, grid.policySize()] logits, from * targets + to (classic: from * 60 + to)
  torch::Tensor wdl;     // [N, 3] logits: win, draw, loss
  torch::Tensor layout;  // [N, grid places, 12] logits: identity per point
};

struct JunqiNetImpl : torch::nn::Module {
  explicit JunqiNetImpl(const NetworkShape& shape);
  NetOutput forward(torch::Tensor input);  // input [N, planes, grid rows, grid columns]

  // The inference weights (batch norms folded into the convolutions).
  WeightsFile exportWeights(const std::string& ruleset, const std::string& note);
  // Loads exported weights: the convolutions take the folded values and the
  // batch norms become the identity (for the LibTorch inference backend).
  void loadFolded(const WeightsFile& weights);

  NetworkShape shape;
  torch::nn::Conv2d stem{nullptr};
  torch::nn::BatchNorm2d stemBn{nullptr};
  torch::nn::ModuleList blocks;
  torch::nn::Conv2d policyConv{nullptr}, valueConv{nullptr}, layoutConv{nullptr};
  torch::nn::BatchNorm2d valueBn{nullptr};
  torch::nn::Linear valueFc1{nullptr}, valueFc2{nullptr};
};
TORCH_MODULE(JunqiNet);

// Copies every parameter and buffer of `from` into `to` (same shape).
void copyNetwork(JunqiNet& from, JunqiNet& to);

}  // namespace junqi::nets
