// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include "core/param/parametric_edge.h"

namespace mg {

// What an edge allows from one source parameter (Heck & Gleicher 2007, section 4).
struct TransitionLookup {
  ParameterBox box;             // B(N_s, N_t): the weighted box in the target space
  double sourceTime = 0.0;      // normalised transition frame in the source clip
  double targetTime = 0.0;      // normalised frame of the target clip it lands on
  std::vector<int> neighbours;  // indices of the k nearest transition samples, nearest first
  std::vector<double> weights;  // their weights w_i (eq. 1-2), sum 1
};

// Looks up `l` in an existing edge: the k = sourceDims + 1 nearest transition samples by
// Euclidean distance, weights w_i' = 1/e(l, l_i) - 1/e(l, l_k) normalised (an exact hit takes all
// the weight; equal distances share it equally), and the box centre, widths and transition times
// as weighted sums. Fails when the edge does not exist or has no samples, or l is not finite.
Result<TransitionLookup> lookupTransition(const ParametricEdge& edge, const ParameterVector& l);

}  // namespace mg
