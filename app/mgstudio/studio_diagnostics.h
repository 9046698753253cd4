// SPDX-License-Identifier: MIT
#pragma once

#include <QElapsedTimer>
#include <QObject>

#include "app/mgstudio/studio_options.h"

namespace mg {

class MainWindow;

// The scripted side of mgstudio: --timing, --screenshot/--quit-after-ms and --bench-viewport.
// Figures are printed to stdout as one JSON object per line; nothing here passes or fails.
class StudioDiagnostics : public QObject {
  Q_OBJECT

 public:
  // `launchClock` was started at the top of main(). `window` must outlive this object.
  StudioDiagnostics(MainWindow* window, const StudioOptions& options, QElapsedTimer launchClock,
                    QObject* parent = nullptr);

  // Loads `options.benchFile` and shows it `options.benchSkeletons` times side by side, renders
  // continuously for `options.benchSeconds` with every character posed anew each frame, prints
  // the frame rate and quits the application. Returns false (with a message on stderr) if the file
  // cannot be read.
  bool startViewportBenchmark();

  // With --timing, prints that the project at `path` (the command line's) is open.
  void projectOpened(const QString& path) const;

 private:
  void onFirstFrameShown();
  void finish();

  MainWindow* m_window;
  StudioOptions m_options;
  QElapsedTimer m_launchClock;
  bool m_awaitingFirstFrame = false;
  bool m_firstFrameSeen = false;
};

}  // namespace mg
