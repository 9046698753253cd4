// SPDX-License-Identifier: MIT
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/metric/distance_tile_kernel.h"

namespace mg {

// Instruction-set levels the distance kernel is compiled for.
enum class KernelIsa {
  Baseline,   // x86-64 (SSE2) or the target's default elsewhere
  X86_64_V3,  // AVX2 + FMA
  X86_64_V4,  // AVX-512 (F, BW, CD, DQ, VL)
};

// "x86-64", "x86-64-v3", "x86-64-v4".
const char* kernelIsaName(KernelIsa isa);
// Parses a name of kernelIsaName (also "baseline", "avx2", "avx512"); empty when unknown.
std::optional<KernelIsa> parseKernelIsa(const std::string& name);

// Variants that were compiled in and that this CPU can run, from baseline up.
std::vector<KernelIsa> supportedKernelIsas();

// The variant used when none is requested: the MG_KERNEL_ISA environment variable if it names a
// supported variant, else the best supported one.
KernelIsa defaultKernelIsa();

// The entry points of one variant. Precondition: isa is in supportedKernelIsas().
struct TileKernel {
  KernelIsa isa;
  detail::DistanceTileFn distanceTile;
  detail::GemmFn gemm;
};
TileKernel tileKernel(KernelIsa isa);

}  // namespace mg
