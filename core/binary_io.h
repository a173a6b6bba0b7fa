// Little-endian binary writing and reading for our file formats (weights,
// shards): fixed-size values, length-prefixed strings, an FNV-1a checksum, and
// a reader that names what it was reading when the data runs out.
#pragma once

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

namespace junqi {

std::uint64_t fnv1a(const char* data, std::size_t size);

class ByteWriter {
 public:
  template <class T>
  void put(T v) {
    bytes_.append(reinterpret_cast<const char*>(&v), sizeof v);
  }
  void putString(const std::string& s) {
    put(static_cast<std::uint32_t>(s.size()));
    bytes_ += s;
  }
  void putBytes(const void* data, std::size_t n) { bytes_.append(static_cast<const char*>(data), n); }
  // Appends the checksum of everything written so far.
  void putChecksum() { put(fnv1a(bytes_.data(), bytes_.size())); }
  std::string& bytes() { return bytes_; }

 private:
  std::string bytes_;
};

// Reads `bytes` (kept by reference); errors are thrown as E(message).
template <class E>
class ByteReader {
 public:
  ByteReader(const std::string& bytes, std::string source) : bytes_(bytes), source_(std::move(source)) {}

  void need(std::size_t n, const std::string& what) {
    if (at_ + n > bytes_.size())
      throw E(fmt::format("{}: truncated: the data ends at byte {} while reading {}", source_, bytes_.size(), what));
  }
  template <class T>
  T get(const std::string& what) {
    need(sizeof(T), what);
    T v;
    std::memcpy(&v, bytes_.data() + at_, sizeof v);
    at_ += sizeof v;
    return v;
  }
  std::string getString(const std::string& what) {
    const auto n = get<std::uint32_t>(what);
    need(n, what);
    std::string s = bytes_.substr(at_, n);
    at_ += n;
    return s;
  }
  void getBytes(void* out, std::size_t n, const std::string& what) {
    need(n, what);
    std::memcpy(out, bytes_.data() + at_, n);
    at_ += n;
  }
  // Reads the checksum and compares it with that of everything before it.
  void checkChecksum(const std::string& what) {
    const std::size_t end = at_;
    if (get<std::uint64_t>("the checksum") != fnv1a(bytes_.data(), end))
      throw E(fmt::format("{}: checksum mismatch: the {} is corrupt", source_, what));
  }
  std::size_t at() const { return at_; }
  void skip(std::size_t n) { at_ += n; }
  const std::string& source() const { return source_; }

 private:
  const std::string& bytes_;
  std::string source_;
  std::size_t at_ = 0;
};

}  // namespace junqi
