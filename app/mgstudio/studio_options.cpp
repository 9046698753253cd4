// SPDX-License-Identifier: MIT
#include "app/mgstudio/studio_options.h"

#include <QCommandLineParser>
#include <QFileInfo>

namespace mg {

QString sampleMotionPath() {
  return QStringLiteral("/usr/share/assimp/models/BVH/Boxing_Toes.bvh");
}

bool parseStudioOptions(const QStringList& arguments, StudioOptions* options, QString* error) {
  QCommandLineParser parser;
  parser.setApplicationDescription(
      QStringLiteral("Motion Graph Studio: build motion graphs from motion capture."));
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument(
      QStringLiteral("files"),
      QStringLiteral("Capture files to open (BVH, FBX, glTF, DAE), or one project (.mgproj)."),
      QStringLiteral("[FILES...]"));
  const QCommandLineOption sample(
      QStringLiteral("sample"),
      QStringLiteral("Open the sample capture (%1).").arg(sampleMotionPath()));
  const QCommandLineOption timing(QStringLiteral("timing"),
                                  QStringLiteral("Print start-up timings as JSON lines."));
  const QCommandLineOption screenshot(
      QStringLiteral("screenshot"),
      QStringLiteral("Save a screenshot of the window to <png> before quitting."),
      QStringLiteral("png"));
  const QCommandLineOption quitAfter(
      QStringLiteral("quit-after-ms"),
      QStringLiteral("Quit <ms> milliseconds after the first frame is shown."),
      QStringLiteral("ms"));
  const QCommandLineOption bench(
      QStringLiteral("bench-viewport"),
      QStringLiteral(
          "Play <n> copies of a capture (--bench-file) and print the viewport frame rate as JSON."),
      QStringLiteral("n"));
  const QCommandLineOption benchLoad(
      QStringLiteral("bench-load"),
      QStringLiteral("Open the files given at once, measure the UI thread and memory while they "
                     "load and for --bench-seconds after, print the figures as JSON and quit."));
  const QCommandLineOption benchSeconds(
      QStringLiteral("bench-seconds"),
      QStringLiteral("Length of the viewport measurement, or of the settling after --bench-load "
                     "(default 5)."),
      QStringLiteral("s"), QStringLiteral("5"));
  const QCommandLineOption benchFile(
      QStringLiteral("bench-file"),
      QStringLiteral("Capture used by --bench-viewport (default: the sample)."),
      QStringLiteral("path"), sampleMotionPath());
  const QCommandLineOption openProject(QStringLiteral("open-project"),
                                       QStringLiteral("Open the project <file> (.mgproj)."),
                                       QStringLiteral("file"));
  const QCommandLineOption suggestHubs(
      QStringLiteral("suggest-hubs"),
      QStringLiteral("Suggest <n> Snap-Together hubs once the motions are loaded."),
      QStringLiteral("n"));
  const QCommandLineOption walk(
      QStringLiteral("walk"),
      QStringLiteral("Play the random walk through the hub graph once it is snapped."));
  const QCommandLineOption pmgDemo(
      QStringLiteral("pmg-demo"),
      QStringLiteral("Load the CMU walks of <dir> (cmu_turns), build a walking node parameterised "
                     "by turn angle and its self-loop edge, and show the edge inspector."),
      QStringLiteral("dir"));
  const QCommandLineOption workspace(
      QStringLiteral("workspace"),
      QStringLiteral("Open on the workspace <name>: its kind (snap, pmg, subgraph, field) or its "
                     "tab's title (\"Motion Fields\")."),
      QStringLiteral("name"));
  const QCommandLineOption layoutReport(
      QStringLiteral("layout-report"),
      QStringLiteral("Once the window is shown, print every visible panel's title, workspace and "
                     "geometry in screen pixels as JSON lines."));
  parser.addOptions({workspace, layoutReport});
  parser.addOption(pmgDemo);
  parser.addOptions({sample, timing, screenshot, quitAfter, bench, benchLoad, benchSeconds,
                     benchFile, openProject, suggestHubs, walk});
  if (!parser.parse(arguments)) {
    *error = parser.errorText();
    return false;
  }
  if (parser.isSet(QStringLiteral("help"))) parser.showHelp(0);
  if (parser.isSet(QStringLiteral("version"))) parser.showVersion();

  // A .mgproj among the files is the project to open (a file manager passes it so, through the
  // desktop entry's %f); the rest are capture files.
  options->projectPath = parser.value(openProject);
  options->files.clear();
  for (const QString& file : parser.positionalArguments()) {
    if (QFileInfo(file).suffix().compare(QStringLiteral("mgproj"), Qt::CaseInsensitive) != 0) {
      options->files.push_back(file);
    } else if (options->projectPath.isEmpty()) {
      options->projectPath = file;
    } else {
      *error = QStringLiteral("only one project can be opened: %1 and %2")
                   .arg(options->projectPath, file);
      return false;
    }
  }
  options->openSample = parser.isSet(sample);
  options->timing = parser.isSet(timing);
  options->screenshotPath = parser.value(screenshot);
  bool ok = true;
  if (parser.isSet(quitAfter)) {
    options->quitAfterMs = parser.value(quitAfter).toInt(&ok);
    if (!ok || options->quitAfterMs < 0) {
      *error = QStringLiteral("--quit-after-ms needs a non-negative number of milliseconds");
      return false;
    }
  }
  if (parser.isSet(bench)) {
    options->benchSkeletons = parser.value(bench).toInt(&ok);
    if (!ok || options->benchSkeletons < 1 || options->benchSkeletons > 100) {
      *error = QStringLiteral("--bench-viewport needs a count from 1 to 100");
      return false;
    }
  }
  options->benchLoad = parser.isSet(benchLoad);
  options->walk = parser.isSet(walk);
  options->workspace = parser.value(workspace);
  options->layoutReport = parser.isSet(layoutReport);
  if (parser.isSet(suggestHubs)) {
    options->suggestHubs = parser.value(suggestHubs).toInt(&ok);
    if (!ok || options->suggestHubs < 1 || options->suggestHubs > 50) {
      *error = QStringLiteral("--suggest-hubs needs a count from 1 to 50");
      return false;
    }
  }
  options->pmgDemoDir = parser.value(pmgDemo);
  options->benchFile = parser.value(benchFile);
  options->benchSeconds = parser.value(benchSeconds).toDouble(&ok);
  if (!ok || options->benchSeconds <= 0) {
    *error = QStringLiteral("--bench-seconds needs a positive number of seconds");
    return false;
  }
  if (options->benchLoad && options->files.isEmpty()) {
    *error = QStringLiteral("--bench-load needs the capture files to open");
    return false;
  }
  return true;
}

}  // namespace mg
