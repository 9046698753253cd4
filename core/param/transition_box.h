// SPDX-License-Identifier: MIT
#pragma once

#include <span>

#include "core/param/parameter_metric.h"

namespace mg {

// An axis-aligned box in a parameter space of `dims` dimensions: [lo_d, hi_d] per dimension.
struct ParameterBox {
  int dims = 1;
  ParameterVector lo{}, hi{};
  bool empty = true;  // no box at all (not a zero-width box)

  ParameterVector centre() const;
  ParameterVector widths() const;
  // True when p is inside, with a tolerance of `tolerance` parameter units.
  bool contains(const ParameterVector& p, double tolerance = 1e-9) const;
  // True when p is at least `epsilon` outside along some axis (BAD samples must be).
  bool excludes(const ParameterVector& p, double epsilon, double tolerance = 1e-9) const;
  static ParameterBox fromCentre(int dims, const ParameterVector& centre,
                                 const ParameterVector& widths);
};

// The bounding box of `points` (empty when there are none).
ParameterBox boundingBox(std::span<const ParameterVector> points, int dims);

// The box around the GOOD samples shrunk so every BAD sample is at least epsilon outside
// (Heck & Gleicher 2007, section 3.2).
struct BoxShrinkResult {
  ParameterBox before;  // bounding box of the GOOD samples (empty if there are none)
  ParameterBox after;   // the shrunk box; empty when it holds no GOOD sample
  int goodInside = 0;   // GOOD samples inside `after`
  double shrink = 0.0;  // sum over faces of how far each moved, over `scale` (range widths)
  bool shrunk = false;  // after differs from before
  bool exact = true;    // false when the search hit its node limit and kept the greedy box
};

// The paper's "minimal adjustment", made precise: among all boxes inside the GOOD bounding box
// that keep every BAD sample at least epsilon outside (along some axis), the one holding the most
// GOOD samples; among those, the one whose faces moved least in total (each face's move divided
// by scale_d, the node's range width in dimension d). One dimension is solved exactly by scanning
// the gaps between BAD samples; more dimensions by branch and bound over the 2 x dims ways of
// excluding each violating BAD sample (exact: every optimal box lies inside one branch), with
// `maxNodes` search nodes at most, after which the best box found so far (at worst the greedy
// one, which processes BAD samples in order and cuts the face that keeps most GOOD samples) is
// kept and `exact` is false. Preconditions: 1 <= dims <= 3; epsilon > 0; scale_d > 0.
BoxShrinkResult shrinkBoxAwayFromBad(std::span<const ParameterVector> good,
                                     std::span<const ParameterVector> bad, int dims, double epsilon,
                                     const ParameterVector& scale, int maxNodes = 200000);

}  // namespace mg
