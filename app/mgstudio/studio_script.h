// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>

#include "app/mgstudio/studio_options.h"

namespace mg {

class MainWindow;

// The scripted Snap-Together steps of mgstudio: --suggest-hubs N suggests N hubs once every file
// asked for has been read (a suggestion started while files are still arriving would see only
// some of them, and two runs would differ), and only into a project without hubs; --walk plays
// the random walk once the session has snapped. UI thread only.
class StudioScript : public QObject {
  Q_OBJECT

 public:
  // `window` must outlive the script.
  StudioScript(MainWindow* window, const StudioOptions& options, QObject* parent = nullptr);

  // Call after the start-up files were handed to the window (or none were): suggests now when
  // nothing is loading, else when the loading ends.
  void begin();

 private:
  void suggestWhenIdle();
  void walkWhenSnapped();

  MainWindow* m_window;
  int m_suggestHubs = 0;
  bool m_suggested = true;
  bool m_walking = true;
  bool m_begun = false;
};

}  // namespace mg
