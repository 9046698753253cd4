// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <string>

#include <QString>

class QDataStream;

#include "core/util/file_checksum.h"
#include "core/util/json_text.h"
#include "core/util/result.h"

namespace mg {

class Project;

// Results that took time (the subgraph search, the motion field, the quality report) kept beside
// the project as rebuildable caches, never inside the .mgproj: `<folder>/<base>.mgcache/<name>`
// for the project `<folder>/<base>.mgproj`. One file per result:
//   "MGCACHE1\n", one line of JSON {format "mgstudio.cache", version 1, name, key (16 hex
//   digits), inputs (the JSON the key is the checksum64 of), size_bytes, checksum (of the
//   payload)}, "\n", then size_bytes payload bytes (the result's own encoding).
// The key is the checksum of the result's inputs and settings (motions' fingerprints, not their
// paths, so a moved project keeps its caches): a cache whose key differs is stale and rebuilt;
// one that cannot be parsed, whose payload checksum differs or whose payload does not decode is
// corrupt, ignored with a message, and rebuilt. Deleting the folder loses nothing but time.
inline constexpr const char* kResultCacheMagic = "MGCACHE1";
inline constexpr const char* kResultCacheFormat = "mgstudio.cache";
inline constexpr int kResultCacheVersion = 1;

// `<folder>/<base>.mgcache` for `projectPath`; empty when the project has no file yet.
QString resultCacheFolder(const QString& projectPath);

// The key of `inputs` (checksum64 of its compact JSON text; objects' keys are sorted).
std::uint64_t resultCacheKey(const Json& inputs);

// Writes the cache `name` of the project at `projectPath` atomically (creating the folder).
// Fails, naming the file, when it cannot be written (the previous cache is then intact).
Status writeResultCache(const QString& projectPath, const std::string& name, const Json& inputs,
                        const std::string& payload);

// What readResultCache found.
struct CachedResult {
  enum class State { Absent, Stale, Corrupt, Found };
  State state = State::Absent;
  std::string payload;  // Found: the payload bytes
  Json inputs;          // Found and Stale: the inputs the cache was made from
  QString message;      // Stale and Corrupt: why it is not used, naming the file
};

// Reads the cache `name` and compares its key with `inputs`'s. Never fails: a missing file is
// Absent, another key Stale, anything malformed Corrupt (with the message).
CachedResult readResultCache(const QString& projectPath, const std::string& name,
                             const Json& inputs);
// A cache found whose payload does not decode (`why`): Corrupt, its message naming the folder.
void markCacheCorrupt(CachedResult& cached, const QString& projectPath, const std::string& why);

// The start of a payload in QDataStream encoding: Qt 6.0 format, little endian, `tag` and
// `version` (quint32 each). readCachePayloadHeader sets up `s` the same way and checks both:
// "not a <what>", "<what> version N is not read here".
void beginCachePayload(QDataStream& s, std::uint32_t tag, std::uint32_t version);
Status readCachePayloadHeader(QDataStream& s, std::uint32_t tag, std::uint32_t version,
                              const std::string& what);

// The inputs a cache was made from, without checking a key (for results whose inputs name
// motions by fingerprint: the caller looks them up, then calls readResultCache); null when the
// file is absent or malformed.
Json peekResultCacheInputs(const QString& projectPath, const std::string& name);

// Everything a derivation of `project` may read, as cache inputs: import and metric settings,
// every motion's fingerprint and length (missing motions included), every section; not the view
// state and not the paths. Fingerprints not known yet are read from the files.
Json projectInputsJson(const Project& project);

// The fingerprint of the motion `id` of `project`: the one recorded (MotionFile), or read from its
// file now (a motion imported in this session); unknown when neither is possible.
FileFingerprint motionFingerprint(const Project& project, int id);

}  // namespace mg
