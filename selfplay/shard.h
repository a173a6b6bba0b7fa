// Training data: the samples self-play writes and training reads, in
// zstd-compressed shard files (one per batch of games), written through a
// temporary file and a rename so that a shard on disk is always whole.
//
//   "JQSD", u32 version (3), u32 encoding version, u32 input size,
//   string ruleset, string worker, u64 index, u32 games,
//   i32 generation, u64 weights digest, u64 seed  (version 2 only),
//   u32 positions, then per position: input (u8 per value: round(255 x)),
//     u16 policy entries, (u16 index, f32 probability) each (every legal move
//     is listed, so the list is also the mask), 3 x f32 win/draw/loss target,
//     u8 identity targets, (u8 point, i8 identity) each (version 3 on);
//   u32 layouts, then per layout: 30 x i8 identity (-1 for a camp), f32 weight;
//   u64 checksum (FNV-1a of everything before it)
// all compressed as one zstd frame. The head (everything before the positions)
// reads without decompressing the rest (readShardHead). Version 1 files (no
// generation, digest or seed) and version 2 files (no identity targets) still read.
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
  std::uint32_t version = 3;  // the file's format version (as read; written: the newest)
  // The encoding of its inputs: the classic game's, or Flip Junqi's (nets/flip/flip_encoding.h).
  std::uint32_t encodingVersion = nets::kEncodingVersion;
  std::uint32_t inputSize = nets::kInputSize;
  std::string ruleset;
  std::string worker;
  std::uint64_t index = 0;
  std::uint32_t games = 0;
  // What made it: the generation whose weights played (-1: no network, e.g.
  // teacher games), the FNV-1a digest of that weights file's bytes (0: none)
  // and the self-play seed; so a shard can be traced and replayed.
  std::int32_t generation = -1;
  std::uint64_t weightsDigest = 0;
  std::uint64_t seed = 0;
  std::uint32_t positionCount = 0;  // the positions' number, also where only the head was read
  std::vector<PositionSample> positions;
  std::vector<LayoutSample> layouts;
};

struct ShardError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void writeShard(const Shard& shard, const std::string& path);
// Throws ShardError naming the problem, one being inputs of another encoding
// than the one expected (or policy indices past its policy's size).
Shard readShard(const std::string& path, std::uint32_t encodingVersion = nets::kEncodingVersion,
                std::uint32_t inputSize = nets::kInputSize, std::uint32_t policySize = nets::kPolicySize);
// The shard without its positions and layouts (positionCount says how many),
// decompressing only its first block: how a trainer counts new games.
Shard readShardHead(const std::string& path);

// A shard file's bytes, and a shard from them (`source` names them in errors):
// what a self-play worker sends over the network (distributed/).
std::string encodeShard(const Shard& shard);
Shard decodeShard(const std::string& packed, const std::string& source,
                  std::uint32_t encodingVersion = nets::kEncodingVersion, std::uint32_t inputSize = nets::kInputSize,
                  std::uint32_t policySize = nets::kPolicySize);
Shard decodeShardHead(const std::string& packed, const std::string& source);

// FNV-1a of a weights file's bytes (Shard::weightsDigest).
std::uint64_t weightsDigest(const std::string& weightsBytes);

}  // namespace junqi
