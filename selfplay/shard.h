// Training data: the samples self-play writes and training reads, in
// zstd-compressed shard files (one per batch of games), written through a
// temporary file and a rename so that a shard on disk is always whole.
//
//   "JQSD", u32 version, u32 encoding version, u32 input size,
//   string ruleset, string worker, u64 index, u32 games,
//   u32 positions, then per position: input (u8 per value: round(255 x)),
//     u16 policy entries, (u16 index, f32 probability) each (every legal move
//     is listed, so the list is also the mask), 3 x f32 win/draw/loss target;
//   u32 layouts, then per layout: 30 x i8 identity (-1 for a camp), f32 weight;
//   u64 checksum (FNV-1a of everything before it)
// all compressed as one zstd frame.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "nets/encoding.h"
#include "nets/training_sample.h"

namespace junqi {

using nets::LayoutSample;
using nets::PositionSample;

struct Shard {
  // The encoding of its inputs: the classic game's, or Flip Junqi's (nets/flip_encoding.h).
  std::uint32_t encodingVersion = nets::kEncodingVersion;
  std::uint32_t inputSize = nets::kInputSize;
  std::string ruleset;
  std::string worker;
  std::uint64_t index = 0;
  std::uint32_t games = 0;
  std::vector<PositionSample> positions;
  std::vector<LayoutSample> layouts;
};

struct ShardError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void writeShard(const Shard& shard, const std::string& path);
// Throws ShardError naming the problem, one being inputs of another encoding than the one expected.
Shard readShard(const std::string& path, std::uint32_t encodingVersion = nets::kEncodingVersion,
                std::uint32_t inputSize = nets::kInputSize);

}  // namespace junqi
