// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

namespace mg {

// The capture opened by File > Open Sample and --sample: Assimp's boxing take (31 joints).
QString sampleMotionPath();

// What the mgstudio command line asks for.
struct StudioOptions {
  QStringList files;        // capture files to open at start
  bool openSample = false;  // --sample
  // --timing: print JSON lines to stdout with milliseconds since launch when the window is shown
  // and when the first frame of the first opened motion is on screen.
  bool timing = false;
  QString screenshotPath;   // --screenshot PATH: grab the window to PATH before quitting
  int quitAfterMs = -1;     // --quit-after-ms N: quit N ms after the first frame is shown
  int benchSkeletons = 0;   // --bench-viewport N: measure the viewport frame rate with N copies
  bool benchLoad = false;   // --bench-load: open `files` at once and print the load figures
  double benchSeconds = 5;  // --bench-seconds S: length of that measurement
  QString
      pmgDemoDir;     // --pmg-demo DIR: build the walking node of DIR (cmu_turns) and its self-loop
  QString benchFile;  // --bench-file PATH: capture to copy (default: the sample)
  QString projectPath;  // --open-project FILE, or FILE.mgproj among the files
  int suggestHubs = 0;  // --suggest-hubs N: suggest N hubs once the motions are loaded
  bool walk = false;    // --walk: play the random walk once the graph is snapped
  QString workspace;    // --workspace NAME: the workspace shown at start ("snap", "Motion Fields")
  bool layoutReport = false;  // --layout-report: print the panels' geometry once shown
};

// Parses mgstudio's arguments (argv[0] included). On failure returns false and sets `error`;
// --help and --version print and exit inside.
bool parseStudioOptions(const QStringList& arguments, StudioOptions* options, QString* error);

}  // namespace mg
