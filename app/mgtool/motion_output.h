// SPDX-License-Identifier: MIT
#pragma once

#include <optional>
#include <string>

#include "app/mgtool/tool_args.h"
#include "core/io/motion_export.h"

namespace mg::tool {

// The --format option of every command that writes motion (walks, convert).
inline const OptionSpec kMotionFormatOption{
    "format", "F",
    "file format of the motion written: bvh, gltf or glb (default: from the file name; FBX is not "
    "offered, see README)"};

// The format to write `out` in, from --format or the name of `out` (chooseMotionFormat); prints
// the problem after "mgtool COMMAND: " and returns nullopt (the caller exits with kExitUsage).
// `defaultBvh`: a name with another extension is written as BVH, as before --format existed.
std::optional<MotionFormat> motionOutputFormat(const ParsedArgs& args, const std::string& command,
                                               const std::string& out, bool defaultBvh = true);

}  // namespace mg::tool
