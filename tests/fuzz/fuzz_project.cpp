// SPDX-License-Identifier: MIT
// The editor's project file reader (readProject, Qt Core/Gui types only, no window): the input is
// a .mgproj beside the capture files of tests/fuzz/project/files. Any input ends in project data
// or an error with a message; a recovery check (isRecoverableAutosave) agrees with it.
#include <cstdint>

#include <QString>

#include "fuzz_support.h"
#include "widgets/document/project_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
  using namespace mg;
  fuzz::Scratch& scratch = fuzz::Scratch::get();
  static const bool copied = (scratch.copyFixture(MG_FUZZ_FIXTURES "/files"), true);
  (void)copied;
  const QString path = QString::fromStdString(scratch.write("fuzz.mgproj", data, size));
  Result<ProjectData> project = readProject(path);
  if (!project) {
    fuzz::require(!project.error().message.empty(), "an error without a message");
    return 0;
  }
  fuzz::require(isRecoverableAutosave(path),
                "readProject accepts a file isRecoverableAutosave refuses");
  return 0;
}
