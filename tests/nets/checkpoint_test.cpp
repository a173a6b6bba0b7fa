// Trainer checkpoints: saved and loaded into a fresh trainer they give the
// same network and the same next training step; a checkpoint that does not fit
// is refused with a message that says why.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "nets/torch_trainer.h"
#include "tests/nets/nets_test_util.h"

namespace junqi::nets {
namespace {

namespace fs = std::filesystem;
using netstest::TempDir;
using ::testing::HasSubstr;

std::vector<const PositionSample*> pointers(const std::vector<PositionSample>& v, std::size_t from, std::size_t n) {
  std::vector<const PositionSample*> out;
  for (std::size_t i = from; i < from + n; ++i) out.push_back(&v[i % v.size()]);
  return out;
}

std::vector<LayoutSample> someLayouts() {
  std::vector<LayoutSample> out(4);
  for (std::size_t j = 0; j < out.size(); ++j) {
    for (int k = 0; k < 30; ++k) out[j].identity[k] = static_cast<std::int8_t>((k * 7 + static_cast<int>(j)) % kPieceTypes);
    out[j].weight = j % 2 ? 1.0f : 0.5f;
  }
  return out;
}

std::vector<float> outputs(Trainer& t, const std::vector<PositionSample>& samples) {
  torch::NoGradGuard guard;
  t.model()->eval();
  torch::Tensor x = torch::empty({static_cast<long>(samples.size()), kInputSize});
  for (std::size_t i = 0; i < samples.size(); ++i)
    for (int k = 0; k < kInputSize; ++k) x[static_cast<long>(i)][k] = samples[i].input[static_cast<std::size_t>(k)] / 255.0f;
  const NetOutput o = t.model()->forward(x.view({-1, kInputPlanes, kRows, kColumns}));
  std::vector<float> all;
  for (const torch::Tensor& part : {o.policy, o.wdl, o.layout}) {
    const torch::Tensor c = part.contiguous();
    all.insert(all.end(), c.data_ptr<float>(), c.data_ptr<float>() + c.numel());
  }
  return all;
}

TrainerOptions options(std::uint64_t seed, const std::string& optimizer = "adam") {
  TrainerOptions o;
  o.shape = NetworkShape::tiny();
  o.optimizer = optimizer;
  o.totalSteps = 50;
  o.seed = seed;
  return o;
}

TEST(Checkpoints, SaveThenLoadGivesTheSameNetworkAndTheSameNextStep) {
  const netstest::TorchThreads threads(1);  // two are as exact, but far slower on a loaded machine
  TempDir dir("checkpoint");
  const std::vector<PositionSample> samples = netstest::randomSamples(48, 21);
  const std::vector<LayoutSample> layouts = someLayouts();
  const std::vector<const LayoutSample*> layoutBatch = {&layouts[0], &layouts[1], &layouts[2]};
  for (const std::string optimizer : {"adam", "sgd"}) {
    Trainer first(options(1, optimizer));
    for (int s = 0; s < 4; ++s) first.step(pointers(samples, static_cast<std::size_t>(s) * 8, 16), layoutBatch);
    const std::string checkpoint = dir.file("ck-" + optimizer);
    first.save(checkpoint);
    EXPECT_FALSE(fs::exists(checkpoint + ".tmp"));

    Trainer second(options(99, optimizer));  // another initialisation
    ASSERT_NE(outputs(first, samples), outputs(second, samples)) << "the fresh trainer should start elsewhere";
    second.load(checkpoint);
    EXPECT_EQ(second.steps(), 4);
    EXPECT_EQ(outputs(first, samples), outputs(second, samples)) << optimizer;

    // The next steps (optimizer state and learning-rate schedule included).
    for (int s = 0; s < 3; ++s) {
      const auto batch = pointers(samples, 20 + static_cast<std::size_t>(s) * 5, 16);
      const TrainStats a = first.step(batch, layoutBatch), b = second.step(batch, layoutBatch);
      EXPECT_EQ(a.policyLoss, b.policyLoss) << optimizer << " step " << s;
      EXPECT_EQ(a.valueLoss, b.valueLoss) << optimizer << " step " << s;
      EXPECT_EQ(a.layoutLoss, b.layoutLoss) << optimizer << " step " << s;
      EXPECT_EQ(a.learningRate, b.learningRate) << optimizer << " step " << s;
    }
    EXPECT_EQ(outputs(first, samples), outputs(second, samples)) << optimizer << " after three more steps";
    EXPECT_EQ(first.evaluate(pointers(samples, 0, 48)).policyLoss, second.evaluate(pointers(samples, 0, 48)).policyLoss);
  }
}

std::string loadError(Trainer& t, const std::string& checkpoint) {
  try {
    t.load(checkpoint);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

TEST(Checkpoints, ACheckpointOfAnotherShapeOrOptimizerIsRefused) {
  TempDir dir("checkpoint");
  Trainer tiny(options(1));
  tiny.save(dir.file("tiny"));
  TrainerOptions other = options(1);
  other.shape = NetworkShape::parse("3x16");
  Trainer odd(other);
  const std::string error = loadError(odd, dir.file("tiny"));
  EXPECT_THAT(error, HasSubstr("2x32"));
  EXPECT_THAT(error, HasSubstr("3x16"));
  Trainer sgd(options(1, "sgd"));
  EXPECT_THAT(loadError(sgd, dir.file("tiny")), HasSubstr("optimizer adam"));
  EXPECT_THAT(loadError(tiny, dir.file("nowhere")), HasSubstr("no state.txt"));
}

TEST(Checkpoints, AModelFileOfAnotherShapeIsRefusedEvenUnderAMatchingStateFile) {
  // state.txt says 2x32 but model.pt holds a 2x16 network (a mixed-up
  // directory): loading must fail rather than leave the trainer with
  // parameters of the wrong size.
  TempDir dir("checkpoint");
  Trainer tiny(options(1));
  tiny.save(dir.file("tiny"));
  TrainerOptions narrowOptions = options(1);
  narrowOptions.shape = NetworkShape::parse("2x16");
  narrowOptions.shape.valueHidden = NetworkShape::tiny().valueHidden;
  Trainer narrow(narrowOptions);
  narrow.save(dir.file("narrow"));
  fs::copy_file(dir.file("narrow") + "/model.pt", dir.file("tiny") + "/model.pt", fs::copy_options::overwrite_existing);
  Trainer fresh(options(2));
  const std::string error = loadError(fresh, dir.file("tiny"));
  EXPECT_FALSE(error.empty()) << "a 2x16 model.pt was loaded into a 2x32 trainer without complaint";
  if (error.empty()) {
    std::vector<std::int64_t> stemSize;
    for (const auto& p : fresh.model()->named_parameters())
      if (p.key() == "stem.weight") stemSize = p.value().sizes().vec();
    EXPECT_EQ(stemSize, (std::vector<std::int64_t>{32, kInputPlanes, 3, 3})) << "the trainer now holds a misshapen stem";
  }
}

TEST(Checkpoints, ATruncatedModelFileIsRefusedAsTruncatedOrCorrupt) {
  TempDir dir("checkpoint");
  Trainer t(options(1));
  t.step(pointers(netstest::randomSamples(8, 5), 0, 8), {});
  t.save(dir.file("ck"));
  for (const std::string file : {"model.pt", "optimizer.pt"}) {
    fs::remove_all(dir.file("cut"));
    fs::copy(dir.file("ck"), dir.file("cut"));
    const std::string path = dir.file("cut") + "/" + file;
    const std::string bytes = netstest::readBytes(path);
    netstest::writeBytes(path, bytes.substr(0, bytes.size() / 2));
    Trainer fresh(options(1));
    const std::string error = loadError(fresh, dir.file("cut"));
    EXPECT_THAT(error, HasSubstr("cannot be read")) << file;
    EXPECT_THAT(error, HasSubstr("truncated or corrupt")) << file;
    EXPECT_THAT(error, HasSubstr(dir.file("cut"))) << file;
  }
}

}  // namespace
}  // namespace junqi::nets
