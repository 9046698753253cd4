// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

#include "core/report/quality_report.h"

namespace mg {

// The walk the report makes of an input: its stream (for steerable kinds wrapped so the heading
// changes are set just before their frames are synthesised), its length in stream frames and the
// changes (stream frames). The editor replays exactly this walk to show a transition the report
// lists.
struct ReportWalk {
  std::unique_ptr<PoseStream> stream;
  long long frames = 0;
  std::vector<DirectiveChange> changes;
};
Result<ReportWalk> makeReportWalk(const GraphInput& input, const QualityReportSettings& settings);

// One input's part of the quality report: synthesises its walk (random; steerable kinds get a new
// random heading every settings.changeSeconds), writes it to `file` as BVH, reads the file back
// with core/eval and fills `fig` (acceleration, skate, transition jumps, responses), then counts a
// long walk's visits to the source for coverage. `sourceIndex` maps the input's source indices to
// `group`'s files (-1: not in the group). Errors go to fig.error.
void walkAndMeasure(const GraphInput& input, const std::vector<int>& sourceIndex,
                    const SourceFigures& group, const QualityReportSettings& settings,
                    const std::string& file, InputFigures& fig, const Progress& progress);

// The heading changes of a steered walk: frames changeFrames, 2 changeFrames, ... below `frames`;
// each heading turns from the previous one (0 before the first) by a random angle in
// [minTurn, 180] degrees to a random side. Deterministic for a seed.
std::vector<DirectiveChange> headingSchedule(long long frames, int changeFrames,
                                             double minTurnDegrees, std::uint64_t seed);

}  // namespace mg
