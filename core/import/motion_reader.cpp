// SPDX-License-Identifier: MIT
#include "core/import/motion_reader.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>

#include "core/import/assimp_motion.h"
#include "core/import/bvh_motion_file.h"
#include "core/import/isolated_import.h"
#include "core/motion/forward_kinematics.h"
#include "core/motion/units.h"

namespace mg {
namespace {

namespace fs = std::filesystem;

constexpr double kMinFramesPerSecond = 1e-3;  // a frame time of at most 1000 s

// A BVH file by its extension, or by "HIERARCHY" as its first word whatever the extension.
bool looksLikeBvh(const std::string& path) {
  std::string ext = fs::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  if (ext == ".bvh") return true;
  std::ifstream in(path, std::ios::binary);
  std::string word;
  in >> word;
  return word == "HIERARCHY" || word == "\xEF\xBB\xBFHIERARCHY";
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

SourceUnit chooseSourceUnit(double restHeightUnits, const ImportOptions& options) {
  SourceUnit unit;
  unit.restHeightUnits = restHeightUnits;
  if (options.metresPerUnit > 0) {
    unit.metresPerUnit = options.metresPerUnit;
    unit.name = lengthUnitNameOf(options.metresPerUnit);
    unit.basis = UnitBasis::Asked;
    unit.askedBy = options.unitAskedBy;
    return unit;
  }
  const LengthUnit guess = guessLengthUnit(restHeightUnits);
  unit.metresPerUnit = guess.metresPerUnit;
  unit.name = guess.name;
  unit.basis = isHumanHeight(restHeightUnits) ? UnitBasis::Guessed : UnitBasis::Fallback;
  return unit;
}

}  // namespace

Result<Motion> readMotionFile(const std::string& path, const ImportOptions& options,
                              const Progress& progress) {
  if (!std::isfinite(options.metresPerUnit) || options.metresPerUnit < 0) {
    return Error{path + ": the scale (metres per unit) must be positive, or 0 to guess it"};
  }
  if (options.trimLeadingFrames < 0) {
    return Error{path + ": the number of leading frames to drop cannot be negative"};
  }
  if (Status s = checkFile(path); !s) return s.error();

  Motion motion;
  if (looksLikeBvh(path)) {
    // The project's own parser is the one BVH reader: strict, with line numbers, and bounded
    // before it allocates (see bvh_text.h). Assimp's BVH loader is only a reference in the tests.
    // Read in chunks, each frame straight into the motion (bvh_motion_file.h).
    Result<Motion> read = readBvhMotion(path, progress);
    if (!read) return read.error();
    motion = std::move(read).value();
  } else {
    // Assimp runs in a child process when a helper program is set (mgtool, the editor): a crash
    // or runaway allocation in it fails this file only.
    const std::string helper = importHelperProgram();
    std::error_code ec;
    const auto bytes = fs::file_size(path, ec);
    Result<Motion> read =
        helper.empty()
            ? readAssimpMotion(path, {})
            : readAssimpMotionIsolated(path, helper, isolatedImportLimitsFor(ec ? 0 : bytes));
    if (!read) return read.error();
    motion = std::move(read).value();
  }
  motion.fps = snapFrameRate(motion.fps);
  if (Status s = motion.validate(); !s) return Error{path + ": " + s.error().message};
  // Every count of frames at another rate (resampling, the editor's working rate) scales with the
  // frame time; one of 1e300 s would overflow them all.
  if (motion.fps < kMinFramesPerSecond) {
    return Error{path + ": a frame time of " + std::to_string(1.0 / motion.fps) +
                 " s is not plausible for motion capture (at most 1000 s per frame)"};
  }

  motion.sourceUnit = chooseSourceUnit(restHeight(*motion.skeleton), options);
  scaleMotion(motion, motion.sourceUnit.metresPerUnit);

  if (options.trimLeadingFrames >= motion.frameCount()) {
    return Error{path + ": cannot drop " + std::to_string(options.trimLeadingFrames) +
                 " leading frames of a " + std::to_string(motion.frameCount()) + "-frame motion"};
  }
  if (options.trimLeadingFrames > 0) {  // in place: a large motion is not copied
    const size_t trim = static_cast<size_t>(options.trimLeadingFrames);
    motion.rootPositions.erase(motion.rootPositions.begin(), motion.rootPositions.begin() + trim);
    motion.localRotations.erase(motion.localRotations.begin(),
                                motion.localRotations.begin() + trim * motion.jointCount());
  }
  motion.name = fs::path(path).stem().string();
  motion.sourcePath = path;
  if (Status s = motion.validate(); !s) return Error{path + ": " + s.error().message};
  return motion;
}

}  // namespace mg
