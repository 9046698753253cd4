// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/util/result.h"

namespace mg {

// Writes `text` to `path` through a temporary file in the same folder (".<name>.tmp<digits>")
// that is renamed over `path` only after every byte was written, flushed to the disk (fsync) and
// the file closed without error. Any failure (disk full, quota, file size limit, I/O error) removes
// the temporary and leaves an existing `path` untouched; the error names the file and says whether
// the previous version is intact ("Disk full: out.bvh was not saved; the previous version is
// intact"). An existing file's permission bits are kept. Temporaries of this function older than a
// minute beside `path` (left by a process killed mid-write) are removed first. POSIX only.
Status writeTextFileAtomically(const std::string& path, const std::string& text);

// The same write for text produced piece by piece (a long walk streamed frame by frame): pieces
// go to the temporary as they come (buffered), and commit() syncs, closes and renames it over the
// target, with the failure messages of writeTextFileAtomically. A writer destroyed or moved from
// without a successful commit() removes its temporary and leaves `path` untouched. Move-only; one
// thread at a time.
class AtomicFileWriter {
 public:
  // Creates the temporary beside `path`. Fails when `path` is a folder or no file can be created.
  static Result<AtomicFileWriter> open(const std::string& path);
  AtomicFileWriter(AtomicFileWriter&& other) noexcept;
  AtomicFileWriter& operator=(AtomicFileWriter&& other) noexcept;
  AtomicFileWriter(const AtomicFileWriter&) = delete;
  AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;
  ~AtomicFileWriter();

  // Appends `text`. After a failure every later call fails with the same message.
  Status append(std::string_view text);
  // Writes what is buffered, syncs, closes and renames the temporary over the target.
  Status commit();

 private:
  AtomicFileWriter() = default;
  Status flush();
  void discard();

  std::string m_path;
  std::string m_temp;
  int m_fd = -1;
  bool m_existed = false;
  unsigned m_mode = 0;
  std::string m_buffer;
  std::string m_error;  // the first failure
};

// Writes several files (path, text) as one: every temporary is written and synced first, and only
// when all succeeded are they renamed over their targets, so a full disk leaves every old file as
// it was (an export's files stay consistent with each other). The first failure is returned.
Status writeTextFilesAtomically(const std::vector<std::pair<std::string, std::string>>& files);

// The temporaries of writeTextFileAtomically beside `path`, whatever their age, sorted. One that
// exists while no write is running was left by a process killed mid-write (possibly complete,
// if it died between writing and renaming).
std::vector<std::string> saveTemporariesOf(const std::string& path);

// The message for a file that could not be written because of `errnoValue` (ENOSPC and EDQUOT
// read "Disk full: ..."). `previousKept`: an older version of the file exists and is untouched.
std::string describeWriteFailure(const std::string& path, int errnoValue, bool previousKept);

}  // namespace mg
