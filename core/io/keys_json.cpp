// SPDX-License-Identifier: MIT
#include "core/io/keys_json.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <set>

#include "core/util/atomic_file.h"
#include "core/util/json_fields.h"

namespace mg {

namespace fs = std::filesystem;

Result<std::vector<KeyFileEntry>> readKeysFile(const std::string& path) {
  Result<Json> doc = readJsonFile(path);
  if (!doc) return doc.error();
  JsonFields r(path);
  const Json& root = doc.value();
  if (!root.is_object()) return Error{path + ": not a key file (expected a JSON object)"};
  if (r.text(root, "format", "") != kKeysFormat) {
    return Error{path + ": not a key file (format is not \"" + std::string(kKeysFormat) + "\")"};
  }
  const int version = r.integer(root, "version", "", 0);
  if (r.ok() && version != kKeysVersion) {
    return Error{path + ": key file version " + std::to_string(version) +
                 " is not supported (this build reads version " + std::to_string(kKeysVersion) +
                 ")"};
  }
  std::vector<KeyFileEntry> out;
  std::set<std::string> names;
  if (const Json* keys = r.array(root, "keys", "")) {
    r.objects(*keys, "keys", [&](const Json& k, const std::string& where) {
      KeyFileEntry e;
      e.name = r.text(k, "name", where);
      e.file = r.text(k, "file", where);
      e.beginFrame = r.integer(k, "begin_frame", where, 0);
      e.endFrame = r.integer(k, "end_frame", where, 0);
      if (!r.ok()) return;
      const std::string key = where + " (key '" + e.name + "')";
      if (e.name.empty())
        r.fail(where, "has an empty name");
      else if (!names.insert(e.name).second)
        r.fail(key, "repeats a name");
      else if (e.file.empty())
        r.fail(key, "has no file");
      else if (e.endFrame <= e.beginFrame)
        r.fail(key, "is empty (end_frame <= begin_frame)");
      out.push_back(std::move(e));
    });
  }
  if (!r.ok()) return r.error();
  if (out.empty()) return Error{path + ": the key file lists no keys"};
  return out;
}

Status writeKeysFile(const std::string& path, const std::vector<KeyFileEntry>& entries) {
  JsonArray keys;
  for (const KeyFileEntry& e : entries) {
    keys.push_back(JsonObject{{"name", e.name},
                              {"file", e.file},
                              {"begin_frame", e.beginFrame},
                              {"end_frame", e.endFrame}});
  }
  const Json root = JsonObject{
      {"format", kKeysFormat}, {"version", kKeysVersion}, {"keys", Json(std::move(keys))}};
  return writeTextFileAtomically(path, jsonText(root, 2) + "\n");
}

std::string resolveKeyFilePath(const std::string& keysPath, const std::string& file) {
  const fs::path p(file);
  if (p.is_absolute()) return p.lexically_normal().string();
  return (fs::path(keysPath).parent_path() / p).lexically_normal().string();
}

std::string keyFileRelativePath(const std::string& keysPath, const std::string& file) {
  const fs::path base = fs::absolute(fs::path(keysPath)).parent_path();
  return fs::absolute(fs::path(file)).lexically_normal().lexically_relative(base).generic_string();
}

Result<KeySegment> keySegmentAtWorkingRate(const KeyFileEntry& entry, int motionIndex,
                                           int fileFrames, double fileFps, int trimFrames,
                                           double workingFps) {
  const std::string key = "key '" + entry.name + "'";
  if (entry.beginFrame < trimFrames) {
    return Error{key + " starts at frame " + std::to_string(entry.beginFrame) + " of " +
                 entry.file + ", inside the " + std::to_string(trimFrames) +
                 " trimmed leading frames"};
  }
  if (entry.endFrame > fileFrames) {
    return Error{key + " ends at frame " + std::to_string(entry.endFrame) + ", past the " +
                 std::to_string(fileFrames) + " frames of " + entry.file};
  }
  const double ratio = workingFps / fileFps;
  auto working = [&](int f) {
    return static_cast<int>(std::ceil((f - trimFrames) * ratio - 1e-9));
  };
  KeySegment s{entry.name, motionIndex, working(entry.beginFrame), working(entry.endFrame)};
  if (s.endFrame <= s.beginFrame) {
    char rate[32];
    std::snprintf(rate, sizeof rate, "%g", workingFps);
    return Error{key + " keeps no frame at the " + rate + " Hz working rate (empty or too short)"};
  }
  return s;
}

}  // namespace mg
