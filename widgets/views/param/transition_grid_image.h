// SPDX-License-Identifier: MIT
#pragma once

#include <QImage>
#include <QSize>

#include "core/param/transition_grid.h"

namespace mg {

// The transition distance grid as a grey image of `size` (the heatmap's colour map: dark =
// similar; rows = source end region top to bottom, columns = target start region), with the
// optimal transition point marked by a red cross.
QImage transitionGridImage(const TransitionGrid& grid, const QSize& size);

}  // namespace mg
