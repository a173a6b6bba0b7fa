#include "selfplay/shard.h"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include <fmt/format.h>
#include <zstd.h>

#include "nets/encoding.h"

namespace junqi {

namespace {

constexpr std::uint32_t kShardVersion = 1;

std::uint64_t fnv1a(const char* data, std::size_t n) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (std::size_t i = 0; i < n; ++i) {
    h ^= static_cast<unsigned char>(data[i]);
    h *= 0x100000001b3ULL;
  }
  return h;
}

struct Out {
  std::string bytes;
  template <class T>
  void put(T v) {
    bytes.append(reinterpret_cast<const char*>(&v), sizeof v);
  }
  void str(const std::string& s) {
    put(static_cast<std::uint32_t>(s.size()));
    bytes += s;
  }
};

struct In {
  const std::string& bytes;
  std::string path;
  std::size_t at = 0;
  void need(std::size_t n, const char* what) {
    if (at + n > bytes.size())
      throw ShardError(fmt::format("{}: truncated while reading {} (byte {} of {})", path, what, at, bytes.size()));
  }
  template <class T>
  T get(const char* what) {
    need(sizeof(T), what);
    T v;
    std::memcpy(&v, bytes.data() + at, sizeof v);
    at += sizeof v;
    return v;
  }
  std::string str(const char* what) {
    const auto n = get<std::uint32_t>(what);
    need(n, what);
    std::string s = bytes.substr(at, n);
    at += n;
    return s;
  }
};

}  // namespace

void writeShard(const Shard& shard, const std::string& path) {
  Out out;
  out.bytes = "JQSD";
  out.put(kShardVersion);
  out.put(static_cast<std::uint32_t>(nets::kEncodingVersion));
  out.put(static_cast<std::uint32_t>(nets::kInputSize));
  out.str(shard.ruleset);
  out.str(shard.worker);
  out.put(shard.index);
  out.put(shard.games);
  out.put(static_cast<std::uint32_t>(shard.positions.size()));
  for (const PositionSample& p : shard.positions) {
    if (p.input.size() != static_cast<std::size_t>(nets::kInputSize)) throw ShardError("writeShard: an input has the wrong size");
    out.bytes.append(reinterpret_cast<const char*>(p.input.data()), p.input.size());
    out.put(static_cast<std::uint16_t>(p.policy.size()));
    for (const auto& [index, prob] : p.policy) {
      out.put(index);
      out.put(prob);
    }
    for (const float v : p.wdl) out.put(v);
  }
  out.put(static_cast<std::uint32_t>(shard.layouts.size()));
  for (const LayoutSample& l : shard.layouts) {
    out.bytes.append(reinterpret_cast<const char*>(l.identity.data()), l.identity.size());
    out.put(l.weight);
  }
  out.put(fnv1a(out.bytes.data(), out.bytes.size()));

  std::string packed(ZSTD_compressBound(out.bytes.size()), '\0');
  const std::size_t n = ZSTD_compress(packed.data(), packed.size(), out.bytes.data(), out.bytes.size(), 3);
  if (ZSTD_isError(n)) throw ShardError(fmt::format("writeShard: zstd: {}", ZSTD_getErrorName(n)));
  packed.resize(n);
  const std::string tmp = path + ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    f.write(packed.data(), static_cast<std::streamsize>(packed.size()));
    if (!f.flush()) throw ShardError(fmt::format("cannot write {}", tmp));
  }
  std::filesystem::rename(tmp, path);
}

Shard readShard(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw ShardError(fmt::format("cannot open shard '{}'", path));
  const std::string packed((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  const unsigned long long size = ZSTD_getFrameContentSize(packed.data(), packed.size());
  if (size == ZSTD_CONTENTSIZE_ERROR || size == ZSTD_CONTENTSIZE_UNKNOWN || size > (1ULL << 34))
    throw ShardError(fmt::format("{}: not a zstd-compressed shard", path));
  std::string bytes(size, '\0');
  const std::size_t n = ZSTD_decompress(bytes.data(), bytes.size(), packed.data(), packed.size());
  if (ZSTD_isError(n) || n != size) throw ShardError(fmt::format("{}: corrupt compressed data", path));
  In in{bytes, path};
  in.need(4, "the magic");
  if (bytes.compare(0, 4, "JQSD") != 0) throw ShardError(fmt::format("{}: not a shard (no JQSD)", path));
  in.at = 4;
  if (const auto v = in.get<std::uint32_t>("the version"); v != kShardVersion)
    throw ShardError(fmt::format("{}: shard version {}, this build reads {}", path, v, kShardVersion));
  if (const auto e = in.get<std::uint32_t>("the encoding version"); e != static_cast<std::uint32_t>(nets::kEncodingVersion))
    throw ShardError(fmt::format("{}: encoding version {}, this build encodes {}", path, e, nets::kEncodingVersion));
  if (const auto s = in.get<std::uint32_t>("the input size"); s != static_cast<std::uint32_t>(nets::kInputSize))
    throw ShardError(fmt::format("{}: inputs of {} values, this build has {}", path, s, nets::kInputSize));
  Shard shard;
  shard.ruleset = in.str("the ruleset");
  shard.worker = in.str("the worker");
  shard.index = in.get<std::uint64_t>("the index");
  shard.games = in.get<std::uint32_t>("the game count");
  const auto positions = in.get<std::uint32_t>("the position count");
  shard.positions.resize(positions);
  for (PositionSample& p : shard.positions) {
    in.need(nets::kInputSize, "an input");
    p.input.assign(bytes.data() + in.at, bytes.data() + in.at + nets::kInputSize);
    in.at += nets::kInputSize;
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
    in.need(l.identity.size(), "a layout");
    std::memcpy(l.identity.data(), bytes.data() + in.at, l.identity.size());
    in.at += l.identity.size();
    l.weight = in.get<float>("a layout weight");
  }
  const std::size_t end = in.at;
  if (in.get<std::uint64_t>("the checksum") != fnv1a(bytes.data(), end))
    throw ShardError(fmt::format("{}: checksum mismatch: the shard is corrupt", path));
  return shard;
}

}  // namespace junqi
