// SPDX-License-Identifier: MIT
#pragma once

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace mg::test {

// What a command-line run of a built tool printed and how it exited.
struct ToolRun {
  int status = -1;  // exit status; -1 when the tool did not exit normally
  std::string out, err;
};

inline std::string shellQuote(const std::string& s) {
  std::string q = "'";
  for (char c : s) c == '\'' ? q += "'\\''" : q += c;
  return q + "'";
}

// Runs `program` with `args` through the shell (each argument quoted) and captures both streams.
inline ToolRun runTool(const std::string& program, const std::vector<std::string>& args) {
  const std::filesystem::path errFile =
      std::filesystem::temp_directory_path() /
      ("mg_tool_stderr_" + std::to_string(std::random_device{}()));
  std::string command = shellQuote(program);
  for (const std::string& a : args) command += ' ' + shellQuote(a);
  command += " 2>" + shellQuote(errFile.string());
  ToolRun run;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return run;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, pipe)) > 0;) run.out.append(buf, n);
  const int raw = pclose(pipe);
  run.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  std::ostringstream err;
  err << std::ifstream(errFile, std::ios::binary).rdbuf();
  run.err = err.str();
  std::error_code ignored;
  std::filesystem::remove(errFile, ignored);
  return run;
}

}  // namespace mg::test
