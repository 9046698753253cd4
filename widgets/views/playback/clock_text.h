// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QString>

namespace mg {

// The one way every view writes a moment of playback: the frame at the project's working rate
// and the time in seconds, "frame 37 (1.23 s)". The transport, the match timeline and the
// heatmap all use it, so one moment has one number everywhere.
inline QString clockText(int workingFrame, double workingFps) {
  return QCoreApplication::translate("mg::Clock", "frame %1 (%2 s)")
      .arg(workingFrame)
      .arg(workingFps > 0 ? workingFrame / workingFps : 0.0, 0, 'f', 2);
}

}  // namespace mg
