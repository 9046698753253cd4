// SPDX-License-Identifier: MIT
#include "core/io/export_set.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>

#include "core/util/atomic_file.h"
#include "core/util/json.h"

namespace mg {
namespace {

namespace fs = std::filesystem;

const std::regex& clipName() {
  static const std::regex name(R"(clip_\d{4,}(_b)?\.bvh)");
  return name;
}

}  // namespace

bool nextExportUsesAlternateClips(const std::string& indexPath) {
  std::ifstream in(indexPath, std::ios::binary);
  if (!in) return false;
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  Result<JsonValue> json = parseJson(text);
  if (!json || !json->isObject()) return false;
  const JsonValue* clips = json->find("clips");
  if (!clips || !clips->isArray()) return false;
  for (const JsonValue& c : clips->asArray()) {
    const JsonValue* file = c.find("file");
    if (!file || !file->isString()) continue;
    const std::string name = fs::path(file->asString()).filename().string();
    std::smatch m;
    if (std::regex_match(name, m, clipName()) && !m[1].matched) return true;
  }
  return false;
}

std::string exportClipFileName(size_t clip, bool alternate) {
  char name[48];
  std::snprintf(name, sizeof name, "clips/clip_%04zu%s.bvh", clip, alternate ? "_b" : "");
  return name;
}

Status commitExport(const std::string& directory, const std::vector<std::pair<std::string, std::string>>& clips,
                    const std::pair<std::string, std::string>& index) {
  std::error_code exists;
  const bool previous = fs::exists(index.first, exists);
  auto failed = [&](const Error& e) {
    return previous ? Error{e.message + "; the previous export in " + directory + " is intact"} : e;
  };
  if (!clips.empty()) {
    if (Status s = writeTextFilesAtomically(clips); !s) return failed(s.error());
  }
  if (Status s = writeTextFileAtomically(index.first, index.second); !s) return failed(s.error());
  std::set<fs::path> kept;
  for (const auto& [path, text] : clips) kept.insert(fs::path(path).lexically_normal());
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(fs::path(directory) / "clips", ec)) {
    const std::string name = e.path().filename().string();
    if (!std::regex_match(name, clipName()) || kept.count(e.path().lexically_normal())) continue;
    std::error_code ignored;
    fs::remove(e.path(), ignored);
  }
  return Status::success();
}

}  // namespace mg
