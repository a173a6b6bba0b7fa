#include "nets/weights_file.h"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include <fmt/format.h>

namespace junqi::nets {

namespace {

constexpr char kMagic[4] = {'J', 'Q', 'N', 'W'};

std::uint64_t fnv1a(const std::string& bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

class Writer {
 public:
  template <class T>
  void put(T v) {
    out_.append(reinterpret_cast<const char*>(&v), sizeof v);
  }
  void str(const std::string& s) {
    put(static_cast<std::uint32_t>(s.size()));
    out_ += s;
  }
  std::string& bytes() { return out_; }

 private:
  std::string out_;
};

class Reader {
 public:
  Reader(const std::string& bytes, std::string path) : in_(bytes), path_(std::move(path)) {}
  template <class T>
  T get(const std::string& what) {
    need(sizeof(T), what);
    T v;
    std::memcpy(&v, in_.data() + at_, sizeof v);
    at_ += sizeof v;
    return v;
  }
  std::string str(const std::string& what) {
    const auto n = get<std::uint32_t>(what);
    need(n, what);
    std::string s = in_.substr(at_, n);
    at_ += n;
    return s;
  }
  void floats(std::vector<float>& out, std::size_t n, const std::string& what) {
    need(n * sizeof(float), what);
    out.resize(n);
    std::memcpy(out.data(), in_.data() + at_, n * sizeof(float));
    at_ += n * sizeof(float);
  }
  std::size_t at() const { return at_; }

 private:
  void need(std::size_t n, const std::string& what) {
    if (at_ + n > in_.size())
      throw WeightsError(fmt::format("{}: truncated: the file ends at byte {} while reading {}", path_, in_.size(), what));
  }
  const std::string& in_;
  std::string path_;
  std::size_t at_ = 0;
};

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
  conv("policy", kSquares, s.channels, 1);
  conv("value.conv", s.valueChannels, s.channels, 1);
  t["value.fc1.weight"] = {s.valueHidden, s.valueChannels * kBoardPoints};
  t["value.fc1.bias"] = {s.valueHidden};
  t["value.fc2.weight"] = {3, s.valueHidden};
  t["value.fc2.bias"] = {3};
  conv("layout", kPieceTypes, s.channels, 1);
  return t;
}

void saveWeights(const WeightsFile& w, const std::string& path) {
  Writer out;
  out.bytes().append(kMagic, 4);
  out.put(kWeightsFormatVersion);
  out.put(static_cast<std::uint32_t>(kEncodingVersion));
  for (const int v : {w.shape.blocks, w.shape.channels, w.shape.inputPlanes, w.shape.valueChannels, w.shape.valueHidden})
    out.put(static_cast<std::int32_t>(v));
  out.str(w.ruleset);
  out.str(w.note);
  out.put(static_cast<std::uint32_t>(w.tensors.size()));
  for (const auto& [name, t] : w.tensors) {
    out.str(name);
    out.put(static_cast<std::uint32_t>(t.dims.size()));
    for (const int d : t.dims) out.put(static_cast<std::uint32_t>(d));
    out.bytes().append(reinterpret_cast<const char*>(t.data.data()), t.data.size() * sizeof(float));
  }
  out.put(fnv1a(out.bytes()));
  const std::string tmp = path + ".tmp";
  {
    std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
    f.write(out.bytes().data(), static_cast<std::streamsize>(out.bytes().size()));
    if (!f.flush()) throw WeightsError(fmt::format("cannot write {}", tmp));
  }
  std::filesystem::rename(tmp, path);
}

WeightsFile loadWeights(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw WeightsError(fmt::format("cannot open weights file '{}'", path));
  const std::string bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  if (bytes.size() < 4 || std::memcmp(bytes.data(), kMagic, 4) != 0)
    throw WeightsError(fmt::format("{}: not a junqi weights file (it does not start with JQNW)", path));
  Reader in(bytes, path);
  in.get<std::uint32_t>("the magic");
  const auto format = in.get<std::uint32_t>("the format version");
  if (format != kWeightsFormatVersion)
    throw WeightsError(fmt::format("{}: format version {}, but this build reads version {}", path, format,
                                   kWeightsFormatVersion));
  const auto encoding = in.get<std::uint32_t>("the encoding version");
  if (encoding != static_cast<std::uint32_t>(kEncodingVersion))
    throw WeightsError(fmt::format("{}: made for input encoding version {}, but this build encodes version {}", path,
                                   encoding, kEncodingVersion));
  WeightsFile w;
  int* fields[] = {&w.shape.blocks, &w.shape.channels, &w.shape.inputPlanes, &w.shape.valueChannels,
                   &w.shape.valueHidden};
  for (int* f : fields) *f = in.get<std::int32_t>("the network shape");
  if (w.shape.inputPlanes != kInputPlanes)
    throw WeightsError(fmt::format("{}: {} input planes, but the encoding has {}", path, w.shape.inputPlanes, kInputPlanes));
  w.ruleset = in.str("the ruleset");
  w.note = in.str("the note");
  const auto count = in.get<std::uint32_t>("the tensor count");
  const auto expected = WeightsFile::expectedTensors(w.shape);
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::string name = in.str(fmt::format("the name of tensor {}", i + 1));
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
    in.floats(t.data, size, fmt::format("the values of '{}'", name));
    w.tensors[name] = std::move(t);
  }
  const std::uint64_t stored = in.get<std::uint64_t>("the checksum");
  if (stored != fnv1a(bytes.substr(0, in.at() - sizeof stored)))
    throw WeightsError(fmt::format("{}: checksum mismatch: the file is corrupt", path));
  if (in.at() != bytes.size()) throw WeightsError(fmt::format("{}: {} stray bytes after the checksum", path, bytes.size() - in.at()));
  for (const auto& [name, dims] : expected)
    if (!w.tensors.count(name)) throw WeightsError(fmt::format("{}: tensor '{}' is missing", path, name));
  return w;
}

}  // namespace junqi::nets
