#include "nets/torch_backend.h"

namespace junqi::nets {

TorchBackend::TorchBackend(JunqiNet& model, const std::string& device)
    : shape_(model->shape), model_(model->shape), device_(device) {
  copyNetwork(model, model_);
  model_->to(device_);
  model_->eval();
}

TorchBackend::TorchBackend(const WeightsFile& weights, const std::string& device)
    : shape_(weights.shape), model_(weights.shape), device_(device) {
  model_->loadFolded(weights);
  model_->to(device_);
  model_->eval();
}

void TorchBackend::forward(const float* input, int n, float* policy, float* wdl, float* layout) {
  std::lock_guard lock(mutex_);
  torch::NoGradGuard guard;
  const torch::Tensor x =
      torch::from_blob(const_cast<float*>(input), {n, shape_.inputPlanes, kRows, kColumns}, torch::kFloat32)
          .to(device_);
  const NetOutput out = model_->forward(x);
  const torch::Tensor p = out.policy.to(torch::kCPU).contiguous();
  const torch::Tensor v = out.wdl.to(torch::kCPU).contiguous();
  std::copy_n(p.data_ptr<float>(), p.numel(), policy);
  std::copy_n(v.data_ptr<float>(), v.numel(), wdl);
  if (layout) {
    const torch::Tensor l = out.layout.to(torch::kCPU).contiguous();
    std::copy_n(l.data_ptr<float>(), l.numel(), layout);
  }
}

void registerTorchBackend() {
  registerBackend("torch", [](const WeightsFile& weights) { return std::make_shared<TorchBackend>(weights); });
}

}  // namespace junqi::nets
