// Shards: an exact round trip, damage refused with a ShardError that names the
// file and the problem, and never a partial file on disk.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>

#include <zstd.h>

#include "nets/encoding.h"
#include "selfplay/shard.h"
#include "tests/nets/nets_test_util.h"

namespace junqi {
namespace {

namespace fs = std::filesystem;
using netstest::readBytes;
using netstest::TempDir;
using netstest::writeBytes;
using ::testing::AnyOf;
using ::testing::HasSubstr;

Shard sampleShard() {
  Shard s;
  s.ruleset = Ruleset::worldAtPlay().toString();
  s.worker = "worker-7";
  s.index = 123456789012345ULL;
  s.games = 3;
  s.positions = netstest::randomSamples(20, 8);
  // Non-trivial policy targets and results.
  for (std::size_t i = 0; i < s.positions.size(); ++i) {
    auto& p = s.positions[i].policy;
    for (std::size_t k = 0; k < p.size(); ++k) p[k].second = 1.0f / static_cast<float>(p.size()) + (k == 0 ? 0.125f : 0.0f);
    s.positions[i].wdl = {0.25f, 0.5f, 0.25f};
  }
  for (int j = 0; j < 3; ++j) {
    LayoutSample l;
    for (int k = 0; k < 30; ++k) l.identity[k] = static_cast<std::int8_t>(k % 13 - 1);
    l.weight = 0.5f * static_cast<float>(j);
    s.layouts.push_back(l);
  }
  return s;
}

std::string readError(const std::string& path) {
  try {
    readShard(path);
  } catch (const ShardError& e) {
    return e.what();
  } catch (const std::exception& e) {
    return std::string("not a ShardError: ") + e.what();
  }
  return "";
}

std::string decompress(const std::string& packed) {
  std::string raw(ZSTD_getFrameContentSize(packed.data(), packed.size()), '\0');
  raw.resize(ZSTD_decompress(raw.data(), raw.size(), packed.data(), packed.size()));
  return raw;
}

std::string compress(const std::string& raw) {
  std::string packed(ZSTD_compressBound(raw.size()), '\0');
  packed.resize(ZSTD_compress(packed.data(), packed.size(), raw.data(), raw.size(), 3));
  return packed;
}

bool noTemporaryFiles(const fs::path& dir) {
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".tmp") return false;
  return true;
}

TEST(Shards, WriteAndReadRoundTripExactly) {
  TempDir dir("shard");
  const Shard s = sampleShard();
  writeShard(s, dir.file("a.jqs"));
  EXPECT_TRUE(noTemporaryFiles(dir.path()));
  const Shard back = readShard(dir.file("a.jqs"));
  EXPECT_EQ(back.ruleset, s.ruleset);
  EXPECT_EQ(back.worker, s.worker);
  EXPECT_EQ(back.index, s.index);
  EXPECT_EQ(back.games, s.games);
  ASSERT_EQ(back.positions.size(), s.positions.size());
  for (std::size_t i = 0; i < s.positions.size(); ++i) {
    EXPECT_EQ(back.positions[i].input, s.positions[i].input) << i;
    EXPECT_EQ(back.positions[i].policy, s.positions[i].policy) << i;
    EXPECT_EQ(back.positions[i].wdl, s.positions[i].wdl) << i;
  }
  ASSERT_EQ(back.layouts.size(), s.layouts.size());
  for (std::size_t j = 0; j < s.layouts.size(); ++j) {
    EXPECT_EQ(back.layouts[j].identity, s.layouts[j].identity);
    EXPECT_EQ(back.layouts[j].weight, s.layouts[j].weight);
  }
  // The same shard gives the same bytes; an empty shard round-trips too.
  writeShard(back, dir.file("b.jqs"));
  EXPECT_EQ(readBytes(dir.file("a.jqs")), readBytes(dir.file("b.jqs")));
  writeShard(Shard{}, dir.file("empty.jqs"));
  const Shard empty = readShard(dir.file("empty.jqs"));
  EXPECT_TRUE(empty.positions.empty());
  EXPECT_TRUE(empty.layouts.empty());
}

TEST(Shards, TruncatedOrCorruptFilesAreRefusedWithTheReason) {
  TempDir dir("shard");
  writeShard(sampleShard(), dir.file("good.jqs"));
  const std::string packed = readBytes(dir.file("good.jqs"));
  const std::string path = dir.file("bad.jqs");
  // Damage to the compressed file.
  for (const std::size_t cut : {std::size_t{0}, std::size_t{3}, packed.size() / 2, packed.size() - 1}) {
    writeBytes(path, packed.substr(0, cut));
    const std::string error = readError(path);
    EXPECT_THAT(error, AnyOf(HasSubstr("not a zstd-compressed shard"), HasSubstr("corrupt compressed data")))
        << "cut at " << cut;
    EXPECT_THAT(error, HasSubstr(path));
  }
  for (const std::size_t at : {packed.size() / 3, packed.size() / 2, packed.size() - 10}) {
    std::string bad = packed;
    bad[at] = static_cast<char>(bad[at] ^ 0x5a);
    writeBytes(path, bad);
    const std::string error = readError(path);
    EXPECT_THAT(error, AnyOf(HasSubstr("corrupt"), HasSubstr("checksum"), HasSubstr("truncated"),
                             HasSubstr("out of range")))
        << "flipped byte " << at;
    EXPECT_THAT(error, HasSubstr(path));
  }
  EXPECT_THAT(readError(dir.file("missing.jqs")), HasSubstr("cannot open"));

  // Damage inside a well-compressed frame: each check of the reader.
  const std::string raw = decompress(packed);
  const auto withRaw = [&](const std::string& r) {
    writeBytes(path, compress(r));
    return readError(path);
  };
  EXPECT_THAT(withRaw(raw.substr(0, 2)), AnyOf(HasSubstr("truncated"), HasSubstr("not a shard")));
  for (const std::size_t cut : {std::size_t{10}, std::size_t{30}, raw.size() / 2, raw.size() - 8, raw.size() - 1})
    EXPECT_THAT(withRaw(raw.substr(0, cut)), HasSubstr("truncated")) << "cut at " << cut;
  const Shard s = sampleShard();
  const std::size_t firstInput = 16 + 4 + s.ruleset.size() + 4 + s.worker.size() + 8 + 4 + 4;
  std::string flipped = raw;
  flipped[firstInput + 100] = static_cast<char>(flipped[firstInput + 100] ^ 1);  // a value of the first input
  EXPECT_THAT(withRaw(flipped), HasSubstr("checksum mismatch"));
  std::string magic = raw;
  magic[0] = 'X';
  EXPECT_THAT(withRaw(magic), HasSubstr("not a shard"));
  const auto patched = [&](std::size_t at, std::uint32_t v) {
    std::string r = raw;
    std::memcpy(r.data() + at, &v, sizeof v);
    return withRaw(r);
  };
  EXPECT_THAT(patched(4, 99), HasSubstr("shard version 99"));
  EXPECT_THAT(patched(8, 98), HasSubstr("encoding version 98"));
  EXPECT_THAT(patched(12, 97), HasSubstr("inputs of 97 values"));
}

TEST(Shards, NoPartialFileIsLeft) {
  TempDir dir("shard");
  // A bad sample is refused before anything is written.
  Shard bad = sampleShard();
  bad.positions[5].input.pop_back();
  EXPECT_THROW(writeShard(bad, dir.file("bad.jqs")), ShardError);
  EXPECT_FALSE(fs::exists(dir.file("bad.jqs")));
  // An unwritable place: an error naming it, and nothing at the path.
  try {
    writeShard(sampleShard(), dir.file("no/such/dir/x.jqs"));
    ADD_FAILURE() << "writing into a missing directory succeeded";
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("no/such/dir/x.jqs"));
  }
  EXPECT_FALSE(fs::exists(dir.file("no/such/dir/x.jqs")));
  // Overwriting a shard replaces it whole.
  writeShard(sampleShard(), dir.file("x.jqs"));
  Shard second = sampleShard();
  second.index = 2;
  writeShard(second, dir.file("x.jqs"));
  EXPECT_EQ(readShard(dir.file("x.jqs")).index, 2u);
  EXPECT_TRUE(noTemporaryFiles(dir.path()));
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path())) ++files;
  EXPECT_EQ(files, 1u);
}

}  // namespace
}  // namespace junqi
