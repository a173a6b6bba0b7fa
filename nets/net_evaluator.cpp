#include "nets/net_evaluator.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

#include "nets/eigen_model.h"
#include "nets/network_outputs.h"

namespace junqi::nets {

namespace {

class EigenBackend : public Backend {
 public:
  explicit EigenBackend(const WeightsFile& w) : model_(w) {}
  const NetworkShape& shape() const override { return model_.shape(); }
  void forward(const float* input, int n, float* policy, float* wdl, float* layout) override {
    model_.forward(input, n, policy, wdl, layout);
  }
  void forwardSelected(const float* input, std::span<const int> policyIndices, float* logits, float* wdl) override {
    model_.forwardSelected(input, policyIndices, logits, wdl);
  }

 private:
  EigenModel model_;
};

std::mutex& makersMutex() {
  static std::mutex m;
  return m;
}
std::map<std::string, BackendMaker>& makers() {
  static std::map<std::string, BackendMaker> all = {
      {"eigen", [](const WeightsFile& weights) { return std::make_shared<EigenBackend>(weights); }}};
  return all;
}

}  // namespace

void Backend::forwardSelected(const float* input, std::span<const int> policyIndices, float* logits, float* wdl) {
  thread_local std::vector<float> policy;
  policy.resize(static_cast<std::size_t>(shape().grid.policySize()));
  forward(input, 1, policy.data(), wdl, nullptr);
  for (std::size_t i = 0; i < policyIndices.size(); ++i) logits[i] = policy[static_cast<std::size_t>(policyIndices[i])];
}

void registerBackend(const std::string& name, BackendMaker make) {
  std::lock_guard lock(makersMutex());
  makers()[name] = std::move(make);
}

namespace {

BackendMaker makerOf(const std::string& name) {
  std::lock_guard lock(makersMutex());
  const auto it = makers().find(name);
  if (it == makers().end())
    throw std::invalid_argument(fmt::format("unknown network backend '{}' (this build has: {})", name,
                                            name == "torch" ? "eigen; LibTorch serves training only (junqi-train)"
                                                            : "eigen, torch"));
  return it->second;
}

}  // namespace

std::shared_ptr<Backend> makeBackend(const std::string& name, const WeightsFile& weights) {
  return makerOf(name)(weights);
}

std::shared_ptr<Backend> makeBackend(const std::string& name, const std::string& weightsPath) {
  const BackendMaker make = makerOf(name);
  return make(loadWeights(weightsPath));
}

void interpret(const float* policy, const float* wdl, Seat seat, const MoveList* legal, EvalResult& out) {
  out.value = wdlValue<float>(wdl);
  out.priors.clear();
  if (!legal || legal->empty()) return;
  legalSoftmax(policy, *legal, [seat](Move m) { return policyIndex(seat, m); }, out.priors);
}

NetEvaluator::NetEvaluator(std::shared_ptr<Backend> backend, int batchSize, int maxWaitMicros)
    : backend_(std::move(backend)), batchSize_(std::max(1, batchSize)), maxWaitMicros_(maxWaitMicros) {}

void NetEvaluator::runBatch(std::vector<Pending>& batch) {
  const int n = static_cast<int>(batch.size());
  // Kept from batch to batch (each thread that leads one has its own): no
  // allocation, and no clearing of the 3,600 logits a position that the network overwrites.
  thread_local std::vector<float> input, policy, wdl;
  input.resize(std::max(input.size(), static_cast<std::size_t>(n) * kInputSize));
  policy.resize(std::max(policy.size(), static_cast<std::size_t>(n) * kPolicySize));
  wdl.resize(std::max(wdl.size(), static_cast<std::size_t>(n) * 3));
  for (int i = 0; i < n; ++i) encode(*batch[i].query, std::span<float>(input.data() + i * kInputSize, kInputSize));
  backend_->forward(input.data(), n, policy.data(), wdl.data(), nullptr);
  for (int i = 0; i < n; ++i)
    interpret(policy.data() + static_cast<std::size_t>(i) * kPolicySize, wdl.data() + i * 3,
              batch[i].query->state->seat(), batch[i].query->legal, *batch[i].result);
}

void NetEvaluator::evaluate(std::span<const EvalQuery> queries, std::span<EvalResult> results) {
  if (batchSize_ == 1) {  // no other thread to wait for
    std::vector<Pending> batch;
    bool done = false;
    for (std::size_t i = 0; i < queries.size(); ++i) batch.push_back({&queries[i], &results[i], &done});
    runBatch(batch);
    std::lock_guard lock(mutex_);
    evaluations_ += static_cast<long long>(queries.size());
    ++batches_;
    return;
  }
  // A search asks for one leaf at a time: its flag needs no allocation.
  bool oneDone = false;
  std::unique_ptr<bool[]> manyDone(queries.size() > 1 ? new bool[queries.size()]() : nullptr);
  bool* done = manyDone ? manyDone.get() : &oneDone;
  std::unique_lock lock(mutex_);
  for (std::size_t i = 0; i < queries.size(); ++i) pending_.push_back({&queries[i], &results[i], &done[i]});
  const auto allDone = [&] {
    for (std::size_t i = 0; i < queries.size(); ++i)
      if (!done[i]) return false;
    return true;
  };
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::microseconds(maxWaitMicros_);
  while (!allDone()) {
    const int waiting = static_cast<int>(pending_.size());
    // Nobody else can join when every client is waiting or in a running batch.
    const bool nobodyElse = clients_ > 0 && waiting + inFlight_ >= clients_;
    if (waiting > 0 && (waiting >= batchSize_ || nobodyElse || std::chrono::steady_clock::now() >= deadline)) {
      leadBatch(lock);
      continue;
    }
    if (pending_.empty())
      ready_.wait(lock);  // our queries are in another thread's batch
    else
      ready_.wait_until(lock, deadline);
  }
}

void NetEvaluator::leadBatch(std::unique_lock<std::mutex>& lock) {
  // Run what is waiting (up to a batch), outside the lock.
  const std::size_t take = std::min<std::size_t>(pending_.size(), static_cast<std::size_t>(batchSize_));
  thread_local std::vector<Pending> batch;
  batch.assign(pending_.begin(), pending_.begin() + static_cast<long>(take));
  pending_.erase(pending_.begin(), pending_.begin() + static_cast<long>(take));
  inFlight_ += static_cast<int>(take);
  lock.unlock();
  runBatch(batch);
  lock.lock();
  inFlight_ -= static_cast<int>(take);
  for (Pending& p : batch) *p.done = true;
  evaluations_ += static_cast<long long>(batch.size());
  ++batches_;
  ready_.notify_all();
}

void NetEvaluator::setClients(int clients) {
  std::lock_guard lock(mutex_);
  clients_ = clients;
  ready_.notify_all();
}

void NetEvaluator::removeClient() {
  std::lock_guard lock(mutex_);
  clients_ = std::max(0, clients_ - 1);
  ready_.notify_all();
}

}  // namespace junqi::nets
