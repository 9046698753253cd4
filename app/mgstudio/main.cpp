// SPDX-License-Identifier: MIT
// mgstudio: the Motion Graph Studio editor.

#include <cstdio>

#include <QApplication>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QIcon>
#include <QTimer>

#include "app/mgstudio/load_benchmark.h"
#include "app/mgstudio/main_window.h"
#include "app/mgstudio/opened_files_gate.h"
#include "app/mgstudio/pmg/parametric_workspace.h"
#include "app/mgstudio/project_controller.h"
#include "app/mgstudio/studio_diagnostics.h"
#include "app/mgstudio/studio_options.h"
#include "app/mgstudio/studio_script.h"
#include "app/mgstudio/studio_style.h"
#include "app/mgstudio/workspace.h"
#include "core/import/isolated_import.h"
#include "widgets/document/project.h"

namespace {

void nameApplication() {
  QCoreApplication::setOrganizationName(QStringLiteral("MotionGraphStudio"));
  QCoreApplication::setApplicationName(QStringLiteral("mgstudio"));
  QCoreApplication::setApplicationVersion(QStringLiteral(MG_VERSION));
}

// --help, --version and bad options are answered before a display is opened, so they work on a
// machine without one (QApplication aborts there). Returns the exit code, or -1 to go on.
int answerWithoutDisplay(int argc, char** argv) {
  bool needed = false;
  for (int i = 1; i < argc; ++i) {
    const QByteArray a(argv[i]);
    needed = needed || a == "-h" || a == "--help" || a == "--help-all" || a == "-?" || a == "-v" ||
             a == "--version";
  }
  QStringList arguments;
  for (int i = 0; i < argc; ++i) arguments.push_back(QString::fromLocal8Bit(argv[i]));
  mg::StudioOptions probe;
  QString error;
  if (!needed && mg::parseStudioOptions(arguments, &probe, &error)) return -1;
  QCoreApplication core(argc, argv);  // what --help and --version print needs an application
  nameApplication();
  if (!mg::parseStudioOptions(QCoreApplication::arguments(), &probe,
                              &error)) {  // help/version exit here
    std::fprintf(stderr, "mgstudio: %s\n", qPrintable(error));
    return 2;
  }
  return -1;
}

}  // namespace

int main(int argc, char** argv) {
  QElapsedTimer launchClock;
  launchClock.start();
  if (const int code = answerWithoutDisplay(argc, argv); code >= 0) return code;
  QApplication app(argc, argv);
  nameApplication();
  QApplication::setApplicationDisplayName(QStringLiteral("Motion Graph Studio"));
  // FBX, glTF, Collada and the other Assimp formats are imported by a child mgtool (installed
  // beside mgstudio, or in the build tree): a crash in Assimp fails that file, never the editor.
  const QString here = QApplication::applicationDirPath();
  for (const QString& candidate :
       {here + QStringLiteral("/mgtool"), here + QStringLiteral("/../mgtool/mgtool")}) {
    if (QFileInfo(candidate).isExecutable()) {
      mg::setImportHelperProgram(QFileInfo(candidate).canonicalFilePath().toStdString());
      break;
    }
  }

  mg::StudioOptions options;
  QString error;
  if (!mg::parseStudioOptions(QApplication::arguments(), &options, &error)) {
    std::fprintf(stderr, "mgstudio: %s\n", qPrintable(error));
    return 2;
  }
  mg::applyStudioStyle(app);
  QIcon icon;
  for (int size : {16, 32, 48, 64, 128, 256}) {
    icon.addFile(QStringLiteral(":/icons/mgstudio-%1.png").arg(size));
  }
  QApplication::setWindowIcon(icon);

  mg::MainWindow window;
  mg::StudioDiagnostics diagnostics(&window, options, launchClock);
  window.show();
  if (options.benchSkeletons > 0) {
    if (!diagnostics.startViewportBenchmark()) return 1;
    return app.exec();
  }
  if (options.benchLoad) {
    window.setAskToSave(false);
    mg::LoadBenchmark bench(&window, options.files, options.benchSeconds);
    // As an author opens files into a window that is up: the first frames (Qt3D's start) are the
    // startup's (--timing), not the load's.
    QTimer::singleShot(1500, &bench, &mg::LoadBenchmark::start);
    return app.exec();
  }
  mg::StudioScript script(&window, options);
  // A scripted run never waits for an answer: a project that cannot be opened is reported on
  // stderr and the editor exits.
  if (options.quitAfterMs >= 0) {
    window.projectFiles()->setInteractive(false);
    window.openedFiles()->setInteractive(false);
  }
  if (!options.projectPath.isEmpty()) {
    if (!window.projectFiles()->openProject(options.projectPath)) {
      std::fprintf(stderr, "mgstudio: cannot open project %s: %s\n",
                   qPrintable(options.projectPath), qPrintable(window.projectFiles()->lastError()));
      return 1;
    }
    // A project moved away from its capture opens with its motions marked missing; a scripted
    // run says which, since nobody sees the library.
    if (options.quitAfterMs >= 0) {
      for (const mg::MotionEntry& entry : window.project()->motions()) {
        if (!entry.file.missing) continue;
        std::fprintf(stderr, "mgstudio: %s: motion missing: %s\n", qPrintable(options.projectPath),
                     entry.motion->sourcePath.c_str());
      }
    }
    diagnostics.projectOpened(options.projectPath);
  }
  // An untitled project autosaved by a session that crashed; scripted runs never ask.
  if (options.projectPath.isEmpty() && options.quitAfterMs < 0)
    window.projectFiles()->offerUntitledRecovery();
  if (!options.workspace.isEmpty()) {
    mg::Workspace* workspace = window.switcher()->find(options.workspace);
    if (!workspace) {
      std::fprintf(stderr, "mgstudio: no workspace \"%s\"; the workspaces are %s\n",
                   qPrintable(options.workspace), qPrintable(window.switcher()->names()));
      return 2;
    }
    workspace->raiseDocks();
    // A project's view state names its own workspace once its motions are in: the command line's
    // wins.
    if (!options.projectPath.isEmpty()) {
      QObject::connect(window.projectFiles(), &mg::ProjectController::projectLoaded, workspace,
                       &mg::Workspace::raiseDocks, Qt::SingleShotConnection);
    }
  }
  if (!options.pmgDemoDir.isEmpty())
    window.workspace<mg::ParametricWorkspace>()->runDemo(options.pmgDemoDir);
  QStringList files = options.files;
  if (options.openSample) files.push_back(mg::sampleMotionPath());
  if (!files.isEmpty()) window.openFiles(files);
  script.begin();
  return app.exec();
}
