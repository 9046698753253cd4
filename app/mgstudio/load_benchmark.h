// SPDX-License-Identifier: MIT
#pragma once

#include <utility>
#include <vector>

#include <QElapsedTimer>
#include <QObject>
#include <QStringList>
#include <QTimer>

namespace mg {

class MainWindow;

// mgstudio --bench-load FILES...: opens every file at once as File > Open does, keeps the UI
// thread's heartbeat (a 5 ms timer) while the files load and for `settleSeconds` after (the jobs
// the new motions start), then prints one JSON line and quits: load seconds, the longest gap
// between heartbeats (a frame the UI thread could not draw), how many gaps were over 100 ms, the
// decoded motion size (frames x (joints x rotation + root position)), the process's peak resident
// memory before and after, and their ratio. The first 20 long gaps are listed by start time (s
// after the start, which is printed as CLOCK_MONOTONIC so `perf record -k mono` lines up). Files
// that do not fit the project are added as the question's "Add Them" would.
class LoadBenchmark : public QObject {
  Q_OBJECT

 public:
  LoadBenchmark(MainWindow* window, QStringList files, double settleSeconds,
                QObject* parent = nullptr);
  void start();

 private:
  void beat();
  void loaded();
  void finish();

  MainWindow* m_window;
  QStringList m_files;
  double m_settleSeconds;
  QTimer m_heartbeat;
  QElapsedTimer m_clock;
  qint64 m_lastBeatNs = 0;
  qint64 m_longestGapNs = 0;
  int m_gapsOver100ms = 0;
  std::vector<std::pair<qint64, qint64>> m_longGaps;  // (start, length) in ns, the first 20
  double m_startMonotonicS = 0;
  double m_loadSeconds = 0;
  double m_peakBeforeMb = 0;
  int m_failed = 0;
};

// The process's peak resident memory (VmHWM of /proc/self/status) in MB, or -1 if unknown.
double peakResidentMb();

}  // namespace mg
