// Helpers shared by the network tests: random games, temporary directories,
// tiny networks with non-trivial batch norms, and training samples.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/classic/game.h"
#include "core/classic/info_state.h"
#include "nets/torch_model.h"
#include "nets/training_sample.h"

namespace junqi::netstest {

// A fresh directory under the system's temporary directory, removed at the end.
class TempDir {
 public:
  explicit TempDir(const std::string& name);
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

std::vector<Ruleset> presets();

// Sets LibTorch's intra-op thread count for a scope, then restores it.
class TorchThreads {
 public:
  explicit TorchThreads(int threads) : before_(torch::get_num_threads()) { torch::set_num_threads(threads); }
  ~TorchThreads() { torch::set_num_threads(before_); }
  TorchThreads(const TorchThreads&) = delete;
  TorchThreads& operator=(const TorchThreads&) = delete;

 private:
  int before_;
};

// Random legal moves from styled layouts (style seed % 4) for at most `plies`
// plies; `visit(game)` after every action.
Game randomGame(const Ruleset& ruleset, std::uint64_t seed, int plies,
                const std::function<void(const Game&)>& visit = {});

// Sets every batch norm's weight, bias, running mean and variance to random
// values (so folding them is really tested).
void randomizeBatchNorms(nets::JunqiNet& net, std::uint64_t seed);
// A network of `shape` under `seed`, batch norms randomized, in eval mode.
nets::JunqiNet randomNet(const nets::NetworkShape& shape, std::uint64_t seed);
// Its exported weights written to `path`.
void writeRandomWeights(const nets::NetworkShape& shape, std::uint64_t seed, const std::string& path);

// Encoded positions from random games, with every legal move in the policy
// (one-hot on a move drawn by `seed`) and a fixed result target.
std::vector<nets::PositionSample> randomSamples(int count, std::uint64_t seed);

std::string readBytes(const std::string& path);
void writeBytes(const std::string& path, const std::string& bytes);

}  // namespace junqi::netstest
