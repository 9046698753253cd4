// SPDX-License-Identifier: MIT
#include "core/import/bvh_motion_file.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <optional>

#include "core/import/bvh_frames.h"
#include "core/import/bvh_parser.h"

namespace mg {
namespace {

constexpr size_t kChunkBytes = 4u << 20;  // data read per step (and between progress reports)

}  // namespace

Result<Motion> readBvhMotion(const std::string& path, const Progress& progress) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return Error{path + ": cannot open the file"};
  const long long size = static_cast<long long>(in.tellg());
  if (size > kMaxBvhMotionFileBytes) {
    return Error{path + ": the file is " + std::to_string(size >> 20) +
                 " MB, more than a BVH file may be (" +
                 std::to_string(kMaxBvhMotionFileBytes >> 20) + " MB)"};
  }
  in.seekg(0);
  auto read = [&in](std::string& buffer, size_t bytes) {
    const size_t had = buffer.size();
    buffer.resize(had + bytes);
    in.read(buffer.data() + had, static_cast<std::streamsize>(bytes));
    buffer.resize(had + static_cast<size_t>(in.gcount()));
    return !in.bad();
  };

  // The header: from the first chunk, or from up to kMaxBvhHeaderBytes when it is longer.
  std::string buffer;
  if (!read(buffer, static_cast<size_t>(std::min<long long>(size, kChunkBytes))))
    return Error{path + ": read error"};
  std::optional<BvhFrameConverter> converter;
  Motion motion;
  std::optional<BvhParser> parser;
  auto parseHeader = [&] {  // a fresh parser each try
    parser.emplace(path, [&](const double* values) { converter->append(values, motion); });
    const void* at = std::memchr(buffer.data(), '\0', buffer.size());
    return parser->header(std::string_view(
        buffer.data(), at ? static_cast<const char*>(at) - buffer.data() : buffer.size()));
  };
  Result<size_t> start = parseHeader();
  if (!start && static_cast<long long>(buffer.size()) < size &&
      buffer.size() < kMaxBvhHeaderBytes) {
    const long long more = std::min<long long>(size, kMaxBvhHeaderBytes) - buffer.size();
    if (!read(buffer, static_cast<size_t>(more))) return Error{path + ": read error"};
    start = parseHeader();
  }
  const bool whole = static_cast<long long>(buffer.size()) >= size;
  const void* nul = std::memchr(buffer.data(), '\0', buffer.size());
  if (!start ||
      (nul && *start >= static_cast<size_t>(static_cast<const char*>(nul) - buffer.data()))) {
    if (nul) {  // a NUL in the header: as parseBvhText names it
      const size_t at = static_cast<const char*>(nul) - buffer.data();
      parser->setLine(1 + static_cast<int>(std::count(buffer.begin(), buffer.begin() + at, '\n')));
      return parser->fail("binary data (a NUL byte), not BVH text");
    }
    if (!whole) {
      return Error{path + ": the header (HIERARCHY to 'Frame Time:') is not within the first " +
                   std::to_string(kMaxBvhHeaderBytes >> 20) + " MB: " + start.error().message};
    }
    return start.error();
  }
  const BvhDocument& header = parser->document();
  const long long rotations = static_cast<long long>(header.frameCount) * header.joints.size();
  if (Status s = parser->beginData(size - static_cast<long long>(*start)); !s) return s.error();
  if (rotations > kMaxBvhMotionRotations) {
    return parser->fail(std::to_string(header.frameCount) + " frames of " +
                        std::to_string(header.joints.size()) + " joints are more than " +
                        std::to_string(kMaxBvhMotionRotations) +
                        " joint rotations (too large to import)");
  }
  converter.emplace(header);
  motion = converter->emptyMotion(header);

  // The data lines, chunk by chunk; a line cut by a chunk's end waits for the next chunk.
  size_t pos = *start;
  long long consumed = 0;  // bytes of the file before buffer[0]
  while (true) {
    const bool allRead = consumed + static_cast<long long>(buffer.size()) >= size;
    while (pos < buffer.size()) {
      const void* nl = std::memchr(buffer.data() + pos, '\n', buffer.size() - pos);
      if (!nl && !allRead) break;
      const size_t end = nl ? static_cast<const char*>(nl) - buffer.data() : buffer.size();
      const std::string_view line(buffer.data() + pos, end - pos);
      if (line.size() > kMaxBvhLineBytes) {
        return parser->fail("the line is longer than " + std::to_string(kMaxBvhLineBytes) +
                            " bytes (not BVH text?)");
      }
      if (std::memchr(line.data(), '\0', line.size()))
        return parser->fail("binary data (a NUL byte), not BVH text");
      if (Status s = parser->dataLine(line); !s) return s.error();
      pos = end + 1;
    }
    if (allRead) break;
    if (buffer.size() - pos > kMaxBvhLineBytes) {
      return parser->fail("the line is longer than " + std::to_string(kMaxBvhLineBytes) +
                          " bytes (not BVH text?)");
    }
    progress.report(static_cast<double>(consumed + static_cast<long long>(pos)) /
                    static_cast<double>(size));
    if (progress.cancelled()) return Error{"reading " + path + " was cancelled"};
    buffer.erase(0, pos);  // keep the cut line
    consumed += static_cast<long long>(pos);
    pos = 0;
    const size_t before = buffer.size();
    if (!read(buffer, kChunkBytes)) return Error{path + ": read error"};
    if (buffer.size() == before) return Error{path + ": the file ended while it was read"};
  }
  if (Status s = parser->endData(); !s) return s.error();
  progress.report(1.0);
  return motion;
}

}  // namespace mg
