// SPDX-License-Identifier: MIT
#include "app/mgstudio/main_window.h"

#include <algorithm>
#include <cmath>
#include <map>

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QTimer>
#include <QUndoView>

#include "app/mgstudio/central_area.h"
#include "app/mgstudio/heatmap_dock.h"
#include "app/mgstudio/help_pages.h"
#include "app/mgstudio/missing_files_action.h"
#include "app/mgstudio/motion_export_action.h"
#include "app/mgstudio/opened_files_gate.h"
#include "app/mgstudio/project_controller.h"
#include "app/mgstudio/quality_dock.h"
#include "app/mgstudio/recent_files.h"
#include "app/mgstudio/reference_pose_offer.h"
#include "app/mgstudio/studio_options.h"
#include "app/mgstudio/workspace_registry.h"
#include "widgets/commands/motion_commands.h"
#include "widgets/commands/motion_uses.h"
#include "widgets/document/project_file.h"
#include "widgets/jobs/motion_loader.h"
#include "widgets/jobs/snap_session.h"
#include "widgets/views/common/count_text.h"
#include "widgets/views/common/job_progress_widget.h"
#include "widgets/views/common/wheel_guard.h"
#include "widgets/views/heatmap/heatmap_panel.h"
#include "widgets/views/library/import_options_dialog.h"
#include "widgets/views/library/motion_library_view.h"
#include "widgets/views/playback/motion_player.h"
#include "widgets/views/playback/playback_bar.h"
#include "widgets/views/playback/playback_controller.h"
#include "widgets/views/playback/stream_player.h"
#include "widgets/views/viewport/viewport_widget.h"

namespace mg {

namespace {
const char* const kGeometryKey = "mainWindow/geometry";
// Each workspace's dock state under mainWindow/layouts/<kind>, the central splitter's sizes.
const char* const kLayoutsGroup = "mainWindow/layouts";
const char* const kCentralKey = "mainWindow/central";
const char* const kOpenDirKey = "openDirectory";
const char* const kTrimKey = "import/trimLeadingFrames";
const char* const kUnitKey = "import/metresPerUnit";
}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  setWindowTitle(tr("Motion Graph Studio"));
  setAcceptDrops(true);
  setDockOptions(AnimatedDocks | AllowTabbedDocks);
  WheelGuard::install();  // a wheel over a dock scrolls it; it never edits an unfocused value
  m_loader = new MotionLoader(this);
  m_playback = new PlaybackController(this);
  m_viewport = new ViewportWidget(this);
  m_viewport->setObjectName(QStringLiteral("viewport"));
  // The viewport shares the centre with the active workspace's main editor.
  m_central = new CentralArea(m_viewport, this);
  setCentralWidget(m_central);
  m_player = new MotionPlayer(&m_project, m_playback, m_viewport, this);
  // The one preview player under the one transport; every workspace plays through it.
  m_streams = new StreamPlayer(this);
  // New Project and Open: a preview of the project before stops (its motions are gone).
  connect(&m_project, &Project::cleared, m_streams, &StreamPlayer::stop);
  m_streams->setViewport(m_viewport, kPreviewCharacterId, QColor(250, 220, 60));
  m_streams->attachTransport(m_playback);
  // One clock: the transport counts frames at the working rate of the timeline and heatmap.
  m_playback->setWorkingFps(m_project.metricSettings().workingFps);
  connect(&m_project, &Project::metricSettingsChanged, this,
          [this] { m_playback->setWorkingFps(m_project.metricSettings().workingFps); });

  ImportOptions importOptions;
  QSettings settings;
  importOptions.trimLeadingFrames = settings.value(kTrimKey, 0).toInt();
  importOptions.metresPerUnit = settings.value(kUnitKey, 0.0).toDouble();
  m_project.setImportOptions(importOptions);

  m_projectFiles = new ProjectController(
      this, &m_project,
      [this] {
        Json state = Workspace::windowViewState(
            this, m_viewport,
            std::vector<const Workspace*>(m_workspaces.begin(), m_workspaces.end()));
        m_quality->saveViewState(state.get_ref<JsonObject&>());
        m_switcher->saveViewState(state.get_ref<JsonObject&>());
        return state;
      },
      [this](const Json& view) {
        Workspace::applyWindowViewState(this, m_viewport, m_workspaces, view);
        m_quality->loadViewState(view);
        m_switcher->loadViewState(view);
      });
  createActions();
  createMenus();
  m_switcher = new WorkspaceSwitcher(this, m_viewMenu);
  createDocks();
  m_heatmap = createHeatmapDock(this, m_viewMenu);
  connectLoader();
  // Every graph kind is one Workspace subclass in its folder app/mgstudio/<kind>/, registered
  // there (workspace_registry.h); the window makes one of each, in their order.
  for (const WorkspaceRegistration& kind : registeredWorkspaces()) {
    Workspace* workspace = kind.make(workspaceContext());
    m_workspaces.push_back(workspace);
    m_switcher->add(workspace);
  }
  m_quality = new QualityDock(this, m_viewMenu);
  // File > Export Motion: what the viewport plays, after the workspaces' graph exports.
  m_motionExport = new MotionExportAction(this, &m_project, m_library, m_streams);
  m_fileMenu->insertAction(m_quitAction, m_motionExport->action());
  m_fileMenu->insertSeparator(m_quitAction);
  m_motionExport->action()->setShortcutContext(Qt::WindowShortcut);
  addAction(m_motionExport->action());
  // File > Locate Missing Motion / Find Missing Files: a project whose capture moved.
  m_missingFiles = new MissingFilesActions(this, &m_project, m_library);
  m_fileMenu->insertAction(m_motionExport->action(), m_missingFiles->locateAction());
  m_fileMenu->insertAction(m_motionExport->action(), m_missingFiles->findAction());
  m_fileMenu->insertSeparator(m_motionExport->action());
  connect(m_projectFiles, &ProjectController::projectLoaded, this, [this] {
    for (Workspace* w : m_workspaces) w->projectLoaded();
    restoreResults();
  });
  connect(m_projectFiles, &ProjectController::projectSaved, this, &MainWindow::saveResults);
  m_loadProgress = new JobProgressWidget(this);
  statusBar()->addPermanentWidget(m_loadProgress);
  connect(m_loadProgress, &JobProgressWidget::cancelRequested, m_loader, &MotionLoader::cancel);
  statusBar()->showMessage(tr("Open capture files with File > Open, or drop them here."));
  arrangeDefaultDocks();
  m_switcher->setLayouts(m_central, [this](Workspace* w) { applyDesignedLayout(w); });
  restoreLayout();
  if (!m_workspaces.empty())
    m_switcher->show(m_workspaces.front());  // the first kind (the sample's)
}

WorkspaceContext MainWindow::workspaceContext() {
  WorkspaceContext context{this,       &m_project, m_viewport,  m_playback,
                           m_viewMenu, m_fileMenu, m_quitAction};
  context.streams = m_streams;
  context.editMenu = m_editMenu;
  context.player = m_player;
  context.heatmap = m_heatmap;
  context.session = m_session;
  context.central = m_central;
  return context;
}

void MainWindow::arrangeDefaultDocks() {
  // The first-start layout keeps the viewport the largest view: each kind's docks start as tabs
  // behind the docks they name (Workspace::addDock's tabWith: the bottom row behind the match
  // timeline, the right column behind the heatmap, the first thing to look at after loading
  // capture). A saved layout replaces all of this.
  auto dock = [this](const char* name) {
    return findChild<QDockWidget*>(QString::fromLatin1(name));
  };
  if (QDockWidget* timeline = dock("timelineDock")) timeline->raise();
  if (QDockWidget* heatmap = dock("heatmapDock")) {
    heatmap->raise();
    resizeDocks({m_libraryDock, heatmap}, {360, 470}, Qt::Horizontal);
  }
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions() {
  QStyle* s = style();
  auto make = [this](const QString& text, const QKeySequence& key, auto slot) {
    auto* action = new QAction(text, this);
    if (!key.isEmpty()) action->setShortcut(key);
    connect(action, &QAction::triggered, this, slot);
    return action;
  };
  m_openAction = make(tr("&Open..."), QKeySequence::Open, [this] { showOpenDialog(); });
  m_openAction->setIcon(s->standardIcon(QStyle::SP_DialogOpenButton));
  // Ctrl+Shift+O opens a project (ProjectController); the sample is one menu click away.
  m_openSampleAction = make(tr("Open &Sample"), {}, [this] { openSample(); });
  m_importOptionsAction = make(tr("&Import Options..."), {}, [this] { showImportOptions(); });
  m_quitAction = make(tr("&Quit"), QKeySequence::Quit, [this] { close(); });
  m_undoAction = m_project.undoStack()->createUndoAction(this, tr("&Undo"));
  m_undoAction->setShortcut(QKeySequence::Undo);
  m_redoAction = m_project.undoStack()->createRedoAction(this, tr("&Redo"));
  // Ctrl+Shift+Z and Ctrl+Y, as in most editors (the platform's Redo is only the first here).
  m_redoAction->setShortcuts(
      {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
  m_removeAction =
      make(tr("&Remove Motion"), QKeySequence::Delete, [this] { removeSelectedMotions(); });

  m_frameAction = make(tr("&Frame Characters"), QKeySequence(Qt::Key_F),
                       [this] { m_viewport->frameCharacters(); });
  m_followAction = make(tr("F&ollow Character"), QKeySequence(tr("Shift+F")), [] {});
  m_followAction->setCheckable(true);
  connect(m_followAction, &QAction::toggled, m_viewport, &ViewportWidget::setFollowCharacter);

  m_playAction =
      make(tr("&Play"), QKeySequence(Qt::Key_Space), [this] { m_playback->togglePlaying(); });
  m_stepBackAction =
      make(tr("Step &Back"), QKeySequence(Qt::Key_Left), [this] { m_playback->stepBackward(); });
  m_stepBackAction->setIcon(s->standardIcon(QStyle::SP_MediaSeekBackward));
  m_stepForwardAction =
      make(tr("Step &Forward"), QKeySequence(Qt::Key_Right), [this] { m_playback->stepForward(); });
  m_stepForwardAction->setIcon(s->standardIcon(QStyle::SP_MediaSeekForward));
  m_firstFrameAction = make(tr("First Frame"), QKeySequence(Qt::Key_Home), [this] {
    m_playback->setPlaying(false);
    m_playback->setFrame(0);
  });
  m_lastFrameAction = make(tr("Last Frame"), QKeySequence(Qt::Key_End), [this] {
    m_playback->setPlaying(false);
    m_playback->setFrame(m_playback->frameCount() - 1);
  });
  m_loopAction = make(tr("&Loop"), QKeySequence(Qt::Key_L), [] {});
  m_loopAction->setCheckable(true);
  m_loopAction->setChecked(m_playback->isLooping());
  m_loopAction->setIcon(s->standardIcon(QStyle::SP_BrowserReload));
  connect(m_loopAction, &QAction::toggled, m_playback, &PlaybackController::setLooping);
  m_fasterAction = make(tr("Faster"), QKeySequence(Qt::Key_BracketRight),
                        [this] { m_playback->setSpeed(m_playback->speed() * 2); });
  m_slowerAction = make(tr("Slower"), QKeySequence(Qt::Key_BracketLeft),
                        [this] { m_playback->setSpeed(m_playback->speed() / 2); });
  connect(m_playback, &PlaybackController::playingChanged, this, &MainWindow::updatePlayAction);
  updatePlayAction(false);

  m_gettingStartedAction = make(tr("&Getting Started"), QKeySequence::HelpContents, [this] {
    showHelpPage(this, tr("Getting Started"),
                 gettingStartedHtml(m_workspaces, m_switcher->active()));
  });
  m_shortcutsAction = make(tr("&Keyboard Shortcuts"), {}, [this] {
    showHelpPage(this, tr("Keyboard Shortcuts"), shortcutsHtml(actions()));
  });
  m_aboutAction = make(tr("&About Motion Graph Studio"), {}, [this] {
    QMessageBox::about(this, tr("About Motion Graph Studio"),
                       tr("<h3>Motion Graph Studio %1</h3>"
                          "<p>Build motion graphs from motion capture.</p>"
                          "<p><b>Viewport:</b> LMB or Alt+LMB orbit, MMB or RMB pan, wheel or "
                          "Alt+RMB zoom; A/D/W/S orbit (Shift: pan), Q/E zoom, F frame, "
                          "numpad 1/3/7 front/side/top.</p>")
                           .arg(QApplication::applicationVersion()));
  });
  // Shortcuts act window-wide, also while the 3D view has the keyboard.
  for (QAction* a : findChildren<QAction*>()) a->setShortcutContext(Qt::WindowShortcut);
  addActions(findChildren<QAction*>());
}

void MainWindow::createMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  m_fileMenu = file;
  file->addActions({m_projectFiles->newAction(), m_projectFiles->openAction(),
                    m_projectFiles->saveAction(), m_projectFiles->saveAsAction()});
  file->addSeparator();
  file->addAction(m_openAction);
  m_recentMenu = file->addMenu(tr("Recent &Files"));
  file->addAction(m_openSampleAction);
  file->addSeparator();
  file->addAction(m_importOptionsAction);
  file->addSeparator();
  file->addAction(m_quitAction);
  m_recentFiles = new RecentFiles(m_recentMenu, this);
  // Recent Files holds capture and projects: a project opens as File > Open Project does.
  connect(m_recentFiles, &RecentFiles::openRequested, this, [this](const QString& path) {
    if (QFileInfo(path).suffix().compare(QLatin1String(kProjectSuffix), Qt::CaseInsensitive) != 0) {
      openFiles({path});
    } else if (m_projectFiles->maybeSave()) {
      m_projectFiles->openProject(path);
    }
  });
  connect(m_projectFiles, &ProjectController::projectFileUsed, m_recentFiles, &RecentFiles::add);

  QMenu* edit = menuBar()->addMenu(tr("&Edit"));
  m_editMenu = edit;
  edit->addAction(m_undoAction);
  edit->addAction(m_redoAction);
  edit->addSeparator();
  edit->addAction(m_removeAction);

  m_viewMenu = menuBar()->addMenu(tr("&View"));
  m_viewMenu->addAction(m_frameAction);
  m_viewMenu->addAction(m_followAction);
  QAction* resetLayout = m_viewMenu->addAction(tr("&Reset Layout"), this, &MainWindow::resetLayout);
  resetLayout->setObjectName(QStringLiteral("resetLayoutAction"));
  resetLayout->setToolTip(tr("Give every workspace its designed arrangement of panels again."));
  m_viewMenu->addSeparator();

  QMenu* play = menuBar()->addMenu(tr("&Playback"));
  play->addActions(
      {m_playAction, m_stepBackAction, m_stepForwardAction, m_firstFrameAction, m_lastFrameAction});
  play->addSeparator();
  play->addActions({m_loopAction, m_fasterAction, m_slowerAction});

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->addActions({m_gettingStartedAction, m_shortcutsAction});
  help->addSeparator();
  help->addAction(m_aboutAction);
}

void MainWindow::createDocks() {
  m_library = new MotionLibraryView(&m_project, this);
  m_libraryDock = new QDockWidget(tr("Motion Library"), this);
  m_libraryDock->setObjectName(QStringLiteral("motionLibraryDock"));
  m_libraryDock->setWidget(scrollingDockContent(m_library));  // the dock policy (wheel_guard.h)
  addDockWidget(Qt::LeftDockWidgetArea, m_libraryDock);
  connect(m_library, &MotionLibraryView::selectionChanged, this,
          [this](const QList<MotionId>& ids) {
            // Library playback and previews share the transport: a selection replaces the preview,
            // and a selection emptied while a preview plays leaves the preview alone.
            if (ids.isEmpty() && m_streams->hasStream()) return;
            if (!ids.isEmpty()) m_streams->stop();
            m_player->showMotions(ids);
            if (!ids.isEmpty()) m_playback->setPlaying(true);
          });

  m_playbackBar = new PlaybackBar(m_playback, m_playAction, m_stepBackAction, m_stepForwardAction,
                                  m_loopAction, this);
  m_playbackDock = new QDockWidget(tr("Playback"), this);
  m_playbackDock->setObjectName(QStringLiteral("playbackDock"));
  m_playbackDock->setWidget(m_playbackBar);
  m_playbackDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetClosable);
  // A transport bar needs no title; View > Playback shows or hides it.
  m_playbackDock->setTitleBarWidget(new QWidget(m_playbackDock));
  addDockWidget(Qt::BottomDockWidgetArea, m_playbackDock);
  // The side columns (the library and the kind's panel, the inspectors) run the full height; the
  // timeline and the transport run under the centre, as a DCC's time line runs under its views.
  setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
  setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
  m_viewMenu->addAction(m_libraryDock->toggleViewAction());
  m_viewMenu->addAction(m_playbackDock->toggleViewAction());
  resizeDocks({m_libraryDock}, {440}, Qt::Horizontal);

  // The undo history of every kind's edits.
  auto* history = new QUndoView(m_project.undoStack());
  history->setEmptyLabel(tr("<empty project>"));
  m_historyDock = new QDockWidget(tr("History"), this);
  m_historyDock->setObjectName(QStringLiteral("historyDock"));
  m_historyDock->setWidget(scrollingDockContent(history));
  // Behind the library: looked at now and then, it need not take a column's room.
  addDockWidget(Qt::LeftDockWidgetArea, m_historyDock);
  tabifyDockWidget(m_libraryDock, m_historyDock);
  m_libraryDock->raise();
  m_viewMenu->addAction(m_historyDock->toggleViewAction());
  m_session = new SnapSession(&m_project, this);
  m_library->showGlitchesOf(m_session);
  addActions({m_projectFiles->newAction(), m_projectFiles->openAction(),
              m_projectFiles->saveAction(), m_projectFiles->saveAsAction()});
  // A preview starting takes the viewport and the transport from library playback.
  connect(m_streams, &StreamPlayer::streamStarting, this, [this] {
    m_player->showMotions({});
    m_library->table()->clearSelection();
    m_followAction->setChecked(true);  // an endless walk leaves the frame otherwise
  });
  connect(m_projectFiles, &ProjectController::projectLoaded, this, [this] {
    m_player->showMotions({});
    if (m_project.motionCount() > 0) m_library->selectMotion(m_project.motions()[0].id);
    // An opened project shows its first motion paused: nothing runs until the author presses play.
    m_playback->setPlaying(false);
    if (m_missingFiles) m_missingFiles->announce();
  });
}

void MainWindow::connectLoader() {
  // Files reloaded without their reference poses were in the project already: nothing new to ask.
  m_referencePoses = new ReferencePoseOffer(&m_project, this, [this](const QStringList& paths) {
    const bool running = m_loader->isRunning() || m_openedFiles->busy();
    openFiles(paths);
    if (!running) m_openedFiles->acceptBatch();
  });
  statusBar()->addPermanentWidget(m_referencePoses->bar());
  connect(m_loader, &MotionLoader::progressChanged, this,
          [this](int done, int total, const QString& path, double fraction) {
            const QString file = QFileInfo(path).fileName();
            const QString text =
                path.isEmpty() ? tr("Loading")
                : total > 1    ? tr("Loading %1 (%2 of %3)").arg(file).arg(done + 1).arg(total)
                               : tr("Loading %1").arg(file);
            m_loadProgress->setProgress(static_cast<int>(std::lround(fraction * 1000)), 1000, text);
          });
  m_openedFiles = new OpenedFilesGate(
      &m_project, this, [this](const QString& path, std::shared_ptr<const Motion> motion) {
        // Each arrival merges into its batch's command: one Open, one undo step.
        auto* command = new AddOpenedMotionsCommand(&m_project, m_loadBatch, std::move(motion));
        const MotionId id = command->firstMotionId();
        m_project.undoStack()->push(command);  // may merge (and delete `command`)
        m_referencePoses->noteLoaded(path, id, *m_project.motions().back().motion);
        m_recentFiles->add(path);
        statusBar()->showMessage(tr("Loaded %1").arg(QFileInfo(path).fileName()), 4000);
        if (m_selectNextLoaded) {
          m_selectNextLoaded = false;
          m_library->selectMotion(id);
        }
      });
  connect(m_openedFiles, &OpenedFilesGate::decided, this, [this](int added, int left) {
    statusBar()->showMessage(added > 0
                                 ? countText(added, tr("Added %1 file"), tr("Added %1 files"))
                                 : countText(left, tr("Left out %1 file"), tr("Left out %1 files")),
                             6000);
    if (added > 0) m_referencePoses->batchFinished();
  });
  connect(m_openedFiles, &OpenedFilesGate::addedApart, this, [this](const QStringList& lines) {
    statusBar()->showMessage(lines.join(QStringLiteral("; ")) +
                                 (lines.size() == 1 ? tr(" (in its own library group)")
                                                    : tr(" (in their own library groups)")),
                             10000);
  });
  connect(m_loader, &MotionLoader::motionLoaded, m_openedFiles, &OpenedFilesGate::offer);
  connect(m_loader, &MotionLoader::loadFailed, this,
          [this](const QString& path, const QString& message) {
            m_batchErrors.push_back(message);
            statusBar()->showMessage(tr("Could not load %1").arg(QFileInfo(path).fileName()), 8000);
          });
  connect(m_loader, &MotionLoader::finished, this, [this](bool cancelled) {
    const QStringList errors = m_batchErrors;
    if (cancelled) statusBar()->showMessage(tr("Loading cancelled"), 4000);
    if (!errors.isEmpty()) {
      auto* box = new QMessageBox(QMessageBox::Warning, tr("Some files could not be loaded"),
                                  countText(errors.size(), tr("%1 file could not be loaded."),
                                            tr("%1 files could not be loaded.")),
                                  QMessageBox::Ok, this);
      box->setDetailedText(errors.join(QLatin1Char('\n')));
      // Every file's error up to five (the details hold them all); Return presses OK.
      QStringList shown = errors.mid(0, 5);
      if (errors.size() > 5)
        shown << tr("... and %n more (Show Details).", nullptr,
                    static_cast<int>(errors.size() - 5));
      box->setInformativeText(shown.join(QLatin1Char('\n')));
      box->setDefaultButton(QMessageBox::Ok);
      box->setAttribute(Qt::WA_DeleteOnClose);
      box->open();
    }
    m_openedFiles->batchFinished(cancelled);  // finished() once what was read is placed
  });
  // The batch's end, once the gate has added (or held) every motion read.
  connect(m_openedFiles, &OpenedFilesGate::finished, this, [this](bool cancelled) {
    m_loadProgress->finish();
    m_selectNextLoaded = false;
    const QStringList errors = std::exchange(m_batchErrors, {});
    if (!cancelled) m_referencePoses->batchFinished();
    emit loadBatchFinished(errors);
  });
}

void MainWindow::openFiles(const QStringList& paths) {
  if (paths.isEmpty()) return;
  if (!m_loader->isRunning() && !m_openedFiles->busy()) {
    ++m_loadBatch;
    m_selectNextLoaded = true;
    m_openedFiles->batchStarted();
  }
  m_loader->load(paths, m_project.importOptions());
}

void MainWindow::openSample() {
  openFiles({sampleMotionPath()});
}

void MainWindow::showOpenDialog() {
  QSettings settings;
  const QStringList paths = QFileDialog::getOpenFileNames(
      this, tr("Open Capture Files"), settings.value(kOpenDirKey).toString(),
      tr("Motion capture (*.bvh *.fbx *.gltf *.glb *.dae);;BVH (*.bvh);;FBX (*.fbx);;"
         "glTF (*.gltf *.glb);;Collada (*.dae);;All files (*)"));
  if (paths.isEmpty()) return;
  settings.setValue(kOpenDirKey, QFileInfo(paths.first()).absolutePath());
  openFiles(paths);
}

void MainWindow::showImportOptions() {
  ImportOptionsDialog dialog(m_project.importOptions(), this);
  if (dialog.exec() != QDialog::Accepted) return;
  const ImportOptions options = dialog.options();
  m_project.setImportOptions(options);
  QSettings settings;
  settings.setValue(kTrimKey, options.trimLeadingFrames);
  settings.setValue(kUnitKey, options.metresPerUnit);
}

void MainWindow::removeSelectedMotions() {
  const QList<MotionId> ids = m_library->selectedMotions();
  if (ids.isEmpty()) return;
  const std::vector<MotionId> motions(ids.begin(), ids.end());
  // What the author made on these motions goes with them, asked first, in the same undo step.
  QStringList uses;
  for (const MotionUse& use : motionUses(m_project, {motions.begin(), motions.end()}))
    uses << use.what;
  if (!uses.isEmpty() && m_askBeforeRemovingUses) {
    const QString which = ids.size() == 1
                              ? QString::fromStdString(m_project.motion(ids[0])->name)
                              : countText(ids.size(), tr("%1 motion"), tr("%1 motions"));
    QMessageBox box(QMessageBox::Question, tr("Remove Motions"),
                    tr("Remove %1 and what was made on it?").arg(which), QMessageBox::NoButton,
                    this);
    box.setInformativeText(tr("Also removed: %1. Edit > Undo brings everything back.")
                               .arg(uses.join(QStringLiteral(", "))));
    QPushButton* remove = box.addButton(tr("Remove"), QMessageBox::DestructiveRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    if (box.clickedButton() != remove) return;
  }
  m_project.undoStack()->push(new RemoveMotionsCommand(&m_project, motions));
}

void MainWindow::updatePlayAction(bool playing) {
  m_playAction->setText(playing ? tr("&Pause") : tr("&Play"));
  m_playAction->setIcon(
      style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
}

void MainWindow::restoreLayout() {
  QSettings settings;
  // 1440x900, or the screen's free area when smaller (a 1366x768 laptop). A saved size from a
  // larger screen (the laptop was on a monitor) is shrunk the same way: Qt moves a restored window
  // onto the screen but keeps its size. 30 pixels are left for the title bar.
  const QRect free = screen() ? screen()->availableGeometry() : QRect(0, 0, 1440, 900);
  if (!restoreGeometry(settings.value(kGeometryKey).toByteArray())) {
    resize(std::min(1440, free.width()), std::min(900, free.height() - 30));
  } else if (!isMaximized() &&
             (frameGeometry().width() > free.width() || frameGeometry().height() > free.height())) {
    resize(std::min(width(), free.width()), std::min(height(), free.height() - 30));
    move(free.topLeft());
  }
  // Each workspace's layout as the author left it; the first shown gets it when it is shown.
  std::map<QString, QByteArray> layouts;
  settings.beginGroup(QLatin1String(kLayoutsGroup));
  for (const QString& kind : settings.childKeys())
    layouts[kind] = settings.value(kind).toByteArray();
  settings.endGroup();
  m_switcher->restoreLayouts(std::move(layouts));
  m_central->restoreSizes(settings.value(kCentralKey).toByteArray());
}

void MainWindow::applyDesignedLayout(Workspace* active) {
  // The docks as the kinds made them, the other kinds' hidden and all of this kind's shown, its
  // primary ones in front.
  if (!m_madeState.isEmpty()) restoreState(m_madeState, kDockLayoutVersion);
  m_libraryDock->show();
  m_historyDock->show();
  for (Workspace* w : m_workspaces) {
    if (w == active) continue;
    for (QDockWidget* d : w->docks()) d->hide();
  }
  for (QDockWidget* d : active->docks()) d->show();
  for (const QString& name : active->windowDocksHidden()) {
    if (auto* d = findChild<QDockWidget*>(name)) d->hide();
  }
  m_libraryDock->raise();  // showing the history raised it
  active->raiseDocks();
  m_playbackDock->show();
  // Side columns and the bottom row in proportion to the window, the rest for the viewport and
  // the kind's main editor beside it (the docks scroll what does not fit).
  const int w = width(), h = height();
  QList<QDockWidget*> left, right, bottom;
  for (QDockWidget* d : findChildren<QDockWidget*>()) {
    if (d->isFloating() || d->isHidden() || d == m_playbackDock) continue;
    const Qt::DockWidgetArea area = dockWidgetArea(d);
    (area == Qt::LeftDockWidgetArea    ? left
     : area == Qt::RightDockWidgetArea ? right
                                       : bottom)
        .push_back(d);
  }
  // The left column a quarter of the width where the kind has a panel there (the hubs, the
  // subgraph's keys), a little less where it holds only the library.
  const bool kindOnTheLeft = std::any_of(left.begin(), left.end(), [&](QDockWidget* d) {
    return std::find(active->docks().begin(), active->docks().end(), d) != active->docks().end();
  });
  resizeDocks(left, QList<int>(left.size(), w * (kindOnTheLeft ? 25 : 22) / 100), Qt::Horizontal);
  resizeDocks(right, QList<int>(right.size(), w * 26 / 100), Qt::Horizontal);
  resizeDocks(bottom, QList<int>(bottom.size(), h * 24 / 100), Qt::Vertical);
  // Down the left column the kind's panels under the library get the height their controls ask
  // for (so none has to be scrolled to), the library the rest, and at least a few rows.
  QList<QDockWidget*> column;
  QList<int> heights;
  int panels = 0;
  std::vector<bool> isLibrary;
  for (QDockWidget* d : left) {
    const QList<QDockWidget*> tabs = tabifiedDockWidgets(d);
    // One entry per tab group (its hidden tabs do not count).
    if (std::any_of(tabs.begin(), tabs.end(), [&](QDockWidget* t) { return column.contains(t); }))
      continue;
    column.push_back(d);
    isLibrary.push_back(d == m_libraryDock || tabs.contains(m_libraryDock));
    QWidget* content = d->widget();
    if (auto* area = qobject_cast<QScrollArea*>(content); area && area->widget())
      content = area->widget();
    const int wanted = isLibrary.back() ? 0 : content->sizeHint().height() + 30;  // + title
    heights.push_back(wanted);
    panels += wanted;
  }
  const int libraryHeight = std::max(h * 18 / 100, h * 85 / 100 - panels);
  for (int i = 0; i < column.size(); ++i) {
    if (isLibrary[i]) heights[i] = libraryHeight;
  }
  if (column.size() > 1) resizeDocks(column, heights, Qt::Vertical);
}

void MainWindow::resetLayout() {
  m_switcher->resetLayouts();
  statusBar()->showMessage(tr("Layout reset for every workspace"), 4000);
}

void MainWindow::showEvent(QShowEvent* event) {
  QMainWindow::showEvent(event);
  // Every dock where its kind put it (a dock's place is only recorded once the window is laid
  // out): where a designed layout starts from.
  if (!m_madeState.isEmpty()) return;
  m_madeState = saveState(kDockLayoutVersion);
  // Dock sizes given before the window had its size do not hold: lay the first kind out again
  // now that it has one (unless it has a saved layout).
  QTimer::singleShot(0, this, [this] {
    Workspace* active = m_switcher->active();
    if (active && !m_switcher->hasLayout(active)) applyDesignedLayout(active);
  });
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (m_askToSave && !m_projectFiles->maybeSave()) {
    event->ignore();
    return;
  }
  m_projectFiles->discardAutosave();
  QSettings settings;
  settings.setValue(kGeometryKey, saveGeometry());
  settings.remove(QLatin1String(kLayoutsGroup));
  settings.beginGroup(QLatin1String(kLayoutsGroup));
  for (const auto& [kind, state] : m_switcher->saveLayouts()) settings.setValue(kind, state);
  settings.endGroup();
  settings.setValue(kCentralKey, m_central->saveSizes());
  m_loader->cancel();
  event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  if (event->mimeData()->hasUrls()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  QStringList paths;
  for (const QUrl& url : event->mimeData()->urls()) {
    if (url.isLocalFile()) paths.push_back(url.toLocalFile());
  }
  if (paths.isEmpty()) return;
  event->acceptProposedAction();
  openFiles(paths);
}

// The results that took time, as caches beside the project (widgets/document/result_cache.h).
void MainWindow::saveResults(const QString& projectPath) {
  for (const Workspace* w : m_workspaces) w->saveResults(projectPath);
  m_quality->saveResults(projectPath);
}

void MainWindow::restoreResults() {
  const QString path = m_project.fileName();  // empty for a recovered autosave: no caches
  if (path.isEmpty()) return;
  for (Workspace* w : m_workspaces) w->restoreResults(path);
  m_quality->restoreResults(path);
}

}  // namespace mg
