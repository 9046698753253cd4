// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <string_view>

#include "core/motion/motion.h"
#include "core/util/result.h"

namespace mg {

// Third-party importers (Assimp: FBX, glTF, Collada, ...) run in a child process: a crash, a
// runaway allocation or an endless loop inside them becomes an error message, and never takes down
// the caller (the editor with its unsaved project, or mgtool's caller). The child is a program
// that runs runImportChild for `import-child ... -- PATH` (mgtool does), limited to `memoryBytes`
// of address space and `cpuSeconds` of CPU, and killed after `wallSeconds`.
struct IsolatedImportLimits {
  long long memoryBytes = 4LL << 30;
  int cpuSeconds = 120;
  int wallSeconds = 120;
};

// The limits readMotionFile uses for a file of `bytes`: 4 GB, and 5 s plus 1 s per started MB of
// CPU and of wall time. Real imports run at several MB per second; some damaged files make Assimp
// loop forever (a truncated SMD file does), and those must fail soon: a file of up to 1 MB gets
// 6 s.
IsolatedImportLimits isolatedImportLimitsFor(unsigned long long bytes);

// The program readMotionFile runs for non-BVH files; empty (the default) imports in this process.
// mgtool sets itself; the editor sets the mgtool installed beside it. Thread-safe.
void setImportHelperProgram(std::string program);
std::string importHelperProgram();

// Runs `program import-child --memory=BYTES --cpu=SECONDS -- path` and reads the motion it sends
// back (readAssimpMotion's result, file units, not validated). Fails with "<path>: could not
// import the file: the importer crashed (...)" when the child dies of a signal, "... ran out of
// memory" or "... took too long" at the limits, with the child's own message when it reports an
// error, and when the child cannot be started or sends something malformed.
Result<Motion> readAssimpMotionIsolated(const std::string& path, const std::string& program,
                                        const IsolatedImportLimits& limits = {});

// The child's side: applies `limits` to this process (which dies with its parent), reads `path`
// with readAssimpMotion and writes the result to standard output (the encoding below, or an
// error message). Returns the exit status (0 both ways: the parent reads which from the output).
int runImportChild(const std::string& path, const IsolatedImportLimits& limits = {});

// The wire format between parent and child: "MGMOTION 1\n" then the skeleton, rate and frames as
// native binary. decodeMotion checks every count against the bytes present before allocating.
std::string encodeMotion(const Motion& motion);
Result<Motion> decodeMotion(std::string_view bytes);

}  // namespace mg
