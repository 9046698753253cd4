// SPDX-License-Identifier: MIT
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/dmg/database_motion_graph.h"
#include "core/io/motion_export.h"
#include "core/motion/clip.h"
#include "core/motion/motion.h"
#include "core/motion/motion_file_loader.h"
#include "core/subgraph/iterative_subgraph.h"
#include "core/subgraph/subgraph_verifier.h"
#include "core/util/result.h"

namespace mg {

// The export folder of a minimum-size motion graph (or of a whole database motion graph), format
// "mgstudio.subgraph" version 1; schema in SUBGRAPH_FORMAT.md.
inline constexpr const char* kSubgraphFormat = "mgstudio.subgraph";
inline constexpr int kSubgraphVersion = 1;
inline constexpr const char* kSubgraphFileName = "subgraph.json";

// What an export holds, in the ids of the source database: kept vertices as (motion, frame) at
// `fps`, the edges between them, the key segments and requirement, pair bounds above gamma, and the
// clips (maximal runs of consecutive kept frames of one motion).
struct SubgraphExportInput {
  const DatabaseMotionGraph* graph = nullptr;  // the DMG the vertices come from
  // The DMG's motions at its rate (one per graph motion), for the clip BVH files.
  std::vector<std::shared_ptr<const Motion>> motions;
  std::vector<int> keptVertices;    // DMG ids, ascending; all of them for a DMG export
  std::vector<KeptReason> reasons;  // one per kept vertex, or empty
  std::vector<KeySegment> keys;     // may be empty (a DMG export)
  Requirement requirement;
  const VerificationReport* verification = nullptr;  // bounds above gamma come from here
  std::string generatorNote;                         // informative text stored as "note"
  double bvhMetresPerUnit = 0.01;
  int trimLeadingFrames = -1;  // frames dropped from the start of every source file; < 0 unknown
  double buildSeconds =
      -1;  // wall time the graph took to build from the loaded capture; < 0 unknown
  // Every clip is also written in these formats (glTF: MotionFormat::Glb or Gltf), the same frames
  // under the same name with that format's extension, beside its BVH: for game engines. The index
  // names only the BVH, which readers use.
  std::vector<MotionFormat> clipCopies;
};

// Writes DIR/subgraph.json and DIR/clips/clip_NNNN.bvh (the folders are created; clips-2/,
// clips-3/... for later exports into the same folder) through commitExport (export_set.h): an
// interruption at any moment (kill, crash, full disk)
// leaves the previous export complete and consistent. Fails, naming the file,
// when: the input is inconsistent (graph null, a vertex out of range, a motion missing or of the
// wrong length, reasons of the wrong count); a file cannot be written.
Status exportSubgraph(const std::string& directory, const SubgraphExportInput& input);

// The maximal runs of consecutive kept frames of one motion, ordered by motion then frame.
std::vector<Clip> keptClips(const DatabaseMotionGraph& graph, const std::vector<int>& keptVertices);

// An export read back.
struct SubgraphFile {
  std::string directory;
  double fps = 30.0;
  double bvhMetresPerUnit = 0.01;  // of the clip files
  int trimLeadingFrames = -1;      // -1 when the file does not say
  double buildSeconds = -1;        // -1 when the file does not say
  std::vector<std::string> motionNames;
  std::vector<std::string> motionSourcePaths;  // as written by the exporter (may be empty)
  // The kept subgraph over the source motions (their frame counts from the file): vertex i is
  // vertices[i] of the file, edges as written.
  DatabaseMotionGraph graph;
  std::vector<KeptReason> reasons;  // empty when the file has none
  std::vector<KeySegment> keys;
  Requirement requirement;
  bool hasRequirement = false;
  struct Bound {
    int source = 0;  // vertex (this file's ids)
    int group = 0;   // KeyPairs group index
    int units = 0;
  };
  std::vector<Bound> boundsAboveGamma;  // pairs whose bound is not the requirement's gamma
  std::vector<Clip> clips;              // over the source motions
  std::vector<std::string> clipFiles;   // relative paths, one per clip
};

// Reads DIR/subgraph.json (not the clips). Fails, naming the file and field, when: the file is
// missing or not JSON; the format or version is wrong; a field is missing, of the wrong type or out
// of range; a vertex repeats or an edge is inconsistent (DatabaseMotionGraph::create); the clips do
// not cover the vertices exactly; a clip path is absolute or leaves the folder.
Result<SubgraphFile> readSubgraphFile(const std::string& directory);

// The clip files of an export, one motion per clip in file order, read through `load` with the
// file's bvh_metres_per_unit and stamped with the file's exact rate (BVH frame times are rounded).
// Fails, naming the clip file, when `load` is empty or fails, or a clip's frame count differs
// from the file's.
Result<std::vector<std::shared_ptr<const Motion>>> readSubgraphClips(const SubgraphFile& file,
                                                                     const MotionFileLoader& load);

// The export as a graph a DmgWalkStream can play: motion i is clip i, vertex frames are offsets
// in the clip; edges as in file.graph. Pruned to its largest strongly connected component when
// `prune`.
DatabaseMotionGraph clipLevelGraph(const SubgraphFile& file, bool prune = true);

// Rechecks the requirement on the exported graph alone: every key pair within gamma (or the
// bound the file lists for it). The same report as verifySubgraph, computed on the export.
Result<VerificationReport> checkSubgraphFile(const SubgraphFile& file, int maxListed = 20);

}  // namespace mg
