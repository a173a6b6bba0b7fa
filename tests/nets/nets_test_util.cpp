#include "selfplay/samples.h"
#include "tests/nets/nets_test_util.h"

#include <atomic>
#include <cmath>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>

#include <unistd.h>

#include "core/classic/auto_layout.h"
#include "core/classic/movegen.h"
#include "nets/encoding.h"
#include "search/evaluator.h"

namespace junqi::netstest {

namespace fs = std::filesystem;

TempDir::TempDir(const std::string& name) {
  static std::atomic<int> counter{0};
  path_ = fs::temp_directory_path() /
          ("junqi-nets-" + name + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  fs::remove_all(path_);
  fs::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ignored;
  fs::remove_all(path_, ignored);
}

std::vector<Ruleset> presets() { return {Ruleset::hiddenFront(), Ruleset::worldAtPlay(), Ruleset::refereed()}; }

Game randomGame(const Ruleset& ruleset, std::uint64_t seed, int plies, const std::function<void(const Game&)>& visit) {
  Rng rng(seed);
  const auto style = static_cast<LayoutStyle>(seed % 4);
  const Layout red = styledLayout(style, ruleset, rng), blue = styledLayout(style, ruleset, rng);
  Game game(ruleset, red, blue);
  MoveList moves;
  while (!game.isOver() && game.position().ply() < plies) {
    generateMoves(game.position(), moves);
    game.apply(Action::makeMove(game.position().sideToMove(), moves[static_cast<int>(rng.below(moves.size()))]));
    if (visit) visit(game);
  }
  return game;
}

void randomizeBatchNorms(nets::JunqiNet& net, std::uint64_t seed) {
  torch::manual_seed(seed);
  torch::NoGradGuard guard;
  for (const auto& m : net->modules()) {
    if (auto* bn = m->as<torch::nn::BatchNorm2d>()) {
      bn->weight.uniform_(0.5, 1.5);
      bn->bias.normal_(0.0, 0.3);
      bn->running_mean.normal_(0.0, 0.3);
      bn->running_var.uniform_(0.3, 2.0);
    }
  }
}

nets::JunqiNet randomNet(const nets::NetworkShape& shape, std::uint64_t seed) {
  torch::manual_seed(seed);
  nets::JunqiNet net(shape);
  randomizeBatchNorms(net, seed + 1000);
  net->eval();
  return net;
}

void writeRandomWeights(const nets::NetworkShape& shape, std::uint64_t seed, const std::string& path) {
  nets::JunqiNet net = randomNet(shape, seed);
  nets::saveWeights(net->exportWeights(Ruleset{}.toString(), "test network"), path);
}

std::vector<nets::PositionSample> randomSamples(int count, std::uint64_t seed) {
  std::vector<nets::PositionSample> out;
  Rng rng(seed);
  std::vector<float> input(nets::kInputSize);
  MoveList legal;
  for (std::uint64_t game = 0; static_cast<int>(out.size()) < count; ++game) {
    const Game g = randomGame(Ruleset::hiddenFront(), Rng::mix(seed, game), 1 + static_cast<int>(rng.below(120)));
    if (g.isOver()) continue;
    const InfoState view = InfoState::of(g, g.position().sideToMove());
    view.legalMoves(legal);
    if (legal.empty()) continue;
    nets::encode(rootQuery(view, &legal), input);
    nets::PositionSample s;
    for (const float v : input) s.input.push_back(static_cast<std::uint8_t>(std::lround(v * 255.0f)));
    const int target = static_cast<int>(rng.below(static_cast<std::uint64_t>(legal.size())));
    for (int i = 0; i < legal.size(); ++i)
      s.policy.emplace_back(static_cast<std::uint16_t>(nets::policyIndex(view.seat(), legal[i])), i == target ? 1.0f : 0.0f);
    s.wdl = {0, 0, 0};
    s.wdl[rng.below(3)] = 1;
    s.hidden = hiddenIdentities(g.position(), view.seat());
    out.push_back(std::move(s));
  }
  return out;
}

std::string readBytes(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error("cannot read " + path);
  return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

void writeBytes(const std::string& path, const std::string& bytes) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!f.flush()) throw std::runtime_error("cannot write " + path);
}

}  // namespace junqi::netstest
