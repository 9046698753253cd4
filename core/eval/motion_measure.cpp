// SPDX-License-Identifier: MIT
#include "core/eval/motion_measure.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace mg {
namespace {

// Horizontal speed samples of every run, in bh/s; fills each run's mean and sample count.
std::vector<double> skateSamples(const PointTracks& t, FootContactsFound& plants) {
  std::vector<double> out;
  for (PlantRun& run : plants.runs) {
    double sum = 0.0;
    run.samples = 0;
    for (int f = run.begin + plants.edgeFrames; f <= run.end - plants.edgeFrames; ++f) {
      const double v = horizontalSpeed(t, f, run.point);
      out.push_back(v);
      sum += v;
      ++run.samples;
    }
    run.meanSpeed = run.samples > 0 ? sum / run.samples : 0.0;
  }
  return out;
}

SkateStats skateStats(const PointTracks& t, const std::vector<double>& samples, int plants,
                      double metresPerBh) {
  SkateStats s;
  s.samples = static_cast<int>(samples.size());
  s.plants = plants;
  if (samples.empty()) return s;
  double sum = 0.0;
  for (double v : samples) sum += v;
  s.meanBhPerS = sum / samples.size();
  s.p95BhPerS = percentile(samples, 95.0);
  s.meanMps = s.meanBhPerS * metresPerBh;
  s.p95Mps = s.p95BhPerS * metresPerBh;
  (void)t;
  return s;
}

// The ground under a motion: the `q`-th percentile over frames of its lowest foot point's height.
double groundLevel(const PointTracks& t, const std::vector<int>& feet, double q) {
  std::vector<double> lowest;
  for (int f = 0; f < t.frameCount && !feet.empty(); ++f) {
    double y = t.at(f, feet.front()).y();
    for (int p : feet) y = std::min(y, t.at(f, p).y());
    lowest.push_back(y);
  }
  return percentile(lowest, q);
}

}  // namespace

double percentile(std::vector<double> values, double q) {
  if (values.empty()) return 0.0;
  const double rank = std::ceil(std::clamp(q, 0.0, 100.0) / 100.0 * values.size());
  const size_t k =
      static_cast<size_t>(std::clamp(rank, 1.0, static_cast<double>(values.size()))) - 1;
  std::nth_element(values.begin(), values.begin() + k, values.end());
  return values[k];
}

AccelerationStats measureAcceleration(const PointTracks& t, double threshold) {
  AccelerationStats s;
  s.threshold = threshold;
  const int n = t.frameCount, points = t.pointCount();
  if (n < 3 || points == 0 || !(t.bodyHeight > 0.0)) return s;
  const double scale = t.fps * t.fps / t.bodyHeight;
  std::vector<double> all, frames;
  all.reserve(static_cast<size_t>(n - 2) * points);
  for (int f = 1; f + 1 < n; ++f) {
    double frameMax = 0.0;
    for (int p = 0; p < points; ++p) {
      const double a = (t.at(f + 1, p) - 2.0 * t.at(f, p) + t.at(f - 1, p)).norm() * scale;
      all.push_back(a);
      frameMax = std::max(frameMax, a);
      if (a > s.max || s.worstFrame < 0) s.max = a, s.worstFrame = f, s.worstPoint = p;
    }
    if (frameMax > threshold) ++s.framesAbove;
    frames.push_back(frameMax);
  }
  s.frames = n - 2;
  s.p50 = percentile(frames, 50.0);
  s.p99 = percentile(std::move(frames), 99.0);
  s.jointP50 = percentile(all, 50.0);
  s.jointP99 = percentile(std::move(all), 99.0);
  return s;
}

std::vector<double> frameAccelerationMax(const PointTracks& t) {
  std::vector<double> out(std::max(0, t.frameCount), 0.0);
  if (!(t.bodyHeight > 0.0)) return out;
  const double scale = t.fps * t.fps / t.bodyHeight;
  for (int f = 1; f + 1 < t.frameCount; ++f) {
    for (int p = 0; p < t.pointCount(); ++p) {
      out[f] =
          std::max(out[f], (t.at(f + 1, p) - 2.0 * t.at(f, p) + t.at(f - 1, p)).norm() * scale);
    }
  }
  return out;
}

double horizontalSpeed(const PointTracks& t, int f, int p) {
  if (f <= 0 || f + 1 >= t.frameCount || !(t.bodyHeight > 0.0)) return 0.0;
  const Eigen::Vector3d d = t.at(f + 1, p) - t.at(f - 1, p);
  return std::hypot(d.x(), d.z()) * t.fps / (2.0 * t.bodyHeight);
}

FootContactsFound findPlants(const PointTracks& t, const ContactMeasureSettings& s) {
  FootContactsFound out;
  out.edgeFrames = std::max(1, static_cast<int>(std::lround(s.edgeSeconds * t.fps)));
  const int n = t.frameCount, points = t.pointCount();
  if (n < 3 || points == 0 || !(t.bodyHeight > 0.0)) return out;
  const double H = t.bodyHeight;
  double lowest = t.restPositions[0].y();
  for (const Eigen::Vector3d& r : t.restPositions) lowest = std::min(lowest, r.y());
  for (int p = 0; p < points; ++p) {
    if (t.restPositions[p].y() - lowest <= s.footFraction * H) out.footPoints.push_back(p);
  }
  const int minRun = std::max(1, static_cast<int>(std::lround(s.minRunSeconds * t.fps)));
  std::vector<double> heights(n);
  std::vector<char> planted(n);
  std::optional<double> ground;
  if (static_cast<int>(s.standingHeights.size()) == points)
    ground = groundLevel(t, out.footPoints, s.floorPercentile);
  for (int p : out.footPoints) {
    for (int f = 0; f < n; ++f) heights[f] = t.at(f, p).y();
    const double floor =
        ground ? *ground + s.standingHeights[p] : percentile(heights, s.floorPercentile);
    for (int f = 0; f < n; ++f) {
      const int a = std::max(0, f - 1), b = std::min(n - 1, f + 1);
      const double speed = (t.at(b, p) - t.at(a, p)).norm() * t.fps / ((b - a) * H);
      planted[f] = heights[f] - floor <= s.heightFraction * H && speed < s.speedFraction;
    }
    for (int f = 0; f < n;) {
      if (!planted[f]) {
        ++f;
        continue;
      }
      int e = f;
      while (e + 1 < n && planted[e + 1]) ++e;
      if (e - f + 1 >= minRun) out.runs.push_back({p, f, e});
      f = e + 1;
    }
  }
  skateSamples(t, out);  // fills every run's meanSpeed and samples
  return out;
}

std::vector<double> standingHeights(std::span<const PointTracks> sources,
                                    const ContactMeasureSettings& settings) {
  if (sources.empty()) return {};
  const int points = sources.front().pointCount();
  for (const PointTracks& t : sources) {
    if (t.pointCount() != points || t.frameCount < 1) return {};
  }
  std::vector<std::vector<double>> perSource(points);
  std::vector<double> heights;
  for (const PointTracks& t : sources) {
    const std::vector<int> feet = findPlants(t, settings).footPoints;
    const double ground = groundLevel(t, feet, settings.floorPercentile);
    for (int p = 0; p < points; ++p) {
      heights.resize(t.frameCount);
      for (int f = 0; f < t.frameCount; ++f) heights[f] = t.at(f, p).y();
      perSource[p].push_back(percentile(heights, settings.floorPercentile) - ground);
    }
  }
  std::vector<double> out(points);
  for (int p = 0; p < points; ++p) {
    std::vector<double>& v = perSource[p];
    std::sort(v.begin(), v.end());
    const size_t k = v.size();
    out[p] = k % 2 ? v[k / 2] : 0.5 * (v[k / 2 - 1] + v[k / 2]);
  }
  return out;
}

SkateStats measureSkate(const PointTracks& t, const FootContactsFound& plants) {
  FootContactsFound copy = plants;
  const std::vector<double> samples = skateSamples(t, copy);
  return skateStats(t, samples, static_cast<int>(plants.runs.size()),
                    t.bodyHeight * t.metresPerUnit);
}

std::vector<double> skateSpeeds(const PointTracks& t, const FootContactsFound& plants) {
  FootContactsFound copy = plants;
  return skateSamples(t, copy);
}

SkateStats measureSkate(const PointTracks& t, const ContactMeasureSettings& settings) {
  return measureSkate(t, findPlants(t, settings));
}

std::vector<FrameJump> measureFrameJumps(const PointTracks& t, std::span<const int> frames) {
  std::vector<FrameJump> out;
  for (int c : frames) {
    FrameJump j;
    j.frame = c;
    j.valid = c >= 2 && c + 1 < t.frameCount && t.bodyHeight > 0.0;
    if (j.valid) {
      for (int p = 0; p < t.pointCount(); ++p) {
        const Eigen::Vector3d before = t.at(c - 1, p) - t.at(c - 2, p);
        const Eigen::Vector3d after = t.at(c + 1, p) - t.at(c, p);
        const double v = (after - before).norm() * t.fps / t.bodyHeight;
        if (v > j.velocityJumpBhPerS || j.worstPoint < 0)
          j.velocityJumpBhPerS = v, j.worstPoint = p;
        j.poseJumpBh =
            std::max(j.poseJumpBh, (t.at(c, p) - (t.at(c - 1, p) + before)).norm() / t.bodyHeight);
      }
    }
    out.push_back(j);
  }
  return out;
}

std::vector<PlantRun> plantsAcrossFrames(const FootContactsFound& plants,
                                         std::span<const int> frames) {
  std::vector<PlantRun> out;
  for (const PlantRun& run : plants.runs) {
    for (int c : frames) {
      if (run.begin <= c - 1 && c <= run.end) {
        out.push_back(run);
        break;
      }
    }
  }
  return out;
}

SourceSummary summarizeSources(std::span<const PointTracks> sources, double threshold,
                               const ContactMeasureSettings& settings) {
  SourceSummary s;
  std::vector<double> p99s, samples;
  int plants = 0;
  double metresPerBh = 0.0;
  for (const PointTracks& t : sources) {
    s.clips.push_back(measureAcceleration(t, threshold));
    p99s.push_back(s.clips.back().p99);
    s.max = std::max(s.max, s.clips.back().max);
    FootContactsFound found = findPlants(t, settings);
    const std::vector<double> mine = skateSamples(t, found);
    samples.insert(samples.end(), mine.begin(), mine.end());
    plants += static_cast<int>(found.runs.size());
    metresPerBh = t.bodyHeight * t.metresPerUnit;  // one skeleton expected; the last one's
  }
  if (!p99s.empty()) {
    std::sort(p99s.begin(), p99s.end());
    const size_t n = p99s.size();
    s.medianP99 = n % 2 ? p99s[n / 2] : 0.5 * (p99s[n / 2 - 1] + p99s[n / 2]);
  }
  if (!sources.empty()) s.skate = skateStats(sources.front(), samples, plants, metresPerBh);
  return s;
}

std::vector<double> standingHeightsFor(const PointTracks& motion,
                                       std::span<const PointTracks> sources,
                                       const ContactMeasureSettings& settings) {
  std::vector<double> heights = standingHeights(sources, settings);
  if (heights.empty() || motion.metresPerUnit <= 0) return heights;
  const double scale = sources.front().metresPerUnit / motion.metresPerUnit;
  for (double& h : heights) h *= scale;
  return heights;
}

}  // namespace mg
