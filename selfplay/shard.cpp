#include "selfplay/shard.h"

#include <fstream>
#include <memory>

#include <fmt/format.h>
#include <zstd.h>

#include "core/binary_io.h"
#include "core/files.h"
#include "nets/encoding.h"

namespace junqi {

namespace {

constexpr std::uint32_t kShardVersion = 3;
constexpr std::size_t kHeadBytes = 1 << 16;  // the head always fits: two strings and a few numbers

std::string compressed(const std::string& bytes) {
  std::string packed(ZSTD_compressBound(bytes.size()), '\0');
  const std::size_t n = ZSTD_compress(packed.data(), packed.size(), bytes.data(), bytes.size(), 3);
  if (ZSTD_isError(n)) throw ShardError(fmt::format("writeShard: zstd: {}", ZSTD_getErrorName(n)));
  packed.resize(n);
  return packed;
}

std::string decompressed(const std::string& packed, const std::string& source) {
  const unsigned long long size = ZSTD_getFrameContentSize(packed.data(), packed.size());
  if (size == ZSTD_CONTENTSIZE_ERROR || size == ZSTD_CONTENTSIZE_UNKNOWN || size > (1ULL << 34))
    throw ShardError(fmt::format("{}: not a zstd-compressed shard", source));
  std::string bytes(size, '\0');
  const std::size_t n = ZSTD_decompress(bytes.data(), bytes.size(), packed.data(), packed.size());
  if (ZSTD_isError(n) || n != size) throw ShardError(fmt::format("{}: corrupt compressed data", source));
  return bytes;
}

// The first `want` bytes of the frame (fewer if it is shorter), decompressing no further.
std::string decompressedStart(const std::string& packed, std::size_t want, const std::string& source) {
  if (ZSTD_getFrameContentSize(packed.data(), packed.size()) == ZSTD_CONTENTSIZE_ERROR)
    throw ShardError(fmt::format("{}: not a zstd-compressed shard", source));
  std::unique_ptr<ZSTD_DCtx, decltype(&ZSTD_freeDCtx)> context(ZSTD_createDCtx(), ZSTD_freeDCtx);
  std::string bytes(want, '\0');
  ZSTD_inBuffer in{packed.data(), packed.size(), 0};
  ZSTD_outBuffer out{bytes.data(), bytes.size(), 0};
  while (out.pos < out.size) {
    const std::size_t before = in.pos + out.pos;
    const std::size_t left = ZSTD_decompressStream(context.get(), &out, &in);
    if (ZSTD_isError(left)) throw ShardError(fmt::format("{}: corrupt compressed data", source));
    if (left == 0 || in.pos + out.pos == before) break;  // the frame's end, or the data's
  }
  bytes.resize(out.pos);
  return bytes;
}

void putHead(ByteWriter& out, const Shard& shard) {
  out.putBytes("JQSD", 4);
  out.put(kShardVersion);
  out.put(shard.encodingVersion);
  out.put(shard.inputSize);
  out.putString(shard.ruleset);
  out.putString(shard.worker);
  out.put(shard.index);
  out.put(shard.games);
  out.put(shard.generation);
  out.put(shard.weightsDigest);
  out.put(shard.seed);
  out.put(static_cast<std::uint32_t>(shard.positions.size()));
}

// The head, up to and including the position count, as it was written.
Shard getHead(ByteReader<ShardError>& in, const std::string& bytes, const std::string& source) {
  if (bytes.size() < 4 || bytes.compare(0, 4, "JQSD") != 0)
    throw ShardError(fmt::format("{}: not a shard (no JQSD)", source));
  in.skip(4);
  const auto version = in.get<std::uint32_t>("the version");
  if (version < 1 || version > kShardVersion)
    throw ShardError(fmt::format("{}: shard version {}, this build reads 1 to {}", source, version, kShardVersion));
  Shard shard;
  shard.version = version;
  shard.encodingVersion = in.get<std::uint32_t>("the encoding version");
  shard.inputSize = in.get<std::uint32_t>("the input size");
  shard.ruleset = in.getString("the ruleset");
  shard.worker = in.getString("the worker");
  shard.index = in.get<std::uint64_t>("the index");
  shard.games = in.get<std::uint32_t>("the game count");
  if (version >= 2) {
    shard.generation = in.get<std::int32_t>("the generation");
    shard.weightsDigest = in.get<std::uint64_t>("the weights digest");
    shard.seed = in.get<std::uint64_t>("the seed");
  }
  shard.positionCount = in.get<std::uint32_t>("the position count");
  return shard;
}

// A position's identity targets: points on the board, identities among the types.
void readHidden(ByteReader<ShardError>& in, PositionSample& p, const std::string& source) {
  p.hidden.resize(in.get<std::uint8_t>("an identity-target count"));
  for (auto& [point, identity] : p.hidden) {
    point = in.get<std::uint8_t>("an identity-target point");
    identity = in.get<std::int8_t>("an identity target");
    if (identity < 0 || identity >= kPieceTypes)
      throw ShardError(fmt::format("{}: identity target {} at point {} out of range", source, identity, point));
  }
}

}  // namespace

std::uint64_t weightsDigest(const std::string& weightsBytes) { return fnv1a(weightsBytes.data(), weightsBytes.size()); }

std::string encodeShard(const Shard& shard) {
  ByteWriter out;
  putHead(out, shard);
  for (const PositionSample& p : shard.positions) {
    if (p.input.size() != shard.inputSize) throw ShardError("writeShard: an input has the wrong size");
    out.putBytes(p.input.data(), p.input.size());
    out.put(static_cast<std::uint16_t>(p.policy.size()));
    for (const auto& [index, prob] : p.policy) {
      out.put(index);
      out.put(prob);
    }
    for (const float v : p.wdl) out.put(v);
    out.put(static_cast<std::uint8_t>(p.hidden.size()));  // version 3 on
    for (const auto& [point, identity] : p.hidden) out.put(point), out.put(identity);
  }
  out.put(static_cast<std::uint32_t>(shard.layouts.size()));
  for (const LayoutSample& l : shard.layouts) {
    out.putBytes(l.identity.data(), l.identity.size());
    out.put(l.weight);
  }
  out.putChecksum();
  return compressed(out.bytes());
}

void writeShard(const Shard& shard, const std::string& path) { writeFileAtomically(path, encodeShard(shard)); }

Shard decodeShardHead(const std::string& packed, const std::string& source) {
  const std::string bytes = decompressedStart(packed, kHeadBytes, source);
  ByteReader<ShardError> in(bytes, source);
  return getHead(in, bytes, source);
}

Shard decodeShard(const std::string& packed, const std::string& source, std::uint32_t encodingVersion,
                  std::uint32_t inputSize, std::uint32_t policySize) {
  const std::string bytes = decompressed(packed, source);
  ByteReader<ShardError> in(bytes, source);
  Shard shard = getHead(in, bytes, source);
  const bool withHidden = shard.version >= 3;
  if (shard.encodingVersion != encodingVersion)
    throw ShardError(fmt::format("{}: encoding version {}, this build encodes {}", source, shard.encodingVersion,
                                 encodingVersion));
  if (shard.inputSize != inputSize)
    throw ShardError(fmt::format("{}: inputs of {} values, this build has {}", source, shard.inputSize, inputSize));
  shard.positions.resize(shard.positionCount);
  for (PositionSample& p : shard.positions) {
    p.input.resize(inputSize);
    in.getBytes(p.input.data(), p.input.size(), "an input");
    const auto entries = in.get<std::uint16_t>("a policy size");
    p.policy.resize(entries);
    for (auto& [index, prob] : p.policy) {
      index = in.get<std::uint16_t>("a policy index");
      prob = in.get<float>("a policy target");
      if (index >= policySize) throw ShardError(fmt::format("{}: policy index {} out of range", source, index));
    }
    for (float& v : p.wdl) v = in.get<float>("a value target");
    if (withHidden) readHidden(in, p, source);
  }
  const auto layouts = in.get<std::uint32_t>("the layout count");
  shard.layouts.resize(layouts);
  for (LayoutSample& l : shard.layouts) {
    in.getBytes(l.identity.data(), l.identity.size(), "a layout");
    l.weight = in.get<float>("a layout weight");
  }
  in.checkChecksum("shard");
  return shard;
}

namespace {

std::string readShardFile(const std::string& path, std::size_t limit = std::string::npos) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ShardError(fmt::format("cannot open shard '{}'", path));
  std::string bytes;
  char buffer[1 << 16];
  while (bytes.size() < limit && in.read(buffer, sizeof buffer).gcount() > 0)
    bytes.append(buffer, static_cast<std::size_t>(in.gcount()));
  return bytes;
}

}  // namespace

Shard readShard(const std::string& path, std::uint32_t encodingVersion, std::uint32_t inputSize,
                std::uint32_t policySize) {
  return decodeShard(readShardFile(path), path, encodingVersion, inputSize, policySize);
}

// zstd decompresses a block (at most 128 KB, compressed or not) only once it has all of it.
Shard readShardHead(const std::string& path) { return decodeShardHead(readShardFile(path, 1 << 18), path); }

}  // namespace junqi
