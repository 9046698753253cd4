// SPDX-License-Identifier: MIT
#include "core/io/pmg_json.h"

#include <filesystem>
#include <fstream>

#include "core/io/pmg_names.h"
#include "core/io/pmg_text.h"
#include "core/util/atomic_file.h"

namespace mg {
namespace {

Json vec(const ParameterVector& v, int dims) {
  JsonArray a;
  for (int d = 0; d < dims; ++d) a.emplace_back(v[d]);
  return a;
}

Json metricJson(const MetricSettings& m) {
  JsonArray custom;
  for (const std::string& j : m.customJoints) custom.emplace_back(j);
  return JsonObject{{"window_frames", m.windowFrames},
                    {"weighting", weightingName(m.weighting)},
                    {"joints", jointSelectionName(m.joints)},
                    {"custom_joints", custom},
                    {"working_fps", m.workingFps}};
}

}  // namespace

Json pmgToJson(const ParametricGraph& graph, const std::string& fileDirectory) {
  // The text format holds every example path already made relative; parse it back for them so
  // both files always name the same paths.
  Result<PmgDocument> doc = parsePmgText(formatPmgText(graph, fileDirectory));
  JsonArray nodes;
  for (size_t n = 0; n < graph.nodeSources.size(); ++n) {
    const NodeSource& s = graph.nodeSources[n];
    JsonArray examples;
    for (size_t e = 0; e < s.examples.size(); ++e) {
      const std::string path = doc ? doc->nodes[n].examples[e].path : s.examples[e].path;
      examples.emplace_back(JsonObject{{"file", path},
                                       {"begin_frame", s.examples[e].beginFrame},
                                       {"end_frame", s.examples[e].endFrame}});
    }
    JsonArray params;
    for (const ParameterMetric& m : s.metrics) {
      params.emplace_back(JsonObject{{"metric", m.kindName()},
                                     {"unit", m.unit()},
                                     {"joint", m.joint},
                                     {"end_site", m.endSite},
                                     {"key_time", m.keyTime},
                                     {"axes", m.axes},
                                     {"window_fraction", m.windowFraction}});
    }
    JsonObject node{
        {"name", s.name},
        {"examples", examples},
        {"parameters", params},
        {"registration", JsonObject{{"reference_example", s.registration.referenceExample},
                                    {"smoothing_frames", s.registration.smoothingFrames},
                                    {"match_foot_contacts", s.registration.matchFootContacts},
                                    {"max_contact_shift", s.registration.maxContactShift},
                                    {"metric", metricJson(s.registration.metric)}}},
        {"inversion", JsonObject{{"samples", s.inversion.samples},
                                 {"examples_per_sample", s.inversion.examplesPerSample},
                                 {"neighbours", s.inversion.neighbours},
                                 {"seed", static_cast<double>(s.inversion.seed)}}}};
    if (n < graph.nodes.size() && graph.nodes[n]) {
      const ParametricNode& p = *graph.nodes[n];
      JsonArray names;
      for (const std::string& name : p.measure().parameterNames()) names.emplace_back(name);
      node["parameter_names"] = names;
      node["range_min"] = vec(p.rangeMin(), p.dimensions());
      node["range_max"] = vec(p.rangeMax(), p.dimensions());
    }
    nodes.emplace_back(std::move(node));
  }
  JsonArray edges;
  for (const GraphEdge& g : graph.edges) {
    const ParametricEdge& e = g.edge;
    const EdgeSamplingSettings& st = g.settings.sampling;
    JsonArray samples;
    for (const TransitionSample& s : e.samples) {
      samples.emplace_back(JsonObject{{"source", vec(s.source, e.sourceDims)},
                                      {"centre", vec(s.centre, e.targetDims)},
                                      {"widths", vec(s.widths, e.targetDims)},
                                      {"source_time", s.sourceTime},
                                      {"target_time", s.targetTime}});
    }
    JsonObject edge{{"source", e.sourceNode},
                    {"target", e.targetNode},
                    {"source_dims", e.sourceDims},
                    {"target_dims", e.targetDims},
                    {"n_s", st.sourceSamples},
                    {"n_t", st.targetSamples},
                    {"source_region", JsonArray{st.sourceRegionBegin, st.sourceRegionEnd}},
                    {"target_region", JsonArray{st.targetRegionBegin, st.targetRegionEnd}},
                    {"seed", static_cast<double>(st.seed)},
                    {"metric", metricJson(st.metric)},
                    {"t_good", e.thresholds.tGood},
                    {"t_bad", e.thresholds.tBad},
                    {"epsilon", e.thresholds.epsilon},
                    {"exists", e.exists},
                    {"why", e.why},
                    {"good", e.goodPairs},
                    {"neutral", e.neutralPairs},
                    {"bad", e.badPairs},
                    {"shrunk_boxes", e.shrunkBoxes},
                    {"empty_boxes", e.emptyBoxes},
                    {"samples", samples}};
    edges.emplace_back(std::move(edge));
  }
  JsonObject root{{"format", "mg-pmg"}, {"version", 1}, {"nodes", nodes}, {"edges", edges}};
  if (graph.buildSeconds >= 0) root["build_seconds"] = graph.buildSeconds;
  return root;
}

Status writePmgJson(const ParametricGraph& graph, const std::string& path) {
  const std::filesystem::path p(path);
  const std::string dir = p.has_parent_path() ? p.parent_path().string() : ".";
  return writeTextFileAtomically(path, jsonText(pmgToJson(graph, dir), 2) + "\n");
}

}  // namespace mg
