// SPDX-License-Identifier: MIT
#pragma once

#include <span>
#include <string>

namespace mg::tool {

// One mgtool command: receives the words after its name and returns the process exit status
// (kExitOk, kExitFailed or kExitUsage from tool_args.h). Output for machines goes to stdout,
// messages for people to stderr. To add a command: a command_<name>.cpp defining its function,
// a declaration here, and a row in the table in main.cpp.
using CommandFunction = int (*)(std::span<const std::string> args);

int runInfo(std::span<const std::string> args);
int runConvert(std::span<const std::string> args);
int runBench(std::span<const std::string> args);  // dispatches to the benchmarks below
int runSnap(std::span<const std::string> args);
int runWalk(std::span<const std::string> args);
int runPmg(std::span<const std::string> args);  // pmg build | walk | goto
int runDmg(std::span<const std::string> args);
int runSubgraph(std::span<const std::string> args);       // subgraph FILES... | walk | check
int runSubgraphWalk(std::span<const std::string> args);   // "subgraph walk DIR", via runSubgraph
int runSubgraphCheck(std::span<const std::string> args);  // "subgraph check DIR", via runSubgraph
int runMeasure(std::span<const std::string> args);
// Not listed: "import-child [--memory=BYTES] [--cpu=SECONDS] FILE", the child process in which
// readMotionFile runs Assimp (core/import/isolated_import.h).
int runImportChild(std::span<const std::string> args);
// This program's own path (for running itself as the import child).
std::string selfProgramPath(const char* argv0);
int runField(std::span<const std::string> args);      // field build | run | eval
int runFieldEval(std::span<const std::string> args);  // "field eval FIELD", via runField
int runEval(std::span<const std::string> args);  // the quality report (core/report)

// Benchmarks, run as "mgtool bench <name>"; they receive the words after the name and are listed
// in the table in command_bench.cpp.
int runBenchImport(std::span<const std::string> args);
int runBenchWalk(std::span<const std::string> args);
int runBenchSnap(std::span<const std::string> args);
int runBenchPmg(std::span<const std::string> args);
int runBenchSmooth(std::span<const std::string> args);
int runBenchGrid(std::span<const std::string> args);  // "bench grid ...", via runBench
int runBenchSubgraph(std::span<const std::string> args);
int runBenchField(std::span<const std::string> args);
int runGrid(std::span<const std::string> args);

}  // namespace mg::tool
