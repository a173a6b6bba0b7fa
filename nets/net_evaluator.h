// The network as the search's Evaluator: queries are encoded, gathered into
// batches across the threads that ask at the same time (self-play runs many
// games at once, so the network sees batches, not single positions), run
// through a backend, and turned into move priors and a value.
#pragma once

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "nets/network_shape.h"
#include "nets/weights_file.h"
#include "search/evaluator.h"

namespace junqi::nets {

// Runs the network on a batch of encoded inputs (see EigenModel::forward).
class Backend {
 public:
  virtual ~Backend() = default;
  virtual const NetworkShape& shape() const = 0;
  virtual void forward(const float* input, int n, float* policy, float* wdl, float* layout) = 0;
  // One position's value logits and its policy logits at `policyIndices`
  // only (EigenModel::forwardSelected); this default runs forward().
  virtual void forwardSelected(const float* input, std::span<const int> policyIndices, float* logits, float* wdl);
};

// "eigen" always; "torch" once the LibTorch layer registered it.
using BackendMaker = std::function<std::shared_ptr<Backend>(const WeightsFile& weights)>;
void registerBackend(const std::string& name, BackendMaker make);
std::shared_ptr<Backend> makeBackend(const std::string& name, const WeightsFile& weights);
// Loads the weights file (throws WeightsError) after checking the backend's name.
std::shared_ptr<Backend> makeBackend(const std::string& name, const std::string& weightsPath);

// Priors over `legal` (softmax of their logits) and value (P(win) - P(loss)).
void interpret(const float* policy, const float* wdl, Seat seat, const MoveList* legal, EvalResult& out);

class NetEvaluator : public Evaluator {
 public:
  // Batches of up to `batchSize`; a thread waits at most `maxWaitMicros` for
  // others to fill a batch before running what there is.
  NetEvaluator(std::shared_ptr<Backend> backend, int batchSize = 1, int maxWaitMicros = 2000);
  void evaluate(std::span<const EvalQuery> queries, std::span<EvalResult> results) override;
  // How many threads ask (0: unknown). Knowing it, a batch runs as soon as
  // every one of them waits or is in a running batch, not after the wait.
  void setClients(int clients);
  void removeClient();  // a thread that asks no more

  long long evaluations() const { return evaluations_; }
  long long batches() const { return batches_; }

 private:
  struct Pending {
    const EvalQuery* query;
    EvalResult* result;
    bool* done;
  };
  void runBatch(std::vector<Pending>& batch);
  void leadBatch(std::unique_lock<std::mutex>& lock);  // runs the batch at the front of the queue

  std::shared_ptr<Backend> backend_;
  int batchSize_, maxWaitMicros_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::vector<Pending> pending_;
  int clients_ = 0, inFlight_ = 0;  // inFlight_: queries in batches running now
  long long evaluations_ = 0, batches_ = 0;
};

}  // namespace junqi::nets
