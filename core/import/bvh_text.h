// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <Eigen/Core>

#include "core/motion/motion.h"
#include "core/util/result.h"

namespace mg {

// One BVH channel, in the file's spelling.
enum class BvhChannel : std::uint8_t {
  Xposition,
  Yposition,
  Zposition,
  Xrotation,
  Yrotation,
  Zrotation
};

// A ROOT or JOINT block, in file units.
struct BvhJoint {
  std::string name;
  int parent = -1;                                   // -1 for the root, else a lower index
  Eigen::Vector3d offset = Eigen::Vector3d::Zero();  // OFFSET, file units
  std::vector<BvhChannel> channels;                  // CHANNELS, in file order (0 to 6)
  int firstValue = 0;  // index of this joint's first channel within one data line
};

// An "End Site" block: the tip attached to `joint`.
struct BvhEndSite {
  int joint = 0;
  Eigen::Vector3d offset = Eigen::Vector3d::Zero();  // file units
};

// The whole content of a BVH file, exactly as written: no unit change, no Euler conversion.
struct BvhDocument {
  std::vector<BvhJoint> joints;      // depth-first, as in the file
  std::vector<BvhEndSite> endSites;  // in file order
  int frameCount = 0;                // "Frames:", > 0
  double frameTimeSeconds = 0.0;     // "Frame Time:", > 0
  int valuesPerFrame = 0;            // sum of every joint's channel count
  std::vector<double> values;        // frameCount x valuesPerFrame, frame-major, all finite
  // Well-formed data lines after the declared frames. Real files have them (Assimp's own
  // Boxing_Toes.bvh says 3069 frames and holds 3070 lines); they are checked, then ignored, as
  // Assimp ignores them.
  int surplusDataLines = 0;

  double value(int frame, int index) const {
    return values[static_cast<size_t>(frame) * valuesPerFrame + index];
  }
};

// Limits, checked before anything is allocated for what they bound, so a hostile or damaged file
// fails with a message instead of exhausting memory. Real capture is far below every one (CMU:
// 31 joints, depth 8, 96 values per frame, lines under 1 KB, files under 50 MB).
inline constexpr int kMaxBvhJoints = 4096;                // ROOT and JOINT blocks
inline constexpr int kMaxBvhDepth = 256;                  // nested ROOT/JOINT/End Site blocks
inline constexpr size_t kMaxBvhLineBytes = 1 << 20;       // any one line
inline constexpr long long kMaxBvhValues = 1LL << 26;     // Frames x channels (512 MB of doubles)
inline constexpr long long kMaxBvhFileBytes = 1LL << 30;  // readBvhFile's file size

// Why `name` cannot be a BVH joint name, or empty when it can: it must be non-empty, at most 256
// bytes, and hold no space, control character (NUL included), DEL or brace, so that a file written
// with it reads back to the same name. Readers and writers both check it.
std::string bvhNameProblem(std::string_view name);

// Parses BVH text strictly: one HIERARCHY with one ROOT, balanced braces, OFFSETs of three
// numbers, CHANNELS with a count of 0 to 6 followed by that many distinct known channel names,
// a MOTION block with an integral "Frames:" > 0 and a positive "Frame Time:", then at least
// Frames data lines of exactly valuesPerFrame finite numbers each (blank lines are skipped; see
// surplusDataLines). Joint names must pass bvhNameProblem. The limits above are enforced; the
// declared Frames are checked against the bytes that follow (every value takes at least two) before
// the values are allocated.
// Both LF and CRLF line endings are accepted. On failure the message reads
// "<fileName>:<line>: <problem>". Never throws.
Result<BvhDocument> parseBvhText(std::string_view text, const std::string& fileName);

// Reads `path` and parses it with parseBvhText. Fails when the file cannot be read or is larger
// than kMaxBvhFileBytes.
Result<BvhDocument> readBvhFile(const std::string& path);

// The document as a Motion in file units (no scaling, no trimming), independent of Assimp:
// rotations from each joint's Euler channels in file order (R = R(c0) R(c1) R(c2), see
// eulerToQuaternion); root world position = root OFFSET + position channels. Position channels of
// non-root joints are ignored (Skeleton has fixed bone offsets). Not validated.
Motion bvhDocumentToMotion(const BvhDocument& document);

}  // namespace mg
