// SPDX-License-Identifier: MIT
// mgtool grid: the distance grid of one motion (or between two) as an image and its minima.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "app/mgtool/commands.h"
#include "app/mgtool/json_writer.h"
#include "app/mgtool/tool_args.h"
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

}  // namespace

int runGrid(std::span<const std::string> args) {
  const CommandSpec spec{
      "grid", "A [B]",
      "Computes the frame distance grid of motion A with itself, or of A (rows) against B\n"
      "(columns), at 30 fps with the default metric (all joints, 9-frame tapered window), in m^2.\n"
      "--png writes the grid as a greyscale image (dark = similar; sqrt scale up to the 95th\n"
      "percentile). --minima T prints the local minima below T as JSON with their alignment\n"
      "(theta in radians, x0 and z0 in metres, mapping the column frame onto the row frame).",
      {{"png", "FILE", "write the grid image"},
       {"minima", "T", "print local minima with distance < T (m^2)"},
       {"exclude", "F", "self grid: ignore minima within F frames of the diagonal (default 15)"},
       {"window", "W", "window frames, odd (default 9)"},
       {"trim", "N", "drop N leading frames of each file (e.g. 10 for CMU)"}},
      1, 2};
  const std::optional<ParsedArgs> parsed = parseArgs(spec, args);
  if (!parsed) return kExitUsage;
  if (parsed->help) return printHelp(spec), kExitOk;
  const auto threshold = numberOption(*parsed, "grid", "minima", 0, 1e-12, 1e9);
  const auto exclude = numberOption(*parsed, "grid", "exclude", 15, 1, 1e9);
  const auto window = numberOption(*parsed, "grid", "window", 9, 1, 61);
  const auto trim = numberOption(*parsed, "grid", "trim", 0, 0, 1e9);
  if (!threshold || !exclude || !window || !trim) return kExitUsage;
  if (!parsed->has("png") && !parsed->has("minima")) {
    std::fprintf(stderr, "mgtool grid: nothing to do; give --png FILE and/or --minima T\n");
    return kExitUsage;
  }

  std::vector<Motion> motions;
  for (const std::string& file : parsed->positional) {
    Result<Motion> m = readMotionFile(file, {.trimLeadingFrames = static_cast<int>(*trim)});
    if (!m) {
      std::fprintf(stderr, "mgtool grid: %s\n", m.error().message.c_str());
      return kExitFailed;
    }
    motions.push_back(std::move(m.value()));
  }
  MetricSettings settings;
  settings.windowFrames = static_cast<int>(*window);
  std::vector<FrameSet> sets;
  for (const Motion& m : motions) {
    Result<FrameSet> s = buildFrameSet(m, settings);
    if (!s) {
      std::fprintf(stderr, "mgtool grid: %s: %s\n", m.name.c_str(), s.error().message.c_str());
      return kExitFailed;
    }
    sets.push_back(std::move(s.value()));
  }
  const FrameSet* cols = sets.size() > 1 ? &sets[1] : nullptr;
  Result<DistanceGrid> grid = computeDistanceGrid({&sets[0], cols, {}, false});
  if (!grid) {
    std::fprintf(stderr, "mgtool grid: %s\n", grid.error().message.c_str());
    return kExitFailed;
  }

  JsonWriter json;
  json.beginObject();
  json.key("rows"), json.value(grid->rows);
  json.key("cols"), json.value(grid->cols);
  json.key("unit"), json.value(kFrameDistanceUnit);
  if (parsed->has("png")) {
    float scale = 0;
    const std::vector<std::uint8_t> pixels = gridImage(*grid, scale);
    const std::string& path = parsed->options.at("png");
    if (Status s = writePngGray8(path, grid->cols, grid->rows, pixels.data()); !s) {
      std::fprintf(stderr, "mgtool grid: %s\n", s.error().message.c_str());
      return kExitFailed;
    }
    json.key("png"), json.value(path);
    json.key("white_at"), json.value(static_cast<double>(scale));
  }
  if (parsed->has("minima")) {
    MinimaSettings ms;
    ms.threshold = *threshold;
    ms.excludeDiagonalFrames = static_cast<int>(*exclude);
    Result<std::vector<GridMinimum>> minima = findGridMinima(*grid, sets[0], cols, ms);
    if (!minima) {
      std::fprintf(stderr, "mgtool grid: %s\n", minima.error().message.c_str());
      return kExitFailed;
    }
    json.key("threshold"), json.value(*threshold);
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
  std::fputs(json.text().c_str(), stdout);
  std::fputs("\n", stdout);
  return kExitOk;
}

}  // namespace mg::tool
