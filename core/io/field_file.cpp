// SPDX-License-Identifier: MIT
#include "core/io/field_file.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>

#include <zlib.h>

#include "core/util/atomic_file.h"

namespace mg {
namespace {

constexpr size_t kHeaderBytes = 8 + 4 + 4 + 8;  // magic, version, crc32, payload size
constexpr std::int32_t kMaxCount = 1 << 28;

class Writer {
 public:
  std::string out;
  template <class T>
  void put(T v) {
    char b[sizeof(T)];
    std::memcpy(b, &v, sizeof(T));
    out.append(b, sizeof(T));
  }
  void i32(int v) { put<std::int32_t>(v); }
  void f64(double v) { put<double>(v); }
  void str(const std::string& s) {
    put<std::uint32_t>(static_cast<std::uint32_t>(s.size()));
    out += s;
  }
};

class Reader {
 public:
  Reader(const std::string& bytes, size_t begin) : m_bytes(bytes), m_at(begin) {}
  template <class T>
  bool get(T& v) {
    if (m_bytes.size() - m_at < sizeof(T)) return fail();
    std::memcpy(&v, m_bytes.data() + m_at, sizeof(T));
    m_at += sizeof(T);
    return true;
  }
  bool i32(int& v) {
    std::int32_t x;
    if (!get(x)) return false;
    v = x;
    return true;
  }
  bool count(int& v, int max = kMaxCount) { return i32(v) && (v >= 0 && v <= max ? true : fail()); }
  bool f64(double& v) { return get(v) && (std::isfinite(v) ? true : fail()); }
  bool str(std::string& s) {
    std::uint32_t n;
    if (!get(n) || m_bytes.size() - m_at < n) return fail();
    s.assign(m_bytes.data() + m_at, n);
    m_at += n;
    return true;
  }
  bool ok() const { return m_ok; }
  bool atEnd() const { return m_at == m_bytes.size(); }
  size_t at() const { return m_at; }

 private:
  bool fail() { return m_ok = false; }
  const std::string& m_bytes;
  size_t m_at;
  bool m_ok = true;
};

// CRC-32 (zlib's, the one PNG and gzip use) of bytes[from, end).
std::uint32_t checksum(const std::string& bytes, size_t from) {
  return static_cast<std::uint32_t>(
      crc32_z(0, reinterpret_cast<const Bytef*>(bytes.data()) + from, bytes.size() - from));
}

}  // namespace

std::string encodeFieldFile(const MotionField& field) {
  const FieldDatabase& db = *field.database;
  const MotionFieldSettings& s = field.settings;
  Writer w;
  w.f64(s.database.workingFps);
  w.f64(s.database.rootWeight);
  w.f64(s.database.boneWeightScale);
  w.i32(s.flow.k);
  w.f64(s.flow.driftCorrection);
  w.i32(static_cast<int>(s.knn));
  const Skeleton& sk = *db.skeleton;
  w.i32(sk.jointCount());
  for (const Joint& j : sk.joints) {
    w.str(j.name);
    w.i32(j.parent);
    for (int c = 0; c < 3; ++c) w.f64(j.offset[c]);
  }
  w.i32(static_cast<int>(sk.endSites.size()));
  for (const EndSite& e : sk.endSites) {
    w.i32(e.joint);
    for (int c = 0; c < 3; ++c) w.f64(e.offset[c]);
  }
  w.i32(db.clipCount());
  for (const auto& m : db.motions) {
    w.str(m->name);
    w.str(m->sourcePath);
    w.i32(m->frameCount());
    for (int f = 0; f < m->frameCount(); ++f) {
      for (int c = 0; c < 3; ++c) w.f64(m->rootPositions[f][c]);
      for (int j = 0; j < m->jointCount(); ++j) {
        const Eigen::Quaterniond& q = m->rotation(f, j);
        w.f64(q.w()), w.f64(q.x()), w.f64(q.y()), w.f64(q.z());
      }
    }
  }
  w.i32(field.values ? 1 : 0);
  if (field.values) {
    const FieldValueFunction& v = *field.values;
    w.i32(static_cast<int>(v.task.kind));
    w.i32(v.task.angleSamples);
    w.i32(v.task.offsetSamples);
    w.f64(v.task.maxOffsetMetres);
    w.f64(v.task.offsetRewardPerMetre);
    w.f64(v.task.directiveChangesPerSecond);
    w.f64(v.discount);
    w.i32(v.anchors.compression);
    w.i32(v.iterations);
    w.f64(v.bellmanResidual);
    w.i32(v.anchors.anchorCount());
    w.i32(v.task.parameterCount());
    for (float x : v.values) w.put<float>(x);
  }
  // Version 2: provenance.
  w.f64(field.buildSeconds >= 0 && std::isfinite(field.buildSeconds) ? field.buildSeconds : -1.0);
  w.i32(std::max(field.trimLeadingFrames, -1));
  std::string file(kFieldMagic, 8);
  Writer h;
  h.put<std::uint32_t>(kFieldVersion);
  h.put<std::uint32_t>(checksum(w.out, 0));
  h.put<std::uint64_t>(w.out.size());
  return file + h.out + w.out;
}

Status writeFieldFile(const std::string& path, const MotionField& field) {
  return writeTextFileAtomically(path, encodeFieldFile(field));
}

Result<std::shared_ptr<const MotionField>> decodeFieldFile(const std::string& bytes,
                                                           const std::string& name) {
  const std::string where = name + ": ";
  if (bytes.size() < 8 || bytes.compare(0, 8, kFieldMagic, 8) != 0) {
    if (bytes.size() >= 7 && bytes.compare(0, 7, kFieldMagic, 7) == 0) {
      return Error{where + "a motion field file of another format generation ('" +
                   bytes.substr(0, 8) + "'); this program reads " + kFieldMagic};
    }
    return Error{where + "not a motion field file (no " + std::string(kFieldMagic) + " tag)"};
  }
  if (bytes.size() < kHeaderBytes) return Error{where + "truncated: the header is incomplete"};
  Reader header(bytes, 8);
  std::uint32_t version = 0, crc = 0;
  std::uint64_t payload = 0;
  header.get(version), header.get(crc), header.get(payload);
  if (version < static_cast<std::uint32_t>(kFieldOldestVersion) ||
      version > static_cast<std::uint32_t>(kFieldVersion)) {
    return Error{where + "motion field file version " + std::to_string(version) +
                 "; this program reads versions " + std::to_string(kFieldOldestVersion) + " to " +
                 std::to_string(kFieldVersion)};
  }
  const size_t actual = bytes.size() - kHeaderBytes;
  if (actual < payload) {
    return Error{where + "truncated: " + std::to_string(actual) + " of " + std::to_string(payload) +
                 " payload bytes"};
  }
  if (actual > payload)
    return Error{where + "has " + std::to_string(actual - payload) + " bytes after its end"};
  if (checksum(bytes, kHeaderBytes) != crc) return Error{where + "corrupt: checksum mismatch"};

  Reader r(bytes, kHeaderBytes);
  auto bad = [&](const std::string& what) { return Error{where + "bad " + what}; };
  MotionFieldSettings settings;
  int knn = 0;
  if (!r.f64(settings.database.workingFps) || !r.f64(settings.database.rootWeight) ||
      !r.f64(settings.database.boneWeightScale) || !r.i32(settings.flow.k) ||
      !r.f64(settings.flow.driftCorrection) || !r.i32(knn) || knn < 0 || knn > 1) {
    return bad("settings");
  }
  settings.knn = static_cast<KnnMethod>(knn);
  if (Status s = settings.validate(); !s) return Error{where + s.error().message};

  auto skeleton = std::make_shared<Skeleton>();
  int joints = 0, ends = 0;
  if (!r.count(joints, 100000)) return bad("joint count");
  skeleton->joints.resize(joints);
  for (Joint& j : skeleton->joints) {
    if (!r.str(j.name) || !r.i32(j.parent) || !r.f64(j.offset[0]) || !r.f64(j.offset[1]) ||
        !r.f64(j.offset[2])) {
      return bad("joint");
    }
  }
  if (!r.count(ends, 100000)) return bad("end site count");
  skeleton->endSites.resize(ends);
  for (EndSite& e : skeleton->endSites) {
    if (!r.i32(e.joint) || !r.f64(e.offset[0]) || !r.f64(e.offset[1]) || !r.f64(e.offset[2])) {
      return bad("end site");
    }
  }
  if (Status s = skeleton->validate(); !s) return Error{where + "skeleton: " + s.error().message};

  int motionCount = 0;
  if (!r.count(motionCount, 1000000) || motionCount == 0) return bad("motion count");
  std::vector<std::shared_ptr<const Motion>> motions;
  for (int m = 0; m < motionCount; ++m) {
    auto motion = std::make_shared<Motion>();
    motion->skeleton = skeleton;
    motion->fps = settings.database.workingFps;
    int frames = 0;
    if (!r.str(motion->name) || !r.str(motion->sourcePath) || !r.count(frames))
      return bad("motion");
    // Each frame needs (3 + 4 joints) doubles: refuse counts the remaining bytes cannot hold.
    const size_t frameBytes = (3 + 4 * static_cast<size_t>(joints)) * sizeof(double);
    if ((bytes.size() - r.at()) / frameBytes < static_cast<size_t>(frames))
      return bad("motion frame count");
    motion->rootPositions.resize(frames);
    motion->localRotations.resize(static_cast<size_t>(frames) * joints);
    for (int f = 0; f < frames; ++f) {
      for (int c = 0; c < 3; ++c) r.f64(motion->rootPositions[f][c]);
      for (int j = 0; j < joints; ++j) {
        double w, x, y, z;
        r.f64(w), r.f64(x), r.f64(y), r.f64(z);
        motion->localRotations[static_cast<size_t>(f) * joints + j] =
            Eigen::Quaterniond(w, x, y, z);
      }
    }
    if (!r.ok()) return bad("motion frames");
    if (Status s = motion->validate(); !s) {
      return Error{where + "motion " + std::to_string(m) + ": " + s.error().message};
    }
    motions.push_back(std::move(motion));
  }
  Result<FieldDatabase> db = buildFieldDatabase(motions, settings.database);
  if (!db) return Error{where + db.error().message};
  auto database = std::make_shared<const FieldDatabase>(std::move(db.value()));

  int hasValues = 0;
  if (!r.i32(hasValues) || hasValues < 0 || hasValues > 1) return bad("value function flag");
  std::shared_ptr<FieldValueFunction> values;
  if (hasValues) {
    values = std::make_shared<FieldValueFunction>();
    int kind = 0, compression = 0, anchors = 0, params = 0;
    if (!r.i32(kind) || kind < 0 || kind > 1 || !r.i32(values->task.angleSamples) ||
        !r.i32(values->task.offsetSamples) || !r.f64(values->task.maxOffsetMetres) ||
        !r.f64(values->task.offsetRewardPerMetre) ||
        !r.f64(values->task.directiveChangesPerSecond) || !r.f64(values->discount) ||
        !r.i32(compression) || !r.i32(values->iterations) || !r.f64(values->bellmanResidual) ||
        !r.count(anchors) || !r.count(params)) {
      return bad("value function header");
    }
    values->task.kind = static_cast<FieldTaskKind>(kind);
    if (Status s = values->task.validate(); !s) return Error{where + s.error().message};
    if (!(values->discount > 0 && values->discount < 1) || compression < 1 ||
        compression > database->stateCount()) {
      return bad("value function settings");
    }
    values->anchors = buildAnchorMap(*database, compression);
    if (anchors != values->anchors.anchorCount() || params != values->task.parameterCount()) {
      return Error{where + "the value function (" + std::to_string(anchors) + " anchors x " +
                   std::to_string(params) + ") does not fit the field's " +
                   std::to_string(values->anchors.anchorCount()) + " anchors x " +
                   std::to_string(values->task.parameterCount()) + " task samples"};
    }
    values->values.resize(static_cast<size_t>(anchors) * params);
    for (float& x : values->values) {
      if (!r.get(x) || !std::isfinite(x)) return bad("value");
    }
  }
  double buildSeconds = -1;
  int trim = -1;
  if (version >= 2 && !r.f64(buildSeconds)) return bad("build seconds");
  if (version >= 2 && (!r.i32(trim) || trim < -1)) return bad("trim leading frames");
  if (!r.atEnd())
    return Error{where + "unexpected bytes after " +
                 (version >= 2 ? "the build time" : "the value function")};
  Result<std::shared_ptr<const MotionField>> field =
      assembleMotionField(std::move(database), settings, std::move(values));
  if (!field) return Error{where + field.error().message};
  auto out = std::make_shared<MotionField>(**field);
  out->buildSeconds = buildSeconds < 0 ? -1.0 : buildSeconds;
  out->trimLeadingFrames = trim;
  return std::shared_ptr<const MotionField>(std::move(out));
}

Result<std::shared_ptr<const MotionField>> readFieldFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{path + ": cannot open the file"};
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (in.bad()) return Error{path + ": read error"};
  return decodeFieldFile(bytes.str(), path);
}

}  // namespace mg
