#include "nets/torch_trainer.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "core/files.h"
#include "nets/four/four_encoding.h"
#include "nets/torch_data_parallel.h"

namespace junqi::nets {

namespace fs = std::filesystem;

Trainer::Trainer(const TrainerOptions& options)
    : options_(options), model_(options.shape), device_(options.device) {
  torch::manual_seed(options.seed);
  model_ = JunqiNet(options.shape);  // initialised under the seed
  model_->to(device_);
  if (options.optimizer == "sgd")
    optimizer_ = std::make_unique<torch::optim::SGD>(
        model_->parameters(),
        torch::optim::SGDOptions(options.learningRate).momentum(0.9).weight_decay(options.weightDecay));
  else if (options.optimizer == "adam")
    optimizer_ = std::make_unique<torch::optim::Adam>(
        model_->parameters(), torch::optim::AdamOptions(options.learningRate).weight_decay(options.weightDecay));
  else
    throw std::invalid_argument(fmt::format("optimizer '{}': use adam or sgd", options.optimizer));
}

namespace {

void freezeNorms(torch::nn::Module& model) {
  for (const auto& m : model.modules(/*include_self=*/false))
    if (m->as<torch::nn::BatchNorm2dImpl>()) m->eval();
}

}  // namespace

double Trainer::currentLearningRate() const {
  const double progress = std::min(1.0, static_cast<double>(steps_) / std::max<long long>(1, options_.totalSteps));
  const double r = options_.finalLearningRateRatio;
  return options_.learningRate * (r + (1 - r) * 0.5 * (1 + std::cos(M_PI * progress)));
}

// The identity head's loss on the positions' hidden pieces (zero without
// any), and, where the input holds the exact beliefs (the classic encoding's
// belief planes), its distance from them, into `stats`. Four-player targets
// name turned points, each read at its grid place.
torch::Tensor Trainer::identityLoss(const std::vector<const PositionSample*>& positions, const NetOutput& out,
                                    TrainStats& stats) const {
  const int places = options_.shape.grid.places();
  const bool four = options_.shape.grid == gridOfVariant(Variant::four().name());
  const bool believed = options_.shape.grid == NetworkGrid{} && options_.shape.inputPlanes == kInputPlanes;
  std::vector<std::int64_t> rows, targets;
  std::vector<float> beliefs;
  for (std::size_t i = 0; i < positions.size(); ++i)
    for (const auto& [point, identity] : positions[i]->hidden) {
      const int place = four ? (point < kCrossPoints ? fourPlaceOfTurned(point) : places) : point;
      if (place >= places) continue;
      rows.push_back(static_cast<std::int64_t>(i) * places + place);
      targets.push_back(identity);
      for (int t = 0; believed && t < kPieceTypes; ++t)
        beliefs.push_back(positions[i]->input[static_cast<std::size_t>((kEnemyBelief + t) * kBoardPoints + point)] / 255.0f);
    }
  if (rows.empty()) return torch::zeros({}, device_);
  const auto k = static_cast<std::int64_t>(rows.size());
  const torch::Tensor logits = out.layout.slice(0, 0, static_cast<std::int64_t>(positions.size()))
                                   .reshape({-1, kPieceTypes})
                                   .index_select(0, torch::tensor(rows, torch::kLong).to(device_));
  const torch::Tensor loss =
      torch::nn::functional::cross_entropy(logits, torch::tensor(targets, torch::kLong).to(device_));
  stats.identityLoss = loss.item<double>();
  stats.identities = static_cast<int>(k);
  if (believed) {
    const torch::Tensor exact = torch::from_blob(beliefs.data(), {k, kPieceTypes}, torch::kFloat32).to(device_);
    stats.identityBeliefError = (torch::softmax(logits, 1) - exact).abs().mean().item<double>();
    stats.believedIdentities = static_cast<int>(k);
  }
  return loss;
}

TrainStats Trainer::run(const std::vector<const PositionSample*>& positions,
                        const std::vector<const LayoutSample*>& layouts, bool learn) {
  const int n = static_cast<int>(positions.size()), m = static_cast<int>(layouts.size());
  TrainStats stats;
  stats.positions = n;
  stats.layouts = m;
  if (n + m == 0) return stats;
  // Inputs: positions, then the deployment input once per layout sample, in
  // one batch (batch norm needs varied inputs).
  // The shape's input planes: the classic encoding's, or another game's (Flip Junqi has no layouts).
  const int inputSize = options_.shape.inputSize();
  const int policySize = options_.shape.grid.policySize();
  torch::Tensor input = torch::empty({n + m, inputSize});
  float* in = input.data_ptr<float>();
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < inputSize; ++k) in[static_cast<std::size_t>(i) * inputSize + k] = positions[i]->input[k] / 255.0f;
  if (m > 0) {
    std::vector<float> deploy(kInputSize);
    encodeDeployment(Ruleset{}, deploy);
    for (int j = 0; j < m; ++j) std::copy(deploy.begin(), deploy.end(), in + static_cast<std::size_t>(n + j) * kInputSize);
  }
  torch::Tensor policyTarget = torch::zeros({n, policySize});
  torch::Tensor legalMask = torch::zeros({n, policySize}, torch::kBool);
  torch::Tensor wdlTarget = torch::empty({n, 3});
  for (int i = 0; i < n; ++i) {
    float* t = policyTarget.data_ptr<float>() + static_cast<std::size_t>(i) * policySize;
    bool* mask = legalMask.data_ptr<bool>() + static_cast<std::size_t>(i) * policySize;
    for (const auto& [index, prob] : positions[i]->policy) t[index] = prob, mask[index] = true;
    for (int k = 0; k < 3; ++k) wdlTarget[i][k] = positions[i]->wdl[k];
  }
  if (learn) model_->train();
  else model_->eval();
  if (learn && options_.frozenNorms) freezeNorms(*model_);
  torch::AutoGradMode gradients(learn);
  const NetOutput out = model_->forward(input.view({n + m, options_.shape.inputPlanes, options_.shape.grid.rows, options_.shape.grid.columns}).to(device_));

  torch::Tensor loss = torch::zeros({}, device_);
  if (n > 0) {
    const torch::Tensor logits = out.policy.slice(0, 0, n).masked_fill(~legalMask.to(device_), -1e9);
    const torch::Tensor logp = torch::log_softmax(logits, 1);
    const torch::Tensor policyLoss = -(policyTarget.to(device_) * logp).sum(1).mean();
    const torch::Tensor wdlLogp = torch::log_softmax(out.wdl.slice(0, 0, n), 1);
    const torch::Tensor valueLoss = -(wdlTarget.to(device_) * wdlLogp).sum(1).mean();
    loss = loss + policyLoss + valueLoss;
    stats.policyLoss = policyLoss.item<double>();
    stats.valueLoss = valueLoss.item<double>();
    const torch::Tensor p = logp.exp();
    stats.policyEntropy = -(p * logp.masked_fill(~legalMask.to(device_), 0)).sum(1).mean().item<double>();
    stats.valueAccuracy =
        (wdlLogp.argmax(1) == wdlTarget.to(device_).argmax(1)).to(torch::kFloat32).mean().item<double>();
  }
  if (n > 0) loss = loss + options_.identityLossWeight * identityLoss(positions, out, stats);
  if (m > 0) {
    // The layout head: the identity of each of the seat's 30 points (camps excluded).
    torch::Tensor target = torch::full({m, kLayoutPoints}, -100, torch::kLong);
    torch::Tensor weight = torch::empty({m});
    for (int j = 0; j < m; ++j) {
      for (int k = 0; k < kLayoutPoints; ++k)
        if (layouts[j]->identity[k] >= 0) target[j][k] = layouts[j]->identity[k];
      weight[j] = layouts[j]->weight;
    }
    const torch::Tensor logits = out.layout.slice(0, n, n + m).slice(1, 0, kLayoutPoints).reshape({m * kLayoutPoints, kPieceTypes});
    const torch::Tensor perPoint = torch::nn::functional::cross_entropy(
        logits, target.view({-1}).to(device_),
        torch::nn::functional::CrossEntropyFuncOptions().ignore_index(-100).reduction(torch::kNone));
    const torch::Tensor valid = (target.view({-1}) >= 0).to(torch::kFloat32).to(device_);
    const torch::Tensor perLayout = (perPoint * valid).view({m, kLayoutPoints}).sum(1) / valid.view({m, kLayoutPoints}).sum(1).clamp_min(1);
    const torch::Tensor layoutLoss = (perLayout * weight.to(device_)).sum() / weight.sum().clamp_min(1e-6).to(device_);
    loss = loss + options_.layoutLossWeight * layoutLoss;
    stats.layoutLoss = layoutLoss.item<double>();
  }
  stats.learningRate = currentLearningRate();
  if (learn) {
    for (auto& group : optimizer_->param_groups()) {
      if (options_.optimizer == "sgd")
        static_cast<torch::optim::SGDOptions&>(group.options()).lr(stats.learningRate);
      else
        static_cast<torch::optim::AdamOptions&>(group.options()).lr(stats.learningRate);
    }
    optimizer_->zero_grad();
    loss.backward();
    if (options_.dataParallel) options_.dataParallel->averageGradients(*model_);
    optimizer_->step();
    ++steps_;
  }
  return stats;
}

TrainStats Trainer::step(const std::vector<const PositionSample*>& positions,
                         const std::vector<const LayoutSample*>& layouts) {
  return run(positions, layouts, true);
}

TrainStats Trainer::evaluate(const std::vector<const PositionSample*>& positions) { return run(positions, {}, false); }

namespace {
// A LibTorch object's bytes, written like every other file (so that a full
// disk is one line naming the file, not LibTorch's message with a stack trace).
template <class T>
void saveTorch(const T& value, const fs::path& path) {
  std::ostringstream bytes;
  torch::save(value, bytes);
  writeFileAtomically(path.string(), bytes.str());
}
}  // namespace

void Trainer::save(const std::string& directory, const std::map<std::string, std::string>& extraFiles) const {
  const fs::path final(directory), tmp = directory + ".tmp";
  fs::remove_all(tmp);
  fs::create_directories(tmp);
  try {
    for (const auto& [name, contents] : extraFiles) writeFileAtomically((tmp / name).string(), contents);
    saveTorch(model_, tmp / "model.pt");
    saveTorch(*optimizer_, tmp / "optimizer.pt");
    writeFileAtomically((tmp / "state.txt").string(), fmt::format("steps {}\nshape {}\noptimizer {}\n", steps_,
                                                                  options_.shape.toString(), options_.optimizer));
  } catch (...) {
    std::error_code ignored;
    fs::remove_all(tmp, ignored);  // a half-written checkpoint is of no use; the one before stays
    throw;
  }
  fs::remove_all(final);
  fs::rename(tmp, final);
}

void Trainer::load(const std::string& directory) {
  const fs::path dir(directory);
  std::ifstream state(dir / "state.txt");
  if (!state) throw std::runtime_error(fmt::format("checkpoint {}: no state.txt", directory));
  std::string key, shape, optimizer;
  long long steps = -1;
  while (state >> key) {
    if (key == "steps") state >> steps;
    else if (key == "shape") state >> shape;
    else if (key == "optimizer") state >> optimizer;
  }
  if (steps < 0) throw std::runtime_error(fmt::format("checkpoint {}: state.txt has no step count", directory));
  if (shape != options_.shape.toString())
    throw std::runtime_error(fmt::format("checkpoint {}: a {} network, not {}", directory, shape, options_.shape.toString()));
  if (optimizer != options_.optimizer)
    throw std::runtime_error(fmt::format("checkpoint {}: optimizer {}, not {}", directory, optimizer, options_.optimizer));
  // Into a fresh network first: torch::load would take tensors of any size,
  // and a failed load must leave this trainer as it was.
  JunqiNet loadedModel(options_.shape);
  try {
    torch::load(loadedModel, (dir / "model.pt").string());
  } catch (const std::exception& e) {
    throw std::runtime_error(fmt::format("checkpoint {}: model.pt cannot be read (truncated or corrupt?): {}", directory,
                                         std::string(e.what()).substr(0, 200)));
  }
  const JunqiNet expected(options_.shape);
  const auto mustMatch = [&](const auto& got, const auto& want, const char* what) {
    for (const auto& item : want) {
      const torch::Tensor* t = got.find(item.key());
      if (!t || !t->sizes().equals(item.value().sizes()))
        throw std::runtime_error(fmt::format("checkpoint {}: {} '{}' does not fit a {} network", directory, what,
                                             item.key(), options_.shape.toString()));
    }
  };
  mustMatch(loadedModel->named_parameters(), expected->named_parameters(), "parameter");
  mustMatch(loadedModel->named_buffers(), expected->named_buffers(), "buffer");
  try {
    torch::load(*optimizer_, (dir / "optimizer.pt").string());
  } catch (const std::exception& e) {
    throw std::runtime_error(fmt::format("checkpoint {}: optimizer.pt cannot be read (truncated or corrupt?): {}",
                                         directory, std::string(e.what()).substr(0, 200)));
  }
  copyNetwork(loadedModel, model_);
  steps_ = steps;
}

}  // namespace junqi::nets
