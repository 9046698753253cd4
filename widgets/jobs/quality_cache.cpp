// SPDX-License-Identifier: MIT
#include "widgets/jobs/quality_cache.h"

#include <algorithm>
#include <optional>
#include <type_traits>

#include <QByteArray>
#include <QDataStream>
#include <QIODevice>

#include "widgets/document/result_cache.h"

namespace mg {

namespace {

constexpr quint32 kTag = 0x4D475152;  // "MGQR"
constexpr quint32 kVersion = 1;

// One function per type for both directions: `Io` is Writer or Reader, so every field is listed
// once and the two directions cannot drift apart.
struct Writer {
  QDataStream& s;
  void operator()(const std::string& v) { s << QByteArray::fromStdString(v); }
  void operator()(double v) { s << v; }
  void operator()(bool v) { s << v; }
  void operator()(int v) { s << qint32(v); }
  void operator()(long long v) { s << qint64(v); }
  void operator()(std::uint64_t v) { s << quint64(v); }
  void operator()(const std::optional<double>& v) { s << v.has_value() << v.value_or(0.0); }
  template <class T>
  void operator()(const std::vector<T>& v) {
    s << quint64(v.size());
    for (const T& x : v) io(*this, const_cast<T&>(x));
  }
  bool ok() const { return s.status() == QDataStream::Ok; }
};
struct Reader {
  QDataStream& s;
  void operator()(std::string& v) {
    QByteArray b;
    s >> b;
    v = b.toStdString();
  }
  void operator()(double& v) { s >> v; }
  void operator()(bool& v) { s >> v; }
  void operator()(int& v) {
    qint32 x = 0;
    s >> x;
    v = x;
  }
  void operator()(long long& v) {
    qint64 x = 0;
    s >> x;
    v = x;
  }
  void operator()(std::uint64_t& v) {
    quint64 x = 0;
    s >> x;
    v = x;
  }
  void operator()(std::optional<double>& v) {
    bool has = false;
    double x = 0;
    s >> has >> x;
    v = has ? std::optional(x) : std::nullopt;
  }
  template <class T>
  void operator()(std::vector<T>& v) {
    quint64 n = 0;
    s >> n;
    // A damaged count cannot ask for more elements than bytes remain.
    if (!ok() || n > static_cast<quint64>(s.device()->bytesAvailable())) {
      s.setStatus(QDataStream::ReadCorruptData);
      return;
    }
    v.resize(static_cast<size_t>(n));
    for (T& x : v) io(*this, x);
  }
  bool ok() const { return s.status() == QDataStream::Ok; }
};

template <class Io, class T>
requires std::is_arithmetic_v<T> || std::is_same_v<T, std::string>
void io(Io& f, T& v) {
  f(v);
}
template <class Io>
void io(Io& f, SourceCapture& v) {
  f(v.path), f(v.trimLeadingFrames);
}
template <class Io>
void io(Io& f, AccelerationStats& v) {
  f(v.frames), f(v.p50), f(v.p99), f(v.max), f(v.jointP50), f(v.jointP99), f(v.threshold),
      f(v.framesAbove), f(v.worstFrame), f(v.worstPoint);
}
template <class Io>
void io(Io& f, SkateStats& v) {
  f(v.samples), f(v.plants), f(v.meanBhPerS), f(v.p95BhPerS), f(v.meanMps), f(v.p95Mps);
}
template <class Io>
void io(Io& f, SourceSummary& v) {
  f(v.clips), f(v.medianP99), f(v.max), io(f, v.skate);
}
template <class Io>
void io(Io& f, GraphSize& v) {
  f(v.framesKept), f(v.clips), f(v.transitions), f(v.fileBytes), f(v.buildSeconds);
}
template <class Io>
void io(Io& f, CoverageStats& v) {
  f(v.sourceFrames), f(v.playableFrames), f(v.playableFraction), f(v.visits), f(v.visitedFrames),
      f(v.visitedFraction), f(v.evenness), f(v.maxOverMean);
}
template <class Io>
void io(Io& f, ResponseSummary& v) {
  f(v.changes), f(v.failures), f(v.meanSeconds), f(v.medianSeconds), f(v.maxSeconds);
}
template <class Io>
void io(Io& f, ResponseRecord& v) {
  int kind = static_cast<int>(v.directive.kind);
  f(v.changeFrame), f(kind), f(v.directive.headingRadians), f(v.directive.lineOffsetMetres),
      f(v.startErrorRadians), f(v.seconds), f(v.heldSeconds);
  if constexpr (std::is_same_v<Io, Reader>)
    v.directive.kind = static_cast<Directive::Kind>(std::clamp(kind, 0, 2));
}
template <class Io>
void io(Io& f, TransitionFigure& v) {
  f(v.frame), f(v.seconds), f(v.label), f(v.velocityJumpBhPerS), f(v.poseJumpBh), f(v.worstPoint);
}
template <class Io>
void io(Io& f, Histogram& v) {
  f(v.edges), f(v.logarithmic), f(v.counts), f(v.series), f(v.unit);
}
template <class Io>
void io(Io& f, std::vector<int>& v) {
  f(v);
}
template <class Io>
void io(Io& f, std::vector<double>& v) {
  f(v);
}
template <class Io>
void io(Io& f, QualityReportSettings& v) {
  f(v.seconds), f(v.seed), f(v.fps), f(v.sources), f(v.trimLeadingFrames), f(v.changeSeconds),
      f(v.changes), f(v.minTurnDegrees), f(v.toleranceDegrees), f(v.facingSmoothSeconds),
      f(v.coverageSeconds), f(v.worstTransitions), f(v.walkDirectory), f(v.accelerationThreshold);
}
template <class Io>
void io(Io& f, SourceFigures& v) {
  f(v.files), f(v.error), f(v.frames), f(v.frameCounts), io(f, v.summary), io(f, v.pooled),
      f(v.frameAcceleration), f(v.skateSpeeds), f(v.standingHeightsMetres), f(v.jumpP50),
      f(v.jumpP99), f(v.jumpMax);
}
template <class Io>
void io(Io& f, InputFigures& v) {
  f(v.path), f(v.kind), f(v.label), f(v.steerable), f(v.error), f(v.sourceGroup), io(f, v.size),
      f(v.walkFrames), f(v.walkSeconds), f(v.walkFile), f(v.walkEnded), io(f, v.acceleration),
      f(v.frameAcceleration), io(f, v.skate), f(v.skateSpeeds), f(v.transitions), f(v.jumpMean),
      f(v.jumpP95), f(v.jumpMax), f(v.worst), f(v.hasVisits), io(f, v.coverage), f(v.hasResponse),
      io(f, v.response), f(v.responses), f(v.synthesisSeconds), f(v.measureSeconds);
}
template <class Io>
void io(Io& f, QualityReport& v) {
  io(f, v.settings), f(v.sources), f(v.inputs), io(f, v.acceleration), io(f, v.skate), f(v.seconds);
}

Json settingsJson(const QualityReportSettings& s) {
  JsonArray sources;
  for (const std::string& p : s.sources) sources.emplace_back(p);
  return JsonObject{{"seconds", s.seconds},
                    {"seed", static_cast<double>(s.seed)},
                    {"fps", s.fps},
                    {"sources", std::move(sources)},
                    {"trim_leading_frames", s.trimLeadingFrames},
                    {"change_seconds", s.changeSeconds},
                    {"changes", s.changes},
                    {"min_turn_degrees", s.minTurnDegrees},
                    {"tolerance_degrees", s.toleranceDegrees},
                    {"facing_smooth_seconds", s.facingSmoothSeconds},
                    {"coverage_seconds", s.coverageSeconds},
                    {"worst_transitions", s.worstTransitions},
                    {"acceleration_threshold", s.accelerationThreshold}};
}

}  // namespace

Json qualityCacheInputs(const Project& project, const QualityReportSettings& settings) {
  return JsonObject{{"result", "quality report"},
                    {"project", projectInputsJson(project)},
                    {"settings", settingsJson(settings)}};
}

std::string encodeQualityReport(const QualityReport& report) {
  QByteArray bytes;
  QDataStream s(&bytes, QIODevice::WriteOnly);
  beginCachePayload(s, kTag, kVersion);
  Writer w{s};
  io(w, const_cast<QualityReport&>(report));
  return bytes.toStdString();
}

Result<std::shared_ptr<const QualityReport>> decodeQualityReport(const std::string& payload) {
  const QByteArray bytes = QByteArray::fromStdString(payload);
  QDataStream s(bytes);
  if (Status header = readCachePayloadHeader(s, kTag, kVersion, "quality report"); !header)
    return header.error();
  auto report = std::make_shared<QualityReport>();
  Reader r{s};
  io(r, *report);
  if (!r.ok()) return Error{"the quality report is truncated or damaged"};
  if (!s.atEnd()) return Error{"the quality report has bytes after its end"};
  return std::shared_ptr<const QualityReport>(std::move(report));
}

}  // namespace mg
