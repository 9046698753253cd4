// SPDX-License-Identifier: MIT
#pragma once

#include <memory>

#include <QObject>
#include <QStringList>

#include "core/import/motion_reader.h"
#include "widgets/jobs/job_slot.h"

namespace mg {

// What reading one file produced: a motion, or an error message naming the file.
struct LoadOutcome {
  QString path;
  std::shared_ptr<const Motion> motion;  // null on failure
  QString error;                         // empty on success
};

// Reads capture files in the background, one file after another, on its own thread pool.
// Results arrive one by one on the UI thread; a failed file does not stop the batch. Calling
// load() while a batch runs supersedes it: the stale job is cancelled and its late results are
// dropped, and the files it had not yet delivered are read by the new job first (with the new
// options), so no requested file is lost. Inputs are copied into the job.
class MotionLoader : public QObject {
  Q_OBJECT

 public:
  explicit MotionLoader(QObject* parent = nullptr);
  ~MotionLoader() override;

  void load(const QStringList& paths, const ImportOptions& options);
  // Stops the file being read (a BVH file within a few megabytes) and drops the rest of the batch.
  // finished(true) follows.
  void cancel();
  bool isRunning() const { return m_slot.isRunning(); }
  // Files requested but not yet delivered, in reading order.
  const QStringList& pendingPaths() const { return m_pending; }

 signals:
  void started(int fileCount);
  // `done` files of `total` are read; `currentPath` is the one being read next (may be empty);
  // `fraction` of the batch's work is done, within files too (a large BVH file reports as it is
  // read).
  void progressChanged(int done, int total, const QString& currentPath, double fraction);
  void motionLoaded(const QString& path, std::shared_ptr<const mg::Motion> motion);
  void loadFailed(const QString& path, const QString& message);
  // The batch ended: every file delivered, or cancelled through cancel().
  void finished(bool cancelled);

 private:
  void deliver(const LoadOutcome& outcome);

  JobSlot<LoadOutcome> m_slot;
  QStringList m_pending;
  int m_batchSize = 0;
};

}  // namespace mg
