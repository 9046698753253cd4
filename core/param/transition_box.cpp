// SPDX-License-Identifier: MIT
#include "core/param/transition_box.h"

#include <algorithm>
#include <cmath>
#include <unordered_set>
#include <vector>

namespace mg {

ParameterVector ParameterBox::centre() const {
  ParameterVector c{};
  for (int d = 0; d < dims; ++d) c[d] = 0.5 * (lo[d] + hi[d]);
  return c;
}

ParameterVector ParameterBox::widths() const {
  ParameterVector w{};
  for (int d = 0; d < dims; ++d) w[d] = hi[d] - lo[d];
  return w;
}

bool ParameterBox::contains(const ParameterVector& p, double tolerance) const {
  if (empty) return false;
  for (int d = 0; d < dims; ++d) {
    if (p[d] < lo[d] - tolerance || p[d] > hi[d] + tolerance) return false;
  }
  return true;
}

bool ParameterBox::excludes(const ParameterVector& p, double epsilon, double tolerance) const {
  if (empty) return true;
  for (int d = 0; d < dims; ++d) {
    if (p[d] <= lo[d] - epsilon + tolerance || p[d] >= hi[d] + epsilon - tolerance) return true;
  }
  return false;
}

ParameterBox ParameterBox::fromCentre(int dims, const ParameterVector& centre,
                                      const ParameterVector& widths) {
  ParameterBox b;
  b.dims = dims;
  b.empty = false;
  for (int d = 0; d < dims; ++d) {
    b.lo[d] = centre[d] - 0.5 * widths[d];
    b.hi[d] = centre[d] + 0.5 * widths[d];
  }
  return b;
}

ParameterBox boundingBox(std::span<const ParameterVector> points, int dims) {
  ParameterBox b;
  b.dims = dims;
  if (points.empty()) return b;
  b.empty = false;
  b.lo = b.hi = points[0];
  for (const ParameterVector& p : points) {
    for (int d = 0; d < dims; ++d)
      b.lo[d] = std::min(b.lo[d], p[d]), b.hi[d] = std::max(b.hi[d], p[d]);
  }
  return b;
}

namespace {

int countInside(std::span<const ParameterVector> good, const ParameterBox& box) {
  int n = 0;
  for (const ParameterVector& g : good) n += box.contains(g) ? 1 : 0;
  return n;
}

double shrinkOf(const ParameterBox& before, const ParameterBox& after,
                const ParameterVector& scale) {
  double s = 0;
  for (int d = 0; d < before.dims; ++d) {
    s += ((after.lo[d] - before.lo[d]) + (before.hi[d] - after.hi[d])) / scale[d];
  }
  return s;
}

// The first BAD sample that is not at least epsilon outside `box`, or -1.
int firstViolation(std::span<const ParameterVector> bad, const ParameterBox& box, double epsilon) {
  for (int i = 0; i < static_cast<int>(bad.size()); ++i) {
    if (!box.excludes(bad[i], epsilon)) return i;
  }
  return -1;
}

// The up to 2 x dims boxes that exclude `p` by moving one face of `box` (faces never cross).
std::vector<ParameterBox> cuts(const ParameterBox& box, const ParameterVector& p, double epsilon) {
  std::vector<ParameterBox> out;
  for (int d = 0; d < box.dims; ++d) {
    if (p[d] + epsilon <= box.hi[d]) {
      ParameterBox b = box;
      b.lo[d] = std::max(b.lo[d], p[d] + epsilon);
      out.push_back(b);
    }
    if (p[d] - epsilon >= box.lo[d]) {
      ParameterBox b = box;
      b.hi[d] = std::min(b.hi[d], p[d] - epsilon);
      out.push_back(b);
    }
  }
  return out;
}

struct Search {
  std::span<const ParameterVector> good, bad;
  double epsilon = 0;
  ParameterVector scale{};
  ParameterBox before;
  int maxNodes = 0;
  int nodes = 0;
  ParameterBox best;
  int bestGood = -1;
  double bestShrink = 0;
  std::unordered_set<std::string> seen;

  bool better(int g, double s) const {
    return g > bestGood || (g == bestGood && s < bestShrink - 1e-12);
  }

  void visit(const ParameterBox& box, int inside) {
    if (++nodes > maxNodes) return;
    const double s = shrinkOf(before, box, scale);
    if (!better(inside, s)) return;  // children only lose GOOD samples and shrink more
    std::string key(reinterpret_cast<const char*>(box.lo.data()), sizeof(double) * 2 * box.dims);
    key.append(reinterpret_cast<const char*>(box.hi.data()), sizeof(double) * box.dims);
    if (!seen.insert(key).second) return;
    const int v = firstViolation(bad, box, epsilon);
    if (v < 0) {
      best = box, bestGood = inside, bestShrink = s;
      return;
    }
    std::vector<std::pair<int, ParameterBox>> children;
    for (const ParameterBox& c : cuts(box, bad[v], epsilon))
      children.emplace_back(countInside(good, c), c);
    std::stable_sort(children.begin(), children.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    for (const auto& [g, c] : children) visit(c, g);
  }
};

BoxShrinkResult shrinkOneDimension(std::span<const ParameterVector> good,
                                   std::span<const ParameterVector> bad, double epsilon,
                                   const ParameterVector& scale, const ParameterBox& before) {
  std::vector<double> g, b;
  for (const ParameterVector& p : good) g.push_back(p[0]);
  for (const ParameterVector& p : bad) {
    if (p[0] > before.lo[0] - epsilon && p[0] < before.hi[0] + epsilon) b.push_back(p[0]);
  }
  std::sort(g.begin(), g.end());
  std::sort(b.begin(), b.end());
  BoxShrinkResult r;
  r.before = before;
  int bestGood = -1;
  double bestShrink = 0;
  ParameterBox best = before;
  // Gap k lies between BAD sample k - 1 and BAD sample k (the bounding box closes the ends).
  for (size_t k = 0; k <= b.size(); ++k) {
    const double lo = k == 0 ? before.lo[0] : std::max(before.lo[0], b[k - 1] + epsilon);
    const double hi = k == b.size() ? before.hi[0] : std::min(before.hi[0], b[k] - epsilon);
    if (lo > hi) continue;
    const int inside = static_cast<int>(std::upper_bound(g.begin(), g.end(), hi + 1e-9) -
                                        std::lower_bound(g.begin(), g.end(), lo - 1e-9));
    const double s = ((lo - before.lo[0]) + (before.hi[0] - hi)) / scale[0];
    if (inside > bestGood || (inside == bestGood && s < bestShrink - 1e-12)) {
      bestGood = inside, bestShrink = s;
      best.lo[0] = lo, best.hi[0] = hi;
    }
  }
  r.goodInside = std::max(0, bestGood);
  r.after = best;
  r.after.empty = r.goodInside == 0;
  r.shrink = bestGood >= 0 ? bestShrink : 0.0;
  r.shrunk = r.after.empty || best.lo[0] != before.lo[0] || best.hi[0] != before.hi[0];
  return r;
}

}  // namespace

BoxShrinkResult shrinkBoxAwayFromBad(std::span<const ParameterVector> good,
                                     std::span<const ParameterVector> bad, int dims, double epsilon,
                                     const ParameterVector& scale, int maxNodes) {
  BoxShrinkResult r;
  r.before = boundingBox(good, dims);
  r.after.dims = dims;
  if (r.before.empty) return r;
  if (dims == 1) return shrinkOneDimension(good, bad, epsilon, scale, r.before);

  // Greedy first: a valid box to start the bound from.
  ParameterBox greedy = r.before;
  for (int v = firstViolation(bad, greedy, epsilon); v >= 0;
       v = firstViolation(bad, greedy, epsilon)) {
    std::vector<ParameterBox> options = cuts(greedy, bad[v], epsilon);
    if (options.empty()) {
      greedy.empty = true;
      break;
    }
    int bestG = -1;
    double bestS = 0;
    for (const ParameterBox& c : options) {
      const int g = countInside(good, c);
      const double s = shrinkOf(r.before, c, scale);
      if (g > bestG || (g == bestG && s < bestS)) bestG = g, bestS = s, greedy = c;
    }
  }
  Search search;
  search.good = good, search.bad = bad, search.epsilon = epsilon, search.scale = scale;
  search.before = r.before, search.maxNodes = maxNodes;
  if (!greedy.empty) {
    search.best = greedy;
    search.bestGood = countInside(good, greedy);
    search.bestShrink = shrinkOf(r.before, greedy, scale);
    // The greedy box is a candidate, so the search must find one strictly better to replace it;
    // lowering the bar by a hair lets an equally good box reached first win deterministically.
    search.bestShrink += 1e-9;
  }
  search.visit(r.before, countInside(good, r.before));
  r.exact = search.nodes <= maxNodes;
  if (search.bestGood <= 0) {
    r.after = r.before;
    r.after.empty = true;
    r.shrunk = true;
    return r;
  }
  r.after = search.best;
  r.after.empty = false;
  r.goodInside = search.bestGood;
  r.shrink = shrinkOf(r.before, r.after, scale);
  r.shrunk = r.shrink > 0;
  return r;
}

}  // namespace mg
