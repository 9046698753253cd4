// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <span>
#include <string>

#include "app/mgtool/cli/command.h"

namespace mg::tool {

// mgtool's commands register themselves: each command's source file holds, at namespace scope,
//   const CommandRegistration kRegistered{"snap", 50, "build, snap and export ...", make<Snap>};
// and nothing else names the command. A path of several words puts the command in a group
// ("bench grid" in "bench", "field run" in "field"); a group is registered the same way
// (GroupRegistration) or is itself a command ("subgraph" runs "subgraph walk" for "walk" and its
// own run() otherwise). Listings (`mgtool --help`, `mgtool bench --help`) show a group's members
// by ascending `rank`, then by name. Registrations are static objects: the registry is built
// before main() and read only after.

using CommandFactory = std::unique_ptr<Command> (*)();

template <class C>
std::unique_ptr<Command> make() {
  return std::make_unique<C>();
}

// Where a command hands its whole command line to another: the path of the command that runs
// `words` instead (e.g. "subgraph walk" for a subgraph export given to "walk"), or "" to run
// itself.
using Delegation = std::string (*)(std::span<const std::string> words);

struct CommandRegistration {
  // `summary`: the command's line in its group's listing; `hidden`: not listed (an internal command
  // such as import-child).
  CommandRegistration(std::string path, int rank, std::string summary, CommandFactory make,
                      Delegation delegation = nullptr, bool hidden = false);
};

// How a group's help names its members: "Usage: mgtool bench BENCHMARK ...", "Benchmarks:",
// "unknown benchmark 'x'".
struct GroupWords {
  std::string placeholder;  // "BENCHMARK"
  std::string heading;      // "Benchmarks"
  std::string noun;         // "benchmark"
};

struct GroupRegistration {
  GroupRegistration(std::string path, int rank, std::string summary, GroupWords words);
};

// Runs mgtool's command line (the words after the program's name) and returns the exit status:
// the group help for "--help", the command the leading words name otherwise. A command's
// exceptions (an input that asks for more memory than there is) end in a message and kExitFailed.
int runCommandLine(std::span<const std::string> words);

// Runs the registered command at `path` ("subgraph walk") on `words`.
int runCommand(const std::string& path, std::span<const std::string> words);

}  // namespace mg::tool
