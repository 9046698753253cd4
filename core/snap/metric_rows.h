// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "core/metric/distance_grid.h"
#include "core/metric/frame_distance.h"
#include "core/metric/frame_set.h"
#include "core/snap/frame_metric.h"
#include "core/snap/match_set.h"
#include "core/util/result.h"

namespace mg {

// Bridges core/metric to the snap algorithms. Frames are those of the FrameSet: each motion
// resampled to MetricSettings::workingFps. The motions handed to SnapJob and the player must be
// those resampled motions (same order), so that FrameRef{motion, frame} means the same frame.

// FrameRef -> frame of the set. Precondition: the motion and frame exist in `set`.
inline int frameSetIndex(const FrameSet& set, const FrameRef& ref) {
  return set.motions[ref.motion].beginFrame + ref.frame;
}

// The metric's reference distance and alignment for one pair (frameDistance), as snap wants it:
// FrameAlignment(i = a, j = b) maps b onto a, which is FramePairMatch::alignment. Shares `set`.
inline FramePairMetric frameSetPairMetric(std::shared_ptr<const FrameSet> set) {
  return [set](const FrameRef& a, const FrameRef& b) {
    const FrameAlignment al =
        frameDistance(*set, frameSetIndex(*set, a), *set, frameSetIndex(*set, b));
    return FramePairMatch{al.distance, FloorTransform{al.theta, al.x0, al.z0}};
  };
}

// Rows D(f, .) of a self grid of `set` (computeDistanceGrid with cols == rows; full or
// upper-triangle storage), split per motion, as HubSuggestionJob and MatchSetJob read them.
// Holds pointers to `grid` and `set`, which must outlive it; one buffer, so one caller at a time.
class GridRows {
 public:
  GridRows(const DistanceGrid& grid, const FrameSet& set) : m_grid(&grid), m_set(&set) {}

  // Fails when the grid is not the self grid of `set` (size mismatch).
  Status validate() const {
    if (m_grid->rows != m_set->frameCount() || m_grid->cols != m_set->frameCount()) {
      return Error{"grid rows: the grid is not the self grid of the frame set"};
    }
    return Status::success();
  }

  // Frames per motion of the set (frameCounts for HubSuggestionJob and buildHubGraph).
  std::vector<int> frameCounts() const {
    std::vector<int> out;
    for (const Clip& c : m_set->motions) out.push_back(c.frameCount());
    return out;
  }

  // D(query, .) over motion `motion`; valid until the next call.
  std::span<const float> row(const FrameRef& query, int motion) {
    const int i = frameSetIndex(*m_set, query);
    const Clip& c = m_set->motions[motion];
    m_buffer.resize(c.frameCount());
    for (int f = 0; f < c.frameCount(); ++f) m_buffer[f] = m_grid->at(i, c.beginFrame + f);
    return m_buffer;
  }

  // For HubSuggestionJob::rows. The source refers to this object.
  DistanceRowSource source() {
    return [this](const FrameRef& q, int m) { return row(q, m); };
  }

  // The match set of `query` (MatchSetJob over every motion's row).
  Result<std::vector<MatchCandidate>> matchSet(const FrameRef& query, double threshold,
                                               int wminFrames,
                                               std::span<const FrameRef> excluded = {}) {
    if (Status s = validate(); !s) return s.error();
    std::vector<std::vector<float>> rows;
    for (int m = 0; m < static_cast<int>(m_set->motions.size()); ++m) {
      const std::span<const float> r = row(query, m);
      rows.emplace_back(r.begin(), r.end());
    }
    const std::vector<std::span<const float>> spans(rows.begin(), rows.end());
    return MatchSetJob{spans, threshold, wminFrames, excluded}.run();
  }

 private:
  const DistanceGrid* m_grid;
  const FrameSet* m_set;
  std::vector<float> m_buffer;
};

}  // namespace mg
