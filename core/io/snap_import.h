// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/io/snap_export.h"
#include "core/motion/motion.h"
#include "core/motion/motion_file_loader.h"
#include "core/snap/common_pose.h"
#include "core/snap/hub_graph.h"
#include "core/util/result.h"

namespace mg {

// A source motion as the export describes it (its frames are not exported, only its clips).
struct SnapSourceMotion {
  std::string name;
  std::string sourcePath;  // as written by the exporter; may be empty
  int frames = 0;          // >= 1
};

// An export read back (format kSnapGraphFormat, version kSnapGraphVersion). Plain data.
struct SnapGraphFile {
  std::string directory;                     // the export folder it was read from
  double fps = 30.0;                         // rate of every clip
  std::shared_ptr<const Skeleton> skeleton;  // of the clips (all equal), from the first clip file
  SnapExportSettings settings;
  std::vector<SnapSourceMotion> motions;
  // Hubs and edges over the source motions (frameCounts = motions[i].frames), exactly as
  // exported: match frames, alignments (toHub), base matches; edges[i] is clips[i].
  HubGraph graph;
  std::vector<PoseTriple> commonPoses;  // one per hub, hub coordinates
  // The hubs' optional `name` and `colour`: one per hub when every hub has a name, else empty.
  std::vector<SnapHubLabel> hubLabels;
  // One per edge: frames beginFrame-1 .. endFrame+1 of the snapped source motion, in its
  // coordinates, read from the clip's BVH file (positions within 1e-8 m, rotations within
  // ~1e-7 rad of what was exported). Frame 1 is the clip's first frame (the from-hub pose),
  // frame frameCount()-2 is the to-hub pose.
  std::vector<std::shared_ptr<const Motion>> clips;
  std::vector<std::string> clipFiles;  // relative path of each clip's file, as in the graph file
};

// Reads <directory>/snap_graph.json and every clip file it names, through `load` (with the
// file's bvh_metres_per_unit; the application passes importMotionLoader()). Validates everything;
// fails, with a message naming the file and the JSON path of the field, when: the graph file is
// missing or not JSON; the format tag is not kSnapGraphFormat; the version is missing, not an
// integer or not kSnapGraphVersion; a field is missing or has the wrong type or range (fps <= 0, a
// joint parent that is not an earlier joint, a frame count < 1, a common pose with the wrong joint
// count or a non-unit rotation); a hub or match index is out of range; a clip's source range or
// alignments disagree with its hubs' match frames; the hubs and clips do not form a valid
// HubGraph; a clip path is absolute or leaves the folder; a clip file is missing or unreadable;
// a clip's frame count or rate differs from the graph file's; a clip's skeleton differs from the
// graph file's joints or (offsets beyond 1e-5 m) from the first clip's; `load` is empty.
Result<SnapGraphFile> readSnapGraph(const std::string& directory, const MotionFileLoader& load);

// The export as something ClipSequencePlayer / RandomWalkStream / benchmarkRandomWalk can play:
// pruned to the largest strongly connected component, so a random walk never gets stuck.
struct PlayableSnapGraph {
  // Over `motions`: motion i is one clip, with match frames at 1 and frameCount()-2 and the
  // exported alignments, so graph.edges[i] plays exactly that clip. Strongly connected.
  HubGraph graph;
  std::vector<std::shared_ptr<const Motion>> motions;  // shared with SnapGraphFile::clips
  std::vector<int> fileHubOfHub;    // index into SnapGraphFile hubs of every hub of `graph`
  std::vector<int> fileClipOfEdge;  // index into SnapGraphFile::clips of every edge of `graph`
};

// Fails when the largest strongly connected component holds no clip (the graph has no cycle:
// every walk would stop), or when the file does not hold together (it did if readSnapGraph
// returned it).
Result<PlayableSnapGraph> playableSnapGraph(const SnapGraphFile& file);

}  // namespace mg
