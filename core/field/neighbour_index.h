// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <vector>

#include "core/field/field_database.h"

namespace mg {

// One neighbour of a query: a database state and its distance d(m, m_i) (Eq. 1, not squared).
struct Neighbour {
  int state = -1;
  double distance = 0.0;
};

// How the exact k nearest neighbours are found. Both are exact: they return the k states of
// smallest embedding distance (ties by lower state index), with distances recomputed in double from
// the features, so they agree with a plain double loop up to rounding.
//  - KdTree: nanoflann (eps = 0) over the features rotated onto their principal axes (a rotation
//    keeps every distance, and puts the high-variance axes first so the tree splits where the data
//    spreads). Locomotion states lie near a low-dimensional set, so the tree prunes most of the
//    database even in 100+ dimensions.
//  - BruteForce: a blocked scan of every state. One float GEMM (the metric kernel's, at the best
//    instruction set the CPU has) gives every query's distance to every state over the 32 leading
//    principal components; that, less its rounding bound, plus (|q_tail| - |x_tail|)^2 for the
//    rest is a lower bound on each squared distance. The exact distances of the k smallest bounds
//    bound the k-th distance from above, and every state whose lower bound is under it is
//    measured exactly in double: exact, with few full-dimension distances.
// Measured by `mgtool bench field` on cmu_turns + cmu16 (3,241 states, 117 dimensions, k = 15,
// one core, per second of thread CPU time, AVX-512 machine): the k-d tree takes 62-70 us per
// query, the bounded GEMM scan 18-22 us (18 in batches of k, as control and learning ask), with
// identical results. In 117 dimensions the tree still opens many leaves, while the scan's bound
// leaves only a few dozen full distances per query; so the scan is the default (kDefaultKnnMethod).
enum class KnnMethod { KdTree, BruteForce };
extern const KnnMethod kDefaultKnnMethod;
const char* knnMethodName(KnnMethod method);

// An exact k-nearest-neighbour index over a database's state features. Immutable after build;
// queries are thread-safe (each thread uses its own scratch).
class NeighbourIndex {
 public:
  NeighbourIndex(const NeighbourIndex&) = delete;
  NeighbourIndex& operator=(const NeighbourIndex&) = delete;
  ~NeighbourIndex();

  // Indexes database.features (which must stay alive and unchanged while the index is used).
  static std::unique_ptr<NeighbourIndex> build(const FieldDatabase& database,
                                               KnnMethod method = kDefaultKnnMethod);

  KnnMethod method() const { return m_method; }
  int stateCount() const { return m_n; }
  int dims() const { return m_d; }

  // The min(k, stateCount()) nearest states to `feature` (dims() values), nearest first, into
  // `out` (resized). k >= 1.
  void query(const double* feature, int k, std::vector<Neighbour>& out) const;
  // The same for `count` features stored row after row; out holds count x min(k, n) neighbours.
  void queryBatch(const double* features, int count, int k, std::vector<Neighbour>& out) const;

 private:
  NeighbourIndex() = default;
  void queryKdTree(const double* feature, int k, Neighbour* out) const;
  void queryBruteForce(const double* features, int count, int k, Neighbour* out) const;
  void finish(const double* feature, int k, Neighbour* out) const;

  struct KdTree;
  KnnMethod m_method = KnnMethod::KdTree;
  int m_n = 0, m_d = 0;
  const double* m_features = nullptr;  // the database's, n x d
  Eigen::VectorXd m_mean;
  Eigen::MatrixXd m_axes;          // d x d, PCA axes
  std::vector<double> m_rotated;   // n x d, centred and rotated
  int m_head = 0;                  // leading components of the GEMM pass (brute force)
  Eigen::MatrixXd m_headAxes;      // d x m_head
  std::vector<float> m_headFloat;  // n x m_head (brute force)
  std::vector<double> m_headNorm;  // |head|^2 of the float head, per state
  std::vector<double> m_tailNorm;  // |rotated tail| per state
  double m_maxHeadNorm = 0.0;
  std::unique_ptr<KdTree> m_tree;
};

// Reference: the k nearest by a plain double loop over every state (ties by lower index).
std::vector<Neighbour> bruteForceNeighbours(const FieldDatabase& database, const double* feature,
                                            int k);

}  // namespace mg
