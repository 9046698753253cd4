// SPDX-License-Identifier: MIT
#include "core/metric/kernel_dispatch.h"

#include <cstdlib>

namespace mg {

const char* kernelIsaName(KernelIsa isa) {
  switch (isa) {
    case KernelIsa::Baseline:
      return "x86-64";
    case KernelIsa::X86_64_V3:
      return "x86-64-v3";
    case KernelIsa::X86_64_V4:
      return "x86-64-v4";
  }
  return "?";
}

std::optional<KernelIsa> parseKernelIsa(const std::string& name) {
  if (name == "x86-64" || name == "baseline") return KernelIsa::Baseline;
  if (name == "x86-64-v3" || name == "avx2") return KernelIsa::X86_64_V3;
  if (name == "x86-64-v4" || name == "avx512") return KernelIsa::X86_64_V4;
  return std::nullopt;
}

std::vector<KernelIsa> supportedKernelIsas() {
  std::vector<KernelIsa> out = {KernelIsa::Baseline};
#if defined(MG_HAVE_KERNEL_V3) && (defined(__GNUC__) || defined(__clang__))
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
      __builtin_cpu_supports("bmi2")) {
    out.push_back(KernelIsa::X86_64_V3);
  }
#endif
#if defined(MG_HAVE_KERNEL_V4) && (defined(__GNUC__) || defined(__clang__))
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512cd") && __builtin_cpu_supports("avx512dq") &&
      __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx2") &&
      __builtin_cpu_supports("fma")) {
    out.push_back(KernelIsa::X86_64_V4);
  }
#endif
  return out;
}

KernelIsa defaultKernelIsa() {
  const std::vector<KernelIsa> supported = supportedKernelIsas();
  if (const char* env = std::getenv("MG_KERNEL_ISA")) {
    if (std::optional<KernelIsa> wanted = parseKernelIsa(env)) {
      for (KernelIsa isa : supported) {
        if (isa == *wanted) return isa;
      }
    }
  }
  return supported.back();
}

TileKernel tileKernel(KernelIsa isa) {
  switch (isa) {
#if defined(MG_HAVE_KERNEL_V3)
    case KernelIsa::X86_64_V3:
      return {isa, &detail::kernel_v3::distanceTile, &detail::kernel_v3::gemm};
#endif
#if defined(MG_HAVE_KERNEL_V4)
    case KernelIsa::X86_64_V4:
      return {isa, &detail::kernel_v4::distanceTile, &detail::kernel_v4::gemm};
#endif
    default:
      return {KernelIsa::Baseline, &detail::kernel_baseline::distanceTile,
              &detail::kernel_baseline::gemm};
  }
}

}  // namespace mg
