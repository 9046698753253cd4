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
  const QByteArray raw(reinterpret_cast<const char*>(v.data()),
                       static_cast<qsizetype>(v.size() * sizeof(float)));
  return raw.toBase64().toStdString();
}

bool base64Floats(const Json* value, size_t count, std::vector<float>* out) {
  if (!value || !value->is_string()) return false;
  const QByteArray raw =
      QByteArray::fromBase64(QByteArray::fromStdString(value->get_ref<const std::string&>()));
  if (static_cast<size_t>(raw.size()) != count * sizeof(float)) return false;
  out->resize(count);
  std::memcpy(out->data(), raw.constData(), static_cast<size_t>(raw.size()));
  for (float f : *out) {
    if (!std::isfinite(f)) return false;
  }
  return true;
}

Json vectors(const std::vector<ParameterVector>& v, int dims) {
  JsonArray out;
  for (const ParameterVector& p : v) {
    for (int d = 0; d < dims; ++d) out.push_back(p[static_cast<size_t>(d)]);
  }
  return out;
}

bool readVectors(const Json* value, int count, int dims, std::vector<ParameterVector>* out) {
  if (!value || !value->is_array() ||
      value->size() != static_cast<size_t>(count) * static_cast<size_t>(dims)) {
    return false;
  }
  out->assign(static_cast<size_t>(count), ParameterVector{});
  const Json& a = *value;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!a[i].is_number() || !std::isfinite(a[i].get<double>())) return false;
    (*out)[i / static_cast<size_t>(dims)][i % static_cast<size_t>(dims)] = a[i].get<double>();
  }
  return true;
}

int integer(const Json& o, const char* key) {
  const Json* v = jsonFind(o, key);
  return v && v->is_number() && v->get<double>() == std::floor(v->get<double>())
             ? static_cast<int>(v->get<double>())
             : -1;
}

}  // namespace

Json edgeSamplingCacheJson(const EdgeSampling& s, double workingFps) {
  JsonArray scale;
  for (int d = 0; d < s.targetDims; ++d) scale.push_back(s.targetScale[static_cast<size_t>(d)]);
  return JsonObject{{"working_fps", workingFps},
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

std::shared_ptr<const EdgeSampling> readEdgeSamplingCache(const Json& cache,
                                                          const EdgeSamplingSettings& settings,
                                                          const std::string& sourceNode,
                                                          const std::string& targetNode) {
  if (!cache.is_object()) return nullptr;
  auto s = std::make_shared<EdgeSampling>();
  s->sourceNode = sourceNode;
  s->targetNode = targetNode;
  s->settings = settings;
  s->sourceDims = integer(cache, "source_dims");
  s->targetDims = integer(cache, "target_dims");
  const int ns = integer(cache, "n_s"), nt = integer(cache, "n_t");
  if (s->sourceDims < 1 || s->sourceDims > kMaxParameterDims || s->targetDims < 1 ||
      s->targetDims > kMaxParameterDims || ns != settings.sourceSamples ||
      nt != settings.targetSamples) {
    return nullptr;
  }
  const Json* fps = jsonFind(cache, "working_fps");
  if (!fps || !fps->is_number() || !(fps->get<double>() > 0) || !std::isfinite(fps->get<double>()))
    return nullptr;
  s->settings.metric.workingFps = fps->get<double>();
  const Json* scale = jsonFind(cache, "target_scale");
  if (!scale || !scale->is_array() || scale->size() != static_cast<size_t>(s->targetDims))
    return nullptr;
  for (int d = 0; d < s->targetDims; ++d) {
    const Json& v = (*scale)[static_cast<size_t>(d)];
    if (!v.is_number() || !(v.get<double>() > 0) || !std::isfinite(v.get<double>())) return nullptr;
    s->targetScale[static_cast<size_t>(d)] = v.get<double>();
  }
  const size_t pairs = static_cast<size_t>(ns) * static_cast<size_t>(nt);
  if (!readVectors(jsonFind(cache, "source_parameters"), ns, s->sourceDims, &s->sourceParameters) ||
      !readVectors(jsonFind(cache, "target_parameters"), nt, s->targetDims, &s->targetParameters) ||
      !base64Floats(jsonFind(cache, "minimum"), pairs, &s->minimum) ||
      !base64Floats(jsonFind(cache, "source_time"), pairs, &s->sourceTime) ||
      !base64Floats(jsonFind(cache, "target_time"), pairs, &s->targetTime)) {
    return nullptr;
  }
  if (const Json* sec = jsonFind(cache, "seconds"); sec && sec->is_number())
    s->seconds = sec->get<double>();
  return s;
}

}  // namespace mg
