// SPDX-License-Identifier: MIT
#pragma once

#include <functional>
#include <memory>
#include <utility>

#include <QFuture>
#include <QFutureWatcher>
#include <QObject>
#include <QPromise>
#include <QString>

#include "core/util/thread_pool.h"

namespace mg {

// Callbacks of one job, all called on the thread of the slot's context object (the UI thread).
template <class T>
struct JobCallbacks {
  std::function<void(const T&)> onResult;                 // each QPromise::addResult, in order
  std::function<void(int value, int maximum, const QString& text)> onProgress;
  std::function<void(bool cancelled)> onFinished;         // once, unless superseded
};

// At most one running background job of one kind (Dust3D's "obsolete" worker, with cancel).
// start() runs `work(QPromise<T>&)` on the process-wide ThreadPool (core/util/thread_pool.h) that
// core's parallel loops share, so all jobs and their loops together use at most its worker count
// of threads. The work must own copies of its inputs (e.g. std::shared_ptr<const Motion>), never
// the live document. Starting a new job cancels the running one and drops whatever it still
// reports: a superseded job calls none of its callbacks again; one superseded before a worker
// picked it up never runs at all. Work polls QPromise::isCanceled() between units (through a
// Progress hook in core; see core/util/progress.h). Destroying the slot cancels and waits for the
// job, so the work may not block on the UI thread.
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
    m_watcher = std::move(watcher);
    m_watcher->setFuture(promise->future());
    ThreadPool::global().submit([promise, work = std::forward<Work>(work)]() mutable {
      promise->start();
      if (!promise->isCanceled()) work(*promise);
      promise->finish();
    });
  }

  bool isRunning() const { return m_watcher != nullptr; }

  // Asks the running job to stop; its onFinished(true) still arrives.
  void cancel() {
    if (m_watcher) m_watcher->future().cancel();
  }

 private:
  // Cancels the running job and silences it; with `wait`, blocks until its work returns.
  void stop(bool wait) {
    if (!m_watcher) return;
    QFutureWatcher<T>* w = m_watcher.release();
    QObject::disconnect(w, nullptr, m_context, nullptr);
    QFuture<T> future = w->future();
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
};

}  // namespace mg
