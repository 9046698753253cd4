// SPDX-License-Identifier: MIT
#pragma once

// The hot loop of the fast distance grid, behind a plain-pointer interface so that it can be
// compiled once per instruction-set level (see CMakeLists.txt) with its own renamed copy of Eigen
// and picked at run time (kernel_dispatch.h). Nothing here may mention Eigen types.

#include <cstddef>
#include <vector>

namespace mg::detail {

// One rectangular tile of the grid, D = rowNorm + colNorm - 2 sqrt(A^2 + B^2) - 2 C, clamped at 0,
// where with the centred, sqrt(w)-scaled clouds of ALGORITHMS.md section 1
//   A = U_i . U_j,  B = U_i . W_j  (W = (z, -x) per point),  C = Y_i . Y_j.
// All matrices are row-major floats. P is the number of cloud points.
struct DistanceTileArgs {
  int rows = 0;                    // M, > 0
  int cols = 0;                    // N, > 0
  int points = 0;                  // P, > 0
  const float* rowU = nullptr;     // M x 2P: (x, z) pairs of each point
  const float* rowY = nullptr;     // M x P: heights
  const float* rowNorm = nullptr;  // M: sum w (x^2 + z^2 + y^2)
  const float* colUW = nullptr;    // 2N x 2P: N rows of U, then N rows of W
  const float* colY = nullptr;     // N x P
  const float* colNorm = nullptr;  // N
  float* scratchAB = nullptr;      // M x 2N, caller-owned, overwritten
  float* scratchC = nullptr;       // M x N, caller-owned, overwritten
  float* out = nullptr;            // M x N results, row stride outStride
  std::ptrdiff_t outStride = 0;
};

// C (m x n) = A (m x k) * B (n x k)^T, row-major floats: a plain GEMM of the same shape as the
// tile products, used as the efficiency yardstick of the benchmark.
using GemmFn = void (*)(const float* a, const float* b, int m, int n, int k, float* c);
using DistanceTileFn = void (*)(const DistanceTileArgs& args);

// Every compiled variant defines these in namespace mg::detail::<variant>.
#define MG_DECLARE_TILE_KERNEL(ns)                                          \
  namespace ns {                                                            \
  void distanceTile(const DistanceTileArgs& args);                          \
  void gemm(const float* a, const float* b, int m, int n, int k, float* c); \
  }
MG_DECLARE_TILE_KERNEL(kernel_baseline)
MG_DECLARE_TILE_KERNEL(kernel_v3)
MG_DECLARE_TILE_KERNEL(kernel_v4)
#undef MG_DECLARE_TILE_KERNEL

}  // namespace mg::detail
