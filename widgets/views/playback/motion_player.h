// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QObject>

#include "widgets/document/project.h"

namespace mg {

class PlaybackController;
class ViewportWidget;

// Plays a set of the project's motions in the viewport: each shown motion is a character in its
// own palette colour, posed at the playback time. The first motion defines the clip (frame count
// and rate) of the playback controller; the others are sampled at the same time in seconds,
// each looping over its own length. Motions removed from the project stop being shown.
// The motions shown use their MotionIds as viewport character ids.
class MotionPlayer : public QObject {
  Q_OBJECT

 public:
  // All three must outlive the player.
  MotionPlayer(Project* project, PlaybackController* playback, ViewportWidget* viewport,
               QObject* parent = nullptr);

  // Shows `ids` (unknown ids are skipped) from frame 0; an empty list clears the viewport.
  void showMotions(const QList<MotionId>& ids);
  const QList<MotionId>& shownMotions() const { return m_shown; }
  // Scrubbing (the timeline's playhead): shows `id` alone unless it already leads the shown
  // motions, pauses, and puts the clock on working frame `workingFrame` of it. Unknown ids do
  // nothing.
  void scrubTo(MotionId id, int workingFrame);
  // Frame of `id` shown at the current playback time, or -1 if `id` is not shown.
  int shownFrame(MotionId id) const;

 signals:
  // The viewport received new poses for every shown motion.
  void posesUpdated();

 private:
  void updatePoses();

  Project* m_project;
  PlaybackController* m_playback;
  ViewportWidget* m_viewport;
  QList<MotionId> m_shown;
};

}  // namespace mg
