// SPDX-License-Identifier: MIT
#include "core/io/pmg_spec.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>

#include "core/io/pmg_names.h"
#include "core/motion/pose_glitches.h"
#include "core/util/json_fields.h"
#include "core/util/stopwatch.h"

namespace mg {
namespace {

// The spec's fields through JsonFields: every field but a node's name and parameters is optional
// (an absent one keeps its default); semantic checks fail at the path of the object they check.
MetricSettings metric(JsonFields& in, const Json& o, const std::string& path) {
  MetricSettings m;
  const Json* v = in.optional(o, "metric", path, JsonKind::Object);
  if (!v) return m;
  const std::string at = path + ".metric";
  in.read(*v, "window_frames", at, m.windowFrames);
  std::string weighting = weightingName(m.weighting), joints = jointSelectionName(m.joints);
  in.read(*v, "weighting", at, weighting);
  in.read(*v, "joints", at, joints);
  if (const Json* c = in.optional(*v, "custom_joints", at, JsonKind::Array))
    m.customJoints = in.strings(*c, at + ".custom_joints");
  if (!in.ok()) return m;
  Result<WindowWeighting> w = weightingByName(weighting);
  Result<JointSelection> j = jointSelectionByName(joints);
  if (!w) return in.fail(at, w.error().message), m;
  if (!j) return in.fail(at, j.error().message), m;
  m.weighting = *w, m.joints = *j;
  if (Status st = m.validate(); !st) in.fail(at, st.error().message);
  return m;
}

// A region [begin, end] (optional).
void region(JsonFields& in, const Json& o, const char* key, const std::string& path, double& begin,
            double& end) {
  const Json* v = in.optional(o, key, path, JsonKind::Array);
  double be[2];
  if (v && in.numbers(*v, JsonFields::at(path, key), 2, be)) begin = be[0], end = be[1];
}

NodeSpec node(JsonFields& in, const Json& o, const std::string& path) {
  NodeSpec n;
  n.source.name = in.text(o, "name", path);
  if (in.ok() && n.source.name.empty()) in.fail(path + ".name", "must not be empty");
  if (!in.ok()) return n;
  const std::string where = path + " (node '" + n.source.name + "')";
  if (const Json* ex = in.optional(o, "examples", path, JsonKind::Array)) {
    in.objects(*ex, path + ".examples", [&](const Json& e, const std::string& at) {
      ExampleRef ref;
      ref.path = in.text(e, "file", at);
      if (in.ok() && ref.path.empty()) in.fail(at + ".file", "must not be empty");
      ref.beginFrame = in.integer(e, "begin_frame", at, 0);
      ref.endFrame = in.integer(e, "end_frame", at, ref.beginFrame + 1);
      n.source.examples.push_back(ref);
    });
  }
  if (const Json* sc = in.optional(o, "step_cycles", path, JsonKind::Object)) {
    const std::string at = path + ".step_cycles";
    if (const Json* files = in.optional(*sc, "files", at, JsonKind::Array))
      n.cycleFiles = in.strings(*files, at + ".files");
    in.read(*sc, "steps", at, n.cycles.steps);
    std::string foot = "left";
    in.read(*sc, "start_foot", at, foot);
    if (in.ok() && foot != "left" && foot != "right")
      in.fail(at + ".start_foot", "must be left or right");
    n.cycles.startLeft = foot == "left";
    if (Status st = n.cycles.validate(); in.ok() && !st) in.fail(where, st.error().message);
  }
  if (in.ok() && n.source.examples.empty() && n.cycleFiles.empty()) {
    in.fail(where, "no examples and no step_cycles files (an empty node)");
  }
  const Json* params = in.array(o, "parameters", path);
  if (params && params->empty())
    in.fail(path + ".parameters", "must list 1 to 3 parameter metrics");
  if (params) {
    in.objects(*params, path + ".parameters", [&](const Json& p, const std::string& at) {
      ParameterMetric m;
      Result<ParameterKind> k = parameterKindByName(in.text(p, "metric", at));
      if (!in.ok()) return;
      if (!k) return in.fail(at + ".metric", k.error().message);
      m.kind = *k;
      in.read(p, "joint", at, m.joint);
      in.read(p, "end_site", at, m.endSite);
      in.read(p, "key_time", at, m.keyTime);
      in.read(p, "axes", at, m.axes);
      in.read(p, "window_fraction", at, m.windowFraction);
      n.source.metrics.push_back(m);
    });
  }
  if (const Json* inv = in.optional(o, "inversion", path, JsonKind::Object)) {
    auto& i = n.source.inversion;
    const std::string at = path + ".inversion";
    in.read(*inv, "samples", at, i.samples);
    in.read(*inv, "examples_per_sample", at, i.examplesPerSample);
    in.read(*inv, "neighbours", at, i.neighbours);
    in.read(*inv, "seed", at, i.seed);
    if (Status st = i.validate(); in.ok() && !st) in.fail(where, st.error().message);
  }
  if (const Json* reg = in.optional(o, "registration", path, JsonKind::Object)) {
    RegistrationSettings& r = n.source.registration;
    const std::string at = path + ".registration";
    in.read(*reg, "reference_example", at, r.referenceExample);
    in.read(*reg, "smoothing_frames", at, r.smoothingFrames);
    in.read(*reg, "match_foot_contacts", at, r.matchFootContacts);
    in.read(*reg, "max_contact_shift", at, r.maxContactShift);
    r.metric = metric(in, *reg, at);
    if (Status st = r.validate(); in.ok() && !st) in.fail(where, st.error().message);
  }
  return n;
}

EdgeSpec edge(JsonFields& in, const Json& o, const std::string& path, const PmgSpec& spec) {
  EdgeSpec e;
  e.source = in.text(o, "from", path);
  e.target = in.text(o, "to", path);
  for (const char* key : {"from", "to"}) {
    const std::string& name = key[0] == 'f' ? e.source : e.target;
    bool known = false;
    for (const NodeSpec& n : spec.nodes) known = known || n.source.name == name;
    if (in.ok() && !known) in.fail(JsonFields::at(path, key), "unknown node '" + name + "'");
  }
  EdgeSamplingSettings& s = e.settings.sampling;
  EdgeThresholds& t = e.settings.thresholds;
  in.read(o, "t_good", path, t.tGood);
  in.read(o, "t_bad", path, t.tBad);
  in.read(o, "epsilon", path, t.epsilon);
  in.read(o, "n_s", path, s.sourceSamples);
  in.read(o, "n_t", path, s.targetSamples);
  region(in, o, "source_region", path, s.sourceRegionBegin, s.sourceRegionEnd);
  region(in, o, "target_region", path, s.targetRegionBegin, s.targetRegionEnd);
  in.read(o, "seed", path, s.seed);
  s.metric = metric(in, o, path);
  if (Status st = t.validate(); in.ok() && !st) in.fail(path, st.error().message);
  if (Status st = s.validate(); in.ok() && !st) in.fail(path, st.error().message);
  return e;
}

}  // namespace

Result<PmgSpec> parsePmgSpec(const Json& json) {
  if (!json.is_object()) return Error{"spec: the document must be a JSON object"};
  JsonFields in("spec");
  const std::string format = in.text(json, "format", "");
  if (in.ok() && format != "mg-pmg-spec") in.fail("format", "must be \"mg-pmg-spec\"");
  const double version = in.number(json, "version", "");
  if (in.ok() && version != 1) in.fail("version", "is not supported (this reader knows 1)");
  PmgSpec spec;
  const Json* nodes = in.array(json, "nodes", "");
  if (nodes && nodes->empty()) in.fail("nodes", "must list nodes");
  if (nodes) {
    in.objects(*nodes, "nodes", [&](const Json& o, const std::string& at) {
      NodeSpec n = node(in, o, at);
      for (const NodeSpec& other : spec.nodes) {
        if (in.ok() && other.source.name == n.source.name)
          in.fail(at + ".name", "node '" + n.source.name + "' appears twice");
      }
      spec.nodes.push_back(std::move(n));
    });
  }
  if (const Json* edges = in.optional(json, "edges", "", JsonKind::Array)) {
    in.objects(*edges, "edges", [&](const Json& o, const std::string& at) {
      spec.edges.push_back(edge(in, o, at, spec));
    });
  }
  if (!in.ok()) return in.error();
  return spec;
}

Result<PmgSpec> readPmgSpec(const std::string& path) {
  Result<Json> json = readJsonFile(path);
  if (!json) return json.error();
  Result<PmgSpec> spec = parsePmgSpec(*json);
  if (!spec) return Error{path + ": " + spec.error().message};
  return spec;
}

Result<ParametricGraph> buildGraphFromSpec(const PmgSpec& spec, const std::string& baseDirectory,
                                           const MotionFileLoader& load,
                                           const SpecBuildOptions& options,
                                           const Progress& progress) {
  if (!load) return Error{"spec: no motion loader"};
  // Each file read once, its glitches found once (the nodes and the cycle cutter share them).
  struct Loaded {
    std::shared_ptr<const Motion> motion;
    std::vector<PoseGlitch> glitches;
  };
  std::map<std::string, Loaded> files;
  auto resolve = [&](const std::string& file) {
    std::filesystem::path p(file);
    if (p.is_relative() && !baseDirectory.empty()) p = std::filesystem::path(baseDirectory) / p;
    return p.lexically_normal().string();
  };
  auto loadOnce = [&](const std::string& path) -> Result<const Loaded*> {
    if (auto it = files.find(path); it != files.end()) return &it->second;
    Result<std::shared_ptr<const Motion>> motion = load(path, 0.0);
    if (!motion) return motion.error();
    Loaded loaded{motion.value(), {}};
    if (!options.keepGlitches) loaded.glitches = findPoseGlitches(*loaded.motion);
    return &files.emplace(path, std::move(loaded)).first->second;
  };
  const MotionFileLoader cached = [&](const std::string& path,
                                      double) -> Result<std::shared_ptr<const Motion>> {
    Result<const Loaded*> loaded = loadOnce(path);
    if (!loaded) return loaded.error();
    return (*loaded)->motion;
  };
  auto note = [&](const std::string& line) {
    if (options.onNote) options.onNote(line);
  };
  ParametricGraph graph;
  // Phases: the nodes share [0, 0.5] and the edges [0.5, 1], equally.
  const double nodeShare = spec.nodes.empty() ? 0.0 : 0.5 / static_cast<double>(spec.nodes.size());
  const double edgeShare = spec.edges.empty() ? 0.0 : 0.5 / static_cast<double>(spec.edges.size());
  for (const NodeSpec& n : spec.nodes) {
    const double from = nodeShare * static_cast<double>(graph.nodes.size());
    if (progress.cancelled()) return Error{"spec: build cancelled"};
    NodeSource source = n.source;
    const std::string at = "node '" + source.name + "': ";
    int leftOut = 0;
    // Examples named in the spec that hold a glitch frame.
    std::erase_if(source.examples, [&](const ExampleRef& ref) {
      if (options.keepGlitches) return false;
      Result<const Loaded*> loaded = loadOnce(resolve(ref.path));
      if (!loaded) return false;  // buildNodeFromSource says why
      const std::vector<PoseGlitch>& glitches = (*loaded)->glitches;
      const auto g = std::find_if(glitches.begin(), glitches.end(), [&](const PoseGlitch& x) {
        return x.beginFrame < ref.endFrame && ref.beginFrame < x.endFrame;
      });
      if (g == glitches.end()) return false;
      note(at + "example " + ref.path + " frames " + std::to_string(ref.beginFrame) + "-" +
           std::to_string(ref.endFrame - 1) +
           " left out (--keep-glitches keeps it): " + describeGlitch(*(*loaded)->motion, *g));
      ++leftOut;
      return true;
    });
    for (const std::string& file : n.cycleFiles) {
      Result<const Loaded*> loaded = loadOnce(resolve(file));
      if (!loaded) return Error{at + loaded.error().message};
      StepCycleSettings cycleSettings = n.cycles;
      cycleSettings.keepGlitches = options.keepGlitches;
      std::vector<StepCycle> glitchCycles;
      Result<std::vector<StepCycle>> cycles =
          findStepCycles(*(*loaded)->motion, cycleSettings, &glitchCycles);
      if (!cycles) return Error{at + cycles.error().message};
      for (const StepCycle& c : *cycles)
        source.examples.push_back({file, c.beginFrame, c.endFrame});
      for (const StepCycle& c : glitchCycles) {
        note(at + "step cycle " + file + " frames " + std::to_string(c.beginFrame) + "-" +
             std::to_string(c.endFrame - 1) +
             " left out across a capture glitch (--keep-glitches keeps it)");
      }
      leftOut += static_cast<int>(glitchCycles.size());
    }
    if (source.examples.empty() && leftOut > 0) {
      return Error{at + "every example (" + std::to_string(leftOut) +
                   ") holds a capture glitch; mgtool info lists them, --keep-glitches builds "
                   "from them"};
    }
    Result<std::shared_ptr<const ParametricNode>> node =
        buildNodeFromSource(source, baseDirectory, cached, progress.slice(from, from + nodeShare));
    if (!node) return node.error();
    graph.nodeSources.push_back(std::move(source));
    graph.nodes.push_back(node.value());
  }
  for (const EdgeSpec& e : spec.edges) {
    Stopwatch clock;
    const double from = 0.5 + edgeShare * static_cast<double>(graph.edges.size());
    Result<int> index = addEdge(graph, graph.findNode(e.source), graph.findNode(e.target),
                                e.settings, progress.slice(from, from + edgeShare));
    if (!index) return index.error();
    if (options.onEdge) options.onEdge(graph, *index, clock.seconds());
  }
  progress.report(1.0);
  return graph;
}

}  // namespace mg
