// SPDX-License-Identifier: MIT
// mgtool import-child: the child process of readAssimpMotionIsolated (core/import/isolated_import.h).
#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <filesystem>

#include "app/mgtool/commands.h"
#include "app/mgtool/tool_args.h"
#include "core/import/isolated_import.h"

namespace mg::tool {

std::string selfProgramPath(const char* argv0) {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) return self.string();
  return std::filesystem::absolute(argv0, ec).string();
}

int runImportChild(std::span<const std::string> args) {
  IsolatedImportLimits limits;
  std::string file;
  for (const std::string& a : args) {
    if (a.rfind("--memory=", 0) == 0) {
      limits.memoryBytes = std::strtoll(a.c_str() + 9, nullptr, 10);
    } else if (a.rfind("--cpu=", 0) == 0) {
      limits.cpuSeconds = static_cast<int>(std::strtol(a.c_str() + 6, nullptr, 10));
    } else {
      file = a;
    }
  }
  if (file.empty() || limits.memoryBytes <= 0 || limits.cpuSeconds <= 0) {
    std::fprintf(stderr, "mgtool import-child: internal command, run by mgtool and the editor: "
                         "import-child [--memory=BYTES] [--cpu=SECONDS] FILE\n");
    return kExitUsage;
  }
  return runImportChild(file, limits) == 0 ? kExitOk : kExitFailed;
}

}  // namespace mg::tool
