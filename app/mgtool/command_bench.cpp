// SPDX-License-Identifier: MIT
// mgtool bench: programs that print figures (JSON on stdout) and never pass or fail on time.
#include <cstdio>
#include <string>

#include "app/mgtool/commands.h"
#include "app/mgtool/tool_args.h"

namespace mg::tool {
namespace {

struct Benchmark {
  const char* name;
  const char* summary;
  CommandFunction run;  // receives the words after "bench <name>"
};

// To add a benchmark: a command_bench_<name>.cpp, its declaration in commands.h, a row here.
constexpr Benchmark kBenchmarks[] = {
    {"import", "time readMotionFile on a capture file", runBenchImport},
    {"grid", "time the fast distance grid against the reference and a plain GEMM", runBenchGrid},
    {"walk", "random-walk synthesis rate over a snapped graph, one core, with and without FK", runBenchWalk},
    {"snap", "time the distance grid and hub suggestion on capture files", runBenchSnap},
    {"pmg", "time a parametric motion graph edge, re-thresholding and synthesis", runBenchPmg},
    {"subgraph", "database motion graph and minimum-size subgraph at 87,000 frames or on files", runBenchSubgraph},
    {"field", "motion field: exact kNN, value iteration and synthesis rates on files", runBenchField},
    {"smooth", "accelerations and foot plants of snapped walks against their capture", runBenchSmooth},
};

void printBenchUsage(std::FILE* to) {
  std::fprintf(to, "Usage: mgtool bench BENCHMARK [arguments] [options]\n\nBenchmarks:\n");
  for (const Benchmark& b : kBenchmarks) std::fprintf(to, "  %-10s %s\n", b.name, b.summary);
  std::fprintf(to, "\nRun 'mgtool bench BENCHMARK --help' for its arguments and options.\n");
}

}  // namespace

int runBench(std::span<const std::string> args) {
  if (args.empty()) {
    printBenchUsage(stderr);
    return kExitUsage;
  }
  if (args[0] == "--help" || args[0] == "-h") {
    printBenchUsage(stdout);
    return kExitOk;
  }
  for (const Benchmark& b : kBenchmarks) {
    if (args[0] == b.name) return b.run(args.subspan(1));
  }
  std::fprintf(stderr, "mgtool bench: unknown benchmark '%s'\n\n", args[0].c_str());
  printBenchUsage(stderr);
  return kExitUsage;
}

}  // namespace mg::tool
