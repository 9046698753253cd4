// SPDX-License-Identifier: MIT
// What makes the editor safe for daily use, seen offscreen: the wheel never edits an unfocused
// value, docks scroll instead of growing, the floor follows the view, the camera finds the
// ground under the mouse, heatmap rulers, the export folder picker takes a new folder, and the
// snap derivation sets aside motions of another skeleton with the reason.
#include <gtest/gtest.h>

#include <cmath>

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QGraphicsEllipseItem>
#include <QGraphicsScene>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QVBoxLayout>
#include <QWheelEvent>

#include "support/synthetic_motion.h"
#include "widgets/commands/motion_commands.h"
#include "widgets/document/project.h"
#include "widgets/jobs/snap_pipeline.h"
#include "widgets/views/common/export_folder_dialog.h"
#include "widgets/views/common/wheel_guard.h"
#include "widgets/views/graph/graph_canvas.h"
#include "widgets/views/heatmap/heatmap_view.h"
#include "widgets/views/viewport/ground_grid.h"
#include "widgets/views/viewport/orbit_camera.h"

namespace mg {
namespace {

void wheel(QWidget* target, int dy) {
  const QPointF at(target->width() / 2.0, target->height() / 2.0);
  QWheelEvent event(at, target->mapToGlobal(at), {}, QPoint(0, dy), Qt::NoButton, {},
                    Qt::NoScrollPhase, false);
  QApplication::sendEvent(target, &event);
}

// A dock-like page: a tall column of controls inside the dock policy's scroll area.
struct Page {
  QWidget window;
  QSpinBox* spin = nullptr;
  QSlider* slider = nullptr;
  QComboBox* combo = nullptr;
  QScrollArea* area = nullptr;
  Page() {
    auto* content = new QWidget;
    auto* layout = new QVBoxLayout(content);
    spin = new QSpinBox;
    spin->setRange(0, 100);
    spin->setValue(50);
    slider = new QSlider(Qt::Horizontal);
    slider->setRange(0, 100);
    slider->setValue(50);
    combo = new QComboBox;
    combo->addItems({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")});
    combo->setCurrentIndex(1);
    layout->addWidget(spin);
    layout->addWidget(slider);
    layout->addWidget(combo);
    layout->addSpacing(2000);
    area = qobject_cast<QScrollArea*>(scrollingDockContent(content));
    auto* outer = new QVBoxLayout(&window);
    outer->addWidget(area);
    window.resize(300, 200);
    window.show();
  }
};

TEST(WheelGuard, AnUnfocusedControlKeepsItsValueAndTheDockScrolls) {
  WheelGuard::install();
  Page page;
  ASSERT_NE(page.area, nullptr) << "the dock policy wraps plain content in a scroll area";
  ASSERT_GT(page.area->verticalScrollBar()->maximum(), 0);
  for (QWidget* control : std::initializer_list<QWidget*>{page.spin, page.slider, page.combo}) {
    const int before = page.area->verticalScrollBar()->value();
    wheel(control, -120);
    EXPECT_GT(page.area->verticalScrollBar()->value(), before)
        << control->metaObject()->className();
    EXPECT_NE(control->focusPolicy(), Qt::WheelFocus) << control->metaObject()->className();
    page.area->verticalScrollBar()->setValue(0);
  }
  EXPECT_EQ(page.spin->value(), 50);
  EXPECT_EQ(page.slider->value(), 50);
  EXPECT_EQ(page.combo->currentIndex(), 1);
  // The spin box's line edit hands the wheel on too.
  wheel(page.spin->findChild<QLineEdit*>(), 120);
  EXPECT_EQ(page.spin->value(), 50);

  // Clicked into (focused), a control takes the wheel as usual.
  page.window.activateWindow();
  page.spin->setFocus();
  ASSERT_TRUE(QTest::qWaitFor([&] { return page.spin->hasFocus(); }, 2000));
  wheel(page.spin, 120);
  EXPECT_EQ(page.spin->value(), 51);
}

TEST(DockPolicy, ScrollingContentIsWrappedOnceAndViewsAreLeftAlone) {
  auto* plain = new QWidget;
  plain->setObjectName(QStringLiteral("hubs"));
  std::unique_ptr<QWidget> wrapped(scrollingDockContent(plain));
  auto* area = qobject_cast<QScrollArea*>(wrapped.get());
  ASSERT_NE(area, nullptr);
  EXPECT_EQ(area->widget(), plain);
  EXPECT_TRUE(area->widgetResizable());
  EXPECT_EQ(area->objectName(), QStringLiteral("hubsScroll"));
  // However tall the content, the dock asks for little.
  plain->setMinimumHeight(1500);
  EXPECT_LT(area->minimumSizeHint().height(), 200);
  QScrollArea view;
  EXPECT_EQ(scrollingDockContent(&view), &view);
}

TEST(GroundGrid, CentreFollowsTheTargetInWholeMajorCells) {
  EXPECT_EQ(GroundGrid::gridCentre(QVector3D(0, 1, 0)), QVector3D(0, 0, 0));
  EXPECT_EQ(GroundGrid::gridCentre(QVector3D(1.2f, 0.9f, -1.3f)), QVector3D(0, 0, -2.5f));
  EXPECT_EQ(GroundGrid::gridCentre(QVector3D(101.3f, 0, 47.6f)), QVector3D(102.5f, 0, 47.5f));
  // Far out on a walk the target stays within half a cell of the grid centre (the grid reaches 15
  // m).
  for (float x = -500; x <= 500; x += 37.3f) {
    const QVector3D c = GroundGrid::gridCentre(QVector3D(x, 0, -x / 2));
    EXPECT_LE(std::abs(c.x() - x), 1.25f);
    EXPECT_LE(std::abs(c.z() + x / 2), 1.25f);
    EXPECT_FLOAT_EQ(std::fmod(std::abs(c.x()), 2.5f), 0.0f);
  }
}

TEST(OrbitCamera, GroundPointUnderTheMouse) {
  OrbitCamera cam;
  cam.target = QVector3D(2, 0, -3);
  cam.yawDegrees = 40;
  cam.pitchDegrees = 30;
  cam.distance = 6;
  // The centre of the view looks at the target, on the floor.
  const std::optional<QVector3D> centre = cam.groundPoint(0, 0, 1.6f);
  ASSERT_TRUE(centre);
  EXPECT_NEAR((*centre - cam.target).length(), 0, 1e-4);
  // Independent check: the point found lies on the ray from the camera through the view point.
  for (auto [x, y] : {std::pair{0.5f, -0.4f}, std::pair{-0.8f, -0.9f}, std::pair{0.1f, 0.2f}}) {
    const std::optional<QVector3D> p = cam.groundPoint(x, y, 1.6f);
    ASSERT_TRUE(p) << x << " " << y;
    EXPECT_NEAR(p->y(), 0, 1e-4);
    const QVector3D toPoint = (*p - cam.position()).normalized();
    const float t = std::tan(0.5f * cam.fovDegrees * 3.14159265f / 180);
    const QVector3D ray =
        (cam.forward() + cam.right() * (x * t * 1.6f) + cam.up() * (y * t)).normalized();
    EXPECT_NEAR(QVector3D::dotProduct(toPoint, ray), 1.0f, 1e-5);
  }
  // Lower points of the view are nearer the camera.
  EXPECT_LT((*cam.groundPoint(0, -0.9f, 1.6f) - cam.position()).length(),
            (*cam.groundPoint(0, 0, 1.6f) - cam.position()).length());
  // Above the horizon there is no floor.
  cam.pitchDegrees = 2;
  EXPECT_FALSE(cam.groundPoint(0, 0.9f, 1.6f));
}

TEST(HeatmapView, AxisStepsAreRoundAndApartEnough) {
  EXPECT_EQ(heatmapAxisStep(1.0, 60), 100);
  EXPECT_EQ(heatmapAxisStep(4.0, 60), 20);
  EXPECT_EQ(heatmapAxisStep(32.0, 60), 2);
  EXPECT_EQ(heatmapAxisStep(0.01, 60), 10000);
  for (double scale : {0.003, 0.07, 0.5, 1.3, 9.0, 32.0}) {
    const int step = heatmapAxisStep(scale, 70);
    EXPECT_GE(step * scale, 70);
    EXPECT_LT(step * scale, 70 * 2.5 + 1e-9);  // the next smaller round step would be too close
  }
}

TEST(ExportFolderDialog, AcceptsAFolderThatDoesNotExistYetAndCreatesIt) {
  QTemporaryDir dir;
  ExportFolderDialog dialog(nullptr, QStringLiteral("Export"), dir.path());
  dialog.show();
  const QString wanted = dir.filePath(QStringLiteral("new export/inner"));
  auto* name = dialog.findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
  ASSERT_NE(name, nullptr);
  name->setText(QStringLiteral("new export/inner"));
  ASSERT_FALSE(QDir(wanted).exists());
  dialog.accept();
  EXPECT_EQ(dialog.result(), QDialog::Accepted);
  EXPECT_TRUE(QDir(wanted).exists());
  ASSERT_FALSE(dialog.selectedFiles().isEmpty());
  EXPECT_EQ(QDir(dialog.selectedFiles().first()).canonicalPath(), QDir(wanted).canonicalPath());
}

// Snap-Together needs one skeleton: the others are set aside with the reason (they once vanished
// from the timeline without a word). The working skeleton is the first motion's: more files of
// another skeleton (here three against two) are set aside and never take the hubs' motions away
// (opening six cmu_turns walks after the sample used to empty every hub: the skeleton most motions
// had won).
TEST(SnapPipelineInput, SetsAsideMotionsOfAnotherSkeletonHoweverManyAreAdded) {
  Project project;
  auto addMotion = [&](Motion m, const char* name) {
    m.name = name;
    auto* add = new AddMotionCommand(&project, std::make_shared<const Motion>(std::move(m)));
    const MotionId id = add->id();
    project.undoStack()->push(add);
    return id;
  };
  const MotionId a = addMotion(test::makeSwingMotion(40), "a");
  const MotionId b = addMotion(test::makeSwingMotion(50), "b");
  std::vector<MotionId> odd;
  for (const char* name : {"odd1", "odd2", "odd3"}) {
    Motion m = test::makeSwingMotion(40);
    auto skeleton = std::make_shared<Skeleton>(*m.skeleton);
    skeleton->joints.back().name = "Tail";  // another hierarchy: a joint of another name
    m.skeleton = skeleton;
    odd.push_back(addMotion(m, name));
  }
  const SnapPipelineInput in = snapPipelineInput(project);
  EXPECT_EQ(in.motionIds, (std::vector<MotionId>{a, b}));
  ASSERT_EQ(in.setAside.size(), 3u);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(in.setAside[i].id, odd[i]);
  EXPECT_EQ(in.setAside[0].name, QStringLiteral("odd1"));
  EXPECT_TRUE(in.setAside[0].reason.contains(QStringLiteral("skeleton")));
  EXPECT_TRUE(in.setAside[0].reason.contains(QStringLiteral("a")))
      << in.setAside[0].reason.toStdString();
}

// A small graph is fitted at no more than 1.5x and centred, also after the scene once held items
// elsewhere (the Hub Graph of three hubs once sat half off its canvas).
TEST(GraphCanvasView, SmallGraphIsCentred) {
  QGraphicsScene scene;
  auto* far = scene.addEllipse(-2000, -2000, 40, 40);
  ZoomingGraphicsView view(&scene);
  view.resize(420, 320);
  view.show();
  view.fitContent();
  delete far;  // the scene rect keeps the old area
  scene.addEllipse(300, 400, 40, 30);
  scene.addEllipse(420, 380, 40, 30);
  QCoreApplication::processEvents();  // the scene grows its rect on the event loop
  view.fitContent();
  EXPECT_DOUBLE_EQ(view.transform().m11(), 1.5);
  const QPointF centre = scene.itemsBoundingRect().center();
  const QPoint shown = view.mapFromScene(centre);
  EXPECT_NEAR(shown.x(), view.viewport()->width() / 2.0, 2.0);
  EXPECT_NEAR(shown.y(), view.viewport()->height() / 2.0, 2.0);
  // However large the scene, the view asks for little: in a dock's scroll area it fits, it does
  // not make the dock scroll.
  EXPECT_LE(view.sizeHint().height(), 300);
  QScrollArea area;
  auto* page = new QWidget;
  auto* column = new QVBoxLayout(page);
  column->addWidget(new ZoomingGraphicsView(&scene));
  auto* label =
      new QLabel(QStringLiteral("3 hubs, 41 clips, 0 dead ends\nCuts: position jump 0.1 → 0.01 "
                                "m, velocity jump 1 → 0.2 m/s"));
  label->setWordWrap(true);
  column->addWidget(label);
  area.setWidgetResizable(true);
  area.setWidget(page);
  area.resize(380, 500);
  area.show();
  QCoreApplication::processEvents();
  EXPECT_EQ(area.verticalScrollBar()->maximum(), 0);
}

}  // namespace
}  // namespace mg
