// SPDX-License-Identifier: MIT
#pragma once

#include <string>

#include "core/io/motion_export.h"
#include "core/snap/hub_graph.h"
#include "core/snap/snap_job.h"
#include "core/util/atomic_file.h"
#include "core/util/json_text.h"
#include "core/util/progress.h"
#include "core/util/result.h"

namespace mg {

// The format of an exported Snap-Together graph (schema: core/io/SNAP_FORMAT.md).
inline constexpr const char* kSnapGraphFormat = "mgstudio.snap-graph";
inline constexpr int kSnapGraphVersion = 1;
inline constexpr const char* kSnapGraphFileName = "snap_graph.json";  // inside the export folder
inline constexpr const char* kSnapClipFolder = "clips";               // inside the export folder
inline constexpr double kSnapClipMetresPerUnit = 0.01;                // clip BVH files are in cm

// What an export records about how the graph was made (informative; readers do not need it).
struct SnapExportSettings {
  double thresholdM2 = 0.0;   // match threshold used, kFrameDistanceUnit (m^2); 0 = unknown
  int wminFrames = 0;         // as SnapSettings::wminFrames; 0 = unknown
  int trimLeadingFrames = 0;  // frames dropped from the start of every source file
  double buildSeconds =
      -1;  // wall time the graph took to build from the loaded capture; < 0 = unknown
};

// A snapped graph to export: `graph` over the source motions and SnapJob's result for it.
// What the author called and coloured each hub (optional, written as the hubs' `name` and
// `colour`, and used to name the clip files).
struct SnapHubLabel {
  std::string name;    // non-empty
  std::string colour;  // "#rrggbb", or empty
};

struct SnapExportInput {
  const HubGraph* graph = nullptr;      // not owned; must validate()
  const SnapResult* snapped = nullptr;  // not owned; SnapJob::run() on *graph
  SnapExportSettings settings;
  // Empty, or one label per hub of *graph: then clips are named after their hubs.
  std::vector<SnapHubLabel> hubLabels;
  // Every clip is also written in these formats (glTF: MotionFormat::Glb or Gltf), the same frames
  // under the same name with that format's extension, beside its BVH: for game engines. The graph
  // file names only the BVH, which readers use.
  std::vector<MotionFormat> clipCopies;

  // Fails when: graph or snapped is null; the graph does not validate(); the snapped motions or
  // common poses do not match the graph (counts, frame counts, one skeleton hierarchy, joints);
  // hubLabels is neither empty nor one per hub, or holds an empty name or a colour not "#rrggbb";
  // a match frame's alignment differs from the one in snapped->graph.
  Status validate() const;
};

// The graph file of an export as JSON (see SNAP_FORMAT.md): hubs with their match frames,
// alignments and common poses; clips (one per edge, same order) with their source range,
// alignments and the relative path of their BVH file (snapClipFileNames, inside the clip folder
// `clipFolder`: see nextExportClipFolder in export_set.h). Fails as SnapExportInput::validate().
Result<Json> snapGraphJson(const SnapExportInput& input, const std::string& clipFolder = "clips");

// The file of clip `edge`, relative to the export folder: clips/clip_NNNN.bvh, or with hub labels
// clips/FROM_to_TO.bvh after the hubs' names (characters other than letters, digits, '-' and '_'
// become '_'), with _2, _3... for further clips between the same hubs.
std::vector<std::string> snapClipFileNames(const SnapExportInput& input);

// Writes an export into `directory` (created if missing): every clip as
// <directory>/clips/<snapClipFileNames> (frames beginFrame-1 .. endFrame+1 of the snapped source
// motion: the clip, the next hub pose, and one frame of context each side), then
// <directory>/snap_graph.json, through commitExport (export_set.h): into a folder that holds an
// export the clips go into a new numbered clip folder (clips-2/, clips-3/...), the graph file
// naming it is replaced last, then the earlier export's clip folder is removed. An interruption at
// any moment (kill, crash, full disk) leaves the previous export complete and consistent. Errors
// name the file. `progress` (core/util/progress.h) rises as the clips are formatted; cancelled
// before the files are written, the export fails with "export cancelled" and writes nothing.
Status exportSnapGraph(const SnapExportInput& input, const std::string& directory,
                       const Progress& progress = {});

}  // namespace mg
