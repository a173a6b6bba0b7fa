// A network backend that counts the positions it is asked about, around
// another backend: tests of hybrid searches check where the network is used.
#pragma once

#include <atomic>
#include <memory>
#include <span>
#include <utility>

#include "nets/net_evaluator.h"

namespace junqi::netstest {

class CountingBackend : public nets::Backend {
 public:
  explicit CountingBackend(std::shared_ptr<nets::Backend> inner) : inner_(std::move(inner)) {}
  const nets::NetworkShape& shape() const override { return inner_->shape(); }
  void forward(const float* input, int n, float* policy, float* wdl, float* layout) override {
    calls += n;
    inner_->forward(input, n, policy, wdl, layout);
  }
  // One position, whatever the number of actions selected.
  void forwardSelected(const float* input, std::span<const int> indices, float* logits, float* wdl) override {
    ++calls;
    inner_->forwardSelected(input, indices, logits, wdl);
  }
  std::atomic<long long> calls{0};

 private:
  std::shared_ptr<nets::Backend> inner_;
};

}  // namespace junqi::netstest
