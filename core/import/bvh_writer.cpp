// SPDX-License-Identifier: MIT
#include "core/import/bvh_writer.h"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>

#include "core/import/bvh_text.h"
#include "core/motion/forward_kinematics.h"
#include "core/motion/quaternion.h"
#include "core/motion/units.h"
#include "core/util/atomic_file.h"

namespace mg {
namespace {

constexpr std::string_view kAxes = "ZXY";  // channel order of every joint's rotation
// Larger numbers are not coordinates or angles of a real motion (1e12 cm is 10 million km); they
// come from a broken transform or unit, and readers would lose their digits anyway.
constexpr double kMaxMagnitude = 1e12;

class Writer {
 public:
  Writer(const Skeleton& skeleton, double fps, double metresPerUnit, const BvhWriteOptions& options)
      : m_skeleton(skeleton),
        m_fps(fps),
        m_unitsPerMetre(1.0 / metresPerUnit),
        m_decimals(options.decimals),
        m_children(m_skeleton.children()),
        m_previous(skeleton.jointCount(), Eigen::Vector3d::Zero()) {}

  // Appends the hierarchy and the motion header for `frames` frames.
  void header(long long frames) {
    m_out += "HIERARCHY\n";
    joint(0, 0);
    m_out += "MOTION\nFrames: " + std::to_string(frames) + "\nFrame Time: ";
    char buf[64];
    const auto [end, ec] =
        std::to_chars(buf, buf + sizeof buf, 1.0 / m_fps, std::chars_format::general, 12);
    if (ec != std::errc()) {
      if (m_error.empty()) m_error = "the frame time cannot be written";
      return;
    }
    m_out.append(buf, end);
    m_out += '\n';
  }

  // Appends one frame line: the root position (metres, world) and every joint's local rotation.
  void frame(const Eigen::Vector3d& rootPosition, const Eigen::Quaterniond* rotations) {
    if (!m_error.empty()) return;
    const Eigen::Vector3d p = (rootPosition - m_skeleton.joints[0].offset) * m_unitsPerMetre;
    number(p.x(), "a root position"), m_out += ' ', number(p.y(), "a root position"), m_out += ' ',
        number(p.z(), "a root position");
    for (int j = 0; j < m_skeleton.jointCount(); ++j) {
      m_previous[j] = continuousEuler(rotations[j], m_previous[j]);
      for (int i = 0; i < 3; ++i) m_out += ' ', number(m_previous[j][i], "a rotation");
    }
    m_out += '\n';
  }

  std::string& text() { return m_out; }
  // The first value that could not be written, as "BVH output: ..."; empty when none.
  std::string error() const { return m_error.empty() ? std::string() : "BVH output: " + m_error; }

 private:
  // Appends `v` with m_decimals digits; a non-finite or huge value (or one to_chars cannot
  // format) records an error instead, naming `what`.
  void number(double v, const char* what) {
    if (!m_error.empty()) return;
    if (!std::isfinite(v) || std::abs(v) > kMaxMagnitude) {
      m_error = std::string(what) + " value " + std::to_string(v) +
                " cannot be written (not a finite number of at most 1e12 file units; check the "
                "unit size and the "
                "motion's transforms)";
      return;
    }
    if (std::abs(v) < 0.5 * std::pow(10.0, -m_decimals)) v = 0.0;  // no "-0.000000"
    char buf[64];
    const auto [end, ec] =
        std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, m_decimals);
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
    m_out +=
        indent + (j == 0 ? "ROOT " : "JOINT ") + m_skeleton.joints[j].name + "\n" + indent + "{\n";
    offsetLine(depth, m_skeleton.joints[j].offset);
    m_out += indent +
             (j == 0 ? "\tCHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n"
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
  static Eigen::Vector3d continuousEuler(const Eigen::Quaterniond& q,
                                         const Eigen::Vector3d& previous) {
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

  const Skeleton& m_skeleton;
  double m_fps;
  double m_unitsPerMetre;
  int m_decimals;
  std::vector<std::vector<int>> m_children;
  std::vector<Eigen::Vector3d> m_previous;  // each joint's last Euler triple, degrees
  std::string m_out;
  std::string m_error;  // the first value that could not be written
};

// What formatBvh and writeBvhStream check before writing anything.
Status checkOptions(double metresPerUnit, const BvhWriteOptions& options) {
  if (!std::isfinite(metresPerUnit) || metresPerUnit <= 0) {
    return Error{"BVH output: the unit size must be a positive number of metres"};
  }
  if (options.decimals < 1 || options.decimals > 12) {
    return Error{"BVH output: decimals must be from 1 to 12"};
  }
  return Status::success();
}
// Names reach the file as they are; one the reader would refuse (a NUL byte or control character
// from a damaged input, a space, a brace) fails the write instead of writing a file that does not
// read back.
Status checkJointNames(const Skeleton& skeleton) {
  for (const Joint& j : skeleton.joints) {
    if (const std::string problem = bvhNameProblem(j.name); !problem.empty()) {
      return Error{"BVH output: " + problem};
    }
  }
  return Status::success();
}

}  // namespace

double bvhMetresPerUnit(const Motion& motion, const BvhWriteOptions& options) {
  if (options.metresPerUnit) return *options.metresPerUnit;
  return motion.sourceUnit.known() ? motion.sourceUnit.metresPerUnit : kDefaultBvhMetresPerUnit;
}

std::string describeBvhUnit(const Motion& motion, const BvhWriteOptions& options) {
  const std::string label = lengthUnitLabel(bvhMetresPerUnit(motion, options));
  if (options.metresPerUnit) return label + ", as asked";
  if (motion.sourceUnit.known()) return label + ", the unit it was read in";
  return label + ", the default for a motion not read from a file";
}

std::string bvhUnitWarning(const Motion& motion, const BvhWriteOptions& options) {
  if (!motion.skeleton) return {};
  const double metresPerUnit = bvhMetresPerUnit(motion, options);
  if (!(metresPerUnit > 0)) return {};
  const double height = restHeight(*motion.skeleton) / metresPerUnit;
  const LengthUnit guess = guessLengthUnit(height);
  if (std::abs(guess.metresPerUnit - metresPerUnit) <= 1e-12 * metresPerUnit) return {};
  char tall[32];
  std::snprintf(tall, sizeof tall, "%.4g", height);
  return std::string("its skeleton is ") + tall + " units tall, which a reader guessing the unit " +
         "takes as " + guess.name + "; read it back in " + lengthUnitLabel(metresPerUnit);
}

Result<std::string> formatBvh(const Motion& motion, const BvhWriteOptions& options) {
  const double metresPerUnit = bvhMetresPerUnit(motion, options);
  if (Status s = checkOptions(metresPerUnit, options); !s) return s.error();
  if (Status s = motion.validate(); !s) return Error{"BVH output: " + s.error().message};
  if (Status s = checkJointNames(*motion.skeleton); !s) return s.error();
  Writer w(*motion.skeleton, motion.fps, metresPerUnit, options);
  w.text().reserve(static_cast<size_t>(motion.frameCount()) * (motion.jointCount() * 3 + 3) * 12 +
                   4096);
  w.header(motion.frameCount());
  for (int f = 0; f < motion.frameCount(); ++f)
    w.frame(motion.rootPositions[f], motion.frameRotations(f));
  if (!w.error().empty()) return Error{w.error()};
  return std::move(w.text());
}

BvhWriteOptions bvhOptionsInUnitOf(const Motion& source, BvhWriteOptions asked) {
  if (!asked.metresPerUnit && source.sourceUnit.known())
    asked.metresPerUnit = source.sourceUnit.metresPerUnit;
  return asked;
}

Status writeBvhFile(const Motion& motion, const std::string& path, const BvhWriteOptions& options) {
  Result<std::string> text = formatBvh(motion, options);
  if (!text) return Error{path + ": " + text.error().message};
  return writeTextFileAtomically(path, *text);
}

}  // namespace mg

namespace mg {

Result<StreamedBvh> writeBvhStream(
    PoseStream& stream, long long frames, const std::string& path, const BvhWriteOptions& options,
    const std::function<bool(long long frame, const Pose& pose)>& onFrame) {
  auto fail = [&](const std::string& message) { return Error{path + ": " + message}; };
  if (frames < 1) return fail("a walk needs at least one frame");
  if (frames > kMaxStreamedBvhFrames) {
    return fail("a walk of " + std::to_string(frames) + " frames is too long to write (at most " +
                std::to_string(kMaxStreamedBvhFrames) + " frames)");
  }
  const std::shared_ptr<const Skeleton> skeleton = stream.skeleton();
  if (!skeleton || skeleton->jointCount() == 0) return fail("the stream has no skeleton");
  if (!(stream.fps() > 0) || !std::isfinite(stream.fps()))
    return fail("the stream has no frame rate");
  const double metresPerUnit = options.metresPerUnit.value_or(kDefaultBvhMetresPerUnit);
  if (Status s = checkOptions(metresPerUnit, options); !s) return fail(s.error().message);
  if (Status s = checkJointNames(*skeleton); !s) return fail(s.error().message);

  // The frame lines go to an anonymous scratch file while the walk plays (its length is known only
  // at the end), then follow the header into the target's temporary: memory stays one chunk.
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> body(std::tmpfile(), &std::fclose);
  if (!body)
    return fail(std::string("cannot create a scratch file (") + std::strerror(errno) + ")");
  Writer lines(*skeleton, stream.fps(), metresPerUnit, options);
  constexpr size_t kChunkBytes = 1 << 20;
  auto spill = [&]() -> bool {
    std::string& text = lines.text();
    const bool ok = std::fwrite(text.data(), 1, text.size(), body.get()) == text.size();
    text.clear();
    return ok;
  };
  StreamedBvh out;
  Pose pose;
  while (out.frames < frames) {
    if (!stream.next(pose)) {
      out.streamEnded = true;
      break;
    }
    if (static_cast<int>(pose.localRotations.size()) != skeleton->jointCount()) {
      return fail("frame " + std::to_string(out.frames) + " has " +
                  std::to_string(pose.localRotations.size()) + " joint rotations, the skeleton " +
                  std::to_string(skeleton->jointCount()));
    }
    lines.frame(pose.rootPosition, pose.localRotations.data());
    if (!lines.error().empty())
      return fail(lines.error() + " (frame " + std::to_string(out.frames) + ")");
    ++out.frames;
    if (lines.text().size() >= kChunkBytes && !spill())
      return fail("the scratch file cannot be written");
    if (onFrame && !onFrame(out.frames - 1, pose)) {
      out.stopped = true;
      break;
    }
  }
  if (out.frames == 0) return fail("the stream ended before its first frame");
  if (!spill() || std::fflush(body.get()) != 0) return fail("the scratch file cannot be written");

  Result<AtomicFileWriter> file = AtomicFileWriter::open(path);
  if (!file) return file.error();
  Writer head(*skeleton, stream.fps(), metresPerUnit, options);
  head.header(out.frames);
  if (!head.error().empty()) return fail(head.error());
  if (Status s = file->append(head.text()); !s) return s.error();
  std::rewind(body.get());
  std::string chunk(kChunkBytes, '\0');
  for (size_t n; (n = std::fread(chunk.data(), 1, chunk.size(), body.get())) > 0;) {
    if (Status s = file->append(std::string_view(chunk.data(), n)); !s) return s.error();
  }
  if (std::ferror(body.get())) return fail("the scratch file cannot be read back");
  if (Status s = file->commit(); !s) return s.error();
  return out;
}

}  // namespace mg
