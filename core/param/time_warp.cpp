// SPDX-License-Identifier: MIT
#include "core/param/time_warp.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/metric/distance_grid.h"

namespace mg {

Result<WarpPath> dynamicTimeWarp(std::span<const float> cost, int rows, int cols) {
  if (rows <= 0 || cols <= 0) return Error{"time warp: empty grid"};
  if (cost.size() != static_cast<size_t>(rows) * cols) {
    return Error{"time warp: grid holds " + std::to_string(cost.size()) + " values, not " +
                 std::to_string(rows) + " x " + std::to_string(cols)};
  }
  for (float c : cost) {
    if (!std::isfinite(c) || c < 0) return Error{"time warp: a cost is negative or not finite"};
  }
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> acc(cost.size(), inf);
  auto at = [&](int i, int j) -> double& { return acc[static_cast<size_t>(i) * cols + j]; };
  for (int i = 0; i < rows; ++i) {
    for (int j = 0; j < cols; ++j) {
      const double c = cost[static_cast<size_t>(i) * cols + j];
      if (i == 0 && j == 0) {
        at(i, j) = c;
        continue;
      }
      double best = inf;
      if (i > 0 && j > 0) best = at(i - 1, j - 1);
      if (i > 0) best = std::min(best, at(i - 1, j));
      if (j > 0) best = std::min(best, at(i, j - 1));
      at(i, j) = best + c;
    }
  }
  WarpPath path;
  path.cost = at(rows - 1, cols - 1);
  int i = rows - 1, j = cols - 1;
  path.cells.emplace_back(i, j);
  while (i > 0 || j > 0) {
    // Prefer the diagonal on ties, so equal costs give the straightest path.
    if (i > 0 && j > 0 && at(i - 1, j - 1) <= std::min(i > 0 ? at(i - 1, j) : inf, at(i, j - 1))) {
      --i, --j;
    } else if (i > 0 && (j == 0 || at(i - 1, j) <= at(i, j - 1))) {
      --i;
    } else {
      --j;
    }
    path.cells.emplace_back(i, j);
  }
  std::reverse(path.cells.begin(), path.cells.end());
  return path;
}

void makeStrictlyIncreasing(std::vector<double>& warp, double minStep) {
  if (warp.size() < 2) return;
  const double lo = warp.front(), hi = warp.back();
  const int n = static_cast<int>(warp.size());
  // Forward pass pushes values up, backward pass caps them so the last one stays at `hi`.
  for (int r = 1; r < n; ++r) warp[r] = std::max(warp[r], warp[r - 1] + minStep);
  warp[n - 1] = hi;
  for (int r = n - 2; r >= 0; --r) warp[r] = std::min(warp[r], warp[r + 1] - minStep);
  warp[0] = lo;
  for (double& w : warp) w = std::clamp(w, lo, hi);
}

std::vector<double> warpFromPath(const WarpPath& path, int rows, int cols, int smoothingFrames) {
  std::vector<double> sum(rows, 0.0), count(rows, 0.0);
  for (auto [i, j] : path.cells) sum[i] += j, count[i] += 1;
  std::vector<double> warp(rows);
  for (int r = 0; r < rows; ++r) warp[r] = count[r] > 0 ? sum[r] / count[r] : 0.0;
  if (smoothingFrames > 1 && rows > 2) {
    const int h = smoothingFrames / 2;
    std::vector<double> smooth(rows);
    for (int r = 0; r < rows; ++r) {
      // A symmetric window, narrowed near the ends so a straight warp stays straight.
      const int half = std::min({h, r, rows - 1 - r});
      double s = 0;
      int n = 0;
      for (int k = r - half; k <= r + half; ++k) s += warp[k], ++n;
      smooth[r] = s / n;
    }
    warp = std::move(smooth);
  }
  warp.front() = 0.0;
  if (rows > 1) warp.back() = cols - 1;
  const double step = rows > 1 ? 1e-3 * (cols - 1) / (rows - 1) : 0.0;
  makeStrictlyIncreasing(warp, step);
  return warp;
}

Status SimilarSegmentJob::validate() const {
  if (!query || !database) return Error{"similar segments: query or database missing"};
  if (queryBegin < 0 || queryEnd > query->frameCount() || queryEnd - queryBegin < 2) {
    return Error{"similar segments: query range [" + std::to_string(queryBegin) + ", " +
                 std::to_string(queryEnd) + ") is not at least 2 frames inside the query set"};
  }
  if (Status s = checkComparable(*query, *database); !s) {
    return Error{"similar segments: " + s.error().message};
  }
  if (maxResults < 1) return Error{"similar segments: maxResults must be at least 1"};
  return Status::success();
}

Result<std::vector<SimilarSegment>> findSimilarSegments(const SimilarSegmentJob& job,
                                                        const Progress& progress) {
  if (Status s = job.validate(); !s) return s.error();
  DistanceGridJob gridJob;
  gridJob.rows = job.query;
  gridJob.cols = job.database;
  Result<DistanceGrid> grid = computeDistanceGrid(gridJob, progress);
  if (!grid) return grid.error();
  const int q = job.queryEnd - job.queryBegin;
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<SimilarSegment> candidates;
  for (const Clip& m : job.database->motions) {
    const int n = m.frameCount();
    // acc: accumulated cost, len: path length, start: start column, for the current and previous
    // query row (subsequence DTW: free start and end along the columns).
    std::vector<double> prevAcc(n), curAcc(n), prevLen(n), curLen(n);
    std::vector<int> prevStart(n), curStart(n);
    for (int r = 0; r < q; ++r) {
      if (progress.cancelled()) return Error{"similar segments cancelled"};
      const int row = job.queryBegin + r;
      for (int c = 0; c < n; ++c) {
        const double d = grid->at(row, m.beginFrame + c);
        double best = inf, len = 0;
        int start = c;
        auto consider = [&](double a, double l, int s) {
          // Compare by mean cost so long paths are not penalised for their length.
          if (best == inf || a / std::max(l, 1.0) < best / std::max(len, 1.0)) {
            best = a, len = l, start = s;
          }
        };
        if (r == 0) {
          best = 0, len = 0, start = c;
        } else {
          consider(prevAcc[c], prevLen[c], prevStart[c]);
          if (c > 0) consider(prevAcc[c - 1], prevLen[c - 1], prevStart[c - 1]);
        }
        if (c > 0 && r > 0) consider(curAcc[c - 1], curLen[c - 1], curStart[c - 1]);
        curAcc[c] = best + d, curLen[c] = len + 1, curStart[c] = start;
      }
      std::swap(prevAcc, curAcc), std::swap(prevLen, curLen), std::swap(prevStart, curStart);
    }
    for (int c = 0; c < n; ++c) {
      const int length = c - prevStart[c] + 1;
      if (length * 2 < q || length > 2 * q) continue;
      const double mean = prevAcc[c] / prevLen[c];
      if (mean > job.maxMeanCost) continue;
      candidates.push_back({m.motion, prevStart[c], c + 1, mean});
    }
  }
  std::sort(candidates.begin(), candidates.end(),
            [](const SimilarSegment& a, const SimilarSegment& b) {
              return a.cost != b.cost ? a.cost < b.cost : a.beginFrame < b.beginFrame;
            });
  std::vector<SimilarSegment> out;
  for (const SimilarSegment& c : candidates) {
    bool overlaps = false;
    for (const SimilarSegment& o : out) {
      if (o.motion != c.motion) continue;
      const int shared = std::min(o.endFrame, c.endFrame) - std::max(o.beginFrame, c.beginFrame);
      const int shorter = std::min(o.endFrame - o.beginFrame, c.endFrame - c.beginFrame);
      if (2 * shared > shorter) overlaps = true;
    }
    if (!overlaps) out.push_back(c);
    if (static_cast<int>(out.size()) == job.maxResults) break;
  }
  return out;
}

}  // namespace mg
