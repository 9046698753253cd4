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
#include <utility>

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
  if (errnoValue == ENOSPC || errnoValue == EDQUOT)
    return "Disk full: " + path + " was not saved" + kept;
  return path + " was not saved (" + std::strerror(errnoValue) + ")" + kept;
}

namespace {

// One file of a write: its temporary is complete, synced and closed, not yet renamed.
struct StagedFile {
  std::string target;
  fs::path temp;
  bool existed = false;
};

// A fresh, open temporary beside `path` (stale ones removed first), or the message for `path`.
struct OpenTemporary {
  StagedFile file;
  int fd = -1;
  mode_t mode = 0;  // of the existing target
};
Result<OpenTemporary> createTemporary(const std::string& path) {
  const fs::path target(path);
  if (target.filename().empty()) return Error{path + ": not a file name"};
  removeStaleTemporaries(target);
  struct stat existing {};
  OpenTemporary out{{path, {}, ::stat(path.c_str(), &existing) == 0}};
  if (out.file.existed && S_ISDIR(existing.st_mode))
    return Error{path + ": is a folder, not a file"};
  out.mode = existing.st_mode & 07777;
  std::random_device random;
  out.file.temp = target.parent_path() / (temporaryPrefix(target) + std::to_string(random()));
  out.fd = ::open(out.file.temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (out.fd < 0) {
    const int error = errno;
    if (error == ENOSPC || error == EDQUOT)
      return Error{describeWriteFailure(path, error, out.file.existed)};
    return Error{path + ": cannot create a file in that folder (" + std::strerror(error) + ")"};
  }
  return out;
}

// Syncs and closes a written temporary (keeping an existing target's permission bits); 0 or errno.
int finishTemporary(int fd, bool existed, mode_t mode) {
  int error = 0;
  if (existed) (void)::fchmod(fd, mode);
  // fsync before the rename: otherwise a crash soon after could leave the new name pointing at
  // blocks never written. EINVAL: the file system cannot sync (nothing to wait for).
  if (::fsync(fd) != 0 && errno != EINVAL) error = errno;
  if (::close(fd) != 0 && error == 0 && errno != EINTR) error = errno;
  return error;
}

// Writes `text` into a fresh temporary beside `path`, or fails with the message for `path`.
Result<StagedFile> stage(const std::string& path, const std::string& text) {
  Result<OpenTemporary> open = createTemporary(path);
  if (!open) return open.error();
  int error = writeAll(open->fd, text);
  if (error == 0) {
    error = finishTemporary(open->fd, open->file.existed, open->mode);
  } else {
    ::close(open->fd);
  }
  if (error != 0) {
    ::unlink(open->file.temp.c_str());
    return Error{describeWriteFailure(path, error, open->file.existed)};
  }
  return open->file;
}

// Makes renames in the folder of `target` durable; a failure cannot undo a rename, so it is
// ignored.
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

Result<AtomicFileWriter> AtomicFileWriter::open(const std::string& path) {
  Result<OpenTemporary> open = createTemporary(path);
  if (!open) return open.error();
  AtomicFileWriter w;
  w.m_path = path;
  w.m_temp = open->file.temp.string();
  w.m_fd = open->fd;
  w.m_existed = open->file.existed;
  w.m_mode = open->mode;
  return w;
}

AtomicFileWriter::AtomicFileWriter(AtomicFileWriter&& other) noexcept {
  *this = std::move(other);
}

AtomicFileWriter& AtomicFileWriter::operator=(AtomicFileWriter&& other) noexcept {
  if (this == &other) return *this;
  discard();
  m_path = std::move(other.m_path);
  m_temp = std::move(other.m_temp);
  m_fd = std::exchange(other.m_fd, -1);
  m_existed = other.m_existed;
  m_mode = other.m_mode;
  m_buffer = std::move(other.m_buffer);
  m_error = std::move(other.m_error);
  return *this;
}

AtomicFileWriter::~AtomicFileWriter() {
  discard();
}

void AtomicFileWriter::discard() {
  if (m_fd < 0) return;
  ::close(m_fd);
  ::unlink(m_temp.c_str());
  m_fd = -1;
}

Status AtomicFileWriter::flush() {
  if (!m_error.empty()) return Error{m_error};
  if (m_fd < 0) return Error{m_path + ": the file was already written or abandoned"};
  if (const int error = writeAll(m_fd, m_buffer); error != 0) {
    m_error = describeWriteFailure(m_path, error, m_existed);
    discard();
    return Error{m_error};
  }
  m_buffer.clear();
  return Status::success();
}

Status AtomicFileWriter::append(std::string_view text) {
  if (!m_error.empty()) return Error{m_error};
  if (m_fd < 0) return Error{m_path + ": the file was already written or abandoned"};
  m_buffer.append(text);
  constexpr size_t kFlushBytes = 1 << 20;
  return m_buffer.size() >= kFlushBytes ? flush() : Status::success();
}

Status AtomicFileWriter::commit() {
  if (Status s = flush(); !s) return s;
  const int fd = std::exchange(m_fd, -1);
  if (const int error = finishTemporary(fd, m_existed, m_mode); error != 0) {
    ::unlink(m_temp.c_str());
    m_error = describeWriteFailure(m_path, error, m_existed);
    return Error{m_error};
  }
  if (::rename(m_temp.c_str(), m_path.c_str()) != 0) {
    const int error = errno;
    ::unlink(m_temp.c_str());
    m_error = m_path + ": cannot replace the file (" + std::strerror(error) + ")" +
              (m_existed ? "; your previous version is intact" : "");
    return Error{m_error};
  }
  syncFolder(fs::path(m_path));
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
