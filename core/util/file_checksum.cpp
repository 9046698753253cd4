// SPDX-License-Identifier: MIT
#include "core/util/file_checksum.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <tuple>
#include <vector>

namespace mg {

namespace {

constexpr std::uint64_t kMul = 0x9E3779B97F4A7C15ull;

std::uint64_t mix(std::uint64_t h) {
  h ^= h >> 33;
  h *= 0xFF51AFD7ED558CCDull;
  h ^= h >> 33;
  h *= 0xC4CEB9FE1A85EC53ull;
  h ^= h >> 33;
  return h;
}

// Streaming state, so a file is hashed in blocks with the same result as all at once.
struct Hasher {
  std::uint64_t h;
  std::uint64_t length = 0;
  unsigned char tail[8] = {};
  int tailSize = 0;

  explicit Hasher(std::uint64_t seed) : h(seed ^ kMul) {}

  void word(const unsigned char* p) {
    std::uint64_t w = 0;
    for (int i = 7; i >= 0; --i) w = (w << 8) | p[i];  // little-endian on every platform
    h = (h ^ mix(w)) * kMul;
    h ^= h >> 29;
  }
  void add(const unsigned char* p, size_t n) {
    length += n;
    while (n > 0 && tailSize > 0) {
      tail[tailSize++] = *p++, --n;
      if (tailSize == 8) word(tail), tailSize = 0;
    }
    for (; n >= 8; p += 8, n -= 8) word(p);
    while (n > 0) tail[tailSize++] = *p++, --n;
  }
  std::uint64_t finish() {
    for (int i = tailSize; i < 8; ++i) tail[i] = 0;
    if (tailSize > 0) word(tail);
    return mix(h ^ length);
  }
};

}  // namespace

std::uint64_t checksum64(std::string_view bytes, std::uint64_t seed) {
  Hasher hasher(seed);
  hasher.add(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size());
  return hasher.finish();
}

Result<FileFingerprint> fingerprintFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{path + ": could not be opened"};
  Hasher hasher(0);
  std::vector<char> block(1 << 20);
  while (in) {
    in.read(block.data(), static_cast<std::streamsize>(block.size()));
    const std::streamsize n = in.gcount();
    if (n > 0) hasher.add(reinterpret_cast<const unsigned char*>(block.data()), size_t(n));
  }
  if (in.bad()) return Error{path + ": could not be read"};
  FileFingerprint f;
  f.sizeBytes = static_cast<std::int64_t>(hasher.length);
  f.checksum = hasher.finish();
  return f;
}

Result<FileFingerprint> fingerprintFileRemembered(const std::string& path) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) return fingerprintFile(path);  // says what is wrong
  const auto time = std::filesystem::last_write_time(path, ec).time_since_epoch().count();
  if (ec) return fingerprintFile(path);
  using Key = std::tuple<std::string, std::uintmax_t, long long>;
  static std::mutex mutex;
  static std::map<Key, FileFingerprint> known;
  // One entry per file however it is named ("walk.bvh" from the command line, its absolute path
  // in the project).
  const std::filesystem::path absolute = std::filesystem::absolute(path, ec);
  const Key key{ec ? path : absolute.lexically_normal().string(), size,
                static_cast<long long>(time)};
  {
    const std::lock_guard lock(mutex);
    if (const auto it = known.find(key); it != known.end()) return it->second;
  }
  Result<FileFingerprint> f = fingerprintFile(path);
  if (f) {
    const std::lock_guard lock(mutex);
    known[key] = *f;
  }
  return f;
}

std::string checksumHex(std::uint64_t checksum) {
  static const char* kDigits = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, checksum >>= 4) out[size_t(i)] = kDigits[checksum & 0xF];
  return out;
}

Result<std::uint64_t> checksumFromHex(std::string_view hex) {
  if (hex.size() != 16)
    return Error{"a checksum is 16 hex digits, not \"" + std::string(hex) + "\""};
  std::uint64_t v = 0;
  for (char c : hex) {
    int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (d < 0) return Error{"\"" + std::string(hex) + "\" is not a hex checksum"};
    v = (v << 4) | std::uint64_t(d);
  }
  return v;
}

}  // namespace mg
