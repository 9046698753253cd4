// SPDX-License-Identifier: MIT
#include "app/mgstudio/studio_diagnostics.h"

#include <cmath>
#include <cstdio>
#include <memory>

#include <QApplication>
#include <QGuiApplication>
#include <QScreen>
#include <QTimer>

#include "app/mgstudio/layout_report.h"
#include "app/mgstudio/main_window.h"
#include "core/import/isolated_import.h"
#include "core/import/motion_reader.h"
#include "widgets/views/playback/motion_player.h"
#include "widgets/views/viewport/pose_points.h"
#include "widgets/views/viewport/viewport_widget.h"

namespace mg {

namespace {

void printJson(const QString& line) {
  std::printf("%s\n", qPrintable(line));
  std::fflush(stdout);
}

}  // namespace

StudioDiagnostics::StudioDiagnostics(MainWindow* window, const StudioOptions& options,
                                     QElapsedTimer launchClock, QObject* parent)
    : QObject(parent), m_window(window), m_options(options), m_launchClock(launchClock) {
  if (options.timing) {
    // The mgtool that imports Assimp formats (main.cpp looks beside mgstudio): "" means in-process.
    printJson(QStringLiteral("{\"event\": \"import-helper\", \"path\": \"%1\"}")
                  .arg(QString::fromStdString(importHelperProgram())));
    QTimer::singleShot(0, this, [this] {
      printJson(
          QStringLiteral("{\"event\": \"window-shown\", \"ms\": %1}").arg(m_launchClock.elapsed()));
    });
  }
  // The first poses handed to the viewport are on screen at the next frame of the Qt3D loop.
  connect(window->player(), &MotionPlayer::posesUpdated, this, [this] {
    if (!m_firstFrameSeen) m_awaitingFirstFrame = true;
  });
  connect(window->viewport(), &ViewportWidget::frameTicked, this, [this] {
    if (!m_awaitingFirstFrame) return;
    m_awaitingFirstFrame = false;
    m_firstFrameSeen = true;
    onFirstFrameShown();
  });
  // --layout-report: once the window is on screen and laid out (the window manager's placement
  // and the docks' first layout take a few event-loop rounds).
  if (options.layoutReport) {
    QTimer::singleShot(0, this, [this] {
      QTimer::singleShot(500, this, [this] {
        std::printf("%s", qPrintable(layoutReportJsonLines(*m_window)));
        std::fflush(stdout);
      });
    });
  }
  // Without anything to show, --quit-after-ms counts from start-up.
  if (options.quitAfterMs >= 0 && options.files.isEmpty() && !options.openSample &&
      options.benchSkeletons == 0) {
    QTimer::singleShot(options.quitAfterMs, this, &StudioDiagnostics::finish);
  }
}

void StudioDiagnostics::projectOpened(const QString& path) const {
  if (!m_options.timing) return;
  printJson(QStringLiteral("{\"event\": \"project-opened\", \"ms\": %1, \"path\": \"%2\"}")
                .arg(m_launchClock.elapsed())
                .arg(path));
}

void StudioDiagnostics::onFirstFrameShown() {
  if (m_options.timing) {
    printJson(QStringLiteral("{\"event\": \"first-frame-shown\", \"ms\": %1}")
                  .arg(m_launchClock.elapsed()));
  }
  if (m_options.quitAfterMs >= 0 && m_options.benchSkeletons == 0) {
    QTimer::singleShot(m_options.quitAfterMs, this, &StudioDiagnostics::finish);
  }
}

void StudioDiagnostics::finish() {
  if (!m_options.screenshotPath.isEmpty()) {
    // QWidget::grab cannot see the Qt3D surface; the screen can.
    QScreen* screen = m_window->screen();
    const QRect frame = m_window->frameGeometry();
    const QPixmap shot = screen->grabWindow(0, frame.x(), frame.y(), frame.width(), frame.height());
    if (shot.save(m_options.screenshotPath)) {
      printJson(QStringLiteral("{\"event\": \"screenshot\", \"path\": \"%1\"}")
                    .arg(m_options.screenshotPath));
    } else {
      std::fprintf(stderr, "mgstudio: cannot write %s\n", qPrintable(m_options.screenshotPath));
    }
  }
  m_window->setAskToSave(false);  // a scripted quit has nobody to answer "save changes?"
  m_window->close();
  QApplication::quit();
}

bool StudioDiagnostics::startViewportBenchmark() {
  Result<Motion> read = readMotionFile(m_options.benchFile.toStdString());
  if (!read) {
    std::fprintf(stderr, "mgstudio: %s\n", read.error().message.c_str());
    return false;
  }
  auto motion = std::make_shared<const Motion>(std::move(read).value());
  ViewportWidget* viewport = m_window->viewport();
  const int n = m_options.benchSkeletons;
  const int columns = static_cast<int>(std::ceil(std::sqrt(n)));
  std::vector<Eigen::Vector3d> offsets;
  for (int i = 0; i < n; ++i) {
    // Side by side on a grid 1.5 m apart, centred on the first character's start position.
    const double x = (i % columns - 0.5 * (columns - 1)) * 1.5;
    const double z = (i / columns - 0.5 * ((n - 1) / columns)) * 1.5;
    offsets.emplace_back(x - motion->rootPositions[0].x(), 0, z - motion->rootPositions[0].z());
    viewport->addCharacter(i, motion->skeleton, ViewportWidget::paletteColour(i));
    viewport->setPose(i, *motion, 0, offsets.back());
  }
  viewport->frameCharacters();
  viewport->setContinuousRendering(true);

  struct Run {
    QElapsedTimer clock;
    QElapsedTimer poseClock;
    double time = 0;
    qint64 measureStartNs = -1;
    int frames = 0;
    qint64 poseNs = 0;
    bool done = false;  // ticks between the report and the quit are ignored
  };
  auto run = std::make_shared<Run>();
  run->clock.start();
  constexpr qint64 kWarmupNs = 1'000'000'000;
  const qint64 measureNs = static_cast<qint64>(m_options.benchSeconds * 1e9);
  connect(viewport, &ViewportWidget::frameTicked, this, [=, this](float dt) {
    if (run->done) return;
    run->time += dt;
    const int frame = static_cast<int>(run->time * motion->fps) % motion->frameCount();
    run->poseClock.start();
    for (int i = 0; i < n; ++i) viewport->setPose(i, *motion, frame, offsets[i]);
    const qint64 poseNs = run->poseClock.nsecsElapsed();
    const qint64 now = run->clock.nsecsElapsed();
    if (now < kWarmupNs) return;
    if (run->measureStartNs < 0) {
      run->measureStartNs = now;
      return;
    }
    ++run->frames;
    run->poseNs += poseNs;
    const qint64 elapsed = now - run->measureStartNs;
    if (elapsed < measureNs) return;
    const double seconds = elapsed * 1e-9;
    run->done = true;
    printJson(QStringLiteral("{\"benchmark\": \"viewport\", \"skeletons\": %1, \"joints\": %2, "
                             "\"frames\": %3, \"seconds\": %4, \"fps\": %5, "
                             "\"pose_update_ms_per_frame\": %6, \"platform\": \"%7\", "
                             "\"window\": [%8, %9], \"file\": \"%10\"}")
                  .arg(n)
                  .arg(motion->jointCount())
                  .arg(run->frames)
                  .arg(seconds, 0, 'f', 3)
                  .arg(run->frames / seconds, 0, 'f', 1)
                  .arg(run->poseNs * 1e-6 / std::max(1, run->frames), 0, 'f', 3)
                  .arg(QGuiApplication::platformName())
                  .arg(viewport->width())
                  .arg(viewport->height())
                  .arg(m_options.benchFile));
    viewport->setContinuousRendering(false);
    QTimer::singleShot(0, this, &StudioDiagnostics::finish);
  });
  return true;
}

}  // namespace mg
