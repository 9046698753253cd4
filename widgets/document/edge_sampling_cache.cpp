// SPDX-License-Identifier: MIT
#include "widgets/document/edge_sampling_cache.h"

#include <bit>
#include <cmath>
#include <cstring>

#include <QByteArray>

namespace mg {

namespace {

static_assert(std::endian::native == std::endian::little, "the cache stores little-endian floats");

std::string floatsBase64(const std::vector<float>& v) {
  const QByteArray raw(reinterpret_cast<const char*>(v.data()), static_cast<qsizetype>(v.size() * sizeof(float)));
  return raw.toBase64().toStdString();
}

bool base64Floats(const JsonValue* value, size_t count, std::vector<float>* out) {
  if (!value || !value->isString()) return false;
  const QByteArray raw = QByteArray::fromBase64(QByteArray::fromStdString(value->asString()));
  if (static_cast<size_t>(raw.size()) != count * sizeof(float)) return false;
  out->resize(count);
  std::memcpy(out->data(), raw.constData(), static_cast<size_t>(raw.size()));
  for (float f : *out) {
    if (!std::isfinite(f)) return false;
  }
  return true;
}

JsonValue vectors(const std::vector<ParameterVector>& v, int dims) {
  JsonValue::Array out;
  for (const ParameterVector& p : v) {
    for (int d = 0; d < dims; ++d) out.push_back(p[static_cast<size_t>(d)]);
  }
  return out;
}

bool readVectors(const JsonValue* value, int count, int dims, std::vector<ParameterVector>* out) {
  if (!value || !value->isArray() || value->asArray().size() != static_cast<size_t>(count) * static_cast<size_t>(dims)) {
    return false;
  }
  out->assign(static_cast<size_t>(count), ParameterVector{});
  const JsonValue::Array& a = value->asArray();
  for (size_t i = 0; i < a.size(); ++i) {
    if (!a[i].isNumber() || !std::isfinite(a[i].asNumber())) return false;
    (*out)[i / static_cast<size_t>(dims)][i % static_cast<size_t>(dims)] = a[i].asNumber();
  }
  return true;
}

int integer(const JsonValue& o, const char* key) {
  const JsonValue* v = o.find(key);
  return v && v->isNumber() && v->asNumber() == std::floor(v->asNumber()) ? static_cast<int>(v->asNumber()) : -1;
}

}  // namespace

JsonValue edgeSamplingCacheJson(const EdgeSampling& s, double workingFps) {
  JsonValue::Array scale;
  for (int d = 0; d < s.targetDims; ++d) scale.push_back(s.targetScale[static_cast<size_t>(d)]);
  return JsonValue::Object{{"working_fps", workingFps},
                           {"source_dims", s.sourceDims},
                           {"target_dims", s.targetDims},
                           {"n_s", s.sourceCount()},
                           {"n_t", s.targetCount()},
                           {"target_scale", std::move(scale)},
                           {"source_parameters", vectors(s.sourceParameters, s.sourceDims)},
                           {"target_parameters", vectors(s.targetParameters, s.targetDims)},
                           {"minimum", floatsBase64(s.minimum)},
                           {"source_time", floatsBase64(s.sourceTime)},
                           {"target_time", floatsBase64(s.targetTime)},
                           {"seconds", s.seconds}};
}

std::shared_ptr<const EdgeSampling> readEdgeSamplingCache(const JsonValue& cache, const EdgeSamplingSettings& settings,
                                                          const std::string& sourceNode, const std::string& targetNode) {
  if (!cache.isObject()) return nullptr;
  auto s = std::make_shared<EdgeSampling>();
  s->sourceNode = sourceNode;
  s->targetNode = targetNode;
  s->settings = settings;
  s->sourceDims = integer(cache, "source_dims");
  s->targetDims = integer(cache, "target_dims");
  const int ns = integer(cache, "n_s"), nt = integer(cache, "n_t");
  if (s->sourceDims < 1 || s->sourceDims > kMaxParameterDims || s->targetDims < 1 || s->targetDims > kMaxParameterDims ||
      ns != settings.sourceSamples || nt != settings.targetSamples) {
    return nullptr;
  }
  const JsonValue* fps = cache.find("working_fps");
  if (!fps || !fps->isNumber() || !(fps->asNumber() > 0) || !std::isfinite(fps->asNumber())) return nullptr;
  s->settings.metric.workingFps = fps->asNumber();
  const JsonValue* scale = cache.find("target_scale");
  if (!scale || !scale->isArray() || scale->asArray().size() != static_cast<size_t>(s->targetDims)) return nullptr;
  for (int d = 0; d < s->targetDims; ++d) {
    const JsonValue& v = scale->asArray()[static_cast<size_t>(d)];
    if (!v.isNumber() || !(v.asNumber() > 0) || !std::isfinite(v.asNumber())) return nullptr;
    s->targetScale[static_cast<size_t>(d)] = v.asNumber();
  }
  const size_t pairs = static_cast<size_t>(ns) * static_cast<size_t>(nt);
  if (!readVectors(cache.find("source_parameters"), ns, s->sourceDims, &s->sourceParameters) ||
      !readVectors(cache.find("target_parameters"), nt, s->targetDims, &s->targetParameters) ||
      !base64Floats(cache.find("minimum"), pairs, &s->minimum) ||
      !base64Floats(cache.find("source_time"), pairs, &s->sourceTime) ||
      !base64Floats(cache.find("target_time"), pairs, &s->targetTime)) {
    return nullptr;
  }
  if (const JsonValue* sec = cache.find("seconds"); sec && sec->isNumber()) s->seconds = sec->asNumber();
  return s;
}

}  // namespace mg
