// SPDX-License-Identifier: MIT
#include "core/import/motion_reader.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>

#include "core/import/assimp_motion.h"
#include "core/import/bvh_text.h"
#include "core/motion/forward_kinematics.h"
#include "core/motion/units.h"

namespace mg {
namespace {

namespace fs = std::filesystem;

constexpr double kMinFramesPerSecond = 1e-3;  // a frame time of at most 1000 s

// A BVH file by its extension, or by "HIERARCHY" as its first word whatever the extension.
bool looksLikeBvh(const std::string& path) {
  std::string ext = fs::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  if (ext == ".bvh") return true;
  std::ifstream in(path, std::ios::binary);
  std::string word;
  in >> word;
  return word == "HIERARCHY" || word == "\xEF\xBB\xBFHIERARCHY";
}

// Checks the root's channels against what Assimp's BVH loader does with them: it reads root
// positions only from a 6-channel root, so any other layout with position channels would
// silently lose them. Returns whether the root has position channels.
Result<bool> rootHasPositions(const BvhDocument& doc, const std::string& path) {
  const std::vector<BvhChannel>& c = doc.joints[0].channels;
  const auto positions = std::count_if(c.begin(), c.end(), [](BvhChannel ch) {
    return ch == BvhChannel::Xposition || ch == BvhChannel::Yposition || ch == BvhChannel::Zposition;
  });
  if (positions == 0) return false;
  if (positions == 3 && c.size() == 6) return true;
  return Error{path + ": the root joint '" + doc.joints[0].name + "' has " +
               std::to_string(positions) + " position channels among " + std::to_string(c.size()) +
               "; only 3 positions + 3 rotations (or rotations only) are supported"};
}

Status checkFile(const std::string& path) {
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (ec || !fs::exists(st)) return Error{path + ": no such file"};
  if (fs::is_directory(st)) return Error{path + ": is a directory, not a file"};
  const auto size = fs::file_size(path, ec);
  if (ec) return Error{path + ": cannot read the file (" + ec.message() + ")"};
  if (size == 0) return Error{path + ": the file is empty"};
  if (!std::ifstream(path, std::ios::binary)) return Error{path + ": cannot open the file"};
  return Status::success();
}

// Files store the frame time with few digits (CMU: ".0083333"); a rate within 0.01% of a whole
// number of frames per second is taken as that number.
double snapFrameRate(double fps) {
  const double whole = std::round(fps);
  return whole > 0 && std::abs(fps - whole) < 1e-4 * whole ? whole : fps;
}

void scaleMotion(Motion& motion, double metresPerUnit) {
  auto skeleton = std::make_shared<Skeleton>(*motion.skeleton);
  for (Joint& j : skeleton->joints) j.offset *= metresPerUnit;
  for (EndSite& e : skeleton->endSites) e.offset *= metresPerUnit;
  for (Eigen::Vector3d& p : motion.rootPositions) p *= metresPerUnit;
  motion.skeleton = std::move(skeleton);
}

}  // namespace

Result<Motion> readMotionFile(const std::string& path, const ImportOptions& options) {
  if (!std::isfinite(options.metresPerUnit) || options.metresPerUnit < 0) {
    return Error{path + ": the scale (metres per unit) must be positive, or 0 to guess it"};
  }
  if (options.trimLeadingFrames < 0) {
    return Error{path + ": the number of leading frames to drop cannot be negative"};
  }
  if (Status s = checkFile(path); !s) return s.error();

  AssimpMotionOptions assimpOptions;
  int bvhFrames = -1, bvhJoints = -1;
  double bvhFrameTime = 0;
  if (looksLikeBvh(path)) {
    // Assimp's BVH loader ignores surplus data lines, and a short line silently shifts every
    // later value; the strict text pass catches those, with line numbers.
    Result<BvhDocument> doc = readBvhFile(path);
    if (!doc) return doc.error();
    Result<bool> positions = rootHasPositions(*doc, path);
    if (!positions) return positions.error();
    assimpOptions.addRootOffsetToPositions = *positions;
    assimpOptions.keysAreFrames = true;
    assimpOptions.offsetsFromNodes = true;
    bvhFrames = doc->frameCount;
    bvhJoints = static_cast<int>(doc->joints.size());
    bvhFrameTime = doc->frameTimeSeconds;
  }

  Result<Motion> read = readAssimpMotion(path, assimpOptions);
  if (!read) return read.error();
  Motion motion = std::move(read).value();
  if (bvhFrames >= 0 && (motion.frameCount() != bvhFrames || motion.jointCount() != bvhJoints)) {
    return Error{path + ": Assimp read " + std::to_string(motion.jointCount()) + " joints and " +
                 std::to_string(motion.frameCount()) + " frames, but the file declares " +
                 std::to_string(bvhJoints) + " and " + std::to_string(bvhFrames)};
  }
  // Assimp keeps the frame time in single precision.
  if (bvhFrameTime > 0) motion.fps = 1.0 / bvhFrameTime;
  motion.fps = snapFrameRate(motion.fps);
  if (Status s = motion.validate(); !s) return Error{path + ": " + s.error().message};
  // Every count of frames at another rate (resampling, the editor's working rate) scales with the
  // frame time; one of 1e300 s would overflow them all.
  if (motion.fps < kMinFramesPerSecond) {
    return Error{path + ": a frame time of " + std::to_string(1.0 / motion.fps) +
                 " s is not plausible for motion capture (at most 1000 s per frame)"};
  }

  double metresPerUnit = options.metresPerUnit;
  if (metresPerUnit == 0) metresPerUnit = guessLengthUnit(restHeight(*motion.skeleton)).metresPerUnit;
  scaleMotion(motion, metresPerUnit);

  if (options.trimLeadingFrames >= motion.frameCount()) {
    return Error{path + ": cannot drop " + std::to_string(options.trimLeadingFrames) +
                 " leading frames of a " + std::to_string(motion.frameCount()) + "-frame motion"};
  }
  if (options.trimLeadingFrames > 0) {
    motion = sliceFrames(motion, options.trimLeadingFrames, motion.frameCount());
  }
  motion.name = fs::path(path).stem().string();
  motion.sourcePath = path;
  if (Status s = motion.validate(); !s) return Error{path + ": " + s.error().message};
  return motion;
}

}  // namespace mg
