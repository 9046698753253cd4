// SPDX-License-Identifier: MIT
#include "widgets/views/playback/motion_player.h"

#include <cmath>

#include "widgets/views/playback/playback_controller.h"
#include "widgets/views/viewport/viewport_widget.h"

namespace mg {

MotionPlayer::MotionPlayer(Project* project, PlaybackController* playback, ViewportWidget* viewport,
                           QObject* parent)
    : QObject(parent), m_project(project), m_playback(playback), m_viewport(viewport) {
  connect(playback, &PlaybackController::frameChanged, this, &MotionPlayer::updatePoses);
  connect(project, &Project::motionRemoved, this, [this](MotionId id) {
    if (!m_shown.contains(id)) return;
    QList<MotionId> rest = m_shown;
    rest.removeAll(id);
    showMotions(rest);
  });
}

void MotionPlayer::showMotions(const QList<MotionId>& ids) {
  m_viewport->clearCharacters();
  m_shown.clear();
  for (MotionId id : ids) {
    std::shared_ptr<const Motion> motion = m_project->motion(id);
    if (!motion || m_shown.contains(id)) continue;
    // Colours follow the library row, so a motion keeps its colour whatever else is selected.
    m_viewport->addCharacter(id, motion->skeleton,
                             ViewportWidget::paletteColour(m_project->indexOf(id)));
    m_shown.push_back(id);
  }
  if (m_shown.isEmpty()) {
    m_playback->setClip(0, 30.0);
    return;
  }
  const std::shared_ptr<const Motion> lead = m_project->motion(m_shown.first());
  m_playback->setClip(lead->frameCount(), lead->fps);  // emits frameChanged -> updatePoses
}

void MotionPlayer::scrubTo(MotionId id, int workingFrame) {
  if (!m_project->motion(id)) return;
  // Showing again on every drag step would rebuild the viewport's characters.
  if (m_shown.isEmpty() || m_shown.first() != id) showMotions({id});
  m_playback->setPlaying(false);
  m_playback->setWorkingFrame(workingFrame);
}

int MotionPlayer::shownFrame(MotionId id) const {
  if (!m_shown.contains(id)) return -1;
  const std::shared_ptr<const Motion> motion = m_project->motion(id);
  if (id == m_shown.first()) return m_playback->frame();
  const int frames = motion->frameCount();
  const int frame = static_cast<int>(std::floor(m_playback->timeSeconds() * motion->fps + 1e-9));
  return frame % frames;
}

void MotionPlayer::updatePoses() {
  for (MotionId id : m_shown) {
    if (const std::shared_ptr<const Motion> motion = m_project->motion(id)) {
      m_viewport->setPose(id, *motion, shownFrame(id));
    }
  }
  if (!m_shown.isEmpty()) emit posesUpdated();
}

}  // namespace mg
