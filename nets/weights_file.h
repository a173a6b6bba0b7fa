// The exported weights file: everything a bot needs to play, with no LibTorch.
//
//   "JQNW" (4 bytes), then little-endian:
//   u32 format version, u32 encoding version (nets/encoding.h),
//   i32 blocks, channels, input planes, value channels, value hidden,
//   string ruleset, string note (e.g. the checkpoint it came from),
//   string search (version 2 on: the search settings the network was rated
//   with, as agent parameters "sims=64,c=1.5,mix=0.25,depth=16,rollout=greedy"),
//   string variant (version 3 on: core/variant.h, or "flip" for Flip Junqi,
//   whose encoding version and input planes are nets/flip/flip_encoding.h's;
//   older files are classic),
//   u32 tensor count, then per tensor: string name, u32 rank, u32 dims..., f32 data;
//   u64 checksum (FNV-1a of every byte before it).
//   (A string is a u32 length and its bytes.)
// Batch norms are folded into the convolutions, so the tensors are what the
// inference backends use directly. Loading checks the magic, both versions,
// the shape (against the limits in network_shape.h), every tensor's name and
// size (against the bytes left, before it is allocated) and the checksum, and
// names the first thing wrong.
#pragma once

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/variant.h"
#include "nets/network_shape.h"

namespace junqi::nets {

// Versions 1 (no search settings) and 2 (no variant) still load.
constexpr std::uint32_t kWeightsFormatVersion = 3;
// The variant name of a Flip Junqi network: the core Variant's ("flip", what
// every flip weights file carries since format version 3).
inline const std::string& kFlipVariant = Variant::flip().name();

struct Tensor {
  std::vector<int> dims;
  std::vector<float> data;
};

struct WeightsFile {
  NetworkShape shape;
  std::string ruleset;  // the ruleset the network was trained for
  std::string note;
  // The `nn` agent's defaults for this network (its parameters, comma-separated):
  // a bot plays with the settings it was rated with unless told otherwise.
  std::string search;
  std::string variant = "classic";  // the game it plays (Variant::name)
  std::map<std::string, Tensor> tensors;

  // The tensors a network of `shape` has, with their dimensions.
  static std::map<std::string, std::vector<int>> expectedTensors(const NetworkShape& shape);
};

struct WeightsError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Writes through a temporary file and a rename.
void saveWeights(const WeightsFile& weights, const std::string& path);
WeightsFile loadWeights(const std::string& path);  // throws WeightsError
// A weights file's bytes (received over the network, say); `source` names them in errors.
WeightsFile parseWeights(const std::string& bytes, const std::string& source);

}  // namespace junqi::nets
