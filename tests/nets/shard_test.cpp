// Shards: an exact round trip, damage refused with a ShardError that names the
// file and the problem, and never a partial file on disk.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>

#include <zstd.h>

#include "nets/encoding.h"
#include "nets/flip/flip_encoding.h"
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
  s.generation = 7;
  s.weightsDigest = 0x0123456789abcdefULL;
  s.seed = 0xfedcba9876543210ULL;
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
  EXPECT_EQ(back.generation, 7);
  EXPECT_EQ(back.weightsDigest, s.weightsDigest);
  EXPECT_EQ(back.seed, s.seed);
  EXPECT_EQ(back.positionCount, s.positions.size());
  ASSERT_EQ(back.positions.size(), s.positions.size());
  for (std::size_t i = 0; i < s.positions.size(); ++i) {
    EXPECT_EQ(back.positions[i].input, s.positions[i].input) << i;
    EXPECT_EQ(back.positions[i].policy, s.positions[i].policy) << i;
    EXPECT_EQ(back.positions[i].wdl, s.positions[i].wdl) << i;
    EXPECT_EQ(back.positions[i].hidden, s.positions[i].hidden) << i;
  }
  EXPECT_FALSE(s.positions[0].hidden.empty()) << "the round trip should carry identity targets";
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
  const std::size_t firstInput = 16 + 4 + s.ruleset.size() + 4 + s.worker.size() + 8 + 4 + 4 + 8 + 8 + 4;
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

// The head (games, positions, what made the shard) reads from the file's
// start alone: a shard cut after its first 256 KB still gives it.
TEST(Shards, TheHeadReadsWithoutTheRest) {
  TempDir dir("shard");
  Shard big = sampleShard();
  big.games = 41;
  big.positions = netstest::randomSamples(8000, 8);
  for (auto& p : big.positions)
    for (auto& v : p.input) v = static_cast<float>(std::rand() % 256) / 255.0f;  // incompressible inputs
  writeShard(big, dir.file("big.jqs"));
  const std::string packed = readBytes(dir.file("big.jqs"));
  ASSERT_GT(packed.size(), 600000u);
  writeBytes(dir.file("cut.jqs"), packed.substr(0, 300000));
  EXPECT_THAT(readError(dir.file("cut.jqs")), HasSubstr("corrupt compressed data"));
  for (const std::string name : {"big.jqs", "cut.jqs"}) {
    const Shard head = readShardHead(dir.file(name));
    EXPECT_EQ(head.games, 41u) << name;
    EXPECT_EQ(head.positionCount, 8000u) << name;
    EXPECT_EQ(head.worker, "worker-7") << name;
    EXPECT_EQ(head.generation, 7) << name;
    EXPECT_EQ(head.seed, big.seed) << name;
    EXPECT_TRUE(head.positions.empty()) << name;
  }
  // Bytes in memory (what a worker sends) decode as the file does.
  const Shard fromBytes = decodeShard(packed, "the message");
  EXPECT_EQ(fromBytes.positions.size(), 8000u);
  EXPECT_EQ(encodeShard(fromBytes), packed);
  EXPECT_THAT(readError(dir.file("missing.jqs")), HasSubstr("cannot open"));
  try {
    decodeShardHead("JQSD but not compressed", "a message from rank 2");
    ADD_FAILURE() << "garbage decoded";
  } catch (const ShardError& e) {
    EXPECT_THAT(e.what(), HasSubstr("a message from rank 2: not a zstd-compressed shard"));
  }
}

// Shards written before version 2 (by the main of 2026-12-02) still read:
// no generation, digest or seed.
TEST(Shards, VersionOneFilesStillRead) {
  const std::string data = std::string(JUNQI_TEST_DATA) + "/";
  const Shard classic = readShard(data + "shard-v1-classic.jqs");
  EXPECT_EQ(classic.games, 1u);
  EXPECT_EQ(classic.positions.size(), 40u);
  EXPECT_EQ(classic.generation, -1);
  EXPECT_EQ(classic.weightsDigest, 0u);
  EXPECT_EQ(readShardHead(data + "shard-v1-classic.jqs").positionCount, 40u);
  const Shard flip = readShard(data + "shard-v1-flip.jqs", nets::kFlipEncodingVersion, nets::kFlipInputSize);
  EXPECT_EQ(flip.games, 1u);
  EXPECT_EQ(flip.positions.size(), 40u);
  EXPECT_THAT(readError(data + "shard-v1-flip.jqs"), HasSubstr("inputs of 3600 values"));  // not a classic shard
}

// Shards written before version 3 (by the main of 2026-12-04) still read:
// no identity targets.
TEST(Shards, VersionTwoFilesStillRead) {
  const Shard classic = readShard(std::string(JUNQI_TEST_DATA) + "/shard-v2-classic.jqs");
  EXPECT_EQ(classic.version, 2u);
  EXPECT_EQ(classic.games, 1u);
  ASSERT_FALSE(classic.positions.empty());
  for (const PositionSample& p : classic.positions) EXPECT_TRUE(p.hidden.empty());
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
