// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <string_view>

#include "core/param/parametric_graph.h"
#include "core/util/progress.h"
#include "core/util/result.h"

namespace mg {

// The plain-text graph file (format "PMG 1", see PMG_FORMAT.md): per node its examples (capture
// file relative to the graph file, frame range), registration, metrics, range and inversion
// settings; per edge its settings, counts and transition samples (source parameter, box centre
// and widths, transition times). Nodes are rebuilt from their examples on reading; edges are read
// as stored (no distances are recomputed).

// The text of `graph`. Example paths are written relative to `fileDirectory` (the directory the
// file will be written to), from each motion's sourcePath, or from the node source when the motion
// has none. Numbers use up to 7 significant digits.
std::string formatPmgText(const ParametricGraph& graph, const std::string& fileDirectory);

// Writes formatPmgText to `path`. Fails, writing nothing, when that text does not parse back
// (parsePmgText: e.g. a node name with a space or newline, a non-finite number), or when the file
// cannot be written.
Status writePmgText(const ParametricGraph& graph, const std::string& path);

// A parsed file: node sources and edges without built nodes (edge.sampling is null).
struct PmgDocument {
  double buildSeconds = -1;  // the optional `built seconds` line; < 0 when absent
  std::vector<NodeSource> nodes;
  std::vector<GraphEdge> edges;
};

// Parses the text. Fails, naming the line, on: a missing or unknown header or version; an
// unknown keyword; a wrong count of values; a number that is not finite; an edge naming an
// unknown node; counts that disagree with what follows.
Result<PmgDocument> parsePmgText(std::string_view text);

// Reads a graph file and rebuilds its nodes from the capture files it names (relative to the
// file's directory) through `load`. Fails when the file cannot be read or parsed, a node cannot
// be rebuilt, or a node's stored parameter dimensions differ from the rebuilt node's.
Result<ParametricGraph> readPmgText(const std::string& path, const MotionFileLoader& load,
                                    const Progress& progress = {});

}  // namespace mg
