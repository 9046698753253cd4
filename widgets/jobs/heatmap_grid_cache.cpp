// SPDX-License-Identifier: MIT
#include "widgets/jobs/heatmap_grid_cache.h"

#include <algorithm>

namespace mg {

HeatmapGridCache::HeatmapGridCache(QObject* parent) : QObject(parent), m_slot(this) {
  // One grid at a time: the job's tiles already use every core.
}

HeatmapGridCache::~HeatmapGridCache() = default;

std::shared_ptr<const HeatmapGrid> HeatmapGridCache::cached(const HeatmapGridKey& key) const {
  auto it = std::find_if(m_entries.begin(), m_entries.end(),
                         [&key](const auto& g) { return g->key == key; });
  return it == m_entries.end() ? nullptr : *it;
}

void HeatmapGridCache::setCapacity(int grids) {
  m_capacity = std::max(1, grids);
  while (static_cast<int>(m_entries.size()) > m_capacity) m_entries.pop_back();
}

void HeatmapGridCache::insert(std::shared_ptr<const HeatmapGrid> grid) {
  m_entries.remove_if([&grid](const auto& g) { return g->key == grid->key; });
  m_entries.push_front(std::move(grid));
  setCapacity(m_capacity);
}

void HeatmapGridCache::cancel() {
  m_slot.cancel();
}

void HeatmapGridCache::request(const HeatmapGridKey& key,
                               const std::vector<std::shared_ptr<const Motion>>& motions) {
  if (auto it = std::find_if(m_entries.begin(), m_entries.end(),
                             [&key](const auto& g) { return g->key == key; });
      it != m_entries.end()) {
    ++m_hits;
    std::shared_ptr<const HeatmapGrid> grid = *it;
    m_entries.splice(m_entries.begin(), m_entries, it);
    if (m_slot.isRunning()) {
      // Supersede the stale job with one that does nothing, so its results are dropped.
      m_slot.start([](JobContext<HeatmapGridOutcome>&) {}, {});
    }
    emit gridReady(grid);
    return;
  }
  ++m_jobs;
  m_slot.start(
      [key, motions](JobContext<HeatmapGridOutcome>& job) {
        Result<std::shared_ptr<const HeatmapGrid>> grid =
            computeHeatmapGrid(key, motions, kHeatmapDenseCells, job.progress());
        if (job.cancelled()) return;
        HeatmapGridOutcome outcome;
        if (grid) {
          outcome.grid = std::move(grid).value();
        } else {
          outcome.error = QString::fromStdString(grid.error().message);
        }
        job.addResult(std::move(outcome));
      },
      JobCallbacks<HeatmapGridOutcome>{
          [this](const HeatmapGridOutcome& outcome) {
            if (outcome.grid) {
              insert(outcome.grid);
              emit gridReady(outcome.grid);
            } else {
              emit failed(outcome.error);
            }
          },
          [this](int value, int maximum, const QString&) {
            emit progressChanged(maximum > 0 ? static_cast<double>(value) / maximum : 0.0);
          },
          [this](bool wasCancelled) {
            if (wasCancelled) emit cancelled();
          }});
  emit started();
}

}  // namespace mg
