// SPDX-License-Identifier: MIT
#include "core/io/pmg_text.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/io/pmg_names.h"
#include "core/util/atomic_file.h"

namespace mg {
namespace {

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.7g", v);
  return buf;
}

std::string quoteText(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string vec(const ParameterVector& v, int dims) {
  std::string out;
  for (int d = 0; d < dims; ++d) out += " " + num(v[d]);
  return out;
}

std::string metricLine(const MetricSettings& m) {
  std::string joints;
  for (const std::string& j : m.customJoints) joints += (joints.empty() ? "" : ",") + j;
  return "metric window " + std::to_string(m.windowFrames) + " weighting " +
         weightingName(m.weighting) + " joints " + jointSelectionName(m.joints) + " custom " +
         quoteText(joints) + " fps " + num(m.workingFps);
}

std::string examplePath(const ParametricGraph& graph, int node, int example,
                        const std::string& dir) {
  std::string path = graph.nodeSources[node].examples[example].path;
  bool loaded =
      false;  // a loaded motion's path: relative ones are relative to the working directory
  if (node < graph.nodeCount() && graph.nodes[node] &&
      example < graph.nodes[node]->space().exampleCount()) {
    const std::string& source =
        graph.nodes[node]->space().examples[example].segment.motion->sourcePath;
    if (!source.empty()) path = source, loaded = true;
  }
  std::filesystem::path p(path);
  if (loaded && p.is_relative() && !dir.empty()) {
    // Written relative to the graph file's folder, not to wherever the tool was run from.
    std::error_code ec;
    const std::filesystem::path absolute = std::filesystem::absolute(p, ec);
    if (!ec) p = absolute.lexically_normal();
  }
  if (p.is_absolute() && !dir.empty()) {
    std::error_code ec;
    const std::filesystem::path rel =
        std::filesystem::relative(p, std::filesystem::absolute(dir), ec);
    if (!ec && !rel.empty()) p = rel;
  }
  return p.generic_string();
}

}  // namespace

std::string formatPmgText(const ParametricGraph& graph, const std::string& fileDirectory) {
  std::ostringstream o;
  o << "PMG 1\n# Parametric motion graph (Heck & Gleicher 2007), Motion Graph Studio; see "
       "PMG_FORMAT.md\n";
  if (graph.buildSeconds >= 0) o << "built seconds " << num(graph.buildSeconds) << "\n";
  o << "nodes " << graph.nodeSources.size() << "\n";
  for (size_t n = 0; n < graph.nodeSources.size(); ++n) {
    const NodeSource& s = graph.nodeSources[n];
    const ParametricNode* node = n < graph.nodes.size() ? graph.nodes[n].get() : nullptr;
    o << "node " << s.name << "\n";
    o << "registration reference " << s.registration.referenceExample << " smoothing "
      << s.registration.smoothingFrames << " contacts "
      << (s.registration.matchFootContacts ? 1 : 0) << " shift "
      << num(s.registration.maxContactShift) << "\n";
    o << metricLine(s.registration.metric) << "\n";
    o << "inversion samples " << s.inversion.samples << " mix " << s.inversion.examplesPerSample
      << " neighbours " << s.inversion.neighbours << " seed " << s.inversion.seed << "\n";
    o << "parameters " << s.metrics.size() << "\n";
    for (const ParameterMetric& m : s.metrics) {
      o << "parameter " << m.kindName() << " joint " << quoteText(m.joint) << " end_site "
        << (m.endSite ? 1 : 0) << " key_time " << num(m.keyTime) << " axes " << m.axes << " window "
        << num(m.windowFraction) << "\n";
    }
    if (node) {
      o << "range " << node->dimensions() << vec(node->rangeMin(), node->dimensions())
        << vec(node->rangeMax(), node->dimensions()) << "\n";
    }
    o << "examples " << s.examples.size() << "\n";
    for (size_t e = 0; e < s.examples.size(); ++e) {
      o << "example "
        << quoteText(examplePath(graph, static_cast<int>(n), static_cast<int>(e), fileDirectory))
        << " " << s.examples[e].beginFrame << " " << s.examples[e].endFrame << "\n";
    }
    o << "end_node\n";
  }
  o << "edges " << graph.edges.size() << "\n";
  for (const GraphEdge& g : graph.edges) {
    const ParametricEdge& e = g.edge;
    const EdgeSamplingSettings& st = g.settings.sampling;
    o << "edge " << e.sourceNode << " " << e.targetNode << " " << e.sourceDims << " "
      << e.targetDims << "\n";
    o << "sampling n_s " << st.sourceSamples << " n_t " << st.targetSamples << " source_region "
      << num(st.sourceRegionBegin) << " " << num(st.sourceRegionEnd) << " target_region "
      << num(st.targetRegionBegin) << " " << num(st.targetRegionEnd) << " seed " << st.seed << "\n";
    o << metricLine(st.metric) << "\n";
    o << "thresholds t_good " << num(e.thresholds.tGood) << " t_bad " << num(e.thresholds.tBad)
      << " epsilon " << num(e.thresholds.epsilon) << "\n";
    o << "result exists " << (e.exists ? 1 : 0) << " good " << e.goodPairs << " neutral "
      << e.neutralPairs << " bad " << e.badPairs << " shrunk " << e.shrunkBoxes << " empty "
      << e.emptyBoxes << "\n";
    if (!e.exists) o << "why " << quoteText(e.why) << "\n";
    o << "samples " << e.samples.size() << "\n";
    for (const TransitionSample& s : e.samples) {
      o << "sample" << vec(s.source, e.sourceDims) << vec(s.centre, e.targetDims)
        << vec(s.widths, e.targetDims) << " " << num(s.sourceTime) << " " << num(s.targetTime)
        << "\n";
    }
    o << "end_edge\n";
  }
  return o.str();
}

Status writePmgText(const ParametricGraph& graph, const std::string& path) {
  const std::filesystem::path p(path);
  const std::string dir = p.has_parent_path() ? p.parent_path().string() : ".";
  // Names and paths come from the capture and the user: a text the parser would refuse (a newline
  // in a node name, a non-finite number) is not written, so a written file always reads back.
  const std::string text = formatPmgText(graph, dir);
  if (Result<PmgDocument> back = parsePmgText(text); !back) {
    return Error{path +
                 ": not written, the graph cannot be stored as PMG text: " + back.error().message};
  }
  return writeTextFileAtomically(path, text);
}

Result<ParametricGraph> readPmgText(const std::string& path, const MotionFileLoader& load,
                                    const Progress& progress) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{"cannot read '" + path + "'"};
  std::stringstream buffer;
  buffer << in.rdbuf();
  Result<PmgDocument> doc = parsePmgText(buffer.str());
  if (!doc) return Error{path + ": " + doc.error().message};
  const std::filesystem::path p(path);
  const std::string dir = p.has_parent_path() ? p.parent_path().string() : ".";
  ParametricGraph graph;
  graph.nodeSources = doc->nodes;
  graph.buildSeconds = doc->buildSeconds;
  // Rebuilding the nodes is the work: each takes an equal part of [0, 1].
  const double share = doc->nodes.empty() ? 0.0 : 1.0 / static_cast<double>(doc->nodes.size());
  for (const NodeSource& s : doc->nodes) {
    const double from = share * static_cast<double>(graph.nodes.size());
    Result<std::shared_ptr<const ParametricNode>> node =
        buildNodeFromSource(s, dir, load, progress.slice(from, from + share));
    if (!node) return Error{path + ": " + node.error().message};
    graph.nodes.push_back(node.value());
  }
  for (GraphEdge& e : doc->edges) {
    e.source = graph.findNode(e.edge.sourceNode);
    e.target = graph.findNode(e.edge.targetNode);
    if (graph.nodes[e.source]->dimensions() != e.edge.sourceDims ||
        graph.nodes[e.target]->dimensions() != e.edge.targetDims) {
      return Error{path + ": edge " + e.edge.sourceNode + " -> " + e.edge.targetNode +
                   " has parameter dimensions that differ from its rebuilt nodes"};
    }
    graph.edges.push_back(std::move(e));
  }
  return graph;
}

}  // namespace mg
