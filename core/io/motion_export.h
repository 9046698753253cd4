// SPDX-License-Identifier: MIT
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/import/bvh_writer.h"
#include "core/motion/motion.h"
#include "core/synth/pose_stream.h"
#include "core/util/result.h"

namespace mg {

// The formats a motion (a clip, a walk) can be written in. glTF 2.0 goes through Assimp's
// exporter; BVH through the project's own writer (bvh_writer.h).
enum class MotionFormat {
  Bvh,   // .bvh: the motion's source unit (centimetres when none), ZXY Euler channels
  Gltf,  // .gltf: glTF 2.0 JSON with its buffer beside it in <name>.bin
  Glb,   // .glb: binary glTF 2.0, one file
};

// Why FBX is not among them (measured with Assimp 5.2.5, the version Debian 12 ships): its binary
// FBX exporter writes files that Assimp's own FBX importer rejects ("block offset is out of
// range"), and its ASCII FBX exporter writes key times as if one tick were one second and a time
// span of one second, so a 1.45 s clip at 120 fps reads back as 121 frames (cut at 1 s), or, with
// ticks of one frame, as 2 frames at 1 fps.
inline constexpr const char* kFbxNotOffered =
    "FBX is not offered: Assimp's FBX exporter does not write animation that reads back (binary "
    "files its own importer rejects, ASCII files cut at one second); write .glb or .gltf, which "
    "game engines import as they do FBX";

// "bvh", "gltf", "glb" (lower case), or nullopt.
std::optional<MotionFormat> motionFormatFromName(std::string_view name);
// The format named by the extension of `path` (case-insensitive), or nullopt.
std::optional<MotionFormat> motionFormatFromPath(std::string_view path);
// "bvh", "gltf", "glb".
const char* motionFormatName(MotionFormat format);
// ".bvh", ".gltf", ".glb".
const char* motionFormatExtension(MotionFormat format);
// The list users may choose from: "bvh, gltf, glb".
const char* motionFormatNames();

// The format to write `path` in: `option` (the value of a --format option; empty when not given)
// when set, else the extension of `path`, else BVH when `defaultBvh` (the commands that always
// wrote BVH keep doing so for any name). Fails with a message that names the problem on an
// unknown option value, on an option that contradicts a known extension of `path` (walk.glb with
// --format bvh), on an unknown extension when !defaultBvh, and on FBX (kFbxNotOffered).
Result<MotionFormat> chooseMotionFormat(const std::string& path, std::string_view option,
                                        bool defaultBvh);

// The files of a motion in one format, as (path, bytes): one, or a .gltf's buffer and then the
// .gltf itself.
using MotionFiles = std::vector<std::pair<std::string, std::string>>;

// What writeMotionFile writes, in memory, for callers that write several files as one set (an
// export's clips: export_set.h). Fails as writeMotionFile, but never touches the disk.
Result<MotionFiles> formatMotionFiles(const Motion& motion, const std::string& path,
                                      MotionFormat format, const BvhWriteOptions& bvh = {});

// `path` with its extension replaced by the format's (clips/a.bvh -> clips/a.glb).
std::string withMotionExtension(const std::string& path, MotionFormat format);

// Writes `motion` to `path` in `format`. glTF/GLB: the skeleton is a node hierarchy (one node
// per joint, named after it, translated by its offset; end sites are child nodes without
// animation), under one scene root node named after the motion, and the motion is one animation
// named after it with a rotation key per frame on every joint and a translation key per frame on
// the root (its world position, so the root node's own translation is the rest offset only).
// Metres, Y up, key times frame / fps seconds (glTF requires metres and Y up). The rotations and
// positions are stored as 32-bit floats (glTF's accessor type): about 1e-7 relative.
// BVH: writeBvhFile with `bvh`.
// The file is written through a scratch file and renamed over `path` (a .gltf's .bin first, then
// the .gltf), so a failure leaves an existing file untouched. Fails, naming the file, when the
// motion does not validate, a value is not finite, Assimp's exporter fails (its message), or the
// file cannot be written.
Status writeMotionFile(const Motion& motion, const std::string& path, MotionFormat format,
                       const BvhWriteOptions& bvh = {});

// The one way a synthesised walk becomes a file in any format: BVH streams frame by frame through
// writeBvhStream; the other formats record the frames (at most kMaxStreamedBvhFrames, which is
// about a gigabyte of memory for a 31-joint skeleton) and write them with writeMotionFile at the
// end, named `name`. `onFrame` sees each frame as it is produced; returning false ends the walk
// there. `bvh` sets the BVH unit (bvhOptionsInUnitOf: the unit the walk's capture was read in).
// Fails as writeBvhStream and writeMotionFile.
Result<StreamedBvh> writeMotionStream(
    PoseStream& stream, long long frames, const std::string& path, MotionFormat format,
    const std::string& name = "walk", const BvhWriteOptions& bvh = {},
    const std::function<bool(long long frame, const Pose& pose)>& onFrame = {});

}  // namespace mg
