// The exported weights file: an exact round trip, and every kind of damage
// refused with a WeightsError that says what is wrong.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>

#include "nets/weights_file.h"
#include "tests/nets/nets_test_util.h"

namespace junqi::nets {
namespace {

using netstest::readBytes;
using netstest::TempDir;
using netstest::writeBytes;
using ::testing::HasSubstr;

WeightsFile tinyExport() {
  JunqiNet net = netstest::randomNet(NetworkShape::tiny(), 3);
  WeightsFile w = net->exportWeights("worldatplay", "a note, with unicode: 军棋");
  w.search = "sims=64,mix=0.25";
  return w;
}

// FNV-1a, 64 bits: the files' checksum.
std::uint64_t fnv1a(const std::string& bytes) {
  std::uint64_t h = 14695981039346656037ull;
  for (const char c : bytes) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return h;
}

// The message of the WeightsError that loading `path` throws ("" if none).
std::string loadError(const std::string& path) {
  try {
    loadWeights(path);
  } catch (const WeightsError& e) {
    return e.what();
  } catch (const std::exception& e) {
    return std::string("not a WeightsError: ") + e.what();
  }
  return "";
}

TEST(WeightsFile, SaveAndLoadRoundTripExactly) {
  TempDir dir("weights");
  const WeightsFile w = tinyExport();
  ASSERT_EQ(w.tensors.size(), WeightsFile::expectedTensors(w.shape).size());
  saveWeights(w, dir.file("a.jqw"));
  const WeightsFile back = loadWeights(dir.file("a.jqw"));
  EXPECT_EQ(back.shape, w.shape);
  EXPECT_EQ(back.ruleset, w.ruleset);
  EXPECT_EQ(back.note, w.note);
  EXPECT_EQ(back.search, w.search);
  EXPECT_EQ(back.variant, "classic");
  ASSERT_EQ(back.tensors.size(), w.tensors.size());
  for (const auto& [name, t] : w.tensors) {
    ASSERT_TRUE(back.tensors.count(name)) << name;
    const Tensor& b = back.tensors.at(name);
    EXPECT_EQ(b.dims, t.dims) << name;
    ASSERT_EQ(b.data.size(), t.data.size()) << name;
    EXPECT_EQ(std::memcmp(b.data.data(), t.data.data(), t.data.size() * sizeof(float)), 0) << name;
  }
  // Written again, the same bytes; no temporary file is left.
  saveWeights(back, dir.file("b.jqw"));
  EXPECT_EQ(readBytes(dir.file("a.jqw")), readBytes(dir.file("b.jqw")));
  EXPECT_FALSE(std::filesystem::exists(dir.file("a.jqw.tmp")));
  // A non-default shape too.
  NetworkShape odd = NetworkShape::parse("3x16");
  JunqiNet net = netstest::randomNet(odd, 4);
  saveWeights(net->exportWeights("hiddenfront", ""), dir.file("odd.jqw"));
  EXPECT_EQ(loadWeights(dir.file("odd.jqw")).shape, odd);
}

// The bytes of a file saved from `w` turned into an older format `version`:
// version 2 has no variant string after the search settings, version 1 no
// search settings either (w.search must be empty); the checksum is redone.
// `variant` replaces the variant's name instead, when given.
std::string olderOrPatched(const WeightsFile& w, const std::string& path, std::uint32_t version,
                           const std::string& variant = "") {
  saveWeights(w, path);
  std::string bytes = readBytes(path);
  const std::size_t searchAt = 32 + 4 + w.ruleset.size() + 4 + w.note.size();
  const std::size_t variantAt = searchAt + 4 + w.search.size();
  if (!variant.empty()) {
    const auto length = static_cast<std::uint32_t>(variant.size());
    bytes.replace(variantAt, 4 + w.variant.size(), std::string(4, '\0') + variant);
    std::memcpy(bytes.data() + variantAt, &length, 4);
  } else {
    bytes.erase(variantAt, 4 + w.variant.size());
    if (version == 1) bytes.erase(searchAt, 4);  // the empty search string's length
    std::memcpy(bytes.data() + 4, &version, 4);
  }
  const std::uint64_t sum = fnv1a(bytes.substr(0, bytes.size() - 8));
  std::memcpy(bytes.data() + bytes.size() - 8, &sum, 8);
  return bytes;
}

// Files of format version 1 (before the search settings) and 2 (before the
// variant) still load, as classic networks.
TEST(WeightsFile, OlderFormatVersionsStillLoad) {
  TempDir dir("weights");
  WeightsFile w = tinyExport();
  writeBytes(dir.file("v2.jqw"), olderOrPatched(w, dir.file("w.jqw"), 2));
  const WeightsFile two = loadWeights(dir.file("v2.jqw"));
  EXPECT_EQ(two.search, w.search);
  EXPECT_EQ(two.variant, "classic");
  EXPECT_EQ(two.tensors.size(), w.tensors.size());
  w.search.clear();
  writeBytes(dir.file("v1.jqw"), olderOrPatched(w, dir.file("w.jqw"), 1));
  const WeightsFile one = loadWeights(dir.file("v1.jqw"));
  EXPECT_EQ(one.note, w.note);
  EXPECT_EQ(one.search, "");
  EXPECT_EQ(one.variant, "classic");
  EXPECT_EQ(one.tensors.size(), w.tensors.size());
}

// A network of a game this build does not play is refused by name.
TEST(WeightsFile, AnUnknownVariantIsNamed) {
  TempDir dir("weights");
  writeBytes(dir.file("chess.jqw"), olderOrPatched(tinyExport(), dir.file("w.jqw"), 3, "chess"));
  const std::string error = loadError(dir.file("chess.jqw"));
  EXPECT_THAT(error, HasSubstr("unknown variant 'chess' (known: classic, flip, four)"));
  EXPECT_THAT(error, HasSubstr(dir.file("chess.jqw")));
}

// A classic network that claims to be a four-player one has the wrong inputs.
TEST(WeightsFile, ANetworkWithAnotherGamesInputsIsRefused) {
  TempDir dir("weights");
  writeBytes(dir.file("four.jqw"), olderOrPatched(tinyExport(), dir.file("w.jqw"), 3, "four"));
  EXPECT_THAT(loadError(dir.file("four.jqw")), HasSubstr("input planes, but the four-player encoding has 54"));
}

TEST(WeightsFile, TruncatedFilesAreRefusedAsTruncated) {
  TempDir dir("weights");
  saveWeights(tinyExport(), dir.file("w.jqw"));
  const std::string bytes = readBytes(dir.file("w.jqw"));
  for (const std::size_t cut : {std::size_t{6}, std::size_t{13}, std::size_t{40}, std::size_t{100}, bytes.size() / 3,
                                bytes.size() / 2, bytes.size() - 100, bytes.size() - 9, bytes.size() - 8,
                                bytes.size() - 1}) {
    writeBytes(dir.file("cut.jqw"), bytes.substr(0, cut));
    EXPECT_THAT(loadError(dir.file("cut.jqw")), HasSubstr("truncated")) << "cut at byte " << cut;
  }
  writeBytes(dir.file("short.jqw"), bytes.substr(0, 2));
  EXPECT_THAT(loadError(dir.file("short.jqw")), HasSubstr("not a junqi weights file"));
  writeBytes(dir.file("long.jqw"), bytes + "xyz");
  EXPECT_THAT(loadError(dir.file("long.jqw")), HasSubstr("stray bytes"));
}

TEST(WeightsFile, AFlippedByteFailsTheChecksum) {
  TempDir dir("weights");
  saveWeights(tinyExport(), dir.file("w.jqw"));
  const std::string bytes = readBytes(dir.file("w.jqw"));
  // In tensor values (the middle, near the end) and in the checksum itself.
  for (const std::size_t at : {bytes.size() / 2, bytes.size() * 3 / 4, bytes.size() - 20, bytes.size() - 3}) {
    std::string bad = bytes;
    bad[at] = static_cast<char>(bad[at] ^ 0x10);
    writeBytes(dir.file("flip.jqw"), bad);
    const std::string error = loadError(dir.file("flip.jqw"));
    EXPECT_THAT(error, HasSubstr("checksum")) << "byte " << at;
    EXPECT_THAT(error, HasSubstr(dir.file("flip.jqw")));
  }
}

TEST(WeightsFile, WrongMagicFormatVersionOrEncodingVersionIsNamed) {
  TempDir dir("weights");
  saveWeights(tinyExport(), dir.file("w.jqw"));
  const std::string bytes = readBytes(dir.file("w.jqw"));
  const auto patched = [&](std::size_t at, std::uint32_t value) {
    std::string b = bytes;
    std::memcpy(b.data() + at, &value, sizeof value);
    writeBytes(dir.file("patched.jqw"), b);
    return loadError(dir.file("patched.jqw"));
  };
  std::string magic = bytes;
  magic[0] = 'X';
  writeBytes(dir.file("magic.jqw"), magic);
  EXPECT_THAT(loadError(dir.file("magic.jqw")), HasSubstr("not a junqi weights file"));
  const std::string format = patched(4, kWeightsFormatVersion + 1);
  EXPECT_THAT(format, HasSubstr("format version"));
  EXPECT_THAT(format, HasSubstr(std::to_string(kWeightsFormatVersion + 1)));
  const std::string encoding = patched(8, kEncodingVersion + 7);
  EXPECT_THAT(encoding, HasSubstr("encoding version"));
  EXPECT_THAT(encoding, HasSubstr(std::to_string(kEncodingVersion + 7)));
  EXPECT_THAT(patched(20, kInputPlanes + 1), HasSubstr("input planes"));  // the shape's input planes field
  EXPECT_THAT(loadError(dir.file("nowhere.jqw")), HasSubstr("cannot open"));
}

// A header claiming a huge network is refused at once, before anything of
// that size is built (2^31-1 blocks used to hang the bot and eat gigabytes;
// a huge value head overflowed an int).
TEST(WeightsFile, AnAbsurdOrOversizedShapeIsRefusedBeforeAnythingIsBuilt) {
  TempDir dir("weights");
  saveWeights(tinyExport(), dir.file("w.jqw"));
  const std::string bytes = readBytes(dir.file("w.jqw"));
  // The shape's fields: blocks, channels, input planes, value channels, value hidden (i32 each, from byte 12).
  const auto patched = [&](int field, std::int32_t value) {
    std::string b = bytes;
    std::memcpy(b.data() + 12 + 4 * field, &value, sizeof value);
    writeBytes(dir.file("patched.jqw"), b);
    return loadError(dir.file("patched.jqw"));
  };
  constexpr std::int32_t kHuge = 2147483647;
  EXPECT_THAT(patched(0, kHuge), HasSubstr("2147483647 residual blocks"));
  EXPECT_THAT(patched(0, -1), HasSubstr("-1 residual blocks"));
  EXPECT_THAT(patched(1, kHuge), HasSubstr("2147483647 channels"));
  EXPECT_THAT(patched(1, 0), HasSubstr("0 channels"));
  EXPECT_THAT(patched(3, kHuge), HasSubstr("2147483647 value channels"));
  EXPECT_THAT(patched(4, kHuge), HasSubstr("2147483647 value hidden units"));
  // Within the limits: the tensors the file lacks are named.
  WeightsFile w = tinyExport();
  w.shape.blocks = kMaxBlocks;
  saveWeights(w, dir.file("deep.jqw"));
  EXPECT_THAT(loadError(dir.file("deep.jqw")), HasSubstr("is missing"));
}

TEST(WeightsFile, MissingMisshapenOrUnknownTensorsAreNamed) {
  TempDir dir("weights");
  {
    WeightsFile w = tinyExport();
    w.tensors.erase("block1.conv2.bias");
    saveWeights(w, dir.file("missing.jqw"));
    const std::string error = loadError(dir.file("missing.jqw"));
    EXPECT_THAT(error, HasSubstr("missing"));
    EXPECT_THAT(error, HasSubstr("block1.conv2.bias"));
  }
  {
    WeightsFile w = tinyExport();
    Tensor& t = w.tensors.at("policy.weight");
    t.dims = {kSquares, w.shape.channels / 2, 1, 1};
    t.data.resize(static_cast<std::size_t>(kSquares) * (w.shape.channels / 2));
    saveWeights(w, dir.file("misshapen.jqw"));
    const std::string error = loadError(dir.file("misshapen.jqw"));
    EXPECT_THAT(error, HasSubstr("wrong dimensions"));
    EXPECT_THAT(error, HasSubstr("policy.weight"));
  }
  {
    WeightsFile w = tinyExport();
    w.shape.blocks = 3;  // the header says three blocks; the tensors are for two
    saveWeights(w, dir.file("blocks.jqw"));
    const std::string error = loadError(dir.file("blocks.jqw"));
    EXPECT_THAT(error, HasSubstr("missing"));
    EXPECT_THAT(error, HasSubstr("block2"));
  }
  {
    WeightsFile w = tinyExport();
    w.tensors["extra.weight"] = {{2}, {1.0f, 2.0f}};
    saveWeights(w, dir.file("extra.jqw"));
    EXPECT_THAT(loadError(dir.file("extra.jqw")), HasSubstr("unexpected tensor 'extra.weight'"));
  }
}

}  // namespace
}  // namespace junqi::nets
