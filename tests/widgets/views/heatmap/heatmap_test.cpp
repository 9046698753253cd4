// SPDX-License-Identifier: MIT
// The heatmap: grid data, tiles, the view's zoom and clicks, the slice, the job cache.
#include <gtest/gtest.h>

#include <cmath>

#include <QApplication>
#include <QLabel>
#include <QProgressBar>
#include <QSignalSpy>
#include <QSlider>
#include <QTest>
#include <QToolButton>

#include "support/synthetic_motion.h"
#include "widgets/commands/metric_settings_command.h"
#include "widgets/commands/motion_commands.h"
#include "widgets/jobs/heatmap_grid_cache.h"
#include "widgets/views/heatmap/heatmap_panel.h"
#include "widgets/views/heatmap/heatmap_slice_view.h"
#include "widgets/views/heatmap/heatmap_view.h"

namespace mg {
namespace {

std::shared_ptr<const Motion> swing(int frames, double speed = 1.0, double step = 0.5) {
  return std::make_shared<const Motion>(test::makeSwingMotion(frames, 30.0, speed, step));
}

// A swing of `frames` frames added to `project` (one undo step); its id.
MotionId addSwing(Project& project, int frames) {
  auto* add = new AddMotionCommand(&project, swing(frames));
  const MotionId id = add->id();
  project.undoStack()->push(add);
  return id;
}

std::shared_ptr<const HeatmapGrid> gridOf(std::vector<std::shared_ptr<const Motion>> motions,
                                          long long denseCells = kHeatmapDenseCells) {
  HeatmapGridKey key;
  for (size_t i = 0; i < motions.size(); ++i) key.motions.push_back(static_cast<int>(i) + 1);
  auto grid = computeHeatmapGrid(key, motions, denseCells);
  if (!grid) throw std::runtime_error(grid.error().message);
  return grid.value();
}

TEST(HeatmapGrid, DenseAndStreamedAgreeWithTheReference) {
  const auto a = swing(300), b = swing(260, 1.3, 0.4);
  const auto dense = gridOf({a, b});
  const auto streamed = gridOf({a, b}, 4000);  // forces a streamed pyramid
  ASSERT_TRUE(dense->dense());
  ASSERT_FALSE(streamed->dense());
  EXPECT_EQ(streamed->pyramid.baseLevel, 3);  // 38 x 33 blocks of 8 frames
  EXPECT_EQ(dense->rowCount(), 300);
  EXPECT_EQ(dense->colCount(), 260);
  for (auto [i, j] : {std::pair{0, 0}, {17, 200}, {299, 259}, {150, 3}}) {
    const double ref = frameDistance(*dense->rows, i, *dense->cols, j).distance;
    EXPECT_NEAR(dense->distance(i, j), ref, 1e-4 + 1e-4 * ref);
    EXPECT_NEAR(streamed->distance(i, j), ref, 1e-9 + 1e-6 * ref);
  }
  const std::vector<float> slice = dense->rowSlice(40);
  ASSERT_EQ(slice.size(), 260u);
  EXPECT_EQ(slice[77], dense->distance(40, 77));
  // The same minima either way (both list every minimum under their own white level).
  const float t = std::min(dense->whiteLevel, streamed->whiteLevel) * 0.5f;
  auto under = [t](const HeatmapGrid& g) {
    int n = 0;
    for (const GridMinimum& m : g.minima) n += m.distance < t;
    return n;
  };
  EXPECT_GT(under(*dense), 0);
  EXPECT_EQ(under(*dense), under(*streamed));
  EXPECT_EQ(HeatmapGrid::sourceFrame(*a, 10, 15.0), 20);  // 15 fps working rate, 30 fps motion
}

TEST(HeatmapGrid, SliceMinimaSkipTheDiagonalBand) {
  const std::vector<float> s = {5, 1, 5, 5, 0, 5, 2, 2, 5, 9};
  EXPECT_EQ(sliceMinima(s, 3.0f, -1, 0), (std::vector<int>{1, 4, 6}));
  EXPECT_EQ(sliceMinima(s, 1.5f, -1, 0), (std::vector<int>{1, 4}));
  EXPECT_EQ(sliceMinima(s, 3.0f, 4, 2), (std::vector<int>{1, 6}));
}

TEST(HeatmapTiles, TintBelowThresholdAndEdgeTiles) {
  EXPECT_EQ(HeatmapTiles::colourOf(0.25f, 1.0f, 0.0f), qRgb(128, 128, 128));
  const QRgb tinted = HeatmapTiles::colourOf(0.25f, 1.0f, 0.3f);
  EXPECT_GT(qBlue(tinted), qRed(tinted));
  const auto grid = gridOf({swing(300)});
  HeatmapTiles tiles;
  tiles.setGrid(grid);
  const QImage& edge = tiles.tile(grid->pyramid.levels[0], 1, 1);
  EXPECT_EQ(edge.size(), QSize(300 - 256, 300 - 256));
  tiles.setCapacity(2);
  tiles.tile(grid->pyramid.levels[0], 0, 0);
  tiles.tile(grid->pyramid.levels[0], 0, 1);
  EXPECT_EQ(tiles.cachedCount(), 2);
}

TEST(HeatmapView, LoadsGridFitsAndDrawsDarkDiagonal) {
  HeatmapView view;
  view.resize(600, 600);
  view.setGrid(gridOf({swing(300)}));
  const QRect plot = view.plotRect();
  EXPECT_DOUBLE_EQ(view.pixelsPerFrame(),
                   std::min(plot.width(), plot.height()) / 300.0);  // the rulers' room left
  EXPECT_EQ(view.drawnLevel(), 0);
  const QImage image = view.grab().toImage();
  const QPoint mid = view.cellCentre(150, 150).toPoint();
  const QColor diagonal = image.pixelColor(mid);
  EXPECT_LT(diagonal.value(), 40);
  // Half a step (0.25 s) off the diagonal the legs are opposite: clearly lighter.
  EXPECT_GT(image.pixelColor(view.cellCentre(150, 165).toPoint()).value(), diagonal.value() + 40);
  // Zoomed out on a longer grid, the level with cells of at least a pixel is drawn.
  view.resize(100, 100);
  view.setGrid(gridOf({swing(1200)}));  // levels 0..3 (1200, 600, 300, 150 cells)
  view.setView(0.2, {0, 0});
  EXPECT_EQ(view.drawnLevel(), 3);  // 8-frame cells, 1.6 px
  view.setView(0.6, {0, 0});
  EXPECT_EQ(view.drawnLevel(), 1);
  view.setView(3.0, {0, 0});
  EXPECT_EQ(view.drawnLevel(), 0);
  EXPECT_FALSE(view.grab().toImage().isNull());
}

// The fitted grid lies inside the area the rulers leave, from the corner where they meet, and it
// follows the widget's size (a
// dock resized, floated or maximised) until the author zooms or pans; Fit follows again.
TEST(HeatmapView, RefitsOnResizeUntilTheAuthorZoomsAndFitFollowsAgain) {
  HeatmapView view;
  view.resize(300, 200);
  view.show();  // resize events reach a shown widget (a hidden one refits when painted)
  view.setGrid(gridOf({swing(240), swing(180, 1.2)}));
  auto gridInsidePlot = [&view] {
    const QRectF grid(view.cellCentre(0, 0) - QPointF(0.49, 0.49) * view.pixelsPerFrame(),
                      view.cellCentre(239, 179) + QPointF(0.49, 0.49) * view.pixelsPerFrame());
    return QRectF(view.plotRect()).adjusted(-0.5, -0.5, 0.5, 0.5).contains(grid);
  };
  EXPECT_TRUE(view.followsSize());
  EXPECT_TRUE(gridInsidePlot());
  const double small = view.pixelsPerFrame();
  view.resize(900, 700);
  EXPECT_GT(view.pixelsPerFrame(), 2 * small);
  EXPECT_TRUE(gridInsidePlot());
  // Its first cell at the plot's corner, where the rulers meet.
  const QPointF corner = view.cellCentre(0, 0) - QPointF(0.5, 0.5) * view.pixelsPerFrame();
  EXPECT_NEAR(corner.x(), view.plotRect().left(), 0.5);
  EXPECT_NEAR(corner.y(), view.plotRect().top(), 0.5);
  // Zoomed by the author: a resize keeps their view.
  view.zoomAt(QPointF(400, 300), 1.5);
  EXPECT_FALSE(view.followsSize());
  const double zoomed = view.pixelsPerFrame();
  const QPointF origin = view.origin();
  view.resize(500, 400);
  EXPECT_DOUBLE_EQ(view.pixelsPerFrame(), zoomed);
  EXPECT_EQ(view.origin(), origin);
  // Fit (Home) goes back to following the size.
  QTest::keyClick(&view, Qt::Key_Home);
  EXPECT_TRUE(view.followsSize());
  EXPECT_TRUE(gridInsidePlot());
  view.resize(700, 260);
  EXPECT_TRUE(gridInsidePlot());
  EXPECT_DOUBLE_EQ(view.pixelsPerFrame(), view.plotRect().height() / 240.0);
  // A pan unfollows too.
  view.setView(view.pixelsPerFrame(), view.origin() + QPointF(5, 5));
  EXPECT_FALSE(view.followsSize());
}

// Rulers at any zoom: several labels on a 1/2/5 x 10^k step, none overlapping, none past the
// edge (the column ruler of the fitted sample read only "0" and "500").
TEST(HeatmapView, RulersHaveSeveralNonOverlappingLabelsAtAnyZoom) {
  HeatmapView view;
  view.resize(380, 170);
  view.setGrid(gridOf({swing(921)}));
  auto niceStep = [](int step) {
    while (step % 10 == 0) step /= 10;
    return step == 1 || step == 2 || step == 5;
  };
  auto check = [&](const std::vector<HeatmapRulerLabel>& labels, bool columns, const char* what) {
    for (size_t i = 0; i < labels.size(); ++i) {
      const QRect r = labels[i].rect;
      EXPECT_TRUE(view.rect().contains(r)) << what << " label " << labels[i].text.toStdString();
      EXPECT_FALSE(labels[i].text.isEmpty());
      // Every line of the label fits its box (a short grid's "0.0333s" once lost its "0.").
      const QFontMetrics fm(view.rulerFont());
      for (const QString& line : labels[i].text.split(QLatin1Char('\n')))
        EXPECT_LE(fm.horizontalAdvance(line), r.width() + 1) << what << " " << line.toStdString();
      if (i == 0) continue;
      const QRect prev = labels[i - 1].rect;
      EXPECT_FALSE(prev.intersects(r)) << what << " labels " << i - 1 << " and " << i;
      EXPECT_GT(columns ? r.left() : r.top(), columns ? prev.right() : prev.bottom());
    }
    // Every label on one nice step (a label that would crowd its neighbour is left out).
    if (labels.size() < 2) return;
    int step = labels[1].frame - labels[0].frame;
    for (size_t i = 2; i < labels.size(); ++i)
      step = std::min(step, labels[i].frame - labels[i - 1].frame);
    EXPECT_TRUE(niceStep(step)) << what << " step " << step;
    for (const HeatmapRulerLabel& l : labels) EXPECT_EQ(l.frame % step, 0) << what;
  };
  const std::vector<HeatmapRulerLabel> fitted = view.columnLabels();
  EXPECT_GE(fitted.size(), 3u);
  check(fitted, true, "fitted columns");
  check(view.rowLabels(), false, "fitted rows");
  EXPECT_GE(view.rowLabels().size(), 2u);
  for (double ppf : {0.3, 1.0, 2.5, 7.0, 32.0}) {
    view.setView(ppf, QPointF(100, 100));
    const auto columns = view.columnLabels();
    EXPECT_GE(columns.size(), 2u) << "at " << ppf << " px per frame";
    check(columns, true, "columns");
    check(view.rowLabels(), false, "rows");
  }
  // A short grid zoomed in: its rows' seconds have three significant digits.
  view.setGrid(gridOf({swing(6)}));
  view.resize(380, 380);
  check(view.rowLabels(), false, "short grid rows");
  view.setGrid(gridOf({swing(921)}));
  // Zoomed in on a wider view there is room for the seconds beside each frame.
  view.resize(800, 300);
  view.setView(32.0, QPointF(100, 100));
  ASSERT_FALSE(view.columnLabels().empty());
  EXPECT_TRUE(view.columnLabels().front().text.contains(QLatin1Char('s')))
      << view.columnLabels().front().text.toStdString();
}

TEST(HeatmapView, ClickSelectsTheCellAtAKnownZoomAndKeysMoveIt) {
  HeatmapView view;
  view.resize(400, 400);
  view.setGrid(gridOf({swing(200), swing(150, 1.2)}));
  view.setView(4.0, QPointF(10, 20));  // 4 px per frame; column 10, row 20 at the top-left
  QSignalSpy selected(&view, &HeatmapView::selectionChanged);
  QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(4 * 7 + 2, 4 * 30 + 1));
  ASSERT_EQ(selected.count(), 1);
  EXPECT_EQ(selected[0][0].toInt(), 50);  // row 20 + 30
  EXPECT_EQ(selected[0][1].toInt(), 17);  // column 10 + 7
  QTest::keyClick(&view, Qt::Key_Right);
  QTest::keyClick(&view, Qt::Key_Down, Qt::ShiftModifier);
  EXPECT_EQ(view.selectedRow(), 60);
  EXPECT_EQ(view.selectedCol(), 18);
  QTest::keyClick(&view, Qt::Key_Left, Qt::ShiftModifier);
  QTest::keyClick(&view, Qt::Key_Left, Qt::ShiftModifier);
  EXPECT_EQ(view.selectedCol(), 0);  // clamped
  // Zooming about a point keeps the cell under it.
  const QPoint cell = view.cellAt(QPointF(123, 77));
  view.zoomAt(QPointF(123, 77), 1.7);
  EXPECT_EQ(view.cellAt(QPointF(123, 77)), cell);
}

TEST(HeatmapCache, CachesHitsCancelsAndSupersedes) {
  HeatmapGridCache cache;
  QSignalSpy ready(&cache, &HeatmapGridCache::gridReady);
  QSignalSpy cancelled(&cache, &HeatmapGridCache::cancelled);
  const auto big = swing(6000);
  HeatmapGridKey bigKey{{1}, {}};
  cache.request(bigKey, {big});
  cache.cancel();
  ASSERT_TRUE(QTest::qWaitFor([&] { return cancelled.count() == 1; }, 60000));
  EXPECT_EQ(ready.count(), 0);
  EXPECT_EQ(cache.cachedCount(), 0);

  // A stale job is superseded: only the newer grid arrives.
  HeatmapGridKey small{{2}, {}};
  cache.request(bigKey, {big});
  cache.request(small, {swing(120)});
  ASSERT_TRUE(QTest::qWaitFor([&] { return ready.count() == 1 && !cache.isRunning(); }, 60000));
  QTest::qWait(50);
  ASSERT_EQ(ready.count(), 1);
  EXPECT_EQ(ready[0][0].value<std::shared_ptr<const HeatmapGrid>>()->key, small);
  EXPECT_EQ(cache.jobCount(), 3);

  // Asked again: answered from the cache at once, no job.
  cache.request(small, {swing(120)});
  EXPECT_EQ(ready.count(), 2);
  EXPECT_EQ(cache.hitCount(), 1);
  EXPECT_EQ(cache.jobCount(), 3);
  EXPECT_FALSE(cache.isRunning());

  // LRU: a capacity of one keeps only the newest.
  HeatmapGridKey other{{2}, {}};
  other.settings.windowFrames = 5;
  cache.request(other, {swing(120)});
  ASSERT_TRUE(QTest::qWaitFor([&] { return ready.count() == 3; }, 60000));
  cache.setCapacity(1);
  EXPECT_EQ(cache.cached(small), nullptr);
  EXPECT_NE(cache.cached(other), nullptr);
}

// A grid too large to start unasked (issue 28: selecting a 1 GB take started a 1.2 GB job): the
// panel says so and computes it only when Compute Grid is pressed.
TEST(HeatmapPanel, ALargeGridWaitsForComputeGrid) {
  Project project;
  const MotionId id = addSwing(project, 60000);  // 60,000^2 cells at 30 fps
  HeatmapPanel panel(&project, nullptr);
  panel.resize(500, 700);
  panel.show();
  QSignalSpy shown(&panel, &HeatmapPanel::gridShown);
  panel.setMotions({id});
  QApplication::processEvents();
  EXPECT_EQ(panel.grid(), nullptr);
  EXPECT_TRUE(panel.statusLabel()->text().contains(QStringLiteral("Press Compute Grid")))
      << panel.statusLabel()->text().toStdString();
  ASSERT_TRUE(panel.computeLargeButton()->isVisible());
  EXPECT_FALSE(panel.findChild<QProgressBar*>()->isVisible());  // nothing started
  QTest::mouseClick(panel.computeLargeButton(), Qt::LeftButton);
  EXPECT_FALSE(panel.computeLargeButton()->isVisible());
  EXPECT_TRUE(panel.findChild<QProgressBar*>()->isVisible());  // started
  panel.setMotions({});                                        // cancels it
  EXPECT_FALSE(panel.computeLargeButton()->isVisible());
  EXPECT_EQ(shown.count(), 0);
}

TEST(HeatmapPanel, SliceClickMovesSelectionAndSettingsRecompute) {
  Project project;
  const MotionId id = addSwing(project, 240);
  HeatmapPanel panel(&project, nullptr);
  panel.resize(500, 700);
  panel.show();
  QSignalSpy shown(&panel, &HeatmapPanel::gridShown);
  panel.setMotions({id});
  ASSERT_TRUE(QTest::qWaitFor([&] { return shown.count() == 1; }, 60000));
  ASSERT_NE(panel.grid(), nullptr);
  QSignalSpy pairs(&panel, &HeatmapPanel::pairSelected);
  panel.selectPair(30, 40);
  ASSERT_EQ(pairs.count(), 1);
  HeatmapSliceView* slice = panel.sliceView();
  EXPECT_EQ(slice->columnCount(), 240);
  EXPECT_EQ(slice->selectedColumn(), 40);
  QTest::mouseClick(slice, Qt::LeftButton, {},
                    QPoint(static_cast<int>(slice->xOfColumn(100)), slice->height() / 2));
  EXPECT_EQ(panel.view()->selectedRow(), 30);
  EXPECT_EQ(panel.view()->selectedCol(), 100);
  EXPECT_EQ(slice->selectedColumn(), 100);
  EXPECT_FALSE(panel.statusLabel()->text().isEmpty());

  // The threshold slider is logarithmic (it was a square root: its first ticks jumped from 0 to
  // a visible tint): every tick the same ratio, and the slider shows a typed value's tick.
  const LogSliderScale scale = panel.thresholdScale();
  EXPECT_NEAR(scale.high, panel.grid()->whiteLevel, 1e-6);
  QSlider* slider = panel.thresholdSlider();
  EXPECT_EQ(slider->maximum(), scale.tickCount());
  const double ratio = std::pow(10.0, 1.0 / LogSliderScale::kTicksPerDecade);
  for (int t : {0, 1, slider->maximum() / 2, slider->maximum() - 1}) {
    slider->setValue(t);
    const double low = panel.threshold();
    slider->setValue(t + 1);
    EXPECT_NEAR(panel.threshold() / low, ratio, 1e-4) << "tick " << t;
  }
  panel.setThreshold(scale.value(17) * 1.01);
  EXPECT_EQ(slider->value(), 17);

  // A settings change (an undoable command) computes a new grid; undo is a cache hit.
  MetricSettings s = project.metricSettings();
  s.windowFrames = 5;
  project.undoStack()->push(setMetricSettingsCommand(&project, s));
  ASSERT_TRUE(QTest::qWaitFor([&] { return shown.count() == 2; }, 60000));
  EXPECT_EQ(panel.grid()->key.settings.windowFrames, 5);
  EXPECT_EQ(panel.view()->selectedCol(), 100);  // same motions: the selection stays
  project.undoStack()->undo();
  EXPECT_EQ(shown.count(), 3);
  EXPECT_EQ(panel.cache()->hitCount(), 1);
  EXPECT_EQ(panel.grid()->key.settings.windowFrames, 9);
}

}  // namespace
}  // namespace mg
