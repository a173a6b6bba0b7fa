#include "selfplay/shard.h"

#include <fmt/format.h>
#include <zstd.h>

#include "core/binary_io.h"
#include "core/files.h"
#include "nets/encoding.h"

namespace junqi {

namespace {
constexpr std::uint32_t kShardVersion = 1;
}  // namespace

void writeShard(const Shard& shard, const std::string& path) {
  ByteWriter out;
  out.putBytes("JQSD", 4);
  out.put(kShardVersion);
  out.put(shard.encodingVersion);
  out.put(shard.inputSize);
  out.putString(shard.ruleset);
  out.putString(shard.worker);
  out.put(shard.index);
  out.put(shard.games);
  out.put(static_cast<std::uint32_t>(shard.positions.size()));
  for (const PositionSample& p : shard.positions) {
    if (p.input.size() != shard.inputSize) throw ShardError("writeShard: an input has the wrong size");
    out.putBytes(p.input.data(), p.input.size());
    out.put(static_cast<std::uint16_t>(p.policy.size()));
    for (const auto& [index, prob] : p.policy) {
      out.put(index);
      out.put(prob);
    }
    for (const float v : p.wdl) out.put(v);
  }
  out.put(static_cast<std::uint32_t>(shard.layouts.size()));
  for (const LayoutSample& l : shard.layouts) {
    out.putBytes(l.identity.data(), l.identity.size());
    out.put(l.weight);
  }
  out.putChecksum();

  std::string packed(ZSTD_compressBound(out.bytes().size()), '\0');
  const std::size_t n = ZSTD_compress(packed.data(), packed.size(), out.bytes().data(), out.bytes().size(), 3);
  if (ZSTD_isError(n)) throw ShardError(fmt::format("writeShard: zstd: {}", ZSTD_getErrorName(n)));
  packed.resize(n);
  writeFileAtomically(path, packed);
}

Shard readShard(const std::string& path, std::uint32_t encodingVersion, std::uint32_t inputSize) {
  std::string packed;
  try {
    packed = readFile(path);
  } catch (const std::exception&) {
    throw ShardError(fmt::format("cannot open shard '{}'", path));
  }
  const unsigned long long size = ZSTD_getFrameContentSize(packed.data(), packed.size());
  if (size == ZSTD_CONTENTSIZE_ERROR || size == ZSTD_CONTENTSIZE_UNKNOWN || size > (1ULL << 34))
    throw ShardError(fmt::format("{}: not a zstd-compressed shard", path));
  std::string bytes(size, '\0');
  const std::size_t n = ZSTD_decompress(bytes.data(), bytes.size(), packed.data(), packed.size());
  if (ZSTD_isError(n) || n != size) throw ShardError(fmt::format("{}: corrupt compressed data", path));
  if (bytes.size() < 4 || bytes.compare(0, 4, "JQSD") != 0) throw ShardError(fmt::format("{}: not a shard (no JQSD)", path));
  ByteReader<ShardError> in(bytes, path);
  in.skip(4);
  if (const auto v = in.get<std::uint32_t>("the version"); v != kShardVersion)
    throw ShardError(fmt::format("{}: shard version {}, this build reads {}", path, v, kShardVersion));
  if (const auto e = in.get<std::uint32_t>("the encoding version"); e != encodingVersion)
    throw ShardError(fmt::format("{}: encoding version {}, this build encodes {}", path, e, encodingVersion));
  if (const auto s = in.get<std::uint32_t>("the input size"); s != inputSize)
    throw ShardError(fmt::format("{}: inputs of {} values, this build has {}", path, s, inputSize));
  Shard shard;
  shard.encodingVersion = encodingVersion;
  shard.inputSize = inputSize;
  shard.ruleset = in.getString("the ruleset");
  shard.worker = in.getString("the worker");
  shard.index = in.get<std::uint64_t>("the index");
  shard.games = in.get<std::uint32_t>("the game count");
  const auto positions = in.get<std::uint32_t>("the position count");
  shard.positions.resize(positions);
  for (PositionSample& p : shard.positions) {
    p.input.resize(inputSize);
    in.getBytes(p.input.data(), p.input.size(), "an input");
    const auto entries = in.get<std::uint16_t>("a policy size");
    p.policy.resize(entries);
    for (auto& [index, prob] : p.policy) {
      index = in.get<std::uint16_t>("a policy index");
      prob = in.get<float>("a policy target");
      if (index >= nets::kPolicySize) throw ShardError(fmt::format("{}: policy index {} out of range", path, index));
    }
    for (float& v : p.wdl) v = in.get<float>("a value target");
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

}  // namespace junqi
