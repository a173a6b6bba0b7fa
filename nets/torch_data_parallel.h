// Data-parallel training with torch.distributed (c10d, the Gloo backend):
// every rank (a process, or a thread in one) holds the same network and steps
// on its own share of the batch; between backward() and the optimizer step
// the gradients are averaged across the ranks, so every rank takes the same
// step and the weights stay identical.
//
// The ranks meet in a c10d Store: a TCPStore (rank 0 serves it) for several
// machines, a FileStore for processes on one machine, or one shared HashStore
// for threads in one process.
//
// What the caller must keep: every rank steps the same number of times (each
// average is a collective call that waits for all ranks), on a non-empty
// share, the shares of equal size (then the mean of the ranks' mean losses is
// the whole batch's mean loss). Batch norms normalize with each rank's own
// share (as PyTorch's DistributedDataParallel without SyncBatchNorm does), and
// their running statistics are rank 0's that count (broadcastParameters).
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include <torch/csrc/distributed/c10d/ProcessGroup.hpp>
#include <torch/csrc/distributed/c10d/Store.hpp>
#include <torch/torch.h>

namespace junqi::nets {

class GradientAverager {
 public:
  // Joins the group of `worldSize` ranks that meet in `store`; blocks until
  // all have joined. `hostname`: the address this rank is reached at by the
  // others ("127.0.0.1" for one machine; empty: the machine's hostname).
  GradientAverager(int rank, int worldSize, const c10::intrusive_ptr<c10d::Store>& store,
                   const std::string& hostname = "127.0.0.1",
                   std::chrono::milliseconds timeout = std::chrono::minutes(30));

  // Whether this build has Gloo (its headers were found); without it the
  // constructor throws.
  static bool available();

  int rank() const { return rank_; }
  int worldSize() const { return worldSize_; }

  // Replaces every parameter's gradient by its mean over the ranks (one
  // all-reduce of all gradients flattened into one tensor). A gradient that no
  // rank has stays undefined, one that only some have counts as zero elsewhere.
  void averageGradients(torch::nn::Module& module);

  // Copies rank `root`'s parameters and buffers (batch norms' running
  // statistics) to every rank: the same starting point for all.
  void broadcastParameters(torch::nn::Module& module, int root = 0);

  // Whether `flag` is true on any rank (a collective call, like an average):
  // ranks that step together also stop together, when any of them must.
  bool anyRank(bool flag);

 private:
  int rank_, worldSize_;
  c10::intrusive_ptr<c10d::ProcessGroup> group_;
};

// FNV-1a of the parameters' bytes (not the buffers): equal on ranks whose
// weights are identical, which a run's log can show.
std::uint64_t parametersDigest(torch::nn::Module& module);

// Where ranks meet. On several machines: rank 0 serves a TCP store on
// host:port, the others connect to it.
c10::intrusive_ptr<c10d::Store> tcpStore(const std::string& host, int port, int rank, int worldSize,
                                         std::chrono::milliseconds timeout = std::chrono::minutes(5));
// Processes on one machine: a file every rank opens (a fresh path per run; the
// last rank to close it removes it).
c10::intrusive_ptr<c10d::Store> fileStore(const std::string& path, int worldSize);

}  // namespace junqi::nets
