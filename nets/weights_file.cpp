#include "nets/weights_file.h"

#include <cstring>

#include <fmt/format.h>

#include "core/binary_io.h"
#include "core/files.h"
#include "core/variant.h"
#include "nets/flip/flip_encoding.h"
#include "nets/four/four_encoding.h"

namespace junqi::nets {

namespace {
constexpr char kMagic[4] = {'J', 'Q', 'N', 'W'};

// The encoding a network of this variant reads: its version and input planes.
struct EncodingOf {
  int version, planes;
  const char* game;
};
EncodingOf encodingOf(const std::string& variant) {
  if (variant == kFlipVariant) return {kFlipEncodingVersion, kFlipInputPlanes, "the Flip Junqi encoding"};
  if (variant == Variant::four().name()) return {kFourEncodingVersion, kFourInputPlanes, "the four-player encoding"};
  return {kEncodingVersion, kInputPlanes, "the encoding"};
}

// The encoding version and input planes the file claims against its variant's.
void checkEncoding(const std::string& path, const WeightsFile& w, std::uint32_t version) {
  const EncodingOf e = encodingOf(w.variant);
  if (version != static_cast<std::uint32_t>(e.version))
    throw WeightsError(fmt::format("{}: made for input encoding version {}, but this build encodes version {} ({})",
                                   path, version, e.version, w.variant));
  if (w.shape.inputPlanes != e.planes)
    throw WeightsError(
        fmt::format("{}: {} input planes, but {} has {}", path, w.shape.inputPlanes, e.game, e.planes));
}

// Refuses a shape outside the networks we build before anything of its size is
// built (each tensor is then checked against the bytes left before it is allocated).
void checkShape(const std::string& path, const NetworkShape& s) {
  const auto inRange = [&](int value, int low, int high, std::string_view what) {
    if (value < low || value > high)
      throw WeightsError(fmt::format("{}: the network shape claims {} {} (from {} to {} allowed)", path, value, what,
                                     low, high));
  };
  inRange(s.blocks, 0, kMaxBlocks, "residual blocks");
  inRange(s.channels, 1, kMaxChannels, "channels");
  inRange(s.valueChannels, 1, kMaxValueChannels, "value channels");
  inRange(s.valueHidden, 1, kMaxValueHidden, "value hidden units");
}
}  // namespace

std::map<std::string, std::vector<int>> WeightsFile::expectedTensors(const NetworkShape& s) {
  std::map<std::string, std::vector<int>> t;
  const auto conv = [&](const std::string& name, int out, int in, int k) {
    t[name + ".weight"] = {out, in, k, k};
    t[name + ".bias"] = {out};
  };
  conv("stem", s.channels, s.inputPlanes, 3);
  for (int b = 0; b < s.blocks; ++b) {
    conv(fmt::format("block{}.conv1", b), s.channels, s.channels, 3);
    conv(fmt::format("block{}.conv2", b), s.channels, s.channels, 3);
  }
  conv("policy", s.grid.policyTargets, s.channels, 1);
  conv("value.conv", s.valueChannels, s.channels, 1);
  t["value.fc1.weight"] = {s.valueHidden, s.valueChannels * s.grid.places()};
  t["value.fc1.bias"] = {s.valueHidden};
  t["value.fc2.weight"] = {3, s.valueHidden};
  t["value.fc2.bias"] = {3};
  conv("layout", kPieceTypes, s.channels, 1);
  return t;
}

void saveWeights(const WeightsFile& w, const std::string& path) {
  ByteWriter out;
  out.putBytes(kMagic, 4);
  out.put(kWeightsFormatVersion);
  out.put(static_cast<std::uint32_t>(encodingOf(w.variant).version));
  for (const int v : {w.shape.blocks, w.shape.channels, w.shape.inputPlanes, w.shape.valueChannels, w.shape.valueHidden})
    out.put(static_cast<std::int32_t>(v));
  out.putString(w.ruleset);
  out.putString(w.note);
  out.putString(w.search);
  out.putString(w.variant);
  out.put(static_cast<std::uint32_t>(w.tensors.size()));
  for (const auto& [name, t] : w.tensors) {
    out.putString(name);
    out.put(static_cast<std::uint32_t>(t.dims.size()));
    for (const int d : t.dims) out.put(static_cast<std::uint32_t>(d));
    out.putBytes(t.data.data(), t.data.size() * sizeof(float));
  }
  out.putChecksum();
  writeFileAtomically(path, out.bytes());
}

WeightsFile loadWeights(const std::string& path) {
  std::string bytes;
  try {
    bytes = readFile(path);
  } catch (const std::exception&) {
    throw WeightsError(fmt::format("cannot open weights file '{}'", path));
  }
  return parseWeights(bytes, path);
}

WeightsFile parseWeights(const std::string& bytes, const std::string& path) {
  if (bytes.size() < 4 || std::memcmp(bytes.data(), kMagic, 4) != 0)
    throw WeightsError(fmt::format("{}: not a junqi weights file (it does not start with JQNW)", path));
  ByteReader<WeightsError> in(bytes, path);
  in.skip(4);
  const auto format = in.get<std::uint32_t>("the format version");
  if (format < 1 || format > kWeightsFormatVersion)
    throw WeightsError(fmt::format("{}: format version {}, but this build reads versions 1 to {}", path, format,
                                   kWeightsFormatVersion));
  const auto encoding = in.get<std::uint32_t>("the encoding version");
  WeightsFile w;
  int* fields[] = {&w.shape.blocks, &w.shape.channels, &w.shape.inputPlanes, &w.shape.valueChannels,
                   &w.shape.valueHidden};
  for (int* f : fields) *f = in.get<std::int32_t>("the network shape");
  checkShape(path, w.shape);
  w.ruleset = in.getString("the ruleset");
  w.note = in.getString("the note");
  if (format >= 2) w.search = in.getString("the search settings");
  if (format >= 3) w.variant = in.getString("the variant");
  try {
    Variant::byName(w.variant);
  } catch (const VariantError& e) {
    throw WeightsError(fmt::format("{}: made for a game this build does not play: {}", path, e.what()));
  }
  checkEncoding(path, w, encoding);
  w.shape.grid = gridOfVariant(w.variant);
  const auto count = in.get<std::uint32_t>("the tensor count");
  const auto expected = WeightsFile::expectedTensors(w.shape);
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::string name = in.getString(fmt::format("the name of tensor {}", i + 1));
    Tensor t;
    const auto rank = in.get<std::uint32_t>(fmt::format("the rank of '{}'", name));
    if (rank > 4) throw WeightsError(fmt::format("{}: tensor '{}' has rank {}", path, name, rank));
    std::size_t size = 1;
    for (std::uint32_t d = 0; d < rank; ++d) {
      t.dims.push_back(static_cast<int>(in.get<std::uint32_t>(fmt::format("the dimensions of '{}'", name))));
      size *= static_cast<std::size_t>(t.dims.back());
    }
    const auto it = expected.find(name);
    if (it == expected.end())
      throw WeightsError(fmt::format("{}: unexpected tensor '{}' for a {} network", path, name, w.shape.toString()));
    if (it->second != t.dims)
      throw WeightsError(fmt::format("{}: tensor '{}' has the wrong dimensions for a {} network", path, name,
                                     w.shape.toString()));
    in.need(size * sizeof(float), fmt::format("the values of '{}'", name));
    t.data.resize(size);
    in.getBytes(t.data.data(), size * sizeof(float), fmt::format("the values of '{}'", name));
    w.tensors[name] = std::move(t);
  }
  in.checkChecksum("weights file");
  if (in.at() != bytes.size()) throw WeightsError(fmt::format("{}: {} stray bytes after the checksum", path, bytes.size() - in.at()));
  for (const auto& [name, dims] : expected)
    if (!w.tensors.count(name)) throw WeightsError(fmt::format("{}: tensor '{}' is missing", path, name));
  return w;
}

}  // namespace junqi::nets
