#include "nets/torch_model.h"

#include <fmt/format.h>

#include "core/variant.h"

namespace junqi::nets {

namespace {

torch::nn::Conv2d conv(int in, int out, int kernel, bool bias) {
  return torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, kernel).padding(kernel / 2).bias(bias));
}

Tensor toTensor(const torch::Tensor& t) {
  const torch::Tensor c = t.detach().to(torch::kCPU).to(torch::kFloat32).contiguous();
  Tensor out;
  for (const auto d : c.sizes()) out.dims.push_back(static_cast<int>(d));
  out.data.assign(c.data_ptr<float>(), c.data_ptr<float>() + c.numel());
  return out;
}

// A convolution followed by a batch norm (in inference mode) as one convolution.
void foldInto(WeightsFile& w, const std::string& name, torch::nn::Conv2d& c, torch::nn::BatchNorm2d* bn) {
  torch::Tensor weight = c->weight.detach().clone();
  torch::Tensor bias = c->options.bias() ? c->bias.detach().clone() : torch::zeros({weight.size(0)});
  if (bn) {
    const auto& b = *bn;
    const torch::Tensor scale = b->weight.detach() / torch::sqrt(b->running_var + b->options.eps());
    weight = weight * scale.view({-1, 1, 1, 1});
    bias = (bias - b->running_mean) * scale + b->bias.detach();
  }
  w.tensors[name + ".weight"] = toTensor(weight);
  w.tensors[name + ".bias"] = toTensor(bias);
}

torch::Tensor fromTensor(const Tensor& t) {
  std::vector<std::int64_t> dims(t.dims.begin(), t.dims.end());
  return torch::from_blob(const_cast<float*>(t.data.data()), dims, torch::kFloat32).clone();
}

void setConv(torch::nn::Conv2d& c, torch::nn::BatchNorm2d* bn, const WeightsFile& w, const std::string& name) {
  torch::NoGradGuard guard;
  c->weight.copy_(fromTensor(w.tensors.at(name + ".weight")));
  const torch::Tensor bias = fromTensor(w.tensors.at(name + ".bias"));
  if (bn) {
    // The bias moves into the norm's shift; the norm itself becomes the identity.
    const auto& b = *bn;
    b->weight.fill_(1.0);
    b->bias.copy_(bias);
    b->running_mean.zero_();
    b->running_var.fill_(1.0 - b->options.eps());
  } else {
    c->bias.copy_(bias);
  }
}

}  // namespace

ResidualBlockImpl::ResidualBlockImpl(int channels)
    : conv1(register_module("conv1", conv(channels, channels, 3, false))),
      conv2(register_module("conv2", conv(channels, channels, 3, false))),
      bn1(register_module("bn1", torch::nn::BatchNorm2d(channels))),
      bn2(register_module("bn2", torch::nn::BatchNorm2d(channels))) {}

torch::Tensor ResidualBlockImpl::forward(torch::Tensor x) {
  torch::Tensor y = torch::relu(bn1(conv1(x)));
  y = bn2(conv2(y));
  return torch::relu(y + x);
}

JunqiNetImpl::JunqiNetImpl(const NetworkShape& s) : shape(s) {
  stem = register_module("stem", conv(s.inputPlanes, s.channels, 3, false));
  stemBn = register_module("stemBn", torch::nn::BatchNorm2d(s.channels));
  blocks = register_module("blocks", torch::nn::ModuleList());
  for (int b = 0; b < s.blocks; ++b) blocks->push_back(ResidualBlock(s.channels));
  policyConv = register_module("policyConv", conv(s.channels, s.grid.policyTargets, 1, true));
  valueConv = register_module("valueConv", conv(s.channels, s.valueChannels, 1, false));
  valueBn = register_module("valueBn", torch::nn::BatchNorm2d(s.valueChannels));
  valueFc1 = register_module("valueFc1", torch::nn::Linear(s.valueChannels * s.grid.places(), s.valueHidden));
  valueFc2 = register_module("valueFc2", torch::nn::Linear(s.valueHidden, 3));
  layoutConv = register_module("layoutConv", conv(s.channels, kPieceTypes, 1, true));
}

NetOutput JunqiNetImpl::forward(torch::Tensor x) {
  x = torch::relu(stemBn(stem(x)));
  for (const auto& block : *blocks) x = block->as<ResidualBlock>()->forward(x);
  const auto n = x.size(0);
  NetOutput out;
  // Channel `to` at place `from` -> [N, from, to].
  const NetworkGrid& grid = shape.grid;
  out.policy = policyConv(x).view({n, grid.policyTargets, grid.places()}).transpose(1, 2).reshape({n, grid.policySize()});
  torch::Tensor v = torch::relu(valueBn(valueConv(x))).view({n, -1});
  out.wdl = valueFc2(torch::relu(valueFc1(v)));
  out.layout = layoutConv(x).view({n, kPieceTypes, grid.places()}).transpose(1, 2);
  return out;
}

WeightsFile JunqiNetImpl::exportWeights(const std::string& ruleset, const std::string& note) {
  WeightsFile w;
  w.shape = shape;
  w.ruleset = ruleset;
  w.variant = Variant::of(Ruleset::parse(ruleset)).name();
  w.note = note;
  foldInto(w, "stem", stem, &stemBn);
  for (int b = 0; b < shape.blocks; ++b) {
    auto block = blocks[static_cast<std::size_t>(b)]->as<ResidualBlock>();
    foldInto(w, fmt::format("block{}.conv1", b), block->conv1, &block->bn1);
    foldInto(w, fmt::format("block{}.conv2", b), block->conv2, &block->bn2);
  }
  foldInto(w, "policy", policyConv, nullptr);
  foldInto(w, "value.conv", valueConv, &valueBn);
  w.tensors["value.fc1.weight"] = toTensor(valueFc1->weight);
  w.tensors["value.fc1.bias"] = toTensor(valueFc1->bias);
  w.tensors["value.fc2.weight"] = toTensor(valueFc2->weight);
  w.tensors["value.fc2.bias"] = toTensor(valueFc2->bias);
  foldInto(w, "layout", layoutConv, nullptr);
  return w;
}

void JunqiNetImpl::loadFolded(const WeightsFile& w) {
  if (!(w.shape == shape)) throw WeightsError("loadFolded: the weights are for another network shape");
  setConv(stem, &stemBn, w, "stem");
  for (int b = 0; b < shape.blocks; ++b) {
    auto block = blocks[static_cast<std::size_t>(b)]->as<ResidualBlock>();
    setConv(block->conv1, &block->bn1, w, fmt::format("block{}.conv1", b));
    setConv(block->conv2, &block->bn2, w, fmt::format("block{}.conv2", b));
  }
  setConv(policyConv, nullptr, w, "policy");
  setConv(valueConv, &valueBn, w, "value.conv");
  setConv(layoutConv, nullptr, w, "layout");
  torch::NoGradGuard guard;
  valueFc1->weight.copy_(fromTensor(w.tensors.at("value.fc1.weight")));
  valueFc1->bias.copy_(fromTensor(w.tensors.at("value.fc1.bias")));
  valueFc2->weight.copy_(fromTensor(w.tensors.at("value.fc2.weight")));
  valueFc2->bias.copy_(fromTensor(w.tensors.at("value.fc2.bias")));
}

void copyNetwork(JunqiNet& from, JunqiNet& to) {
  torch::NoGradGuard guard;
  const auto src = from->named_parameters(), dst = to->named_parameters();
  for (const auto& p : src) dst[p.key()].copy_(p.value());
  const auto srcB = from->named_buffers(), dstB = to->named_buffers();
  for (const auto& b : srcB) dstB[b.key()].copy_(b.value());
}

}  // namespace junqi::nets
