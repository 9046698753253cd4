// SPDX-License-Identifier: MIT
#include "widgets/jobs/motion_loader.h"

#include <cmath>
#include <new>
#include <stdexcept>

#include <QFileInfo>

#include "core/util/file_checksum.h"

namespace mg {

namespace {

// Runs on a worker thread; touches nothing but its copied arguments.
// Progress: the fraction of `paths` read, with the path being read as its text.
void readFiles(JobContext<LoadOutcome>& job, const QStringList& paths,
               const ImportOptions& options) {
  const double n = static_cast<double>(paths.size());
  for (int i = 0; i < paths.size(); ++i) {
    if (job.cancelled()) return;
    job.setPhase(paths[i]);
    job.progress().report(i / n);
    LoadOutcome outcome;
    outcome.path = paths[i];
    // Each file its share of the bar; a BVH file reports as it is read and stops when cancelled.
    const Progress fileProgress = job.progress().slice(i / n, (i + 1) / n);
    // readMotionFile reports bad input as errors; a file that still asks for more memory than
    // there is must fail alone, not take the editor (and the author's project) down with it.
    try {
      Result<Motion> read = readMotionFile(paths[i].toStdString(), options, fileProgress);
      if (read) {
        outcome.motion = std::make_shared<const Motion>(std::move(read).value());
        // Saving the project fingerprints its files (to find them after a move); the file was
        // just read, so its bytes are at hand here, not on the UI thread (1 GB: 0.3 s).
        (void)fingerprintFileRemembered(paths[i].toStdString());
      } else {
        outcome.error = QString::fromStdString(read.error().message);
        if (outcome.error.isEmpty()) outcome.error = QStringLiteral("%1: unreadable").arg(paths[i]);
      }
    } catch (const std::bad_alloc&) {
      outcome.error = QStringLiteral("%1: not enough memory to read the file").arg(paths[i]);
    } catch (const std::length_error&) {
      outcome.error = QStringLiteral("%1: the file asks for a size beyond any limit").arg(paths[i]);
    } catch (const std::exception& e) {
      outcome.error =
          QStringLiteral("%1: reading failed: %2").arg(paths[i], QString::fromLocal8Bit(e.what()));
    }
    if (job.cancelled()) return;  // a file cut short by the cancel is not reported as failed
    job.addResult(std::move(outcome));
  }
  job.setPhase(QString());
  job.progress().report(1.0);
}

}  // namespace

MotionLoader::MotionLoader(QObject* parent) : QObject(parent), m_slot(this) {
  // A job reads its files in order, so one worker of the shared pool is all it uses.
}

MotionLoader::~MotionLoader() = default;

void MotionLoader::load(const QStringList& paths, const ImportOptions& options) {
  if (paths.isEmpty()) return;
  const bool wasRunning = m_slot.isRunning();
  m_pending += paths;
  m_batchSize = wasRunning ? m_batchSize + static_cast<int>(paths.size())
                           : static_cast<int>(m_pending.size());
  const QStringList batch = m_pending;
  const int alreadyDone = m_batchSize - static_cast<int>(batch.size());
  m_slot.start(
      [batch, options](JobContext<LoadOutcome>& job) { readFiles(job, batch, options); },
      JobCallbacks<LoadOutcome>{
          [this](const LoadOutcome& outcome) { deliver(outcome); },
          [this, alreadyDone, files = batch.size()](int value, int maximum, const QString& text) {
            const double read = static_cast<double>(value) * files / maximum;  // in files
            emit progressChanged(alreadyDone + static_cast<int>(std::floor(read)), m_batchSize,
                                 text, (alreadyDone + read) / m_batchSize);
          },
          [this](bool cancelled) {
            m_pending.clear();
            emit finished(cancelled);
          }});
  if (!wasRunning) emit started(m_batchSize);
  emit progressChanged(alreadyDone, m_batchSize, batch.first(),
                       static_cast<double>(alreadyDone) / m_batchSize);
}

void MotionLoader::cancel() {
  m_slot.cancel();
}

void MotionLoader::deliver(const LoadOutcome& outcome) {
  // The slot runs the pending list in order, so the delivered file is the first pending one.
  if (!m_pending.isEmpty()) m_pending.removeFirst();
  if (outcome.motion) {
    emit motionLoaded(outcome.path, outcome.motion);
  } else {
    emit loadFailed(outcome.path, outcome.error);
  }
}

}  // namespace mg
