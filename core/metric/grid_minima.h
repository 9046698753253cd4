// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include "core/metric/distance_grid.h"
#include "core/metric/distance_tile_engine.h"
#include "core/metric/frame_distance.h"
#include "core/metric/frame_set.h"
#include "core/util/progress.h"
#include "core/util/result.h"

namespace mg {

// Which cells count as transition candidates.
//
// Local minimum (our choice; Kovar et al. 2002 take local minima of the 2D grid): a cell under the
// threshold that comes before each of its up to 8 neighbours in the order "smaller distance first,
// then smaller row, then smaller column". The tie-break keeps exactly-equal plateaus (repeated
// frames, clamped zeros) from yielding either none or a whole run of minima. Neighbours are taken
// only inside the cell's motion-pair block: the grid of a database is a patchwork of one grid per
// pair of motions, and no minimum compares across, or straddles, a boundary between motions.
// In a self grid only cells above the diagonal (column > row) are reported, since D is symmetric,
// and cells of the same motion with |row - column| < excludeDiagonalFrames are never minima: near
// the diagonal a frame resembles its own neighbours, which is no transition. Cells in that band
// still act as neighbours.
struct MinimaSettings {
  double threshold = 0.0;          // kFrameDistanceUnit; a minimum has distance < threshold; > 0
  int excludeDiagonalFrames = 15;  // frames (0.5 s at 30 Hz); >= 1

  // Fails when: threshold is not a positive finite number; excludeDiagonalFrames < 1.
  Status validate() const;
};

// One local minimum of a grid.
struct GridMinimum {
  int row = 0;            // frame of the row set
  int col = 0;            // frame of the column set
  float distance = 0.0f;  // the grid's value at (row, col)
  // Alignment of frame col onto frame row: the reference (frameDistance) for findGridMinima; for
  // streamGridMinima DistanceTileEngine::alignment, equal to it within ~1e-6.
  FrameAlignment alignment;
};

// The local minima of a dense grid, sorted by (row, col). `rows` and `cols` are the frame sets the
// grid was computed from (cols null for a self grid); they give the motion blocks and the
// alignments. Fails when: the settings are invalid; the grid's size does not match the frame sets
// or its symmetry does not match cols == null.
Result<std::vector<GridMinimum>> findGridMinima(const DistanceGrid& grid, const FrameSet& rows,
                                                const FrameSet* cols,
                                                const MinimaSettings& settings);

// The same minima without a dense grid: tiles are computed one per thread at a time, their
// minima kept, and only each tile's four edge lines stored so that cells on tile borders can be
// decided once their neighbour tiles are done. Memory: the packed frame sets (about 20 P bytes per
// frame for P cloud points), per-thread tile scratch, and 16 x (tile count x tileFrames) bytes of
// edges, and 48 bytes per minimum kept. With equal options it returns exactly the cells and
// distances that findGridMinima returns on the grid of computeDistanceGrid.
struct GridMinimaJob {
  const FrameSet* rows = nullptr;  // required; not owned
  const FrameSet* cols = nullptr;  // null (or == rows) for the self grid of `rows`
  MinimaSettings minima;
  GridOptions options;

  // Fails when: rows is null or empty; cols is empty; the sets are not comparable; the minima
  // settings or the options are invalid.
  Status validate() const;
};

// Runs `job`; progress and cancellation as computeDistanceGrid.
Result<std::vector<GridMinimum>> streamGridMinima(const GridMinimaJob& job,
                                                  const Progress& progress = {});

}  // namespace mg
