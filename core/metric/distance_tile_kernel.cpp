// SPDX-License-Identifier: MIT
// Compiled once per instruction-set level as its own object library (CMakeLists.txt), with
// MG_KERNEL_NAMESPACE naming the variant and MG_KERNEL_EIGEN renaming Eigen's namespace, so the
// Eigen templates instantiated here with AVX2 or AVX-512 code can never be merged by the linker
// with the baseline instantiations used elsewhere (an ODR clash that would crash older CPUs).
#if !defined(MG_KERNEL_NAMESPACE) || !defined(MG_KERNEL_EIGEN)
#error "build this file through core/metric/CMakeLists.txt"
#endif
#define Eigen MG_KERNEL_EIGEN
#include <Eigen/Core>

#include "core/metric/distance_tile_kernel.h"

namespace mg::detail::MG_KERNEL_NAMESPACE {
namespace {

using RowMajor = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using ConstMap = Eigen::Map<const RowMajor>;
using Map = Eigen::Map<RowMajor>;

}  // namespace

void distanceTile(const DistanceTileArgs& t) {
  const int m = t.rows, n = t.cols, p = t.points;
  Map ab(t.scratchAB, m, 2 * n);
  Map c(t.scratchC, m, n);
  // A and B in one product: the column operand stacks U and W, so each row of `ab` holds the
  // N values of A followed by the N values of B.
  ab.noalias() = ConstMap(t.rowU, m, 2 * p) * ConstMap(t.colUW, 2 * n, 2 * p).transpose();
  c.noalias() = ConstMap(t.rowY, m, p) * ConstMap(t.colY, n, p).transpose();
  for (int i = 0; i < m; ++i) {
    const float* a = t.scratchAB + static_cast<std::ptrdiff_t>(i) * 2 * n;
    const float* b = a + n;
    const float* y = t.scratchC + static_cast<std::ptrdiff_t>(i) * n;
    const float* colNorm = t.colNorm;
    const float rowNorm = t.rowNorm[i];
    float* out = t.out + i * t.outStride;
#pragma GCC ivdep
    for (int j = 0; j < n; ++j) {
      const float d =
          rowNorm + colNorm[j] - 2.0f * __builtin_sqrtf(a[j] * a[j] + b[j] * b[j]) - 2.0f * y[j];
      // Cancellation leaves tiny negatives where the true distance is ~0.
      out[j] = d > 0.0f ? d : 0.0f;
    }
  }
}

void gemm(const float* a, const float* b, int m, int n, int k, float* c) {
  Map(c, m, n).noalias() = ConstMap(a, m, k) * ConstMap(b, n, k).transpose();
}

}  // namespace mg::detail::MG_KERNEL_NAMESPACE
