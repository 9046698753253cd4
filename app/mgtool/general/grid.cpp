// SPDX-License-Identifier: MIT
// mgtool grid: the distance grid of one motion (or between two) as an image and its minima.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "app/mgtool/cli/common_options.h"
#include "app/mgtool/cli/json_writer.h"
#include "app/mgtool/cli/registry.h"
#include "core/import/motion_reader.h"
#include "core/metric/distance_grid.h"
#include "core/metric/grid_colour_map.h"
#include "core/metric/grid_minima.h"
#include "core/util/png_writer.h"

namespace mg::tool {
namespace {

// Grey levels in the colour map shared with the editor's heatmap (core/metric/grid_colour_map.h).
std::vector<std::uint8_t> gridImage(const DistanceGrid& grid, float& scale) {
  scale = gridWhiteLevel(grid.values);
  std::vector<std::uint8_t> pixels(grid.values.size());
  for (size_t k = 0; k < pixels.size(); ++k) pixels[k] = gridGrey8(grid.values[k], scale);
  return pixels;
}

constexpr char kDescription[] =
    "Computes the frame distance grid of motion A with itself, or of A (rows) against B\n"
    "(columns), at 30 fps with the default metric (all joints, 9-frame tapered window), in m^2.\n"
    "--png writes the grid as a greyscale image (dark = similar; sqrt scale up to the 95th\n"
    "percentile). --minima T prints the local minima below T as JSON with their alignment\n"
    "(theta in radians, x0 and z0 in metres, mapping the column frame onto the row frame).";

class Grid final : public Command {
 public:
  Grid() : Command({"A [B]", 1, 2}, kDescription) {}

 private:
  int run() override {
    if (!m_png.given() && !m_minima.given()) {
      return usageError("nothing to do; give --png FILE and/or --minima T");
    }
    std::vector<Motion> motions;
    for (const std::string& file : positional()) {
      Result<Motion> m = readMotionFile(file, m_units.apply({.trimLeadingFrames = *m_trim}));
      if (!m) return fail(m.error().message);
      motions.push_back(std::move(m.value()));
    }
    MetricSettings settings;
    settings.windowFrames = *m_window;
    std::vector<FrameSet> sets;
    for (const Motion& m : motions) {
      Result<FrameSet> s = buildFrameSet(m, settings);
      if (!s) return fail(m.name + ": " + s.error().message);
      sets.push_back(std::move(s.value()));
    }
    const FrameSet* cols = sets.size() > 1 ? &sets[1] : nullptr;
    Result<DistanceGrid> grid = computeDistanceGrid({&sets[0], cols, {}, false});
    if (!grid) return fail(grid.error().message);

    JsonWriter json;
    json.beginObject();
    json.key("rows"), json.value(grid->rows);
    json.key("cols"), json.value(grid->cols);
    json.key("unit"), json.value(kFrameDistanceUnit);
    if (m_png.given()) {
      float scale = 0;
      const std::vector<std::uint8_t> pixels = gridImage(*grid, scale);
      if (Status s = writePngGray8(*m_png, grid->cols, grid->rows, pixels.data()); !s) {
        return fail(s.error().message);
      }
      json.key("png"), json.value(*m_png);
      json.key("white_at"), json.value(static_cast<double>(scale));
    }
    if (m_minima.given()) {
      MinimaSettings ms;
      ms.threshold = *m_minima;
      ms.excludeDiagonalFrames = *m_exclude;
      Result<std::vector<GridMinimum>> minima = findGridMinima(*grid, sets[0], cols, ms);
      if (!minima) return fail(minima.error().message);
      json.key("threshold"), json.value(*m_minima);
      json.key("minima");
      json.beginArray();
      for (const GridMinimum& m : *minima) {
        json.beginObject();
        json.key("row"), json.value(m.row);
        json.key("col"), json.value(m.col);
        json.key("distance"), json.value(static_cast<double>(m.distance));
        json.key("theta"), json.value(m.alignment.theta);
        json.key("x0"), json.value(m.alignment.x0);
        json.key("z0"), json.value(m.alignment.z0);
        json.endObject();
      }
      json.endArray();
    }
    json.endObject();
    return printJson(json);
  }

  Value<std::string> m_png = text("png", "FILE", "write the grid image");
  Value<double> m_minima =
      number<double>("minima", "T", "print local minima with distance < T (m^2)", 0, 1e-12, 1e9);
  Value<int> m_exclude = number<int>(
      "exclude", "F", "self grid: ignore minima within F frames of the diagonal (default 15)", 15,
      1, 1e9);
  Value<int> m_window = number<int>("window", "W", "window frames, odd (default 9)", 9, 1, 61);
  Value<int> m_trim =
      number<int>("trim", "N", "drop N leading frames of each file (e.g. 10 for CMU)", 0, 0, 1e9);
  UnitsOption m_units{*this};
};

const CommandRegistration kRegistered{
    "grid", 40, "distance grid of motions as a PNG and its local minima as JSON", make<Grid>};

}  // namespace
}  // namespace mg::tool
