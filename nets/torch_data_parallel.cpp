#include "nets/torch_data_parallel.h"

#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include <torch/csrc/distributed/c10d/FileStore.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>

// LibTorch was built with Gloo, but its header includes Gloo's own, which come
// from Debian's libgloo-dev: without them this builds and refuses to run.
#if __has_include(<gloo/config.h>)
#define JUNQI_HAVE_GLOO 1
#ifndef USE_C10D_GLOO
#define USE_C10D_GLOO  // Torch's CMake config defines it; the header shows the class only under it
#endif
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#else
#define JUNQI_HAVE_GLOO 0
#endif

namespace junqi::nets {

GradientAverager::GradientAverager(int rank, int worldSize, const c10::intrusive_ptr<c10d::Store>& store,
                                   const std::string& hostname, std::chrono::milliseconds timeout)
    : rank_(rank), worldSize_(worldSize) {
  if (worldSize < 1 || rank < 0 || rank >= worldSize)
    throw std::invalid_argument(fmt::format("data parallel: rank {} of {} ranks", rank, worldSize));
#if JUNQI_HAVE_GLOO
  auto options = c10d::ProcessGroupGloo::Options::create(timeout);
  options->devices.push_back(hostname.empty() ? c10d::ProcessGroupGloo::createDefaultDevice()
                                              : c10d::ProcessGroupGloo::createDeviceForHostname(hostname));
  group_ = c10::make_intrusive<c10d::ProcessGroupGloo>(store, rank, worldSize, options);
#else
  (void)store, (void)hostname, (void)timeout;
  throw std::runtime_error("data parallel: built without the Gloo headers (apt-get install libgloo-dev, then rebuild)");
#endif
}

bool GradientAverager::available() { return JUNQI_HAVE_GLOO; }

void GradientAverager::averageGradients(torch::nn::Module& module) {
  torch::NoGradGuard noGrad;
  std::vector<torch::Tensor> params = module.parameters();
  const long count = static_cast<long>(params.size());
  // The gradients, then one flag per parameter saying whether this rank has
  // its gradient: the ranks agree on which gradients exist (a head that no
  // sample of one rank reached has none there), in the same single all-reduce.
  std::vector<torch::Tensor> pieces;
  torch::Tensor present = torch::zeros({count}, torch::kFloat32);
  for (long i = 0; i < count; ++i) {
    const torch::Tensor& g = params[i].grad();
    pieces.push_back(g.defined() ? g.reshape({-1}).to(torch::kCPU, torch::kFloat32)
                                 : torch::zeros({params[i].numel()}, torch::kFloat32));
    present.data_ptr<float>()[i] = g.defined() ? 1.0f : 0.0f;
  }
  pieces.push_back(present);
  std::vector<torch::Tensor> flat{torch::cat(pieces)};
  group_->allreduce(flat)->wait();  // the sum over the ranks
  const torch::Tensor mean = flat[0].div_(worldSize_);

  const float* anyRank = mean.data_ptr<float>() + (mean.numel() - count);
  long offset = 0;
  for (long i = 0; i < count; ++i) {
    torch::Tensor& p = params[i];
    const torch::Tensor slice = mean.slice(0, offset, offset + p.numel()).view(p.sizes());
    offset += p.numel();
    if (anyRank[i] == 0) continue;  // no rank has it: stays undefined, as in one trainer
    if (!p.grad().defined()) p.mutable_grad() = torch::zeros_like(p);
    p.mutable_grad().copy_(slice);
  }
}

void GradientAverager::broadcastParameters(torch::nn::Module& module, int root) {
  torch::NoGradGuard noGrad;
  c10d::BroadcastOptions options;
  options.rootRank = root;
  // Tensor by tensor (parameters and buffers differ in type): once per run, not per step.
  std::vector<torch::Tensor> tensors = module.parameters();
  for (const torch::Tensor& b : module.buffers()) tensors.push_back(b);
  for (torch::Tensor& t : tensors) {
    std::vector<torch::Tensor> one{t.detach().to(torch::kCPU).contiguous().clone()};
    group_->broadcast(one, options)->wait();
    t.detach().copy_(one[0]);
  }
}

bool GradientAverager::anyRank(bool flag) {
  std::vector<torch::Tensor> flags{torch::full({1}, flag ? 1.0f : 0.0f)};
  c10d::AllreduceOptions options;
  options.reduceOp = c10d::ReduceOp::MAX;
  group_->allreduce(flags, options)->wait();
  return flags[0].item<float>() > 0;
}

std::uint64_t parametersDigest(torch::nn::Module& module) {
  std::uint64_t hash = 14695981039346656037ull;
  for (const torch::Tensor& p : module.parameters()) {
    const torch::Tensor bytes = p.detach().to(torch::kCPU).contiguous();
    const auto* data = static_cast<const unsigned char*>(bytes.data_ptr());
    for (std::size_t i = 0; i < bytes.nbytes(); ++i) hash = (hash ^ data[i]) * 1099511628211ull;
  }
  return hash;
}

c10::intrusive_ptr<c10d::Store> tcpStore(const std::string& host, int port, int rank, int worldSize,
                                         std::chrono::milliseconds timeout) {
  c10d::TCPStoreOptions options;
  options.port = static_cast<std::uint16_t>(port);
  options.isServer = rank == 0;
  options.numWorkers = worldSize;
  options.waitWorkers = false;  // the process group's rendezvous waits for the others
  options.timeout = timeout;
  return c10::make_intrusive<c10d::TCPStore>(host, options);
}

c10::intrusive_ptr<c10d::Store> fileStore(const std::string& path, int worldSize) {
  return c10::make_intrusive<c10d::FileStore>(path, worldSize);
}

}  // namespace junqi::nets
