// SPDX-License-Identifier: MIT
#include "core/util/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <random>

namespace mg {
namespace {

namespace fs = std::filesystem;

// ".<name>.tmp": the start of the temporaries' names for `target` (appended piecewise: GCC 12
// warns falsely about "." + std::string).
std::string temporaryPrefix(const fs::path& target) {
  std::string prefix(1, '.');
  prefix += target.filename().string();
  prefix += ".tmp";
  return prefix;
}

// True for "<prefix><digits>", the name of a temporary of this writer.
bool isTemporaryName(const std::string& name, const std::string& prefix) {
  return name.size() > prefix.size() && name.compare(0, prefix.size(), prefix) == 0 &&
         name.find_first_not_of("0123456789", prefix.size()) == std::string::npos;
}

// Removes ".<name>.tmp<digits>" files beside `target` that were last written over a minute ago:
// a writer killed between creating its temporary and renaming it leaves one behind. Younger ones
// may belong to a write in progress in another process.
void removeStaleTemporaries(const fs::path& target) {
  const std::string prefix = temporaryPrefix(target);
  const fs::path folder = target.parent_path().empty() ? fs::path(".") : target.parent_path();
  std::error_code ec;
  fs::directory_iterator it(folder, ec);
  if (ec) return;
  const auto now = fs::file_time_type::clock::now();
  for (const fs::directory_entry& entry : it) {
    if (!isTemporaryName(entry.path().filename().string(), prefix)) continue;
    const auto written = entry.last_write_time(ec);
    if (ec || now - written < std::chrono::minutes(1)) continue;
    fs::remove(entry.path(), ec);
  }
}

// Writes all of `text` to `fd`, retrying short writes and interruptions; 0 or the errno.
int writeAll(int fd, const std::string& text) {
  const char* data = text.data();
  size_t left = text.size();
  while (left > 0) {
    const ssize_t n = ::write(fd, data, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    if (n == 0) return EIO;
    data += n;
    left -= static_cast<size_t>(n);
  }
  return 0;
}

}  // namespace

std::string describeWriteFailure(const std::string& path, int errnoValue, bool previousKept) {
  const std::string kept =
      previousKept ? "; your previous version is intact" : "; no file was written";
  if (errnoValue == ENOSPC || errnoValue == EDQUOT) return "Disk full: " + path + " was not saved" + kept;
  return path + " was not saved (" + std::strerror(errnoValue) + ")" + kept;
}

namespace {

// One file of a write: its temporary is complete, synced and closed, not yet renamed.
struct StagedFile {
  std::string target;
  fs::path temp;
  bool existed = false;
};

// Writes `text` into a fresh temporary beside `path`, or fails with the message for `path`.
Result<StagedFile> stage(const std::string& path, const std::string& text) {
  const fs::path target(path);
  if (target.filename().empty()) return Error{path + ": not a file name"};
  removeStaleTemporaries(target);
  struct stat existing {};
  StagedFile staged{path, {}, ::stat(path.c_str(), &existing) == 0};
  if (staged.existed && S_ISDIR(existing.st_mode)) return Error{path + ": is a folder, not a file"};

  std::random_device random;
  staged.temp = target.parent_path() / (temporaryPrefix(target) + std::to_string(random()));
  const int fd = ::open(staged.temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) {
    const int error = errno;
    if (error == ENOSPC || error == EDQUOT) return Error{describeWriteFailure(path, error, staged.existed)};
    return Error{path + ": cannot create a file in that folder (" + std::strerror(error) + ")"};
  }
  int error = writeAll(fd, text);
  if (error == 0 && staged.existed) (void)::fchmod(fd, existing.st_mode & 07777);
  // fsync before the rename: otherwise a crash soon after could leave the new name pointing at
  // blocks never written. EINVAL: the file system cannot sync (nothing to wait for).
  if (error == 0 && ::fsync(fd) != 0 && errno != EINVAL) error = errno;
  if (::close(fd) != 0 && error == 0 && errno != EINTR) error = errno;
  if (error != 0) {
    ::unlink(staged.temp.c_str());
    return Error{describeWriteFailure(path, error, staged.existed)};
  }
  return staged;
}

// Makes renames in the folder of `target` durable; a failure cannot undo a rename, so it is ignored.
void syncFolder(const fs::path& target) {
  const fs::path folder = target.parent_path().empty() ? fs::path(".") : target.parent_path();
  if (const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dir >= 0) {
    (void)::fsync(dir);
    ::close(dir);
  }
}

}  // namespace

Status writeTextFilesAtomically(const std::vector<std::pair<std::string, std::string>>& files) {
  std::vector<StagedFile> staged;
  staged.reserve(files.size());
  for (const auto& [path, text] : files) {
    Result<StagedFile> s = stage(path, text);
    if (!s) {
      for (const StagedFile& done : staged) ::unlink(done.temp.c_str());
      if (staged.empty()) return s.error();
      return Error{s.error().message + " (nothing of this export was replaced)"};
    }
    staged.push_back(std::move(s.value()));
  }
  for (size_t i = 0; i < staged.size(); ++i) {
    if (::rename(staged[i].temp.c_str(), staged[i].target.c_str()) != 0) {
      const int error = errno;
      for (size_t j = i; j < staged.size(); ++j) ::unlink(staged[j].temp.c_str());
      return Error{staged[i].target + ": cannot replace the file (" + std::strerror(error) + ")" +
                   (staged[i].existed ? "; your previous version is intact" : "")};
    }
  }
  for (const StagedFile& s : staged) syncFolder(s.target);
  return Status::success();
}

Status writeTextFileAtomically(const std::string& path, const std::string& text) {
  return writeTextFilesAtomically({{path, text}});
}

std::vector<std::string> saveTemporariesOf(const std::string& path) {
  const fs::path target(path);
  const std::string prefix = temporaryPrefix(target);
  const fs::path folder = target.parent_path().empty() ? fs::path(".") : target.parent_path();
  std::vector<std::string> found;
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder, ec)) {
    const std::string name = entry.path().filename().string();
    if (isTemporaryName(name, prefix)) found.push_back(entry.path().string());
  }
  std::sort(found.begin(), found.end());
  return found;
}

}  // namespace mg
