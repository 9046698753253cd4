// SPDX-License-Identifier: MIT
#include "core/field/neighbour_index.h"

#include <algorithm>
#include <cmath>

#include <nanoflann.hpp>

#include "core/metric/kernel_dispatch.h"

namespace mg {

// Chosen from `mgtool bench field` (see the header): the faster exact method on the shared data.
const KnnMethod kDefaultKnnMethod = KnnMethod::BruteForce;

const char* knnMethodName(KnnMethod method) {
  return method == KnnMethod::KdTree ? "kd-tree" : "brute-force";
}

namespace {

// Leading principal components the GEMM pass of the brute-force search bounds distances with.
constexpr int kHeadComponents = 32;

// nanoflann's view of the rotated features.
struct RotatedRows {
  const double* data = nullptr;
  size_t rows = 0, dims = 0;
  size_t kdtree_get_point_count() const { return rows; }
  double kdtree_get_pt(size_t i, size_t d) const { return data[i * dims + d]; }
  template <class Box>
  bool kdtree_get_bbox(Box&) const {
    return false;
  }
};

using Tree = nanoflann::KDTreeSingleIndexAdaptor<nanoflann::L2_Simple_Adaptor<double, RotatedRows>,
                                                 RotatedRows, -1, unsigned>;

bool closer(const Neighbour& a, const Neighbour& b) {
  return a.distance < b.distance || (a.distance == b.distance && a.state < b.state);
}

// Keeps the k smallest (value, index) pairs seen, sorted ascending.
struct TopK {
  std::vector<std::pair<double, int>> items;
  int k = 0;
  void reset(int kk) { k = kk, items.clear(); }
  double worst() const {
    return static_cast<int>(items.size()) < k ? INFINITY : items.back().first;
  }
  void offer(double v, int i) {
    if (static_cast<int>(items.size()) == k) {
      if (!(v < items.back().first || (v == items.back().first && i < items.back().second))) return;
      items.pop_back();
    }
    auto at = std::lower_bound(items.begin(), items.end(), std::make_pair(v, i));
    items.insert(at, {v, i});
  }
};

double squaredDistance(const double* a, const double* b, int d) {
  double s = 0;
  for (int i = 0; i < d; ++i) {
    const double t = a[i] - b[i];
    s += t * t;
  }
  return s;
}

}  // namespace

struct NeighbourIndex::KdTree {
  RotatedRows rows;
  Tree tree;
  KdTree(const RotatedRows& r, int dims)
      : rows(r), tree(dims, rows, nanoflann::KDTreeSingleIndexAdaptorParams(12)) {
    tree.buildIndex();
  }
};

NeighbourIndex::~NeighbourIndex() = default;

std::unique_ptr<NeighbourIndex> NeighbourIndex::build(const FieldDatabase& db, KnnMethod method) {
  std::unique_ptr<NeighbourIndex> index(new NeighbourIndex);
  index->m_method = method;
  index->m_n = db.stateCount();
  index->m_d = db.featureDims;
  index->m_features = db.features.data();
  const int n = index->m_n, d = index->m_d;
  const FeaturePca pca = featurePca(db);
  index->m_mean = pca.mean;
  index->m_axes = pca.axes;
  index->m_rotated.resize(static_cast<size_t>(n) * d);
  for (int i = 0; i < n; ++i) {
    const Eigen::Map<const Eigen::VectorXd> x(db.feature(i), d);
    Eigen::Map<Eigen::VectorXd>(index->m_rotated.data() + static_cast<size_t>(i) * d, d) =
        pca.axes.transpose() * (x - pca.mean);
  }
  if (method == KnnMethod::KdTree) {
    index->m_tree = std::make_unique<KdTree>(
        RotatedRows{index->m_rotated.data(), static_cast<size_t>(n), static_cast<size_t>(d)}, d);
  } else {
    const int r = index->m_head = std::min(d, kHeadComponents);
    index->m_headAxes = pca.axes.leftCols(r);
    index->m_headFloat.resize(static_cast<size_t>(n) * r);
    index->m_headNorm.resize(n), index->m_tailNorm.resize(n);
    for (int i = 0; i < n; ++i) {
      const double* y = index->m_rotated.data() + static_cast<size_t>(i) * d;
      double head = 0, tail = 0;
      for (int c = 0; c < r; ++c) {
        const float v = static_cast<float>(y[c]);
        index->m_headFloat[static_cast<size_t>(i) * r + c] = v;
        head += static_cast<double>(v) * v;
      }
      for (int c = r; c < d; ++c) tail += y[c] * y[c];
      index->m_headNorm[i] = head;
      index->m_tailNorm[i] = std::sqrt(tail);
      index->m_maxHeadNorm = std::max(index->m_maxHeadNorm, std::sqrt(head));
    }
  }
  return index;
}

void NeighbourIndex::query(const double* feature, int k, std::vector<Neighbour>& out) const {
  queryBatch(feature, 1, k, out);
}

void NeighbourIndex::queryBatch(const double* features, int count, int k,
                                std::vector<Neighbour>& out) const {
  const int kk = std::min(k, m_n);
  out.resize(static_cast<size_t>(count) * kk);
  if (m_method == KnnMethod::KdTree) {
    for (int q = 0; q < count; ++q) {
      queryKdTree(features + static_cast<size_t>(q) * m_d, kk,
                  out.data() + static_cast<size_t>(q) * kk);
    }
  } else {
    queryBruteForce(features, count, kk, out.data());
  }
}

// Distances recomputed from the unrotated features, then sorted (distance, state): the same
// numbers and order whichever method found the set.
void NeighbourIndex::finish(const double* feature, int k, Neighbour* out) const {
  for (int i = 0; i < k; ++i) {
    out[i].distance = std::sqrt(
        squaredDistance(feature, m_features + static_cast<size_t>(out[i].state) * m_d, m_d));
  }
  std::sort(out, out + k, closer);
}

void NeighbourIndex::queryKdTree(const double* feature, int k, Neighbour* out) const {
  thread_local std::vector<double> rotated;
  thread_local std::vector<unsigned> ids;
  thread_local std::vector<double> d2;
  rotated.resize(m_d);
  const Eigen::Map<const Eigen::VectorXd> x(feature, m_d);
  Eigen::Map<Eigen::VectorXd>(rotated.data(), m_d) = m_axes.transpose() * (x - m_mean);
  ids.resize(k), d2.resize(k);
  const size_t found = m_tree->tree.knnSearch(rotated.data(), k, ids.data(), d2.data());
  for (size_t i = 0; i < found; ++i) out[i] = {static_cast<int>(ids[i]), 0.0};
  finish(feature, static_cast<int>(found), out);
}

void NeighbourIndex::queryBruteForce(const double* features, int count, int k,
                                     Neighbour* out) const {
  constexpr int kBlock = 32;
  thread_local std::vector<float> qHead, g;
  thread_local std::vector<double> qHeadNorm, qTailNorm, qTailSlack, lower;
  thread_local TopK top;
  static const TileKernel kernel = tileKernel(defaultKernelIsa());
  const int n = m_n, d = m_d, r = m_head;
  // Bound on |exact - approximate| squared head distance: the GEMM's dot-product rounding plus the
  // rounding of both vectors to float (u = 2^-24), doubled for safety.
  const double u = std::ldexp(1.0, -24);
  const double gammaR = (r + 2) * u / (1 - (r + 2) * u);
  for (int begin = 0; begin < count; begin += kBlock) {
    const int m = std::min(kBlock, count - begin);
    qHead.resize(static_cast<size_t>(m) * r);
    qHeadNorm.assign(m, 0.0), qTailNorm.assign(m, 0.0), qTailSlack.assign(m, 0.0);
    for (int q = 0; q < m; ++q) {
      const Eigen::Map<const Eigen::VectorXd> x(features + static_cast<size_t>(begin + q) * d, d);
      const Eigen::VectorXd centred = x - m_mean;
      // Only the head is projected; a rotation keeps the norm, so the tail's norm follows.
      const Eigen::VectorXd head = m_headAxes.transpose() * centred;
      double exactHead = 0;
      for (int c = 0; c < r; ++c) {
        const float v = static_cast<float>(head[c]);
        qHead[static_cast<size_t>(q) * r + c] = v;
        qHeadNorm[q] += static_cast<double>(v) * v;
        exactHead += head[c] * head[c];
      }
      const double all = centred.squaredNorm();
      qTailNorm[q] = std::sqrt(std::max(0.0, all - exactHead));
      // How far the difference of squares may be off (a few ulps of |c|^2), as a bound on the norm.
      qTailSlack[q] = std::sqrt(1e-14 * all);
    }
    g.resize(static_cast<size_t>(m) * n);
    kernel.gemm(qHead.data(), m_headFloat.data(), m, n, r, g.data());
    lower.resize(n);
    for (int q = 0; q < m; ++q) {
      const float* row = g.data() + static_cast<size_t>(q) * n;
      const double* f = features + static_cast<size_t>(begin + q) * d;
      const double qn = std::sqrt(qHeadNorm[q]);
      const double err = 2 * (2 * gammaR * qn * m_maxHeadNorm +
                              2.1 * u * (qn + m_maxHeadNorm) * (qn + m_maxHeadNorm));
      // Lower bounds: the head distance (less its rounding bound) plus the tail's
      // (|q_tail| - |x_tail|)^2, by the triangle inequality.
      top.reset(k);
      const double qh = qHeadNorm[q], qt = qTailNorm[q], slack = qTailSlack[q];
      for (int i = 0; i < n; ++i) {
        const double t = std::max(0.0, std::abs(qt - m_tailNorm[i]) - slack);
        const double lb = qh + m_headNorm[i] - 2.0 * row[i] - err + t * t;
        lower[i] = lb;
        if (lb < top.worst()) top.offer(lb, i);
      }
      // The exact distances of the k best bounds bound the k-th distance from above; every state
      // whose lower bound is under that is measured exactly.
      double limit = 0;
      for (const auto& item : top.items) {
        limit = std::max(limit,
                         squaredDistance(f, m_features + static_cast<size_t>(item.second) * d, d));
      }
      top.reset(k);
      for (int i = 0; i < n; ++i) {
        if (lower[i] > limit) continue;
        top.offer(squaredDistance(f, m_features + static_cast<size_t>(i) * d, d), i);
      }
      Neighbour* o = out + static_cast<size_t>(begin + q) * k;
      for (int i = 0; i < k; ++i) o[i] = {top.items[i].second, std::sqrt(top.items[i].first)};
    }
  }
}

std::vector<Neighbour> bruteForceNeighbours(const FieldDatabase& db, const double* feature, int k) {
  std::vector<Neighbour> all(db.stateCount());
  for (int i = 0; i < db.stateCount(); ++i) {
    all[i] = {i, std::sqrt(squaredDistance(feature, db.feature(i), db.featureDims))};
  }
  const int kk = std::min<int>(k, all.size());
  std::partial_sort(all.begin(), all.begin() + kk, all.end(), closer);
  all.resize(kk);
  return all;
}

}  // namespace mg
