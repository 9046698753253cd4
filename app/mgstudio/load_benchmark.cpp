// SPDX-License-Identifier: MIT
#include "app/mgstudio/load_benchmark.h"

#include <cstdio>

#include <QApplication>
#include <QFile>

#include "app/mgstudio/main_window.h"
#include "app/mgstudio/opened_files_gate.h"
#include "widgets/document/project.h"
#include "widgets/jobs/motion_loader.h"

namespace mg {

double peakResidentMb() {
  QFile status(QStringLiteral("/proc/self/status"));
  if (!status.open(QIODevice::ReadOnly)) return -1;
  for (const QByteArray& line : status.readAll().split('\n')) {
    if (line.startsWith("VmHWM:"))
      return line.mid(6).trimmed().split(' ').first().toDouble() / 1024;
  }
  return -1;
}

LoadBenchmark::LoadBenchmark(MainWindow* window, QStringList files, double settleSeconds,
                             QObject* parent)
    : QObject(parent), m_window(window), m_files(std::move(files)), m_settleSeconds(settleSeconds) {
  m_heartbeat.setInterval(5);
  m_heartbeat.setTimerType(Qt::PreciseTimer);
  connect(&m_heartbeat, &QTimer::timeout, this, &LoadBenchmark::beat);
}

void LoadBenchmark::start() {
  m_peakBeforeMb = peakResidentMb();
  connect(m_window, &MainWindow::loadBatchFinished, this, [this](const QStringList& errors) {
    m_failed = static_cast<int>(errors.size());
    loaded();
  });
  m_clock.start();
  m_startMonotonicS = static_cast<double>(m_clock.msecsSinceReference()) / 1e3;
  m_lastBeatNs = 0;
  m_heartbeat.start();
  m_window->openFiles(m_files);
}

void LoadBenchmark::beat() {
  const qint64 now = m_clock.nsecsElapsed();
  const qint64 gap = now - m_lastBeatNs;
  m_longestGapNs = std::max(m_longestGapNs, gap);
  if (gap > 100'000'000) {
    ++m_gapsOver100ms;
    if (m_longGaps.size() < 20) m_longGaps.push_back({m_lastBeatNs, gap});
  }
  m_lastBeatNs = now;
}

void LoadBenchmark::loaded() {
  m_loadSeconds = m_clock.nsecsElapsed() / 1e9;
  m_window->openedFiles()->addHeld();  // what "Add Them" does
  QTimer::singleShot(static_cast<int>(m_settleSeconds * 1000), this, &LoadBenchmark::finish);
}

void LoadBenchmark::finish() {
  beat();
  m_heartbeat.stop();
  double decoded = 0;
  long long frames = 0;
  for (const MotionEntry& e : m_window->project()->motions()) {
    const Motion& m = *e.motion;
    frames += m.frameCount();
    decoded += static_cast<double>(m.frameCount()) *
               (m.jointCount() * sizeof(Eigen::Quaterniond) + sizeof(Eigen::Vector3d));
  }
  const double decodedMb = decoded / (1024.0 * 1024.0);
  QString gaps;  // where each long gap started, in s from the start (CLOCK_MONOTONIC: perf -k mono)
  for (const auto& [at, length] : m_longGaps) {
    gaps += QStringLiteral("%1[%2, %3]")
                .arg(gaps.isEmpty() ? "" : ", ")
                .arg(at / 1e9, 0, 'f', 3)
                .arg(length / 1e6, 0, 'f', 1);
  }
  const double peakMb = peakResidentMb();
  std::printf(
      "{\"benchmark\": \"load\", \"files\": %d, \"failed\": %d, \"motions\": %d, \"frames\": %lld, "
      "\"load_seconds\": %.2f, \"settle_seconds\": %.1f, \"longest_ui_gap_ms\": %.1f, "
      "\"ui_gaps_over_100ms\": %d, \"long_gaps_at_s_ms\": [%s], \"start_monotonic_s\": %.3f, "
      "\"decoded_mb\": %.1f, \"peak_rss_before_mb\": %.1f, "
      "\"peak_rss_mb\": %.1f, \"peak_growth_over_decoded\": %.2f}\n",
      static_cast<int>(m_files.size()), m_failed, m_window->project()->motionCount(), frames,
      m_loadSeconds, m_settleSeconds, m_longestGapNs / 1e6, m_gapsOver100ms, qPrintable(gaps),
      m_startMonotonicS, decodedMb, m_peakBeforeMb, peakMb,
      decodedMb > 0 ? (peakMb - m_peakBeforeMb) / decodedMb : 0.0);
  std::fflush(stdout);
  QApplication::quit();
}

}  // namespace mg
