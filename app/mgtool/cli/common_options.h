// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/mgtool/cli/command.h"
#include "core/io/motion_export.h"

namespace mg::tool {

// Options that many commands take, declared once so they read and mean the same everywhere.

// The largest seed: 2^53, the largest whole number a double (and so a JSON number) holds exactly.
inline constexpr double kMaxSeed = 9007199254740992.0;

// --seed K: a whole number from 0 to kMaxSeed, default 1.
Value<std::uint64_t> seedOption(Command& command, std::string help = "random seed (default 1)");

// --threads N: 0 (every hardware thread) to 1024, default 0.
Value<int> threadsOption(Command& command,
                         std::string help = "threads (default: every hardware thread)");

// --out VALUENAME, required: "give --out DIR, the folder to export to" when absent or empty.
Value<std::string> outOption(Command& command, std::string valueName, std::string what);

// --format F of the commands that write a motion (walks, convert).
class MotionFormatOption {
 public:
  explicit MotionFormatOption(Command& command);
  // The format to write `out` in, from --format or the name of `out` (chooseMotionFormat); a
  // usage error (printed) gives nullopt. `defaultBvh`: a name with another extension is written
  // as BVH, as before --format existed.
  std::optional<MotionFormat> formatFor(const std::string& out, bool defaultBvh = true) const;

 private:
  const Command& m_command;
  Value<std::string> m_format;
};

// --out FILE (required) and --format F: the motion file a walk command writes.
struct MotionOutputOptions {
  explicit MotionOutputOptions(Command& command)
      : out(outOption(command, "FILE", "motion file to write")), format(command) {}
  // The format of --out; nullopt after printing a usage error.
  std::optional<MotionFormat> resolve() const { return format.formatFor(*out); }

  Value<std::string> out;
  MotionFormatOption format;
};

// --format F of the commands that export a graph's clips (snap, subgraph, dmg).
class ClipFormatOption {
 public:
  explicit ClipFormatOption(Command& command);
  // The copies --format asks for: none for bvh or no option, else {glb} or {gltf}; nullopt after
  // printing a usage error for another value.
  std::optional<std::vector<MotionFormat>> copies() const;

 private:
  const Command& m_command;
  Value<std::string> m_format;
};

}  // namespace mg::tool
