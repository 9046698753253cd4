// SPDX-License-Identifier: MIT
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/mgtool/tool_args.h"
#include "core/io/motion_export.h"

namespace mg::tool {

// The --format option of every command that writes motion (walks, convert).
inline const OptionSpec kMotionFormatOption{
    "format", "F",
    "file format of the motion written: bvh, gltf or glb (default: from the file name; FBX is not "
    "offered, see README)"};

// The --format option of the commands that export a graph's clips (snap, subgraph, dmg).
inline const OptionSpec kClipFormatOption{"format", "F",
                                          "also write every clip as F (glb or gltf) beside its "
                                          "BVH, for game engines (default bvh: BVH only)"};

// The copies --format asks for: none for bvh or no option, else {glb} or {gltf}. Prints the
// problem after "mgtool COMMAND: " and returns nullopt (exit with kExitUsage) on another value.
std::optional<std::vector<MotionFormat>> clipCopyFormats(const ParsedArgs& args,
                                                         const std::string& command);

// The format to write `out` in, from --format or the name of `out` (chooseMotionFormat); prints
// the problem after "mgtool COMMAND: " and returns nullopt (the caller exits with kExitUsage).
// `defaultBvh`: a name with another extension is written as BVH, as before --format existed.
std::optional<MotionFormat> motionOutputFormat(const ParsedArgs& args, const std::string& command,
                                               const std::string& out, bool defaultBvh = true);

}  // namespace mg::tool
