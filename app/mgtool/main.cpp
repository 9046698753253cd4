// SPDX-License-Identifier: MIT
// mgtool: Motion Graph Studio's engine on the command line. Qt-free.
#include <cstdio>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/mgtool/commands.h"
#include "app/mgtool/tool_args.h"
#include "core/import/isolated_import.h"

namespace {

struct Command {
  const char* name;
  const char* summary;
  mg::tool::CommandFunction run;
};

constexpr Command kCommands[] = {
    {"info", "print frames, rate, height and foot contacts of capture files as JSON", mg::tool::runInfo},
    {"convert", "convert a capture file to BVH, optionally resampled and trimmed", mg::tool::runConvert},
    {"bench", "time an operation and print figures as JSON (see mgtool bench --help)", mg::tool::runBench},
    {"grid", "distance grid of motions as a PNG and its local minima as JSON", mg::tool::runGrid},
    {"snap", "build, snap and export a Snap-Together graph from capture files", mg::tool::runSnap},
    {"walk", "write a random walk through an exported snap graph as BVH", mg::tool::runWalk},
    {"pmg", "parametric motion graphs: build from a spec, walk, go to a point", mg::tool::runPmg},
    {"dmg", "build the database motion graph of capture files (every frame a vertex) and export it", mg::tool::runDmg},
    {"subgraph", "minimum-size motion graph from key segments; subgraph walk|check DIR", mg::tool::runSubgraph},
    {"field", "motion fields: build from capture files, run steered and pushed, eval against a graph controller", mg::tool::runField},
    {"measure", "joint accelerations, foot skate and cut jumps of a BVH, against its source", mg::tool::runMeasure},
    {"eval", "quality report of graph exports side by side against their source (JSON, HTML)", mg::tool::runEval},
};

void printUsage(std::FILE* to) {
  std::fprintf(to,
               "Usage: mgtool COMMAND [arguments] [options]\n"
               "  or:  mgtool --help | --version\n\nCommands:\n");
  for (const Command& c : kCommands) std::fprintf(to, "  %-10s %s\n", c.name, c.summary);
  std::fprintf(to, "\nRun 'mgtool COMMAND --help' for a command's arguments and options.\n");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    printUsage(stderr);
    return mg::tool::kExitUsage;
  }
  const std::string name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    printUsage(stdout);
    return mg::tool::kExitOk;
  }
  if (name == "--version") {  // GNU style: help2man makes the man page from --help and this
    std::printf("mgtool (Motion Graph Studio) %s\n", MG_VERSION);
    return mg::tool::kExitOk;
  }
  const std::vector<std::string> args(argv + 2, argv + argc);
  if (name == "import-child") return mg::tool::runImportChild(args);
  // Third-party formats are imported by a child mgtool: a crash in Assimp fails that file only.
  mg::setImportHelperProgram(mg::tool::selfProgramPath(argv[0]));
  for (const Command& c : kCommands) {
    if (name != c.name) continue;
    // Commands report bad input as errors; these catch what still slips through (an input that
    // asks for more memory than there is) so that no input ends in an abort.
    try {
      return c.run(args);
    } catch (const std::bad_alloc&) {
      std::fprintf(stderr, "mgtool %s: out of memory: the input asks for more memory than is available\n", c.name);
    } catch (const std::length_error& e) {
      std::fprintf(stderr, "mgtool %s: the input asks for a size beyond any limit (%s)\n", c.name, e.what());
    } catch (const std::exception& e) {
      std::fprintf(stderr, "mgtool %s: failed: %s\n", c.name, e.what());
    }
    return mg::tool::kExitFailed;
  }
  std::fprintf(stderr, "mgtool: unknown command '%s'\n\n", name.c_str());
  printUsage(stderr);
  return mg::tool::kExitUsage;
}
