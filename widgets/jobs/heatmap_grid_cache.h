// SPDX-License-Identifier: MIT
#pragma once

#include <list>
#include <memory>

#include <QObject>
#include <QString>

#include "widgets/jobs/heatmap_grid.h"
#include "widgets/jobs/job_slot.h"

namespace mg {

// What one grid job produced: a grid, or an error message (empty when cancelled).
struct HeatmapGridOutcome {
  std::shared_ptr<const HeatmapGrid> grid;
  QString error;
};

// Hands out heatmap grids: from a small LRU cache keyed by (motion ids, metric settings), or by
// computing them in the background (one job at a time; the job itself spreads tiles over every
// core). A new request cancels the stale job, whose late results are dropped. UI thread only.
class HeatmapGridCache : public QObject {
  Q_OBJECT

 public:
  static constexpr int kDefaultCapacity = 4;

  explicit HeatmapGridCache(QObject* parent = nullptr);
  ~HeatmapGridCache() override;

  // Asks for the grid of `motions` (1 or 2, ids in key.motions order). A cached grid is
  // delivered through gridReady before this returns (and any running job is cancelled);
  // otherwise a job starts (started, then progressChanged, then gridReady or failed or
  // cancelled).
  void request(const HeatmapGridKey& key,
               const std::vector<std::shared_ptr<const Motion>>& motions);
  // Stops the running job; cancelled() follows.
  void cancel();
  bool isRunning() const { return m_slot.isRunning(); }

  // The cached grid of `key` (not touching its LRU position), or null.
  std::shared_ptr<const HeatmapGrid> cached(const HeatmapGridKey& key) const;
  int cachedCount() const { return static_cast<int>(m_entries.size()); }
  void setCapacity(int grids);  // >= 1; drops the least recently used beyond it
  int capacity() const { return m_capacity; }
  // How many requests were answered from the cache, and how many jobs started.
  int hitCount() const { return m_hits; }
  int jobCount() const { return m_jobs; }

 signals:
  void started();
  void progressChanged(double fraction);
  void gridReady(std::shared_ptr<const mg::HeatmapGrid> grid);
  void failed(const QString& message);
  void cancelled();

 private:
  void insert(std::shared_ptr<const HeatmapGrid> grid);

  JobSlot<HeatmapGridOutcome> m_slot;
  std::list<std::shared_ptr<const HeatmapGrid>> m_entries;  // most recently used first
  int m_capacity = kDefaultCapacity;
  int m_hits = 0;
  int m_jobs = 0;
};

}  // namespace mg
