// SPDX-License-Identifier: MIT
#pragma once

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include <QColor>
#include <QObject>
#include <QPointF>
#include <QString>

#include "core/motion/motion.h"
#include "widgets/document/project_section.h"

namespace mg {

using MotionId = int;  // as in project.h

// Stable identifier of a hub inside a Project: never reused while the project lives, so the
// graph canvas, the timeline and jobs can hold it across edits (undoing a deletion brings the
// hub back under the same id).
using HubId = int;
inline constexpr HubId kNoHub = -1;

// What the author decides about one Snap-Together hub (ALGORITHMS.md section 2). The match set
// and everything after it (common pose, clips, dead ends) is derived from these values by a job.
struct HubSpec {
  HubId id = kNoHub;
  QString name;
  QColor colour;
  double threshold = 0.0;               // match threshold, m^2 (kFrameDistanceUnit); > 0
  MotionId motion = -1;                 // the source (query) frame: a motion of the project ...
  int frame = 0;                        // ... and its frame at the metric's working rate (>= 0;
                                        // past the end if the file changed: an empty hub)
  int wminFrames = 10;                  // minimum spacing of match frames in one motion; >= 2
  std::optional<QPointF> nodePosition;  // where the graph canvas draws the node (view state)
  bool operator==(const HubSpec&) const = default;
};

// Frames of `motion` once resampled to `workingFps` (as resampleMotion makes them): hub frames
// and the timeline count frames at the metric's working rate.
inline int workingFrameCount(const Motion& motion, double workingFps) {
  if (std::abs(workingFps - motion.fps) < 1e-9 || motion.frameCount() < 1)
    return motion.frameCount();
  // Bounded so an absurd frame time cannot overflow the int (resampleMotion refuses such sizes).
  const double last = std::floor((motion.frameCount() - 1) / motion.fps * workingFps + 1e-6);
  return std::isfinite(last) ? static_cast<int>(std::min(last, 1e9)) + 1 : motion.frameCount();
}

// The hubs of a project, in creation order, with change signals (the QtNodes pattern: a model
// with stable integer ids; views keep id -> item maps). Plain QtCore/QtGui. The mutators are what
// the hub commands call; views go through commands. UI thread only. The Snap-Together kind's
// ProjectSection: the project file's "snap" key (hub_file.cpp), {"hubs": [{name, colour
// "#rrggbb", threshold_m2, motion (index into motions), frame (at the metric's working rate),
// wmin_frames, node [x, y] (optional)}]}; hubs on motions no longer in the project are left out.
class HubList : public ProjectSection {
  Q_OBJECT

 public:
  static constexpr const char* kKey = "snap";
  explicit HubList(Project* project) : ProjectSection(project, kKey) {}

  Json save(const Project& project, const QString& projectFolder) const override;
  Status check(const Json& section, const ProjectFileContext& file) const override;
  void apply(const Json& section, const std::vector<MotionId>& motionIds) override;
  void clear() override { reset({}); }

  const std::vector<HubSpec>& hubs() const { return m_hubs; }
  int count() const { return static_cast<int>(m_hubs.size()); }
  int indexOf(HubId id) const;         // row of `id`, or -1
  const HubSpec* hub(HubId id) const;  // null when absent

  HubId allocateId() { return m_nextId++; }
  // Inserts `spec` at `row` (clamped). Precondition: spec.id is fresh (not present).
  void insertHub(int row, HubSpec spec);
  // Removes and returns hub `id` (nullopt when absent).
  std::optional<HubSpec> takeHub(HubId id);
  // Replaces the hub with spec.id's values; emits hubChanged when anything differs.
  void setHub(const HubSpec& spec);
  // Replaces every hub (project load/new); ids are kept, the id counter moves past them.
  void reset(std::vector<HubSpec> hubs);
  // Display name and colour for the next new hub.
  QString nextDefaultName() const;
  QColor nextDefaultColour() const;

 signals:
  void hubAdded(mg::HubId id, int row);
  void hubRemoved(mg::HubId id, int row);
  void hubChanged(mg::HubId id);
  void hubsReset();

 private:
  std::vector<HubSpec> m_hubs;
  HubId m_nextId = 1;
};

// The hubs of `project` (its "snap" section, made on first use).
HubList* hubsOf(Project& project);
const HubList* hubsOf(const Project& project);

}  // namespace mg
