// SPDX-License-Identifier: MIT
// The window as a laptop user sees it (CTest runs this under Xvfb at 1366x768, at 1920x1080, and
// at 1920x1080 with 150% scaling): it opens inside the screen with the transport and status bar
// on it, the 3D viewport is the largest area, and loading many motions grows no dock (they
// scroll). With the bundled CMU capture beside the Assimp samples, the sample's other skeleton
// shows greyed on the Match Timeline, and the walks' reference T-pose is offered for dropping.
// Screenshots are kept in the build directory (layout_<screen>_*.png) for people to look at.
#include <gtest/gtest.h>

#include <filesystem>

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

#include "app/mgstudio/central_area.h"
#include "app/mgstudio/field/field_workspace.h"
#include "app/mgstudio/layout_report.h"
#include "app/mgstudio/main_window.h"
#include "app/mgstudio/pmg/parametric_workspace.h"
#include "app/mgstudio/project_controller.h"
#include "app/mgstudio/reference_pose_offer.h"
#include "app/mgstudio/snap/snap_workspace.h"
#include "app/mgstudio/subgraph/subgraph_workspace.h"
#include "gui_test_main.h"
#include "widgets/jobs/snap_session.h"
#include "widgets/views/playback/playback_controller.h"
#include "widgets/views/timeline/match_timeline.h"
#include "widgets/views/viewport/viewport_widget.h"

namespace mg {
namespace {

QString screenName() {
  const QSize s = QGuiApplication::primaryScreen()->size();
  const double scale = QGuiApplication::primaryScreen()->devicePixelRatio();
  return QStringLiteral("%1x%2%3")
      .arg(s.width())
      .arg(s.height())
      .arg(scale > 1.01 ? QStringLiteral("_x%1").arg(scale) : QString());
}

void shoot(const char* what) {
  QScreen* screen = QGuiApplication::primaryScreen();
  const QString path = QStringLiteral(MG_GUI_ARTIFACT_DIR "/layout_%1_%2.png")
                           .arg(screenName(), QLatin1String(what));
  EXPECT_TRUE(screen->grabWindow(0).save(path)) << path.toStdString();
}

QDockWidget* dock(MainWindow& w, const char* name) {
  return w.findChild<QDockWidget*>(QString::fromLatin1(name));
}

// Everything a user needs on screen: the window inside the screen, the transport and the status
// bar inside the window, and the centre (viewport and main editor) larger than any dock.
void expectFitsTheScreen(MainWindow& window, const char* when) {
  SCOPED_TRACE(when);
  const QRect screen = window.screen()->availableGeometry();
  EXPECT_TRUE(screen.contains(window.frameGeometry()))
      << "window " << window.frameGeometry().width() << "x" << window.frameGeometry().height()
      << " on a screen of " << screen.width() << "x" << screen.height();
  QDockWidget* transport = dock(window, "playbackDock");
  ASSERT_NE(transport, nullptr);
  EXPECT_TRUE(transport->isVisible());
  const QRect inWindow(QPoint(0, 0), window.size());
  EXPECT_TRUE(inWindow.contains(QRect(transport->mapTo(&window, QPoint(0, 0)), transport->size())));
  EXPECT_TRUE(inWindow.contains(
      QRect(window.statusBar()->mapTo(&window, QPoint(0, 0)), window.statusBar()->size())));
  // The centre (the viewport and the workspace's main editor) is the largest area, and the
  // viewport keeps a fair part of it.
  const QSize centre = window.centralArea()->size();
  const int centreArea = centre.width() * centre.height();
  for (QDockWidget* d : window.findChildren<QDockWidget*>()) {
    if (!d->isVisible() || d->isFloating()) continue;
    EXPECT_LT(d->width() * d->height(), centreArea)
        << d->objectName().toStdString() << " is larger than the centre";
  }
  const QSize view = window.viewport()->size();
  EXPECT_GE(view.width(), window.width() / 5);
  EXPECT_GE(view.height(), window.height() / 3);
}

TEST(Layout, FitsTheScreenEmptyAndWithManyMotions) {
  MainWindow window;
  window.setAskToSave(false);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  QTest::qWait(300);
  expectFitsTheScreen(window, "empty");
  EXPECT_LE(window.minimumSizeHint().height(), window.screen()->availableGeometry().height());
  shoot("empty");

  // The Help menu's pages.
  QAction* help = nullptr;
  for (QAction* a : window.actions()) {
    if (a->text().remove(QLatin1Char('&')) == QStringLiteral("Getting Started")) help = a;
  }
  ASSERT_NE(help, nullptr);
  help->trigger();
  auto* page = window.findChild<QTextBrowser*>(QStringLiteral("helpText"));
  ASSERT_NE(page, nullptr);
  EXPECT_TRUE(page->toPlainText().contains(QStringLiteral("Suggest")));
  QTest::qWait(200);
  shoot("help");
  page->window()->close();

  // Twelve motions on four skeletons: the Assimp samples (boxing and two CMU takes) and the bundled
  // CMU capture (tests/data/mocap: two cgspeed takes with a reference pose, seven subject-16
  // walks).
  QStringList files;
  for (const QString& dir :
       {QStringLiteral(MG_SAMPLE_DIR), QStringLiteral(MG_TEST_DATA_DIR "/mocap/cmu"),
        QStringLiteral(MG_TEST_DATA_DIR "/mocap/cmu_turns")}) {
    const QDir d(dir);
    for (const QString& f : d.entryList({QStringLiteral("*.bvh")}, QDir::Files, QDir::Name))
      files.push_back(d.filePath(f));
  }
  ASSERT_EQ(files.size(), 12);
  const QSize before = window.size();
  QSignalSpy batch(&window, &MainWindow::loadBatchFinished);
  window.openFiles(files);
  ASSERT_TRUE(batch.wait(240000));
  const int loaded = window.project()->motionCount();
  EXPECT_EQ(loaded, 12);

  {
    // The walks start with a T-pose: offered once, and dropping it reloads them trimmed.
    ReferencePoseOffer* offer = window.referencePoses();
    ASSERT_TRUE(QTest::qWaitFor([offer] { return offer->isOffering(); }, 5000));
    EXPECT_TRUE(offer->text().contains(QStringLiteral("reference pose")))
        << offer->text().toStdString();
    QTest::qWait(200);
    shoot("reference_pose_offer");
    std::map<std::string, int> framesBefore;
    for (const MotionEntry& e : window.project()->motions())
      framesBefore[e.motion->sourcePath] = e.motion->frameCount();
    QTest::mouseClick(offer->dropButton(), Qt::LeftButton);
    ASSERT_TRUE(batch.wait(240000));
    const int trim = window.project()->importOptions().trimLeadingFrames;
    EXPECT_GT(trim, 0);
    EXPECT_EQ(window.project()->motionCount(), loaded);
    for (const MotionEntry& e : window.project()->motions()) {
      if (e.motion->sourcePath.find("/cmu/") == std::string::npos) continue;
      EXPECT_EQ(e.motion->frameCount(), framesBefore[e.motion->sourcePath] - trim)
          << e.motion->sourcePath;
    }
    QTest::qWait(300);
    EXPECT_FALSE(offer->isOffering());  // not offered again: the trim is set
  }

  // The snap derivation sets the sample's other skeleton aside; the timeline shows it greyed.
  SnapSession* session = window.workspace<SnapWorkspace>()->session();
  ASSERT_TRUE(QTest::qWaitFor(
      [session] { return session->state()->stage >= 1 && !session->isRunning(); }, 240000));
  const auto state = session->state();
  EXPECT_TRUE(state->error.isEmpty()) << state->error.toStdString();
  EXPECT_FALSE(state->setAside.empty());
  window.workspace<SnapWorkspace>()->raiseDocks();
  QTest::qWait(500);
  EXPECT_EQ(window.size(), before) << "loading motions resized the window";
  expectFitsTheScreen(window, "loaded");
  // The timeline's rows do not fit: its dock scrolls instead of growing.
  MatchTimeline* timeline = window.workspace<SnapWorkspace>()->timeline();
  EXPECT_EQ(timeline->rowCount(), static_cast<int>(state->working.size() + state->setAside.size()));
  auto* area = qobject_cast<QScrollArea*>(dock(window, "timelineDock")->widget());
  ASSERT_NE(area, nullptr);
  EXPECT_GT(area->verticalScrollBar()->maximum(), 0);
  shoot("loaded");
}

// One kind's docks at a time: the tabs above the viewport and View > Workspace switch, a kind
// raising its docks becomes the active one, and the project remembers which.
// A layout saved on a larger screen (a laptop that was on a monitor) reopens inside this one.
TEST(Layout, ASavedWindowLargerThanTheScreenOpensInsideIt) {
  const QRect screen = QGuiApplication::primaryScreen()->availableGeometry();
  {
    MainWindow big;
    big.setAskToSave(false);
    big.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&big));
    big.setGeometry(QRect(QPoint(40, 40), screen.size() + QSize(600, 400)));
    QTest::qWait(200);
    ASSERT_GT(big.width(), screen.width()) << "the window manager would not make the window larger";
    big.close();  // saves the layout
  }
  MainWindow window;
  window.setAskToSave(false);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  QTest::qWait(300);
  expectFitsTheScreen(window, "reopened after a larger screen");
  QSettings().clear();  // the next tests start from no saved layout
}

TEST(Layout, ShowsOneGraphKindsDocksAtATime) {
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("kinds.mgproj"));
  auto shown = [](MainWindow& w, const char* name) {
    return dock(w, name) && dock(w, name)->toggleViewAction()->isChecked();
  };
  {
    MainWindow window;
    window.setAskToSave(false);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QTabBar* tabs = window.switcher()->tabBar();
    ASSERT_EQ(tabs->count(), static_cast<int>(window.workspaces().size()));
    EXPECT_EQ(window.switcher()->active(), window.workspace<SnapWorkspace>());
    EXPECT_TRUE(shown(window, "hubsDock"));
    EXPECT_FALSE(shown(window, "subgraphDock"));
    EXPECT_FALSE(shown(window, "motionFieldDock"));
    EXPECT_FALSE(shown(window, "edgeInspectorDock"));
    EXPECT_TRUE(shown(window, "motionLibraryDock"));

    // View > Workspace > Minimum Subgraph (Ctrl+3).
    auto* subgraphAction = window.findChild<QAction*>(QStringLiteral("subgraphWorkspaceAction"));
    ASSERT_NE(subgraphAction, nullptr);
    EXPECT_EQ(subgraphAction->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_3));
    subgraphAction->trigger();
    EXPECT_EQ(window.switcher()->active(), window.workspace<SubgraphWorkspace>());
    EXPECT_EQ(tabs->currentIndex(), 2);
    EXPECT_TRUE(shown(window, "subgraphDock"));
    EXPECT_FALSE(shown(window, "hubsDock"));
    EXPECT_TRUE(dock(window, "playbackDock")->isVisible());  // the window's own docks stay
    QTest::qWait(200);
    shoot("workspace_subgraph");

    // The tab bar, and a kind raising its docks from code.
    tabs->setCurrentIndex(3);
    EXPECT_EQ(window.switcher()->active(), window.workspace<FieldWorkspace>());
    EXPECT_TRUE(shown(window, "motionFieldDock"));
    EXPECT_FALSE(shown(window, "subgraphDock"));
    window.workspace<ParametricWorkspace>()->raiseDocks();
    EXPECT_EQ(tabs->currentIndex(), 1);
    EXPECT_TRUE(shown(window, "edgeInspectorDock"));
    EXPECT_FALSE(shown(window, "motionFieldDock"));
    // Back to a kind: its docks as they were shown.
    tabs->setCurrentIndex(0);
    EXPECT_TRUE(shown(window, "hubsDock"));
    EXPECT_FALSE(shown(window, "edgeInspectorDock"));
    QTest::qWait(200);
    expectFitsTheScreen(window, "snap workspace");
    window.workspace<FieldWorkspace>()->raiseDocks();
    ASSERT_TRUE(window.projectFiles()->saveTo(path));
  }
  MainWindow reopened;
  reopened.setAskToSave(false);
  reopened.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&reopened));
  EXPECT_EQ(reopened.switcher()->active(), reopened.workspace<SnapWorkspace>());
  ASSERT_TRUE(reopened.projectFiles()->openProject(path));
  ASSERT_TRUE(QTest::qWaitFor(
      [&] { return reopened.switcher()->active() == reopened.workspace<FieldWorkspace>(); },
      60000));
  EXPECT_TRUE(shown(reopened, "motionFieldDock"));
  EXPECT_TRUE(dock(reopened, "motionFieldDock")->isVisible());  // in front of its tab group
  EXPECT_FALSE(shown(reopened, "hubsDock"));
  EXPECT_FALSE(shown(reopened, "subgraphDock"));
  QTest::qWait(200);
  shoot("workspace_field");
}

// Every workspace as designed, at this screen's size (CTest runs this at 1366x768 and 1920x1080):
// its main editor shares the centre with the viewport and is at least 250 pixels each way, every
// control of every panel on screen is inside its panel without scrolling, and no text is cut
// without a tooltip that holds it. The window shows the sample, so every panel has content.
struct CutText {
  std::string where;
  std::string text;
};

// The plain one-line labels and the buttons of `root` whose text does not fit and that have no
// tooltip; the table columns whose header is cut without one; and the tabs of every tab bar whose
// title is elided without one.
std::vector<CutText> cutTexts(QWidget* root) {
  std::vector<CutText> cut;
  auto name = [](const QWidget* w) {
    QString path;
    for (const QObject* o = w; o && path.size() < 120; o = o->parent()) {
      if (!o->objectName().isEmpty()) path = o->objectName() + QLatin1Char('/') + path;
    }
    return (path + QString::fromLatin1(w->metaObject()->className())).toStdString();
  };
  for (QLabel* label : root->findChildren<QLabel*>()) {
    if (!label->isVisible() || label->visibleRegion().isEmpty() || label->wordWrap() ||
        label->text().isEmpty() || Qt::mightBeRichText(label->text()) ||
        label->text().contains(QLatin1Char('\n')) || !label->toolTip().isEmpty())
      continue;
    if (label->fontMetrics().horizontalAdvance(label->text()) > label->contentsRect().width() + 1)
      cut.push_back({name(label), label->text().toStdString()});
  }
  for (QAbstractButton* button : root->findChildren<QAbstractButton*>()) {
    if (!button->isVisible() || button->visibleRegion().isEmpty() || button->text().isEmpty() ||
        !button->toolTip().isEmpty() || qobject_cast<QAbstractItemView*>(button->parentWidget()))
      continue;
    if (button->sizeHint().width() > button->width() + 1)
      cut.push_back({name(button), button->text().toStdString()});
  }
  for (QHeaderView* header : root->findChildren<QHeaderView*>()) {
    if (!header->isVisible() || header->visibleRegion().isEmpty() || !header->model()) continue;
    for (int i = 0; i < header->count(); ++i) {
      if (header->isSectionHidden(i)) continue;
      const QString text =
          header->model()->headerData(i, header->orientation(), Qt::DisplayRole).toString();
      const QString tip =
          header->model()->headerData(i, header->orientation(), Qt::ToolTipRole).toString();
      const int wanted = header->fontMetrics().horizontalAdvance(text) + 8;
      if (header->orientation() == Qt::Horizontal && wanted > header->sectionSize(i) &&
          tip.isEmpty())
        cut.push_back({name(header) + " column", text.toStdString()});
    }
  }
  for (QTabBar* bar : root->findChildren<QTabBar*>()) {
    if (!bar->isVisible()) continue;
    for (int i = 0; i < bar->count(); ++i) {
      const int wanted = bar->fontMetrics().horizontalAdvance(bar->tabText(i));
      if (wanted > bar->tabRect(i).width() - 8 && bar->tabToolTip(i).isEmpty())
        cut.push_back({name(bar) + " tab", bar->tabText(i).toStdString()});
    }
  }
  return cut;
}

// The controls of the visible docks that are outside the part of their dock on screen (a dock
// scrolled to reach them, or past the window's edge).
std::vector<std::string> controlsOffScreen(MainWindow& window) {
  std::vector<std::string> off;
  const QRect inWindow(QPoint(0, 0), window.size());
  for (QDockWidget* d : window.findChildren<QDockWidget*>()) {
    if (!d->isVisible() || d->isFloating() || d->visibleRegion().isEmpty()) continue;
    QWidget* shown = d->widget();
    if (auto* area = qobject_cast<QScrollArea*>(shown)) shown = area->viewport();
    const QRect visible(shown->mapTo(&window, QPoint(0, 0)), shown->size());
    if (!d->widget()) continue;
    for (QWidget* c : d->widget()->findChildren<QWidget*>()) {  // not the title bar's buttons
      const bool control = qobject_cast<QAbstractButton*>(c) ||
                           qobject_cast<QAbstractSpinBox*>(c) || qobject_cast<QComboBox*>(c) ||
                           qobject_cast<QAbstractSlider*>(c) || qobject_cast<QLineEdit*>(c);
      if (!control || !c->isVisibleTo(d) || qobject_cast<QScrollBar*>(c)) continue;
      bool inList = false;  // an item view's own widgets scroll with its rows
      for (QWidget* p = c->parentWidget(); p && p != d; p = p->parentWidget())
        inList = inList || qobject_cast<QAbstractItemView*>(p) || qobject_cast<QTabBar*>(p);
      if (inList || qobject_cast<QLineEdit*>(c->parentWidget())) continue;
      const QRect r(c->mapTo(&window, QPoint(0, 0)), c->size());
      if (!visible.contains(r) || !inWindow.contains(r)) {
        off.push_back(d->objectName().toStdString() + ": " +
                      QString::fromLatin1(c->metaObject()->className()).toStdString() + " \"" +
                      (qobject_cast<QAbstractButton*>(c)
                           ? qobject_cast<QAbstractButton*>(c)->text().toStdString()
                           : c->objectName().toStdString()) +
                      "\" at y " + std::to_string(r.top()) + ".." + std::to_string(r.bottom()) +
                      ", the dock shows y " + std::to_string(visible.top()) + ".." +
                      std::to_string(visible.bottom()));
      }
    }
  }
  return off;
}

TEST(Layout, EveryWorkspaceGivesItsEditorRoomAndEveryControlIsOnScreen) {
  const QSize screen = QGuiApplication::primaryScreen()->availableGeometry().size();
  if (screen.width() < 1366 || screen.height() < 768)
    GTEST_SKIP() << "a screen of " << screen.width() << "x" << screen.height()
                 << " logical pixels is smaller than the 1366x768 the layouts are designed for";
  QSettings().clear();
  MainWindow window;
  window.setAskToSave(false);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  QSignalSpy batch(&window, &MainWindow::loadBatchFinished);
  window.openSample();
  ASSERT_TRUE(batch.wait(60000));
  window.playback()->setPlaying(false);
  for (Workspace* w : window.workspaces()) {
    SCOPED_TRACE(w->kindName().toStdString());
    w->raiseDocks();
    QTest::qWait(400);
    const std::vector<PanelGeometry> panels = visiblePanels(window);
    const PanelGeometry* editor = nullptr;
    const PanelGeometry* viewport = nullptr;
    for (const PanelGeometry& p : panels) {
      if (p.objectName == w->kindName() + QStringLiteral("MainEditor")) editor = &p;
      if (p.objectName == QStringLiteral("viewport")) viewport = &p;
    }
    ASSERT_NE(editor, nullptr) << "the main editor is not on screen";
    ASSERT_NE(viewport, nullptr);
    EXPECT_EQ(editor->title, w->mainEditorTitle());
    EXPECT_GE(editor->geometry.height(), 250) << editor->title.toStdString();
    EXPECT_GE(editor->geometry.width(), 250) << editor->title.toStdString();
    EXPECT_GE(viewport->geometry.height(), 150);
    EXPECT_GE(viewport->geometry.width(), 250);
    for (const std::string& c : controlsOffScreen(window)) ADD_FAILURE() << "off screen: " << c;
    for (const CutText& c : cutTexts(&window))
      ADD_FAILURE() << "cut without a tooltip: " << c.where << " \"" << c.text << "\"";
    shoot(qPrintable(QStringLiteral("workspace_%1_designed").arg(w->kindName())));
    // Help > Getting Started begins with this workspace's steps.
    for (QAction* a : window.actions()) {
      if (a->text().remove(QLatin1Char('&')) != QStringLiteral("Getting Started")) continue;
      a->trigger();
      auto* page = window.findChild<QTextBrowser*>(QStringLiteral("helpText"));
      ASSERT_NE(page, nullptr);
      const QString text = page->toPlainText();
      const QString mine = QStringLiteral("In this workspace, %1").arg(w->title());
      EXPECT_TRUE(text.contains(mine)) << text.toStdString();
      EXPECT_LT(text.indexOf(mine), text.indexOf(QStringLiteral("Save and export")));
      page->window()->close();
      QTest::qWait(50);  // it is deleted on close
    }
  }
  // View > Reset Layout gives the active kind its designed layout back after the author changed it.
  Workspace* active = window.switcher()->active();
  const QList<int> designed = window.centralArea()->sizes();
  window.centralArea()->setSizes({designed[0] + designed[1] - 260, 260});
  QTest::qWait(100);
  auto* reset = window.findChild<QAction*>(QStringLiteral("resetLayoutAction"));
  ASSERT_NE(reset, nullptr);
  reset->trigger();
  QTest::qWait(300);
  EXPECT_EQ(window.switcher()->active(), active);
  EXPECT_NEAR(window.centralArea()->sizes()[1], designed[1], 4);
  QSettings().clear();
}

// A splitter dragged in one workspace changes no other: each keeps its own layout, in the session
// and in the next one.
TEST(Layout, EachWorkspaceKeepsItsOwnLayout) {
  QSettings().clear();
  QList<int> snapSizes;
  int hubsHeight = 0;
  {
    MainWindow window;
    window.setAskToSave(false);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QTest::qWait(300);
    QDockWidget* hubs = dock(window, "hubsDock");
    ASSERT_TRUE(hubs && hubs->isVisible());
    hubsHeight = hubs->height();
    snapSizes = window.centralArea()->sizes();
    window.workspace<ParametricWorkspace>()->raiseDocks();
    QTest::qWait(300);
    // The author drags the centre's splitter and the left column's edge in Parametric.
    const QList<int> pmg = window.centralArea()->sizes();
    window.centralArea()->setSizes({pmg[0] + 120, pmg[1] - 120});
    window.resizeDocks({dock(window, "motionLibraryDock")}, {200}, Qt::Vertical);
    QTest::qWait(200);
    const QList<int> pmgDragged = window.centralArea()->sizes();
    window.workspace<SnapWorkspace>()->raiseDocks();
    QTest::qWait(300);
    EXPECT_EQ(window.centralArea()->sizes(), snapSizes);
    EXPECT_NEAR(hubs->height(), hubsHeight, 2) << "another workspace's drag resized the Hubs dock";
    window.workspace<ParametricWorkspace>()->raiseDocks();
    QTest::qWait(300);
    EXPECT_EQ(window.centralArea()->sizes(), pmgDragged);
    window.workspace<SnapWorkspace>()->raiseDocks();
    QTest::qWait(200);
    window.close();  // saves every workspace's layout
  }
  MainWindow next;
  next.setAskToSave(false);
  next.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&next));
  QTest::qWait(300);
  EXPECT_NEAR(dock(next, "hubsDock")->height(), hubsHeight, 2);
  EXPECT_EQ(next.centralArea()->sizes(), snapSizes);
  QSettings().clear();
}

}  // namespace
}  // namespace mg

int main(int argc, char** argv) {
  return mg::test::runGuiTests(argc, argv, "layout_gui_test");
}
