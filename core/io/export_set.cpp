// SPDX-License-Identifier: MIT
#include "core/io/export_set.h"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>

#include "core/util/atomic_file.h"
#include "core/util/json.h"

namespace mg {
namespace {

namespace fs = std::filesystem;

constexpr const char* kPlain = "clips";
constexpr const char* kAlternate = "clips_b";

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
    const fs::path path(file->asString());
    if (!path.empty() && *path.begin() == kPlain) return true;
  }
  return false;
}

std::string exportClipPath(const std::string& relative, bool alternate) {
  const std::string prefix = std::string(kPlain) + "/";
  if (!alternate || relative.rfind(prefix, 0) != 0) return relative;
  return std::string(kAlternate) + "/" + relative.substr(prefix.size());
}

Status commitExport(const std::string& directory, const std::vector<std::pair<std::string, std::string>>& clips,
                    const std::pair<std::string, std::string>& index) {
  std::error_code exists;
  const bool previous = fs::exists(index.first, exists);
  auto failed = [&](const Error& e) {
    return previous ? Error{e.message + "; the previous export in " + directory + " is intact"} : e;
  };
  for (const auto& [path, text] : clips) {
    std::error_code ec;
    fs::create_directories(fs::path(path).parent_path(), ec);
    if (ec) return failed(Error{fs::path(path).parent_path().string() + ": cannot create the folder: " + ec.message()});
  }
  if (!clips.empty()) {
    if (Status s = writeTextFilesAtomically(clips); !s) return failed(s.error());
  }
  if (Status s = writeTextFileAtomically(index.first, index.second); !s) return failed(s.error());
  std::set<fs::path> kept;
  for (const auto& [path, text] : clips) kept.insert(fs::path(path).lexically_normal());
  for (const char* folder : {kPlain, kAlternate}) {
    std::error_code ec;
    for (const fs::directory_entry& e : fs::directory_iterator(fs::path(directory) / folder, ec)) {
      if (e.path().extension() != ".bvh" || kept.count(e.path().lexically_normal())) continue;
      std::error_code ignored;
      fs::remove(e.path(), ignored);
    }
  }
  return Status::success();
}

}  // namespace mg
