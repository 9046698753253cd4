// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/mgtool/cli/command.h"
#include "core/import/motion_reader.h"
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

// --units U of the commands that read or write capture: cm, m, mm or in (anything else is a usage
// error naming the choices). Reading, it overrides the guess of each file's unit; writing BVH, it
// is the unit written, which is otherwise the unit the motion was read in.
class UnitsOption {
 public:
  explicit UnitsOption(Command& command, std::string help =
                                             "length unit of the capture files read: cm, m, mm or "
                                             "in (default: guessed from each skeleton's height)");
  bool given() const { return m_units.given(); }
  // Metres per unit asked for; 0 when --units is absent (guess).
  double metresPerUnit() const;
  // `options` reading in the asked unit (unchanged when --units is absent).
  ImportOptions apply(ImportOptions options) const;
  // The BVH options writing in the asked unit, or in each motion's own unit when absent.
  BvhWriteOptions bvhOptions() const;

 private:
  Value<std::string> m_units;
};

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

// --out FILE (required), --format F and --units U: the motion file a walk command writes. --units
// is the unit of the capture files the walk reads and of the BVH it writes; without it each file's
// unit is guessed and the walk is written in the unit its first capture file was read in.
struct MotionOutputOptions {
  explicit MotionOutputOptions(Command& command)
      : out(outOption(command, "FILE", "motion file to write")),
        format(command),
        units(command,
              "length unit of the capture files read and of a BVH written: cm, m, mm or in "
              "(default: guessed from each skeleton's height; the walk in its capture's unit)") {}
  // The format of --out; nullopt after printing a usage error.
  std::optional<MotionFormat> resolve() const { return format.formatFor(*out); }
  // The BVH options of a walk synthesised from `source` (one of the capture files it plays).
  BvhWriteOptions bvhLike(const Motion& source) const {
    return bvhOptionsInUnitOf(source, units.bvhOptions());
  }

  Value<std::string> out;
  MotionFormatOption format;
  UnitsOption units;
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
