// SPDX-License-Identifier: MIT
// mgtool bench grid: figures for the distance engine (core/metric). Prints, never judges.
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <memory>
#include <vector>

#include "app/mgtool/cli/common_options.h"
#include "app/mgtool/cli/json_writer.h"
#include "app/mgtool/cli/registry.h"
#include "core/import/motion_reader.h"
#include "core/metric/distance_grid.h"
#include "core/metric/frame_distance.h"
#include "core/metric/grid_minima.h"
#include "core/motion/quaternion.h"
#include "core/motion/resample.h"
#include "core/util/parallel_for.h"
#include "core/util/stopwatch.h"

namespace mg::tool {
namespace {

// The 31-joint CMU hierarchy (as in CMU's 01_01.bvh), offsets in CMU units of 0.0254 / 0.45 m.
struct CmuJoint {
  const char* name;
  int parent;
  double x, y, z;
};
constexpr CmuJoint kCmuJoints[] = {
    {"Hips", -1, 0, 0, 0},
    {"LHipJoint", 0, 0, 0, 0},
    {"LeftUpLeg", 1, 1.36, -1.79, 0.84},
    {"LeftLeg", 2, 2.45, -6.73, 0},
    {"LeftFoot", 3, 2.56, -7.04, 0},
    {"LeftToeBase", 4, 0.16, -0.43, 2.32},
    {"RHipJoint", 0, 0, 0, 0},
    {"RightUpLeg", 6, -1.31, -1.79, 0.84},
    {"RightLeg", 7, -2.54, -6.99, 0},
    {"RightFoot", 8, -2.57, -7.06, 0},
    {"RightToeBase", 9, -0.16, -0.45, 2.36},
    {"LowerBack", 0, 0, 0, 0},
    {"Spine", 11, 0.03, 2.04, -0.19},
    {"Spine1", 12, 0.06, 2.05, -0.04},
    {"Neck", 13, 0, 0, 0},
    {"Neck1", 14, -0.05, 1.75, 0.17},
    {"Head", 15, 0.10, 1.76, -0.12},
    {"LeftShoulder", 13, 0, 0, 0},
    {"LeftArm", 17, 3.36, 1.20, -0.31},
    {"LeftForeArm", 18, 4.98, 0, 0},
    {"LeftHand", 19, 3.48, 0, 0},
    {"LeftFingerBase", 20, 0, 0, 0},
    {"LFingers", 21, 0.72, 0, 0},
    {"LThumb", 20, 0, 0, 0},
    {"RightShoulder", 13, 0, 0, 0},
    {"RightArm", 24, -3.14, 1.37, -0.40},
    {"RightForeArm", 25, -5.24, 0, 0},
    {"RightHand", 26, -3.44, 0, 0},
    {"RightFingerBase", 27, 0, 0, 0},
    {"RFingers", 28, -0.62, 0, 0},
    {"RThumb", 27, 0, 0, 0},
};

// A wandering, never exactly periodic walk on the CMU skeleton at 30 fps: step rate, heading and
// per-joint amplitudes drift slowly, so the grid has valleys and minima but few exact repeats.
Motion syntheticCmuWalk(int frames) {
  auto skeleton = std::make_shared<Skeleton>();
  const double unit = 0.0254 / 0.45;
  for (const CmuJoint& j : kCmuJoints) {
    skeleton->joints.push_back({j.name, j.parent, Eigen::Vector3d(j.x, j.y, j.z) * unit});
  }
  Motion m;
  m.name = "synthetic-cmu-walk";
  m.skeleton = skeleton;
  m.fps = 30;
  const int nj = skeleton->jointCount();
  m.rootPositions.reserve(frames);
  m.localRotations.reserve(static_cast<size_t>(frames) * nj);
  double phase = 0, heading = 0;
  Eigen::Vector3d root(0, 0.95, 0);
  for (int f = 0; f < frames; ++f) {
    const double t = f / 30.0;
    const double rate = 0.9 + 0.3 * std::sin(t / 5.9) + 0.12 * std::sin(t / 1.7);
    phase += 2 * M_PI * rate / 30.0;
    heading += (0.35 * std::sin(t / 4.3) + 0.2 * std::sin(t / 13.1)) / 30.0;
    const Eigen::Quaterniond yaw(Eigen::AngleAxisd(heading, Eigen::Vector3d::UnitY()));
    root += yaw * Eigen::Vector3d(0, 0, 0.7 * rate / 30.0);
    m.rootPositions.emplace_back(root.x(), 0.95 + 0.03 * std::cos(2 * phase), root.z());
    for (int k = 0; k < nj; ++k) {
      const double style = 1 + 0.4 * std::sin(t / (3.1 + 0.37 * k) + k);
      const double swing = (k % 2 ? 1 : -1) * (8 + 2 * (k % 7)) * style;
      Eigen::Vector3d euler(swing * std::sin(phase + 0.3 * k), 4 * std::sin(0.5 * phase + k),
                            3 * style * std::cos(phase + 0.7 * k));
      Eigen::Quaterniond q = eulerToQuaternion("XYZ", euler);
      if (k == 0) q = yaw * q;
      m.localRotations.push_back(q);
    }
  }
  return m;
}

// The motions of `files` resampled to 30 fps, repeated in turn (each copy its own motion of the
// database) until `frames` frames; the last copy is cut to fit.
Result<std::vector<Motion>> tiledInput(const std::vector<std::string>& files, int frames,
                                       const ImportOptions& options) {
  std::vector<Motion> sources;
  for (const std::string& file : files) {
    const bool cmu = file.find("/cmu/") != std::string::npos;
    ImportOptions o = options;
    o.trimLeadingFrames = cmu ? 10 : 0;
    Result<Motion> m = readMotionFile(file, o);
    if (!m) return m.error();
    Result<Motion> r = resampleMotion(*m, 30.0);
    if (!r) return r.error();
    if (!sources.empty() && !r->skeleton->sameHierarchy(*sources[0].skeleton)) {
      return Error{file + " has a different skeleton from " + files[0]};
    }
    sources.push_back(std::move(r.value()));
  }
  std::vector<Motion> out;
  for (int total = 0, k = 0; total < frames; ++k) {
    const Motion& s = sources[k % sources.size()];
    const int take = std::min(s.frameCount(), frames - total);
    out.push_back(take == s.frameCount() ? s : sliceFrames(s, 0, take));
    total += take;
  }
  return out;
}

// Aggregate GFLOP/s of the plain float GEMM C (t x t) = A (t x k) B (t x k)^T of the kernel
// variant, run on `threads` threads at once for about `seconds`.
double gemmGflops(const TileKernel& kernel, int t, int k, int threads, double seconds) {
  std::vector<std::vector<float>> a(threads), b(threads), c(threads);
  for (int w = 0; w < threads; ++w) {
    a[w].assign(static_cast<size_t>(t) * k, 0.5f + 0.001f * w);
    b[w].assign(static_cast<size_t>(t) * k, 0.25f);
    c[w].assign(static_cast<size_t>(t) * t, 0.0f);
  }
  kernel.gemm(a[0].data(), b[0].data(), t, t, k, c[0].data());  // warm-up
  std::atomic<long> calls{0};
  Stopwatch clock;
  parallelFor(threads, threads, [&](int w, int) {
    while (clock.seconds() < seconds) {
      kernel.gemm(a[w].data(), b[w].data(), t, t, k, c[w].data());
      calls.fetch_add(1);
    }
  });
  return 2.0 * t * t * k * calls.load() / clock.seconds() / 1e9;
}

// User + system CPU seconds of the whole process so far.
double processCpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec +
         1e-6 * (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
}

double peakRssMb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024.0;  // Linux reports KiB
}

constexpr char kDescription[] =
    "Times the fast distance grid (self grid of N frames) against the per-pair reference and a\n"
    "plain float GEMM of the same inner dimension, and prints one JSON object. Input: a\n"
    "synthetic 31-joint CMU-skeleton walk, or the given files tiled to N frames (CMU files in a\n"
    "cmu/ folder lose their first 10 frames). gflops counts only the products needed: 10 P\n"
    "flops (A and B with inner size 2P each, C with P; P = joints x window) for each of the\n"
    "N (N + 1) / 2 distinct pairs; efficiency = gflops / gemm_gflops. pairs and\n"
    "fast_pairs_per_s count distinct pairs too; reference pairs run on the same threads.";

class BenchGrid final : public Command {
 public:
  BenchGrid() : Command({"[--input] [FILE...]"}, kDescription) {}

 private:
  int run() override {
    GridOptions options;
    options.tileFrames = *m_tile;
    options.threads = *m_threads;
    if (m_isa.given()) {
      options.isa = parseKernelIsa(*m_isa);
      if (!options.isa) return usageError("unknown --isa '" + *m_isa + "'");
    }
    const int n = static_cast<int>(*m_frames);
    const bool stream = *m_stream;

    Stopwatch setupClock;
    std::vector<Motion> motions;
    if (positional().empty()) {
      motions.push_back(syntheticCmuWalk(n));
    } else {
      Result<std::vector<Motion>> tiled = tiledInput(positional(), n, m_units.apply({}));
      if (!tiled) return fail(tiled.error().message);
      motions = std::move(tiled.value());
    }
    MetricSettings settings;
    settings.windowFrames = static_cast<int>(*m_window);
    if (*m_joints > 0) {
      const Skeleton& s = *motions[0].skeleton;
      settings.joints = JointSelection::Custom;
      for (int k = 0; k < std::min<int>(static_cast<int>(*m_joints), s.jointCount()); ++k) {
        settings.customJoints.push_back(s.joints[k].name);
      }
    }
    std::vector<const Motion*> pointers;
    for (const Motion& m : motions) pointers.push_back(&m);
    Result<FrameSet> built = buildFrameSet(pointers, settings);
    if (!built) return fail(built.error().message);
    motions.clear();
    const FrameSet& set = built.value();
    const double setupSeconds = setupClock.seconds();

    // The fast engine.
    Stopwatch fastClock;
    const double fastCpuStart = processCpuSeconds();
    std::size_t minimaKept = 0;
    DistanceGrid grid;
    if (stream) {
      GridMinimaJob job{&set, nullptr, {}, options};
      job.minima.threshold = *m_threshold;
      Result<std::vector<GridMinimum>> minima = streamGridMinima(job);
      if (!minima) return fail(minima.error().message);
      minimaKept = minima->size();
    } else {
      Result<DistanceGrid> g = computeDistanceGrid({&set, nullptr, options, false});
      if (!g) return fail(g.error().message);
      grid = std::move(g.value());
    }
    const double fastSeconds = fastClock.seconds();
    const double fastCpuSeconds = processCpuSeconds() - fastCpuStart;

    // The reference on a sample of pairs, on the same threads.
    const int nThreads = effectiveThreadCount(1 << 20, options.threads);
    const int sampleCount = static_cast<int>(*m_samples);
    std::vector<std::pair<int, int>> pairs(sampleCount);
    std::uint64_t lcg = 12345;
    for (auto& [i, j] : pairs) {
      lcg = lcg * 6364136223846793005ULL + 1442695040888963407ULL;
      i = static_cast<int>((lcg >> 33) % set.frameCount());
      j = static_cast<int>((lcg >> 13) % set.frameCount());
    }
    std::vector<double> reference(sampleCount);
    Stopwatch refClock;
    parallelFor(sampleCount, nThreads, [&](int k, int) {
      reference[k] = frameDistance(set, pairs[k].first, set, pairs[k].second).distance;
    });
    const double refSeconds = refClock.seconds();
    double maxError = 0, meanReference = 0;
    for (int k = 0; k < sampleCount; ++k) meanReference += reference[k] / sampleCount;
    if (!stream) {
      for (int k = 0; k < sampleCount; ++k) {
        maxError =
            std::max(maxError, std::abs(grid.at(pairs[k].first, pairs[k].second) - reference[k]));
      }
    }
    grid = {};

    const int p = set.pointCount();
    const TileKernel kernel = tileKernel(options.isa ? *options.isa : defaultKernelIsa());
    const double gemm = gemmGflops(kernel, options.tileFrames, 5 * p, nThreads, 2.0);
    const double distinctPairs = 0.5 * n * (n + 1.0);
    const double gflops = distinctPairs * 10.0 * p / fastSeconds / 1e9;
    const double fastRate = distinctPairs / fastSeconds;
    const double refRate = sampleCount / refSeconds;

    JsonWriter json;
    json.beginObject();
    json.key("frames"), json.value(set.frameCount());
    json.key("motions"), json.value(static_cast<int>(set.motions.size()));
    json.key("joints"), json.value(set.jointCount());
    json.key("window"), json.value(set.windowFrames());
    json.key("points"), json.value(p);
    json.key("mode"), json.value(stream ? "stream" : "dense");
    json.key("pairs"), json.value(distinctPairs);
    json.key("reference_pairs_per_s"), json.value(refRate);
    json.key("fast_pairs_per_s"), json.value(fastRate);
    json.key("speedup"), json.value(fastRate / refRate);
    json.key("gflops"), json.value(gflops);
    json.key("gemm_gflops"), json.value(gemm);
    json.key("efficiency"), json.value(gflops / gemm);
    json.key("isa"), json.value(kernelIsaName(kernel.isa));
    json.key("threads"), json.value(nThreads);
    json.key("tile"), json.value(options.tileFrames);
    json.key("seconds"), json.value(fastSeconds);
    // CPU time of the fast phase over threads x seconds: below 1 when other processes shared the
    // cores, which makes every rate above (and the GEMM yardstick) lower than on an idle machine.
    json.key("cpu_seconds"), json.value(fastCpuSeconds);
    json.key("cpu_share"), json.value(fastCpuSeconds / (nThreads * fastSeconds));
    json.key("setup_seconds"), json.value(setupSeconds);
    json.key("reference_samples"), json.value(sampleCount);
    if (stream) {
      json.key("threshold"), json.value(*m_threshold);
      json.key("minima"), json.value(static_cast<std::int64_t>(minimaKept));
    } else {
      json.key("max_abs_error_vs_reference"), json.value(maxError);
      json.key("relative_error_vs_reference"), json.value(maxError / meanReference);
    }
    json.key("unit"), json.value(kFrameDistanceUnit);
    json.key("peak_rss_mb"), json.value(peakRssMb());
    json.endObject();
    return printJson(json);
  }

  Value<int> m_frames =
      number<int>("frames", "N", "frames in the grid (default 8192)", 8192, 16, 2e6);
  Value<int> m_joints = number<int>(
      "joints", "J", "joints per cloud: the first J of the skeleton (default all)", 0, 1, 1000);
  Value<int> m_window = number<int>("window", "W", "window frames, odd (default 9)", 9, 1, 61);
  Value<bool> m_stream =
      flag("stream", "keep only local minima (streaming) instead of a dense grid");
  Value<double> m_threshold = number<double>(
      "threshold", "T", "minima threshold in m^2 for --stream (default 0.0025: 5 cm RMS)", 0.0025,
      1e-12, 1e6);
  Value<int> m_tile = number<int>("tile", "F", "tile edge in frames (default 512)",
                                  GridOptions{}.tileFrames, 64, 4096);
  Value<int> m_threads = threadsOption(*this, "threads (default all)");
  Value<std::string> m_isa =
      text("isa", "NAME", "kernel variant: x86-64, x86-64-v3, x86-64-v4 (default best)");
  Value<int> m_samples =
      number<int>("samples", "S", "reference pairs to time (default 20000)", 20000, 100, 1e8);
  // Files are read whenever positionals are given; the flag says so on a command line.
  Value<bool> m_input = flag("input", "the positional arguments are capture files to tile");
  UnitsOption m_units{*this,
                      "with --input: length unit of the files, cm, m, mm or in (default: "
                      "guessed from each skeleton's height)"};
};

const CommandRegistration kRegistered{
    "bench grid", 20, "time the fast distance grid against the reference and a plain GEMM",
    make<BenchGrid>};

}  // namespace
}  // namespace mg::tool
