// SPDX-License-Identifier: MIT
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <utility>

#include <QFuture>
#include <QFutureWatcher>
#include <QObject>
#include <QPromise>
#include <QString>

#include "core/util/progress.h"
#include "core/util/thread_pool.h"

namespace mg {

// The progress range every job reports into: onProgress receives `value` of kJobProgressSteps
// (a fraction of the work times kJobProgressSteps, rounded down).
inline constexpr int kJobProgressSteps = 1000;

// Callbacks of one job, all called on the thread of the slot's context object (the UI thread).
template <class T>
struct JobCallbacks {
  std::function<void(const T&)> onResult;  // each JobContext::addResult, in order
  // `value` of `maximum` (= kJobProgressSteps), with the job's current phase text.
  std::function<void(int value, int maximum, const QString& text)> onProgress;
  std::function<void(bool cancelled)> onFinished;  // once, unless superseded
};

// What a job's work gets from its slot (on the worker thread): the core Progress hook wired to
// the slot's cancel flag and to the job's progress, its phase text, and its results.
// progress() and cancelled() may be used from several threads of a parallel loop; setPhase and
// addResult from the work's own thread.
template <class T>
class JobContext {
 public:
  JobContext(QPromise<T>& promise, std::shared_ptr<const std::atomic<bool>> cancel)
      : m_promise(promise),
        m_cancel(std::move(cancel)),
        m_progress(m_cancel.get(), [this](double f) {
          std::lock_guard lock(m_phaseMutex);
          m_promise.setProgressValueAndText(static_cast<int>(f * kJobProgressSteps), m_phase);
        }) {}
  JobContext(const JobContext&) = delete;
  JobContext& operator=(const JobContext&) = delete;

  // Fractions in [0, 1] of the whole job; cancelled() once the slot cancels or supersedes it.
  // Pass it (or its slices, one per phase) to core.
  const Progress& progress() const { return m_progress; }
  // The text shown with the progress from the next report on (e.g. the file being read).
  void setPhase(const QString& text) {
    std::lock_guard lock(m_phaseMutex);
    m_phase = text;
  }
  void addResult(T value) { m_promise.addResult(std::move(value)); }
  bool cancelled() const { return m_progress.cancelled(); }

 private:
  QPromise<T>& m_promise;
  std::shared_ptr<const std::atomic<bool>> m_cancel;
  std::mutex m_phaseMutex;
  QString m_phase;
  Progress m_progress;
};

// At most one running background job of one kind (Dust3D's "obsolete" worker, with cancel).
// start() runs `work(JobContext<T>&)` on the process-wide ThreadPool (core/util/thread_pool.h)
// that core's parallel loops share, so all jobs and their loops together use at most its worker
// count of threads. The work must own copies of its inputs (e.g. std::shared_ptr<const Motion>),
// never the live document. The slot owns one cancel flag per started job (shared with the work,
// so a superseded job's flag stays valid until its work returns). Starting a new job cancels the
// running one and drops whatever it still reports: a superseded job calls none of its callbacks
// again; one superseded before a worker picked it up never runs at all. Work polls
// job.cancelled() (or job.progress().cancelled() in core; see core/util/progress.h) between
// units. Destroying the slot cancels and waits for the job, so the work may not block on the UI
// thread.
template <class T>
class JobSlot {
 public:
  // `context` must outlive the slot; callbacks run on `context`'s thread.
  explicit JobSlot(QObject* context) : m_context(context) {}
  ~JobSlot() { stop(true); }
  JobSlot(const JobSlot&) = delete;
  JobSlot& operator=(const JobSlot&) = delete;

  template <class Work>
  void start(Work&& work, JobCallbacks<T> callbacks) {
    stop(false);
    auto watcher = std::make_unique<QFutureWatcher<T>>();
    QFutureWatcher<T>* w = watcher.get();
    QObject::connect(w, &QFutureWatcherBase::resultReadyAt, m_context,
                     [w, cb = callbacks.onResult](int index) {
                       if (cb) cb(w->resultAt(index));
                     });
    QObject::connect(w, &QFutureWatcherBase::progressValueChanged, m_context,
                     [w, cb = callbacks.onProgress](int value) {
                       if (cb) cb(value, w->progressMaximum(), w->progressText());
                     });
    QObject::connect(w, &QFutureWatcherBase::finished, m_context,
                     [this, w, cb = callbacks.onFinished] {
                       const bool cancelled = w->isCanceled();
                       if (m_watcher.get() == w) m_watcher.reset();
                       if (cb) cb(cancelled);
                     });
    // As QtConcurrent::run with a QPromise: started, skipped when cancelled before it runs,
    // finished after the work returns.
    auto promise = std::make_shared<QPromise<T>>();
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    m_cancel = cancel;
    m_watcher = std::move(watcher);
    m_watcher->setFuture(promise->future());
    ThreadPool::global().submit([promise, cancel, work = std::forward<Work>(work)]() mutable {
      promise->start();
      if (!promise->isCanceled()) {
        promise->setProgressRange(0, kJobProgressSteps);
        JobContext<T> job(*promise, cancel);
        work(job);
      }
      promise->finish();
    });
  }

  bool isRunning() const { return m_watcher != nullptr; }

  // Asks the running job to stop; its onFinished(true) still arrives.
  void cancel() {
    if (!m_watcher) return;
    m_cancel->store(true);
    m_watcher->future().cancel();
  }

 private:
  // Cancels the running job and silences it; with `wait`, blocks until its work returns.
  void stop(bool wait) {
    if (!m_watcher) return;
    QFutureWatcher<T>* w = m_watcher.release();
    QObject::disconnect(w, nullptr, m_context, nullptr);
    QFuture<T> future = w->future();
    m_cancel->store(true);
    m_cancel.reset();
    future.cancel();
    if (wait) {
      future.waitForFinished();
      delete w;
    } else {
      // The work may still be running: keep the watcher until it ends, then let it go. Parented
      // to the context so it cannot outlive it if the work outlasts the slot's owner.
      w->setParent(m_context);
      QObject::connect(w, &QFutureWatcherBase::finished, w, &QObject::deleteLater);
      if (future.isFinished()) w->deleteLater();
    }
  }

  QObject* m_context;
  std::unique_ptr<QFutureWatcher<T>> m_watcher;
  std::shared_ptr<std::atomic<bool>> m_cancel;  // of the job m_watcher watches
};

}  // namespace mg
