// Training the network: Adam or SGD with weight decay and a cosine schedule,
// on batches of self-play samples (positions: policy and value; layouts: the
// layout head), with checkpoints that hold the model, the optimizer and the
// step, written atomically (a temporary directory, then a rename).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "nets/torch_model.h"
#include "nets/training_sample.h"

namespace junqi::nets {

class GradientAverager;  // nets/torch_data_parallel.h

struct TrainerOptions {
  NetworkShape shape = NetworkShape::tiny();
  std::string optimizer = "adam";  // or "sgd" (momentum 0.9)
  double learningRate = 1e-3;
  double finalLearningRateRatio = 0.1;  // cosine decay to this fraction at totalSteps
  long long totalSteps = 10000;
  double weightDecay = 1e-4;
  double layoutLossWeight = 0.5;
  // The identity head (the layout head's outputs on a position's input): the
  // enemy's true identities (PositionSample::hidden), an auxiliary target
  // that makes the trunk learn what the hidden pieces are. Four-player
  // samples' turned points are read at their places on the cross's grid.
  double identityLossWeight = 0.25;
  int threads = 2;
  std::string device = "cpu";
  std::uint64_t seed = 1;
  // Batch norms in inference mode while training (their statistics kept): a
  // network imported from exported weights, whose norms loadFolded made the
  // identity, learns on from exactly the function it had.
  bool frozenNorms = false;
  // Data-parallel training: each step's gradients are averaged with the other
  // ranks' before the optimizer step. Null: this trainer alone.
  std::shared_ptr<GradientAverager> dataParallel;
};

struct TrainStats {
  double policyLoss = 0, valueLoss = 0, layoutLoss = 0;
  double policyEntropy = 0;   // of the predicted move distribution (nats)
  double valueAccuracy = 0;   // how often the most likely of win/draw/loss is the result
  // The identity head on the enemy's pieces: cross-entropy against the true
  // identities, and the mean absolute difference of its probabilities from
  // the exact beliefs (the input's belief planes), over pieces and identities.
  // A four-player input has no belief planes: its pieces have a loss, no
  // belief error (nets/four/four_identity_error.h measures that).
  double identityLoss = 0, identityBeliefError = 0;
  int identities = 0;         // pieces with a target in the batch
  int believedIdentities = 0;  // of them, those the belief error covers
  double learningRate = 0;
  int positions = 0, layouts = 0;
};

class Trainer {
 public:
  explicit Trainer(const TrainerOptions& options);

  // One optimizer step on these samples.
  TrainStats step(const std::vector<const PositionSample*>& positions, const std::vector<const LayoutSample*>& layouts);
  // The losses without learning (for held-out data).
  TrainStats evaluate(const std::vector<const PositionSample*>& positions);

  long long steps() const { return steps_; }
  JunqiNet& model() { return model_; }
  const TrainerOptions& options() const { return options_; }

  // Checkpoints: a directory with model.pt, optimizer.pt and state.txt (and
  // `extraFiles`, name -> contents, that belong with it), renamed into place whole.
  void save(const std::string& directory, const std::map<std::string, std::string>& extraFiles = {}) const;
  void load(const std::string& directory);  // throws std::runtime_error naming what is wrong

 private:
  TrainStats run(const std::vector<const PositionSample*>& positions, const std::vector<const LayoutSample*>& layouts,
                 bool learn);
  double currentLearningRate() const;
  torch::Tensor identityLoss(const std::vector<const PositionSample*>& positions, const NetOutput& out,
                             TrainStats& stats) const;

  TrainerOptions options_;
  JunqiNet model_;
  std::unique_ptr<torch::optim::Optimizer> optimizer_;
  long long steps_ = 0;
  torch::Device device_;
};

}  // namespace junqi::nets
