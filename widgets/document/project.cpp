// SPDX-License-Identifier: MIT
#include "widgets/document/project.h"

#include <algorithm>

#include "widgets/document/project_section.h"

namespace mg {

Project::Project(QObject* parent) : QObject(parent) {}

Project::~Project() {
  // Commands hold pointers to this project; destroy them before the motions they refer to.
  m_undoStack.clear();
}

int Project::indexOf(MotionId id) const {
  auto it = std::find_if(m_motions.begin(), m_motions.end(),
                         [id](const MotionEntry& e) { return e.id == id; });
  return it == m_motions.end() ? -1 : static_cast<int>(it - m_motions.begin());
}

std::shared_ptr<const Motion> Project::motion(MotionId id) const {
  const int row = indexOf(id);
  return row < 0 ? nullptr : m_motions[row].motion;
}

void Project::insertMotion(int row, MotionEntry entry) {
  Q_ASSERT(entry.motion && indexOf(entry.id) < 0);
  row = std::clamp(row, 0, motionCount());
  const MotionId id = entry.id;
  m_nextId = std::max(m_nextId, id + 1);
  emit motionAboutToBeAdded(id, row);
  m_motions.insert(m_motions.begin() + row, std::move(entry));
  emit motionAdded(id, row);
}

MotionEntry Project::takeMotion(MotionId id) {
  const int row = indexOf(id);
  if (row < 0) return {};
  emit motionAboutToBeRemoved(id, row);
  MotionEntry entry = std::move(m_motions[row]);
  m_motions.erase(m_motions.begin() + row);
  emit motionRemoved(id, row);
  return entry;
}

MotionEntry Project::replaceMotion(MotionEntry entry) {
  const int row = indexOf(entry.id);
  if (row < 0) return {};
  Q_ASSERT(entry.motion);
  MotionEntry old = takeMotion(entry.id);
  insertMotion(row, std::move(entry));
  return old;
}

bool Project::isMissing(MotionId id) const {
  const int row = indexOf(id);
  return row >= 0 && m_motions[size_t(row)].file.missing;
}

int Project::missingCount() const {
  return static_cast<int>(std::count_if(m_motions.begin(), m_motions.end(),
                                        [](const MotionEntry& e) { return e.file.missing; }));
}

void Project::clear() {
  m_undoStack.clear();
  // QUndoStack::clear() of an empty stack keeps its clean state, which a push after an undo past
  // the last save dropped: the new project would look modified.
  m_undoStack.setClean();
  while (!m_motions.empty()) takeMotion(m_motions.back().id);
  for (ProjectSection* section : ProjectSection::of(*this)) section->clear();
  m_fileName.clear();
  m_viewState = Json();
  emit cleared();
}

void Project::setImportOptions(const ImportOptions& options) {
  if (options.metresPerUnit == m_importOptions.metresPerUnit &&
      options.trimLeadingFrames == m_importOptions.trimLeadingFrames) {
    return;
  }
  m_importOptions = options;
  if (m_importOptions.unitAskedBy.empty())
    m_importOptions.unitAskedBy = kProjectUnitAskedBy;  // the reason shown beside each motion
  emit importOptionsChanged();
}

void Project::setMetricSettings(const MetricSettings& settings) {
  Q_ASSERT(settings.validate().ok());
  if (settings == m_metricSettings) return;
  m_metricSettings = settings;
  emit metricSettingsChanged();
}

}  // namespace mg
