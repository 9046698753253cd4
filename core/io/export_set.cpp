// SPDX-License-Identifier: MIT
#include "core/io/export_set.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>

#include "core/util/atomic_file.h"
#include "core/util/json_text.h"

namespace mg {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kFirst = "clips";
constexpr std::string_view kOlderAlternate = "clips_b";  // the layout before numbered folders

// The number of a clip folder name (clips = 1, clips-N = N, clips_b = 1), 0 for any other name.
long folderNumber(std::string_view name) {
  if (name == kFirst || name == kOlderAlternate) return 1;
  if (name.size() <= kFirst.size() + 1 || name.substr(0, kFirst.size() + 1) != "clips-") return 0;
  const std::string_view digits = name.substr(kFirst.size() + 1);
  if (digits.front() == '0') return 0;
  long n = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
  if (ec != std::errc() || end != digits.data() + digits.size() || n < 2) return 0;
  return n;
}

// A file this scheme wrote into a clip folder: a clip, or the temporary of a clip write that was
// killed (".NAME.bvh.tmpDIGITS", core/util/atomic_file.h).
// A clip (.bvh), a glTF copy of one (.glb, .gltf and its .bin), or a temporary of a killed write.
bool isExportClipFile(const fs::path& path) {
  const std::string name = path.filename().string();
  for (const char* ext : {".bvh", ".glb", ".gltf", ".bin"}) {
    if (path.extension() == ext) return true;
    if (name.size() > 1 && name[0] == '.' &&
        name.find(std::string(ext) + ".tmp") != std::string::npos)
      return true;
  }
  return false;
}

}  // namespace

bool isExportClipFolderName(const std::string& name) {
  return folderNumber(name) > 0;
}

std::string nextExportClipFolder(const std::string& indexPath) {
  std::ifstream in(indexPath, std::ios::binary);
  if (!in) return std::string(kFirst);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  Result<Json> json = readJsonText(text);
  if (!json || !json->is_object()) return std::string(kFirst);
  const Json* clips = jsonFind(*json, "clips");
  long current = 0;
  if (clips && clips->is_array()) {
    for (const Json& c : *clips) {
      const Json* file = c.is_object() ? jsonFind(c, "file") : nullptr;
      if (!file || !file->is_string()) continue;
      const fs::path path(file->get_ref<const std::string&>());
      if (!path.empty()) current = std::max(current, folderNumber(path.begin()->string()));
    }
  }
  // An index naming no clip folder of this scheme still gets a new folder: clips/ is free only
  // when no index is there.
  return "clips-" + std::to_string(std::max<long>(current, 1) + 1);
}

std::string exportClipPath(const std::string& relative, const std::string& folder) {
  const std::string prefix = std::string(kFirst) + "/";
  if (relative.rfind(prefix, 0) != 0) return relative;
  return folder + "/" + relative.substr(prefix.size());
}

Status commitExport(const std::string& directory,
                    const std::vector<std::pair<std::string, std::string>>& clips,
                    const std::pair<std::string, std::string>& index) {
  std::error_code exists;
  const bool previous = fs::exists(index.first, exists);
  auto failed = [&](const Error& e) {
    return previous ? Error{e.message + "; the previous export in " + directory + " is intact"} : e;
  };
  for (const auto& [path, text] : clips) {
    std::error_code ec;
    fs::create_directories(fs::path(path).parent_path(), ec);
    if (ec)
      return failed(Error{fs::path(path).parent_path().string() +
                          ": cannot create the folder: " + ec.message()});
  }
  if (!clips.empty()) {
    if (Status s = writeTextFilesAtomically(clips); !s) return failed(s.error());
  }
  if (Status s = writeTextFileAtomically(index.first, index.second); !s) return failed(s.error());
  // Committed: what follows only tidies up, and a kill here leaves files the index does not name.
  std::set<fs::path> kept;
  for (const auto& [path, text] : clips) kept.insert(fs::path(path).lexically_normal());
  std::vector<fs::path> folders;
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(directory, ec)) {
    std::error_code typeError;
    if (e.is_directory(typeError) && isExportClipFolderName(e.path().filename().string()))
      folders.push_back(e.path());
  }
  for (const fs::path& folder : folders) {
    std::vector<fs::path> stale;
    std::error_code listError;
    for (const fs::directory_entry& e : fs::directory_iterator(folder, listError)) {
      if (isExportClipFile(e.path()) && !kept.count(e.path().lexically_normal()))
        stale.push_back(e.path());
    }
    for (const fs::path& file : stale) {
      std::error_code ignored;
      fs::remove(file, ignored);
    }
    std::error_code ignored;
    fs::remove(folder, ignored);  // only an empty folder goes: a kept clip or a user's file stays
  }
  return Status::success();
}

Status addClipFiles(std::vector<std::pair<std::string, std::string>>& files, const Motion& clip,
                    const std::string& path, const BvhWriteOptions& bvh,
                    const std::vector<MotionFormat>& copies) {
  Result<std::string> text = formatBvh(clip, bvh);
  if (!text) return Error{path + ": " + text.error().message};
  files.emplace_back(path, std::move(text.value()));
  for (MotionFormat copy : copies) {
    Motion named = clip;
    named.name = fs::path(path).stem().string();
    Result<MotionFiles> more = formatMotionFiles(named, withMotionExtension(path, copy), copy);
    if (!more) return more.error();
    files.insert(files.end(), more->begin(), more->end());
  }
  return Status::success();
}

}  // namespace mg
