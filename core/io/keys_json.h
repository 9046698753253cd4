// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

#include "core/subgraph/key_segments.h"
#include "core/util/result.h"

namespace mg {

// KEYS.json, format "mgstudio.keys" version 1 (KEYS_FORMAT.md): the key motions of a minimum-size
// motion graph search, as named segments of capture files.
inline constexpr const char* kKeysFormat = "mgstudio.keys";
inline constexpr int kKeysVersion = 1;

// One key segment as the file states it: frames are the capture file's own 0-based frame
// indices (before any trim or resampling), end exclusive.
struct KeyFileEntry {
  std::string name;
  std::string file;  // as written: relative to the KEYS.json folder (or absolute)
  int beginFrame = 0;
  int endFrame = 0;
};

// Reads a KEYS.json. Fails, naming the file and the entry, when: the file is missing or not JSON;
// the format tag or version is wrong; a field is missing or of the wrong type; a name is empty or
// repeated; a frame is negative or end <= begin.
Result<std::vector<KeyFileEntry>> readKeysFile(const std::string& path);

// Writes a KEYS.json atomically (entries' `file` as given: make them relative to `path`'s folder
// with keyFileRelativePath). Fails when the file cannot be written.
Status writeKeysFile(const std::string& path, const std::vector<KeyFileEntry>& entries);

// `file` resolved against the folder of the KEYS.json at `keysPath` (absolute paths stay).
std::string resolveKeyFilePath(const std::string& keysPath, const std::string& file);
// `file` relative to the folder of `keysPath` (for writing).
std::string keyFileRelativePath(const std::string& keysPath, const std::string& file);

// The working-rate segment of an entry: file frame f is at time (f - trimFrames) / fileFps;
// the segment keeps the working frames whose time lies in [begin, end) of the entry.
// Fails, naming the key, when it starts inside the trimmed frames, ends past the file's
// `fileFrames` frames, or keeps no working frame.
Result<KeySegment> keySegmentAtWorkingRate(const KeyFileEntry& entry, int motionIndex,
                                           int fileFrames, double fileFps, int trimFrames,
                                           double workingFps);

}  // namespace mg
