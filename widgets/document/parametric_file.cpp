// SPDX-License-Identifier: MIT
#include "widgets/document/parametric_file.h"

#include <algorithm>

#include <QDir>
#include <QFileInfo>

#include "core/io/pmg_names.h"
#include "core/io/pmg_spec.h"
#include "core/util/json_fields.h"
#include "widgets/document/edge_sampling_cache.h"
#include "widgets/document/parametric_document.h"
#include "widgets/document/project.h"

namespace mg {

namespace {

Json metricJson(const MetricSettings& m) {
  JsonArray custom;
  for (const std::string& j : m.customJoints) custom.push_back(j);
  return JsonObject{{"window_frames", m.windowFrames},
                    {"weighting", weightingName(m.weighting)},
                    {"joints", jointSelectionName(m.joints)},
                    {"custom_joints", custom}};
}

Json nodeJson(const ParamNodeEntry& n, const Project& project, const QDir& dir) {
  JsonArray examples;
  for (const ParamExample& ex : n.examples) {
    const int index = project.indexOf(ex.motion);
    std::shared_ptr<const Motion> m = project.motion(ex.motion);
    std::string file = m ? m->sourcePath : std::string();
    if (!file.empty()) file = dir.relativeFilePath(QString::fromStdString(file)).toStdString();
    if (file.empty()) file = m ? m->name : "motion";
    examples.push_back(JsonObject{{"file", file},
                                  {"motion", index},
                                  {"begin_frame", ex.beginFrame},
                                  {"end_frame", ex.endFrame}});
  }
  JsonArray params;
  for (const ParameterMetric& p : n.metrics) {
    params.push_back(JsonObject{{"metric", p.kindName()},
                                {"joint", p.joint},
                                {"end_site", p.endSite},
                                {"key_time", p.keyTime},
                                {"axes", p.axes},
                                {"window_fraction", p.windowFraction}});
  }
  const RegistrationSettings& r = n.registration;
  const InversionSettings& i = n.inversion;
  return JsonObject{{"name", n.name},
                    {"examples", examples},
                    {"parameters", params},
                    {"canvas", JsonArray{n.canvasX, n.canvasY}},
                    {"registration", JsonObject{{"reference_example", r.referenceExample},
                                                {"smoothing_frames", r.smoothingFrames},
                                                {"match_foot_contacts", r.matchFootContacts},
                                                {"max_contact_shift", r.maxContactShift},
                                                {"metric", metricJson(r.metric)}}},
                    {"inversion", JsonObject{{"samples", i.samples},
                                             {"examples_per_sample", i.examplesPerSample},
                                             {"neighbours", i.neighbours},
                                             {"seed", static_cast<double>(i.seed)}}}};
}

Json edgeJson(const ParamEdgeEntry& e, const ParametricDocument& doc) {
  const EdgeSamplingSettings& s = e.settings.sampling;
  const EdgeThresholds& t = e.settings.thresholds;
  JsonObject out{{"from", doc.node(e.source)->name},
                 {"to", doc.node(e.target)->name},
                 {"t_good", t.tGood},
                 {"t_bad", t.tBad},
                 {"epsilon", t.epsilon},
                 {"n_s", s.sourceSamples},
                 {"n_t", s.targetSamples},
                 {"source_region", JsonArray{s.sourceRegionBegin, s.sourceRegionEnd}},
                 {"target_region", JsonArray{s.targetRegionBegin, s.targetRegionEnd}},
                 {"seed", static_cast<double>(s.seed)},
                 {"metric", metricJson(s.metric)}};
  // The sampling as a cache, with the rate it was computed at (the source node's frame rate).
  if (e.sampling)
    out["sampling_cache"] =
        edgeSamplingCacheJson(*e.sampling, e.sampling->settings.metric.workingFps);
  return out;
}

}  // namespace

Json parametricSectionJson(const ParametricDocument& doc, const Project& project,
                           const QString& projectDirectory) {
  const QDir dir(projectDirectory);
  // A node with an example on a removed motion stays in the editor (undoing the removal brings
  // the motion back) but cannot be rebuilt from the file, which has no motion for the example to
  // refer to: it is left out with its edges, as the subgraph section leaves out such keys.
  auto saved = [&](ParamNodeId id) {
    const ParamNodeEntry* n = doc.node(id);
    return n && std::all_of(n->examples.begin(), n->examples.end(), [&](const ParamExample& ex) {
             return project.indexOf(ex.motion) >= 0;
           });
  };
  JsonArray nodes, edges;
  for (const ParamNodeEntry& n : doc.nodes()) {
    if (saved(n.id)) nodes.push_back(nodeJson(n, project, dir));
  }
  if (nodes.empty()) return {};
  for (const ParamEdgeEntry& e : doc.edges()) {
    if (saved(e.source) && saved(e.target)) edges.push_back(edgeJson(e, doc));
  }
  return JsonObject{{"format", "mg-pmg-spec"}, {"version", 1}, {"nodes", nodes}, {"edges", edges}};
}

Result<ParametricSection> readParametricSection(
    const Json& section, const std::vector<std::shared_ptr<const Motion>>& motions) {
  Result<PmgSpec> spec = parsePmgSpec(section);
  if (!spec) return Error{std::string(ParametricDocument::kKey) + ": " + spec.error().message};
  ParametricSection out;
  JsonFields in(ParametricDocument::kKey);
  const Json& nodes = section.at("nodes");
  for (size_t i = 0; i < spec->nodes.size(); ++i) {
    const NodeSpec& ns = spec->nodes[i];
    const std::string at = JsonFields::at("nodes", i);
    if (!ns.cycleFiles.empty())
      in.fail(at + ".step_cycles", "node '" + ns.source.name + "' uses step_cycles files");
    ParamNodeEntry n;
    n.id = static_cast<int>(i) + 1;
    n.name = ns.source.name;
    n.metrics = ns.source.metrics;
    n.registration = ns.source.registration;
    n.inversion = ns.source.inversion;
    double xy[2];
    if (const Json* c = in.optional(nodes[i], "canvas", at, JsonKind::Array);
        c && in.numbers(*c, at + ".canvas", 2, xy))
      n.canvasX = xy[0], n.canvasY = xy[1];
    const Json& examples = nodes[i].at("examples");
    for (size_t k = 0; k < examples.size() && in.ok(); ++k) {
      const std::string where = JsonFields::at(at + ".examples", k);
      const int index =
          in.integer(examples[k], "motion", where, 0, static_cast<int>(motions.size()) - 1);
      if (!in.ok()) break;
      const ExampleRef& ref = ns.source.examples[k];
      const std::shared_ptr<const Motion>& motion = motions[static_cast<size_t>(index)];
      if (!motion || ref.endFrame > motion->frameCount())
        in.fail(where, "frames outside its motion");
      n.examples.push_back({index, ref.beginFrame, ref.endFrame});
    }
    if (!in.ok()) return in.error();
    out.nodes.push_back(std::move(n));
  }
  const Json* edges = jsonFind(section, "edges");  // present whenever spec->edges is not empty
  for (size_t i = 0; i < spec->edges.size(); ++i) {
    const EdgeSpec& es = spec->edges[i];
    ParamEdgeEntry e;
    e.id = static_cast<int>(i) + 1;
    for (const ParamNodeEntry& n : out.nodes) {
      if (n.name == es.source) e.source = n.id;
      if (n.name == es.target) e.target = n.id;
    }
    e.settings = es.settings;
    if (const Json* cache = jsonFind((*edges)[i], "sampling_cache")) {
      e.sampling = readEdgeSamplingCache(*cache, e.settings.sampling, es.source, es.target);
    }
    out.edges.push_back(std::move(e));
  }
  return out;
}

void applyParametricSection(ParametricDocument* doc, ParametricSection section,
                            const std::vector<int>& motionIds) {
  doc->clear();
  for (ParamNodeEntry& n : section.nodes) {
    for (ParamExample& ex : n.examples) {
      ex.motion = ex.motion >= 0 && ex.motion < static_cast<int>(motionIds.size())
                      ? motionIds[static_cast<size_t>(ex.motion)]
                      : -1;
    }
    doc->insertNode(static_cast<int>(doc->nodes().size()), std::move(n));
  }
  for (ParamEdgeEntry& e : section.edges)
    doc->insertEdge(static_cast<int>(doc->edges().size()), std::move(e));
}

Json ParametricDocument::save(const Project& project, const QString& projectFolder) const {
  return parametricSectionJson(*this, project, projectFolder);
}

Status ParametricDocument::check(const Json& section, const ProjectFileContext& file) const {
  Result<ParametricSection> read = readParametricSection(section, file.motions);
  if (!read) return read.error();
  return Status::success();
}

void ParametricDocument::apply(const Json& section, const std::vector<MotionId>& motionIds) {
  std::vector<std::shared_ptr<const Motion>> motions;
  for (MotionId id : motionIds) motions.push_back(project()->motion(id));
  Result<ParametricSection> read = readParametricSection(section, motions);
  if (read) applyParametricSection(this, std::move(read.value()), motionIds);
}

namespace {
const RegisterProjectSection<ParametricDocument> kParametricSection;
}  // namespace

ParametricDocument* parametricOf(Project& project) {
  return ensureSection<ParametricDocument>(project);
}
const ParametricDocument* parametricOf(const Project& project) {
  return ensureSection<ParametricDocument>(project);
}

}  // namespace mg
