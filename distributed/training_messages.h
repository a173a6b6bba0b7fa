// What the ranks of an MPI training run (mpi_training.h) send each other.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace junqi::mpi {

// Point-to-point tags (a match's games use mpi_match.h's); rank 0's
// broadcasts need none.
constexpr int kHelloTag = 1;  // rank 0 -> worker: its first shard index and the run's settings
constexpr int kShardTag = 2;  // worker -> rank 0: a shard file's bytes
constexpr int kByeTag = 3;    // worker -> rank 0: after the stop, nothing more comes
// With --trainers T, ranks 1..T-1 are partner trainers (follower_rank.h):
constexpr int kPartnerHelloTag = 4;  // rank 0 -> partner: the run's settings and where the trainers meet
constexpr int kGenerationTag = 5;    // rank 0 -> partner: a generation to train (ForwardedGeneration)

// What rank 0 broadcasts: a generation's weights to keep (for a rating game
// against it), to keep and play self-play with, or to keep with self-play
// paused (the run has all its generations); or the end.
enum class Order : std::int32_t { Keep = 0, Play = 1, Pause = 2, Stop = 3 };
struct Broadcasted {
  Order order = Order::Stop;
  int generation = -1;
  std::string weights;  // the weights file's bytes
};
std::string encodeBroadcast(const Broadcasted& message);
Broadcasted decodeBroadcast(const std::string& bytes);  // throws std::runtime_error

// What a partner trainer needs to train generation `generation` with rank
// 0's trainer: files of the run directory (by their path in it) that it has
// not been sent: shards, generations' shard lists, and the checkpoint of
// generation - 1, which every trainer starts from.
struct ForwardedGeneration {
  int generation = 0;
  std::vector<std::pair<std::string, std::string>> files;  // (path in the run directory, bytes)
};
std::string encodeForwarded(const ForwardedGeneration& message);
ForwardedGeneration decodeForwarded(const std::string& bytes);  // throws std::runtime_error

// How often a rank looks for messages while its work runs on other threads.
constexpr auto kPollInterval = std::chrono::milliseconds(20);

}  // namespace junqi::mpi
