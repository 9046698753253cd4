// SPDX-License-Identifier: MIT
#include "core/param/parametric_node.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "core/util/uniform01.h"

namespace mg {

Status InversionSettings::validate() const {
  if (samples < 1) return Error{"inversion: samples must be at least 1"};
  if (examplesPerSample < 0 || neighbours < 0) {
    return Error{"inversion: examplesPerSample and neighbours must be >= 0 (0 = automatic)"};
  }
  return Status::success();
}

void knnWeights(std::span<const double> d, std::span<double> w) {
  const size_t k = d.size();
  if (k == 0) return;
  if (d[0] <= 0.0 || k == 1) {
    std::fill(w.begin(), w.end(), 0.0);
    w[0] = 1.0;
    return;
  }
  double sum = 0;
  for (size_t i = 0; i < k; ++i) sum += (w[i] = 1.0 / d[i] - 1.0 / d[k - 1]);
  if (!(sum > 0)) {
    std::fill(w.begin(), w.end(), 1.0 / k);
    return;
  }
  for (double& x : w) x /= sum;
}

ParameterVector ParametricNode::clampToRange(const ParameterVector& l) const {
  ParameterVector out{};
  for (int d = 0; d < dimensions(); ++d) out[d] = std::clamp(l[d], m_min[d], m_max[d]);
  return out;
}

Status ParametricNode::weightsFor(const ParameterVector& l, std::vector<double>& out) const {
  const int dims = dimensions();
  for (int d = 0; d < dims; ++d) {
    if (!std::isfinite(l[d])) return Error{"node '" + m_name + "': parameter is not finite"};
  }
  const int k = std::min<int>(m_inversion.neighbours > 0 ? m_inversion.neighbours : dims + 2,
                              static_cast<int>(m_samples.size()));
  // The k nearest samples by insertion into a small sorted list.
  constexpr int kMaxK = 64;
  std::pair<double, int> best[kMaxK];
  const int kk = std::min(k, kMaxK);
  int found = 0;
  for (int s = 0; s < static_cast<int>(m_samples.size()); ++s) {
    double e = 0;
    for (int d = 0; d < dims; ++d) {
      const double x = (l[d] - m_samples[s].parameters[d]) * m_scale[d];
      e += x * x;
    }
    if (found == kk && e >= best[kk - 1].first) continue;
    int pos = found < kk ? found++ : kk - 1;
    while (pos > 0 && best[pos - 1].first > e) best[pos] = best[pos - 1], --pos;
    best[pos] = {e, s};
  }
  double distances[kMaxK], weights[kMaxK];
  for (int i = 0; i < found; ++i) distances[i] = std::sqrt(best[i].first);
  knnWeights({distances, static_cast<size_t>(found)}, {weights, static_cast<size_t>(found)});
  out.assign(m_space->exampleCount(), 0.0);
  for (int i = 0; i < found; ++i) {
    const std::vector<double>& w = m_samples[best[i].second].weights;
    for (size_t e = 0; e < out.size(); ++e) out[e] += weights[i] * w[e];
  }
  return Status::success();
}

Status ParametricNode::clipFor(const ParameterVector& l, Motion& out) const {
  thread_local std::vector<double> weights;
  if (Status s = weightsFor(l, weights); !s) return s;
  return blendClip(*m_space, weights, out);
}

Result<InversionResidual> ParametricNode::residual(int perDimension, double inset) const {
  if (perDimension < 2) return Error{"residual: at least 2 requests per dimension"};
  const int dims = dimensions();
  int total = 1;
  for (int d = 0; d < dims; ++d) total *= perDimension;
  InversionResidual out;
  Motion clip;
  double sumSq = 0;
  for (int index = 0; index < total; ++index) {
    ParameterVector l{};
    int rest = index;
    for (int d = 0; d < dims; ++d) {
      const double t = inset + (1 - 2 * inset) * (rest % perDimension) / (perDimension - 1.0);
      rest /= perDimension;
      l[d] = m_min[d] + t * (m_max[d] - m_min[d]);
    }
    if (Status s = clipFor(l, clip); !s) return s.error();
    const ParameterVector got = m_measure.measure(clip);
    double e = 0;
    for (int d = 0; d < dims; ++d) e += (got[d] - l[d]) * (got[d] - l[d]);
    e = std::sqrt(e);
    out.meanError += e;
    sumSq += e * e;
    if (e > out.maxError) out.maxError = e, out.worstRequest = l;
  }
  out.requests = total;
  out.meanError /= total;
  out.rmsError = std::sqrt(sumSq / total);
  return out;
}

Result<ParametricNode> buildParametricNode(std::string name,
                                           std::shared_ptr<const ParametricSpace> space,
                                           std::vector<ParameterMetric> metrics,
                                           const InversionSettings& inversion,
                                           const Progress& progress) {
  if (!space || space->exampleCount() == 0) {
    return Error{"node '" + name + "': no examples (an empty node)"};
  }
  if (Status s = inversion.validate(); !s)
    return Error{"node '" + name + "': " + s.error().message};
  Result<ParameterMeasure> measure = ParameterMeasure::create(std::move(metrics), space->skeleton);
  if (!measure) return Error{"node '" + name + "': " + measure.error().message};
  ParametricNode node;
  node.m_name = std::move(name);
  node.m_space = space;
  node.m_measure = std::move(measure.value());
  node.m_inversion = inversion;
  const int n = space->exampleCount();
  const int dims = node.dimensions();
  Motion clip;
  auto measureSample = [&](ParameterSample& s) -> Status {
    if (Status st = blendClip(*space, s.weights, clip); !st) return st;
    s.parameters = node.m_measure.measure(clip);
    for (int d = 0; d < dims; ++d) {
      if (!std::isfinite(s.parameters[d])) {
        return Error{"node '" + node.m_name + "': a measured parameter is not finite"};
      }
    }
    return Status::success();
  };
  for (int e = 0; e < n; ++e) {
    ParameterSample s;
    s.weights.assign(n, 0.0);
    s.weights[e] = 1.0;
    if (Status st = measureSample(s); !st) return st.error();
    node.m_samples.push_back(std::move(s));
  }
  // Scale of each parameter over the examples, for neighbour searches among them.
  ParameterVector lo, hi;
  lo.fill(1e300), hi.fill(-1e300);
  for (const ParameterSample& s : node.m_samples) {
    for (int d = 0; d < dims; ++d)
      lo[d] = std::min(lo[d], s.parameters[d]), hi[d] = std::max(hi[d], s.parameters[d]);
  }
  auto scaled = [&](const ParameterVector& a, const ParameterVector& b) {
    double e = 0;
    for (int d = 0; d < dims; ++d) {
      const double w = hi[d] - lo[d] > 1e-12 ? hi[d] - lo[d] : 1.0;
      e += (a[d] - b[d]) * (a[d] - b[d]) / (w * w);
    }
    return e;
  };
  const int mix =
      std::min(n, inversion.examplesPerSample > 0 ? inversion.examplesPerSample : dims + 1);
  std::mt19937_64 rng(inversion.seed);
  std::vector<std::pair<double, int>> order(n);
  for (int i = 0; i < inversion.samples; ++i) {
    if (progress.cancelled()) return Error{"node '" + node.m_name + "': sampling cancelled"};
    const int a = static_cast<int>(uniform01(rng) * n) % n;
    for (int e = 0; e < n; ++e)
      order[e] = {scaled(node.m_samples[a].parameters, node.m_samples[e].parameters), e};
    std::partial_sort(order.begin(), order.begin() + mix, order.end());
    ParameterSample s;
    s.weights.assign(n, 0.0);
    double sum = 0;
    for (int k = 0; k < mix; ++k) {
      // Exponential draws normalised: uniform on the simplex.
      const double w = -std::log(1.0 - uniform01(rng));
      s.weights[order[k].second] = w;
      sum += w;
    }
    for (double& w : s.weights) w /= sum;
    if (Status st = measureSample(s); !st) return st.error();
    node.m_samples.push_back(std::move(s));
    if ((i & 63) == 0) progress.report(static_cast<double>(i) / inversion.samples);
  }
  node.m_min.fill(0), node.m_max.fill(0), node.m_scale.fill(0);
  for (int d = 0; d < dims; ++d) {
    node.m_min[d] = 1e300, node.m_max[d] = -1e300;
    for (const ParameterSample& s : node.m_samples) {
      node.m_min[d] = std::min(node.m_min[d], s.parameters[d]);
      node.m_max[d] = std::max(node.m_max[d], s.parameters[d]);
    }
    const double w = node.m_max[d] - node.m_min[d];
    node.m_scale[d] = w > 1e-12 ? 1.0 / w : 1.0;
  }
  return node;
}

}  // namespace mg
