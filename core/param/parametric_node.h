// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/param/parameter_metric.h"
#include "core/param/parametric_space.h"
#include "core/util/progress.h"
#include "core/util/result.h"

namespace mg {

// How a node's parameterisation is sampled and inverted.
struct InversionSettings {
  int samples = 1000;         // random weight vectors measured, >= 1 (plus one per example)
  int examplesPerSample = 0;  // examples mixed per random sample, 0 = dimensions + 1; >= 1
  int neighbours = 0;         // k of the k-NN inversion, 0 = dimensions + 2; >= 1
  std::uint64_t seed = 1;     // the sampling is deterministic for a seed

  // Fails when samples < 1 or examplesPerSample or neighbours < 0.
  Status validate() const;
};

// One measured blend: its weights (one per example, sum 1, >= 0) and its parameters.
struct ParameterSample {
  std::vector<double> weights;
  ParameterVector parameters{};
};

// Residual of the inversion: how far the measured parameter of clipFor(l) is from l.
struct InversionResidual {
  int requests = 0;        // parameters requested (a grid over the parameter range)
  double meanError = 0.0;  // mean Euclidean error, parameter units
  double rmsError = 0.0;
  double maxError = 0.0;
  ParameterVector worstRequest{};  // the request with maxError
};

// A node of a parametric motion graph: a parametric motion space, the metrics that parameterise
// it, and the measured samples that invert it. Immutable after buildParametricNode(); const
// methods are thread-safe.
class ParametricNode {
 public:
  const std::string& name() const { return m_name; }
  const ParametricSpace& space() const { return *m_space; }
  std::shared_ptr<const ParametricSpace> sharedSpace() const { return m_space; }
  const ParameterMeasure& measure() const { return m_measure; }
  const InversionSettings& inversion() const { return m_inversion; }
  int dimensions() const { return m_measure.dimensions(); }

  // Measured samples: the pure examples first (sample i = example i), then the random blends.
  // The editor's parameter plot shows these.
  const std::vector<ParameterSample>& samples() const { return m_samples; }
  // The range of the measured samples per parameter (the node's parameter range).
  const ParameterVector& rangeMin() const { return m_min; }
  const ParameterVector& rangeMax() const { return m_max; }
  // `l` clamped into the range.
  ParameterVector clampToRange(const ParameterVector& l) const;

  // Weights whose blend has parameter l: k-NN interpolation of the samples' weight vectors
  // with the weights of Heck & Gleicher's eq. 2 (distances normalised by the range).
  // `out` is resized to the example count. Fails when a component of l is not finite.
  Status weightsFor(const ParameterVector& l, std::vector<double>& out) const;
  // The clip for parameter l (weightsFor then blendClip). Same failures.
  Status clipFor(const ParameterVector& l, Motion& out) const;

  // Requests `perDimension`^dims parameters evenly over the range (inset by `inset` of the range
  // at each end), measures each clip, and reports the errors. Fails when perDimension < 2.
  Result<InversionResidual> residual(int perDimension, double inset = 0.0) const;

 private:
  friend Result<ParametricNode> buildParametricNode(std::string,
                                                    std::shared_ptr<const ParametricSpace>,
                                                    std::vector<ParameterMetric>,
                                                    const InversionSettings&, const Progress&);
  std::string m_name;
  std::shared_ptr<const ParametricSpace> m_space;
  ParameterMeasure m_measure;
  InversionSettings m_inversion;
  std::vector<ParameterSample> m_samples;
  ParameterVector m_min{}, m_max{}, m_scale{};  // m_scale: 1 / range width (1 when flat)
};

// Measures the examples and `inversion.samples` random blends (each mixes a random example with
// its nearest examples in parameter space, weights uniform on the simplex), then keeps them for
// inversion. Fails when: the space is null or empty; the metrics are invalid for its skeleton or
// give 0 or more than 3 parameters; the inversion settings are invalid; a measured parameter is
// not finite; cancelled.
Result<ParametricNode> buildParametricNode(std::string name,
                                           std::shared_ptr<const ParametricSpace> space,
                                           std::vector<ParameterMetric> metrics,
                                           const InversionSettings& inversion,
                                           const Progress& progress = {});

// The k-NN weights of Heck & Gleicher eq. 1-2 for sorted distances d_1 <= ... <= d_k:
// w_i' = 1/d_i - 1/d_k, normalised. An exact hit (d_1 == 0) takes all the weight; when every
// distance is equal the weights are equal. `weights` gets distances.size() values.
void knnWeights(std::span<const double> distances, std::span<double> weights);

}  // namespace mg
