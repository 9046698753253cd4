// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/util/result.h"

namespace mg {

// A fast 64-bit checksum of bytes (not cryptographic): 8-byte words mixed by multiply and
// xor-shift, the length folded in, so the same bytes always give the same value on every
// platform (little-endian word order is forced). Used to find a moved file again by its content
// and to key rebuildable caches; two different files colliding is possible but unlikely.
std::uint64_t checksum64(std::string_view bytes, std::uint64_t seed = 0);

// What a file is, to find it again after a move.
struct FileFingerprint {
  std::int64_t sizeBytes = -1;  // -1: unknown
  std::uint64_t checksum = 0;   // checksum64 of the whole file; valid when sizeBytes >= 0
  bool known() const { return sizeBytes >= 0; }
  bool operator==(const FileFingerprint&) const = default;
};

// The fingerprint of the file at `path` (read in blocks). Fails, naming the file, when it cannot
// be opened or read.
Result<FileFingerprint> fingerprintFile(const std::string& path);
// fingerprintFile, remembered for the process by path, size and modification time, so saving a
// project or keying a cache reads each capture once. Thread-safe.
Result<FileFingerprint> fingerprintFileRemembered(const std::string& path);

// The checksum as 16 lower-case hex digits, and back (fails on anything else).
std::string checksumHex(std::uint64_t checksum);
Result<std::uint64_t> checksumFromHex(std::string_view hex);

}  // namespace mg
