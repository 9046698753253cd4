// SPDX-License-Identifier: MIT
// mgtool: Motion Graph Studio's engine on the command line. Qt-free. The commands are the files
// in this folder's subfolders, each registered by itself (cli/registry.h).
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "app/mgtool/cli/registry.h"
#include "core/import/isolated_import.h"

namespace {

// This program's own path (for running itself as the import child).
std::string selfProgramPath(const char* argv0) {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) return self.string();
  return std::filesystem::absolute(argv0, ec).string();
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> words(argv + 1, argv + argc);
  if (!words.empty() && words[0] == "--version") {
    // GNU style: help2man makes the man page from --help and this.
    std::printf("mgtool (Motion Graph Studio) %s\n", MG_VERSION);
    return mg::tool::kExitOk;
  }
  // Third-party formats are imported by a child mgtool: a crash in Assimp fails that file only.
  mg::setImportHelperProgram(selfProgramPath(argv[0]));
  return mg::tool::runCommandLine(words);
}
