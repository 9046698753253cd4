// SPDX-License-Identifier: MIT
#include "core/import/bvh_writer.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "core/motion/quaternion.h"
#include "core/util/atomic_file.h"

namespace mg {
namespace {

constexpr std::string_view kAxes = "ZXY";  // channel order of every joint's rotation
// Larger numbers are not coordinates or angles of a real motion (1e12 cm is 10 million km); they
// come from a broken transform or unit, and readers would lose their digits anyway.
constexpr double kMaxMagnitude = 1e12;

class Writer {
 public:
  Writer(const Motion& motion, const BvhWriteOptions& options)
      : m_motion(motion), m_skeleton(*motion.skeleton), m_unitsPerMetre(1.0 / options.metresPerUnit),
        m_decimals(options.decimals), m_children(m_skeleton.children()) {}

  // The BVH text, or an error naming the first value that cannot be written.
  Result<std::string> run() {
    m_out.reserve(static_cast<size_t>(m_motion.frameCount()) * (m_skeleton.jointCount() * 3 + 3) * 12 + 4096);
    m_out += "HIERARCHY\n";
    joint(0, 0);
    m_out += "MOTION\nFrames: " + std::to_string(m_motion.frameCount()) + "\nFrame Time: ";
    char buf[64];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, 1.0 / m_motion.fps, std::chars_format::general, 12);
    if (ec != std::errc()) return Error{"BVH output: the frame time cannot be written"};
    m_out.append(buf, end);
    m_out += '\n';
    frames();
    if (!m_error.empty()) return Error{"BVH output: " + m_error};
    return std::move(m_out);
  }

 private:
  // Appends `v` with m_decimals digits; a non-finite or huge value (or one to_chars cannot
  // format) records an error instead, naming `what`.
  void number(double v, const char* what) {
    if (!m_error.empty()) return;
    if (!std::isfinite(v) || std::abs(v) > kMaxMagnitude) {
      m_error = std::string(what) + " value " + std::to_string(v) +
                " cannot be written (not a finite number of at most 1e12 file units; check the unit size and the "
                "motion's transforms)";
      return;
    }
    if (std::abs(v) < 0.5 * std::pow(10.0, -m_decimals)) v = 0.0;  // no "-0.000000"
    char buf[64];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, m_decimals);
    if (ec != std::errc()) {
      m_error = std::string(what) + " value " + std::to_string(v) + " cannot be formatted";
      return;
    }
    m_out.append(buf, end);
  }

  void offsetLine(int depth, const Eigen::Vector3d& offset) {
    m_out.append(depth + 1, '\t');
    m_out += "OFFSET";
    for (int i = 0; i < 3; ++i) m_out += ' ', number(offset[i] * m_unitsPerMetre, "an OFFSET");
    m_out += '\n';
  }

  // Joints are stored depth-first, so visiting children in index order keeps every index.
  void joint(int j, int depth) {
    const std::string indent(depth, '\t');
    m_out += indent + (j == 0 ? "ROOT " : "JOINT ") + m_skeleton.joints[j].name + "\n" + indent + "{\n";
    offsetLine(depth, m_skeleton.joints[j].offset);
    m_out += indent + (j == 0 ? "\tCHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n"
                              : "\tCHANNELS 3 Zrotation Xrotation Yrotation\n");
    for (int c : m_children[j]) joint(c, depth + 1);
    for (const EndSite& e : m_skeleton.endSites) {
      if (e.joint != j) continue;
      m_out += indent + "\tEnd Site\n" + indent + "\t{\n";
      offsetLine(depth + 1, e.offset);
      m_out += indent + "\t}\n";
    }
    m_out += indent + "}\n";
  }

  // Of the two Euler triples of a rotation, (a, b, c) and (a + 180, 180 - b, c + 180), each
  // angle moved by whole turns towards `previous`, the one closest to `previous`.
  static Eigen::Vector3d continuousEuler(const Eigen::Quaterniond& q, const Eigen::Vector3d& previous) {
    const Eigen::Vector3d e = quaternionToEuler(q, kAxes);
    const Eigen::Vector3d candidates[2] = {e, Eigen::Vector3d(e[0] + 180, 180 - e[1], e[2] + 180)};
    Eigen::Vector3d best = e;
    double bestDistance = INFINITY;
    for (Eigen::Vector3d c : candidates) {
      for (int i = 0; i < 3; ++i) c[i] -= 360.0 * std::round((c[i] - previous[i]) / 360.0);
      const double d = (c - previous).squaredNorm();
      if (d < bestDistance) bestDistance = d, best = c;
    }
    return best;
  }

  void frames() {
    const int n = m_skeleton.jointCount();
    std::vector<Eigen::Vector3d> previous(n, Eigen::Vector3d::Zero());
    const Eigen::Vector3d rootOffset = m_skeleton.joints[0].offset;
    for (int f = 0; f < m_motion.frameCount() && m_error.empty(); ++f) {
      const Eigen::Vector3d p = (m_motion.rootPositions[f] - rootOffset) * m_unitsPerMetre;
      number(p.x(), "a root position"), m_out += ' ', number(p.y(), "a root position"), m_out += ' ',
          number(p.z(), "a root position");
      for (int j = 0; j < n; ++j) {
        previous[j] = continuousEuler(m_motion.rotation(f, j), previous[j]);
        for (int i = 0; i < 3; ++i) m_out += ' ', number(previous[j][i], "a rotation");
      }
      m_out += '\n';
    }
  }

  const Motion& m_motion;
  const Skeleton& m_skeleton;
  double m_unitsPerMetre;
  int m_decimals;
  std::vector<std::vector<int>> m_children;
  std::string m_out;
  std::string m_error;  // the first value that could not be written
};

}  // namespace

Result<std::string> formatBvh(const Motion& motion, const BvhWriteOptions& options) {
  if (!std::isfinite(options.metresPerUnit) || options.metresPerUnit <= 0) {
    return Error{"BVH output: the unit size must be a positive number of metres"};
  }
  if (options.decimals < 1 || options.decimals > 12) {
    return Error{"BVH output: decimals must be from 1 to 12"};
  }
  if (Status s = motion.validate(); !s) return Error{"BVH output: " + s.error().message};
  for (const Joint& j : motion.skeleton->joints) {
    if (j.name.find_first_of(" \t\r\n{}") != std::string::npos) {
      return Error{"BVH output: joint name '" + j.name + "' contains a space or brace"};
    }
  }
  return Writer(motion, options).run();
}

Status writeBvhFile(const Motion& motion, const std::string& path, const BvhWriteOptions& options) {
  Result<std::string> text = formatBvh(motion, options);
  if (!text) return Error{path + ": " + text.error().message};
  return writeTextFileAtomically(path, *text);
}

}  // namespace mg
