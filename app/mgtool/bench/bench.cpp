// SPDX-License-Identifier: MIT
// mgtool bench: programs that print figures (JSON on stdout) and never pass or fail on time. Each
// benchmark is a command "bench NAME" registered by its own file, beside the code it measures.
#include "app/mgtool/cli/registry.h"

namespace mg::tool {
namespace {

const GroupRegistration kRegistered{
    "bench",
    30,
    "time an operation and print figures as JSON (see mgtool bench --help)",
    {"BENCHMARK", "Benchmarks", "benchmark"}};

}  // namespace
}  // namespace mg::tool
