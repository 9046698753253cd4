// SPDX-License-Identifier: MIT
#include "core/io/pmg_spec.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/io/pmg_names.h"
#include "core/util/stopwatch.h"

namespace mg {
namespace {

// Field readers: an absent optional field leaves `out` alone.
Status number(const Json& o, const char* key, double& out, const std::string& where) {
  const Json* v = jsonFind(o, key);
  if (!v) return Status::success();
  if (!v->is_number()) return Error{where + ": '" + key + "' must be a number"};
  out = v->get<double>();
  return Status::success();
}

Status integer(const Json& o, const char* key, int& out, const std::string& where) {
  double d = out;
  if (Status s = number(o, key, d, where); !s) return s;
  if (d != std::floor(d) || std::abs(d) > 2e9) return Error{where + ": '" + key + "' must be an integer"};
  out = static_cast<int>(d);
  return Status::success();
}

Status text(const Json& o, const char* key, std::string& out, const std::string& where) {
  const Json* v = jsonFind(o, key);
  if (!v) return Status::success();
  if (!v->is_string()) return Error{where + ": '" + key + "' must be a string"};
  out = v->get_ref<const std::string&>();
  return Status::success();
}

Status flag(const Json& o, const char* key, bool& out, const std::string& where) {
  const Json* v = jsonFind(o, key);
  if (!v) return Status::success();
  if (!v->is_boolean()) return Error{where + ": '" + key + "' must be true or false"};
  out = v->get<bool>();
  return Status::success();
}

Status pair(const Json& o, const char* key, double& a, double& b, const std::string& where) {
  const Json* v = jsonFind(o, key);
  if (!v) return Status::success();
  if (!v->is_array() || v->size() != 2 || !(*v)[0].is_number() || !(*v)[1].is_number()) {
    return Error{where + ": '" + key + "' must be [begin, end]"};
  }
  a = (*v)[0].get<double>(), b = (*v)[1].get<double>();
  return Status::success();
}

#define MG_CHECK(expr) \
  if (Status s_ = (expr); !s_) return s_.error();

Result<MetricSettings> metric(const Json& o, const std::string& where) {
  MetricSettings m;
  const Json* v = jsonFind(o, "metric");
  if (!v) return m;
  if (!v->is_object()) return Error{where + ": 'metric' must be an object"};
  MG_CHECK(integer(*v, "window_frames", m.windowFrames, where + ".metric"));
  std::string weighting = weightingName(m.weighting), joints = jointSelectionName(m.joints);
  MG_CHECK(text(*v, "weighting", weighting, where + ".metric"));
  MG_CHECK(text(*v, "joints", joints, where + ".metric"));
  Result<WindowWeighting> w = weightingByName(weighting);
  if (!w) return Error{where + ".metric: " + w.error().message};
  Result<JointSelection> j = jointSelectionByName(joints);
  if (!j) return Error{where + ".metric: " + j.error().message};
  m.weighting = *w, m.joints = *j;
  if (const Json* c = jsonFind(*v, "custom_joints"); c && c->is_array()) {
    for (const Json& name : *c) {
      if (!name.is_string()) return Error{where + ".metric: custom_joints must be names"};
      m.customJoints.push_back(name.get_ref<const std::string&>());
    }
  }
  if (Status s = m.validate(); !s) return Error{where + ".metric: " + s.error().message};
  return m;
}

Result<NodeSpec> node(const Json& o, int index) {
  std::string where = "nodes[" + std::to_string(index) + "]";
  if (!o.is_object()) return Error{where + " must be an object"};
  NodeSpec n;
  MG_CHECK(text(o, "name", n.source.name, where));
  if (n.source.name.empty()) return Error{where + ": 'name' is required"};
  where = "node '" + n.source.name + "'";
  if (const Json* ex = jsonFind(o, "examples")) {
    if (!ex->is_array()) return Error{where + ": 'examples' must be an array"};
    for (const Json& e : *ex) {
      ExampleRef ref;
      ref.endFrame = -1;
      MG_CHECK(text(e, "file", ref.path, where + ".examples"));
      MG_CHECK(integer(e, "begin_frame", ref.beginFrame, where + ".examples"));
      MG_CHECK(integer(e, "end_frame", ref.endFrame, where + ".examples"));
      if (ref.path.empty() || ref.endFrame <= ref.beginFrame || ref.beginFrame < 0) {
        return Error{where + ": every example needs 'file', 'begin_frame' and 'end_frame' > begin_frame"};
      }
      n.source.examples.push_back(ref);
    }
  }
  if (const Json* sc = jsonFind(o, "step_cycles")) {
    if (!sc->is_object()) return Error{where + ": 'step_cycles' must be an object"};
    if (const Json* files = jsonFind(*sc, "files"); files && files->is_array()) {
      for (const Json& f : *files) {
        if (!f.is_string()) return Error{where + ".step_cycles: files must be paths"};
        n.cycleFiles.push_back(f.get_ref<const std::string&>());
      }
    }
    MG_CHECK(integer(*sc, "steps", n.cycles.steps, where + ".step_cycles"));
    std::string foot = "left";
    MG_CHECK(text(*sc, "start_foot", foot, where + ".step_cycles"));
    if (foot != "left" && foot != "right") return Error{where + ".step_cycles: start_foot is left or right"};
    n.cycles.startLeft = foot == "left";
    if (Status s = n.cycles.validate(); !s) return Error{where + ": " + s.error().message};
  }
  if (n.source.examples.empty() && n.cycleFiles.empty()) {
    return Error{where + ": no examples and no step_cycles files (an empty node)"};
  }
  const Json* params = jsonFind(o, "parameters");
  if (!params || !params->is_array() || params->empty()) {
    return Error{where + ": 'parameters' must list 1 to 3 parameter metrics"};
  }
  for (const Json& p : *params) {
    ParameterMetric m;
    std::string kind;
    MG_CHECK(text(p, "metric", kind, where + ".parameters"));
    Result<ParameterKind> k = parameterKindByName(kind);
    if (!k) return Error{where + ": " + k.error().message};
    m.kind = *k;
    MG_CHECK(text(p, "joint", m.joint, where + ".parameters"));
    MG_CHECK(flag(p, "end_site", m.endSite, where + ".parameters"));
    MG_CHECK(number(p, "key_time", m.keyTime, where + ".parameters"));
    MG_CHECK(text(p, "axes", m.axes, where + ".parameters"));
    MG_CHECK(number(p, "window_fraction", m.windowFraction, where + ".parameters"));
    n.source.metrics.push_back(m);
  }
  if (const Json* inv = jsonFind(o, "inversion")) {
    double seed = static_cast<double>(n.source.inversion.seed);
    MG_CHECK(integer(*inv, "samples", n.source.inversion.samples, where + ".inversion"));
    MG_CHECK(integer(*inv, "examples_per_sample", n.source.inversion.examplesPerSample, where + ".inversion"));
    MG_CHECK(integer(*inv, "neighbours", n.source.inversion.neighbours, where + ".inversion"));
    MG_CHECK(number(*inv, "seed", seed, where + ".inversion"));
    n.source.inversion.seed = static_cast<std::uint64_t>(seed);
    if (Status s = n.source.inversion.validate(); !s) return Error{where + ": " + s.error().message};
  }
  if (const Json* reg = jsonFind(o, "registration")) {
    RegistrationSettings& r = n.source.registration;
    MG_CHECK(integer(*reg, "reference_example", r.referenceExample, where + ".registration"));
    MG_CHECK(integer(*reg, "smoothing_frames", r.smoothingFrames, where + ".registration"));
    MG_CHECK(flag(*reg, "match_foot_contacts", r.matchFootContacts, where + ".registration"));
    MG_CHECK(number(*reg, "max_contact_shift", r.maxContactShift, where + ".registration"));
    Result<MetricSettings> m = metric(*reg, where + ".registration");
    if (!m) return m.error();
    r.metric = *m;
    if (Status s = r.validate(); !s) return Error{where + ": " + s.error().message};
  }
  return n;
}

Result<EdgeSpec> edge(const Json& o, int index, const PmgSpec& spec) {
  const std::string where = "edges[" + std::to_string(index) + "]";
  if (!o.is_object()) return Error{where + " must be an object"};
  EdgeSpec e;
  MG_CHECK(text(o, "from", e.source, where));
  MG_CHECK(text(o, "to", e.target, where));
  for (const std::string& name : {e.source, e.target}) {
    bool known = false;
    for (const NodeSpec& n : spec.nodes) known = known || n.source.name == name;
    if (!known) return Error{where + ": unknown node '" + name + "'"};
  }
  EdgeSamplingSettings& s = e.settings.sampling;
  EdgeThresholds& t = e.settings.thresholds;
  double seed = static_cast<double>(s.seed);
  MG_CHECK(number(o, "t_good", t.tGood, where));
  MG_CHECK(number(o, "t_bad", t.tBad, where));
  MG_CHECK(number(o, "epsilon", t.epsilon, where));
  MG_CHECK(integer(o, "n_s", s.sourceSamples, where));
  MG_CHECK(integer(o, "n_t", s.targetSamples, where));
  MG_CHECK(pair(o, "source_region", s.sourceRegionBegin, s.sourceRegionEnd, where));
  MG_CHECK(pair(o, "target_region", s.targetRegionBegin, s.targetRegionEnd, where));
  MG_CHECK(number(o, "seed", seed, where));
  s.seed = static_cast<std::uint64_t>(seed);
  Result<MetricSettings> m = metric(o, where);
  if (!m) return m.error();
  s.metric = *m;
  if (Status st = t.validate(); !st) return Error{where + ": " + st.error().message};
  if (Status st = s.validate(); !st) return Error{where + ": " + st.error().message};
  return e;
}

}  // namespace

Result<PmgSpec> parsePmgSpec(const Json& json) {
  if (!json.is_object()) return Error{"spec: the document must be a JSON object"};
  const Json* format = jsonFind(json, "format");
  if (!format || !format->is_string() || format->get_ref<const std::string&>() != "mg-pmg-spec") {
    return Error{"spec: 'format' must be \"mg-pmg-spec\""};
  }
  const Json* version = jsonFind(json, "version");
  if (!version || !version->is_number() || version->get<double>() != 1) {
    return Error{"spec: unsupported 'version' (this reader knows 1)"};
  }
  PmgSpec spec;
  const Json* nodes = jsonFind(json, "nodes");
  if (!nodes || !nodes->is_array() || nodes->empty()) return Error{"spec: 'nodes' must list nodes"};
  for (size_t i = 0; i < nodes->size(); ++i) {
    Result<NodeSpec> n = node((*nodes)[i], static_cast<int>(i));
    if (!n) return Error{"spec: " + n.error().message};
    for (const NodeSpec& other : spec.nodes) {
      if (other.source.name == n->source.name) return Error{"spec: node '" + n->source.name + "' appears twice"};
    }
    spec.nodes.push_back(std::move(*n));
  }
  if (const Json* edges = jsonFind(json, "edges")) {
    if (!edges->is_array()) return Error{"spec: 'edges' must be an array"};
    for (size_t i = 0; i < edges->size(); ++i) {
      Result<EdgeSpec> e = edge((*edges)[i], static_cast<int>(i), spec);
      if (!e) return Error{"spec: " + e.error().message};
      spec.edges.push_back(std::move(*e));
    }
  }
  return spec;
}

Result<PmgSpec> readPmgSpec(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{"cannot read '" + path + "'"};
  std::stringstream buffer;
  buffer << in.rdbuf();
  Result<Json> json = readJsonText(buffer.str());
  if (!json) return Error{path + ": " + json.error().message};
  Result<PmgSpec> spec = parsePmgSpec(*json);
  if (!spec) return Error{path + ": " + spec.error().message};
  return spec;
}

Result<ParametricGraph> buildGraphFromSpec(const PmgSpec& spec, const std::string& baseDirectory,
                                           const MotionFileLoader& load, const EdgeBuiltCallback& onEdge,
                                           const Progress& progress) {
  if (!load) return Error{"spec: no motion loader"};
  ParametricGraph graph;
  // Phases: the nodes share [0, 0.5] and the edges [0.5, 1], equally.
  const double nodeShare = spec.nodes.empty() ? 0.0 : 0.5 / static_cast<double>(spec.nodes.size());
  const double edgeShare = spec.edges.empty() ? 0.0 : 0.5 / static_cast<double>(spec.edges.size());
  for (const NodeSpec& n : spec.nodes) {
    const double from = nodeShare * static_cast<double>(graph.nodes.size());
    if (progress.cancelled()) return Error{"spec: build cancelled"};
    NodeSource source = n.source;
    for (const std::string& file : n.cycleFiles) {
      std::filesystem::path p(file);
      if (p.is_relative() && !baseDirectory.empty()) p = std::filesystem::path(baseDirectory) / p;
      Result<std::shared_ptr<const Motion>> motion = load(p.lexically_normal().string(), 0.0);
      if (!motion) return Error{"node '" + source.name + "': " + motion.error().message};
      Result<std::vector<StepCycle>> cycles = findStepCycles(**motion, n.cycles);
      if (!cycles) return Error{"node '" + source.name + "': " + cycles.error().message};
      for (const StepCycle& c : *cycles) source.examples.push_back({file, c.beginFrame, c.endFrame});
    }
    Result<std::shared_ptr<const ParametricNode>> node =
        buildNodeFromSource(source, baseDirectory, load, progress.slice(from, from + nodeShare));
    if (!node) return node.error();
    graph.nodeSources.push_back(std::move(source));
    graph.nodes.push_back(node.value());
  }
  for (const EdgeSpec& e : spec.edges) {
    Stopwatch clock;
    const double from = 0.5 + edgeShare * static_cast<double>(graph.edges.size());
    Result<int> index = addEdge(graph, graph.findNode(e.source), graph.findNode(e.target), e.settings,
                                progress.slice(from, from + edgeShare));
    if (!index) return index.error();
    if (onEdge) onEdge(graph, *index, clock.seconds());
  }
  progress.report(1.0);
  return graph;
}

}  // namespace mg
