// SPDX-License-Identifier: MIT
// Reading a subgraph export back (the declarations are in subgraph_export.h, next to the writer).
#include <climits>
#include <filesystem>
#include <map>

#include "core/graph/graph_search.h"
#include "core/io/subgraph_export.h"
#include "core/util/json_fields.h"

namespace mg {

namespace fs = std::filesystem;

namespace {

KeptReason reasonNamed(const std::string& name, bool& ok) {
  if (name == "key") return KeptReason::Key;
  if (name == "required") return KeptReason::Required;
  if (name == "branch") return KeptReason::Branch;
  if (name == "path") return KeptReason::Path;
  if (name == "chosen") return KeptReason::Chosen;
  ok = false;
  return KeptReason::Path;
}

}  // namespace

Result<SubgraphFile> readSubgraphFile(const std::string& directory) {
  const std::string path = (fs::path(directory) / kSubgraphFileName).string();
  Result<Json> doc = readJsonFile(path);
  if (!doc) return doc.error();
  const Json& root = doc.value();
  if (!root.is_object()) return Error{path + ": not a subgraph file"};
  JsonFields r(path);
  if (r.text(root, "format", "") != kSubgraphFormat) {
    return Error{path + ": not a subgraph file (format is not \"" + std::string(kSubgraphFormat) +
                 "\")"};
  }
  const int version = r.integer(root, "version", "", 0);
  if (r.ok() && version != kSubgraphVersion) {
    return Error{path + ": subgraph file version " + std::to_string(version) +
                 " is not supported (this build reads version " + std::to_string(kSubgraphVersion) +
                 ")"};
  }
  SubgraphFile file;
  file.directory = directory;
  file.fps = r.number(root, "fps", "");
  if (r.ok() && !(file.fps > 0)) r.fail("fps", "must be positive");
  file.bvhMetresPerUnit = r.number(root, "bvh_metres_per_unit", "");
  if (r.ok() && !(file.bvhMetresPerUnit > 0)) r.fail("bvh_metres_per_unit", "must be positive");
  r.read(root, "trim_leading_frames", "", file.trimLeadingFrames, 0);
  r.read(root, "build_seconds", "", file.buildSeconds);
  if (r.ok() && jsonFind(root, "build_seconds") && !(file.buildSeconds >= 0))
    r.fail("build_seconds", "must be >= 0");
  std::vector<int> frames;
  if (const Json* ms = r.array(root, "motions", "")) {
    r.objects(*ms, "motions", [&](const Json& x, const std::string& where) {
      file.motionNames.push_back(r.text(x, "name", where));
      const Json* path = jsonFind(x, "source_path");  // informative: the capture file, may be empty
      file.motionSourcePaths.push_back(
          path && path->is_string() ? path->get_ref<const std::string&>() : std::string());
      frames.push_back(r.integer(x, "frames", where, 1));
    });
  }
  const int motionCount = static_cast<int>(frames.size());
  auto motionFrame = [&](const Json& a, const std::string& where, int* motion, int* frame) {
    if (!a.is_array() || a.size() < 2) {
      r.fail(where, "is not a [motion, frame] array");
      return;
    }
    *motion = r.integer(a[0], where + "[0]", 0, motionCount - 1);
    *frame = r.integer(a[1], where + "[1]", 0, r.ok() ? frames[*motion] - 1 : 0);
  };
  std::vector<DmgVertex> vertices;
  if (const Json* vs = r.array(root, "vertices", "")) {
    for (size_t i = 0; i < vs->size() && r.ok(); ++i) {
      DmgVertex v;
      motionFrame((*vs)[i], JsonFields::at("vertices", i), &v.motion, &v.frame);
      vertices.push_back(v);
    }
  }
  if (const Json* rs = r.optional(root, "reasons", "", JsonKind::Array); rs && !rs->empty()) {
    if (rs->size() != vertices.size()) r.fail("reasons", "needs one entry per vertex");
    for (size_t i = 0; i < rs->size() && r.ok(); ++i) {
      bool ok = (*rs)[i].is_string();
      const KeptReason reason =
          ok ? reasonNamed((*rs)[i].get_ref<const std::string&>(), ok) : KeptReason::Path;
      if (!ok) r.fail("reasons[" + std::to_string(i) + "]", "is not key, required, branch or path");
      file.reasons.push_back(reason);
    }
  }
  std::vector<DmgEdgeInput> edges;
  const int n = static_cast<int>(vertices.size());
  if (const Json* es = r.array(root, "edges", "")) {
    for (size_t i = 0; i < es->size() && r.ok(); ++i) {
      const std::string where = JsonFields::at("edges", i);
      const Json& e = (*es)[i];
      if (!e.is_array() || e.size() != 4) {
        r.fail(where, "is not a [from, to, kind, cost] array");
        break;
      }
      DmgEdgeInput x;
      x.from = r.integer(e[0], where + "[0]", 0, std::max(0, n - 1));
      x.to = r.integer(e[1], where + "[1]", 0, std::max(0, n - 1));
      x.kind = static_cast<DmgEdgeKind>(r.integer(e[2], where + "[2]", 0, 1));
      x.cost = static_cast<float>(r.number(e[3], where + "[3]"));
      edges.push_back(x);
    }
  }
  const Json* req = jsonFind(root, "requirement");  // null when the export had no keys
  if (req && req->is_object()) {
    file.hasRequirement = true;
    file.requirement.kind =
        static_cast<RequirementKind>(r.integer(*req, "kind", "requirement", 1, 4));
    file.requirement.gamma = r.integer(*req, "gamma", "requirement", 1, kMaxGamma);
    file.requirement.alpha = r.number(*req, "alpha", "requirement");
    file.requirement.frameCost = r.number(*req, "frame_cost", "requirement");
    file.requirement.entryFrames = r.integer(*req, "entry_frames", "requirement", 1);
    if (r.ok()) {
      if (Status s = file.requirement.validate(); !s) r.fail("requirement", s.error().message);
    }
  }
  if (const Json* ks = r.array(root, "keys", "")) {
    r.objects(*ks, "keys", [&](const Json& k, const std::string& where) {
      KeySegment s;
      s.name = r.text(k, "name", where);
      s.motion = r.integer(k, "motion", where, 0, std::max(0, motionCount - 1));
      s.beginFrame = r.integer(k, "begin_frame", where, 0);
      s.endFrame = r.integer(k, "end_frame", where, 0);
      file.keys.push_back(s);
    });
  }
  if (r.ok()) {
    Result<DatabaseMotionGraph> g = DatabaseMotionGraph::create(file.fps, frames, vertices, edges);
    if (!g) return Error{path + ": " + g.error().message};
    file.graph = std::move(g.value());
  }
  if (const Json* bs = r.array(root, "bounds_above_gamma", "")) {
    for (size_t i = 0; i < bs->size() && r.ok(); ++i) {
      const std::string where = JsonFields::at("bounds_above_gamma", i);
      const Json& b = (*bs)[i];
      if (!b.is_array() || b.size() != 4) {
        r.fail(where, "is not a [motion, frame, group, units] array");
        break;
      }
      int motion = 0, frame = 0;
      motionFrame(b, where, &motion, &frame);
      SubgraphFile::Bound bound;
      bound.source = r.ok() ? file.graph.vertexOf(motion, frame) : 0;
      bound.group = r.integer(b[2], where + "[2]", 0);
      bound.units = r.integer(b[3], where + "[3]", 1);
      if (r.ok() && bound.source < 0) r.fail(where, "names a frame that is not a vertex");
      file.boundsAboveGamma.push_back(bound);
    }
  }
  // Each vertex is in exactly one clip, and a natural edge never joins two clips: clipLevelGraph
  // relies on both.
  const DatabaseMotionGraph& g = file.graph;
  std::vector<int> clipOfVertex(g.vertexCount(), -1);
  if (const Json* cs = r.array(root, "clips", "")) {
    r.objects(*cs, "clips", [&](const Json& x, const std::string& where) {
      const std::string clipPath = r.text(x, "file", where);
      Clip clip;
      clip.motion = r.integer(x, "motion", where, 0, std::max(0, motionCount - 1));
      clip.beginFrame = r.integer(x, "begin_frame", where, 0);
      clip.endFrame = r.integer(x, "end_frame", where, clip.beginFrame + 1);
      if (!r.ok()) return;
      const fs::path p(clipPath);
      if (p.is_absolute() || p.lexically_normal().string().rfind("..", 0) == 0) {
        return r.fail(where + ".file", "must be a path inside the export folder");
      }
      const int index = static_cast<int>(file.clips.size());
      for (int f = clip.beginFrame; f < clip.endFrame; ++f) {
        const int v = g.vertexOf(clip.motion, f);
        if (v < 0) return r.fail(where, "frame " + std::to_string(f) + " is not a vertex");
        if (clipOfVertex[v] >= 0) {
          return r.fail(where, "frame " + std::to_string(f) + " is also in clips[" +
                                   std::to_string(clipOfVertex[v]) + "]");
        }
        clipOfVertex[v] = index;
      }
      file.clips.push_back(clip);
      file.clipFiles.push_back(clipPath);
    });
  }
  for (int v = 0; r.ok() && v < g.vertexCount(); ++v) {
    const DmgVertex& at = g.vertex(v);
    if (clipOfVertex[v] < 0) {
      r.fail("clips", "leave out motion " + std::to_string(at.motion) + " frame " +
                          std::to_string(at.frame) + ", a vertex");
    }
    for (int e = g.graph().edgeBegin(v); r.ok() && e < g.graph().edgeEnd(v); ++e) {
      const int to = clipOfVertex[g.edgeTarget(e)];
      if (g.edgeKind(e) == DmgEdgeKind::Natural && to >= 0 && to != clipOfVertex[v]) {
        r.fail("clips", "split motion " + std::to_string(at.motion) + " between frames " +
                            std::to_string(at.frame) + " and " + std::to_string(at.frame + 1) +
                            ", which a natural edge joins");
      }
    }
  }
  if (!r.ok()) return r.error();
  return file;
}

Result<std::vector<std::shared_ptr<const Motion>>> readSubgraphClips(const SubgraphFile& file,
                                                                     const MotionFileLoader& load) {
  if (!load) return Error{file.directory + ": no motion loader to read the clips with"};
  std::vector<std::shared_ptr<const Motion>> clips;
  for (size_t c = 0; c < file.clips.size() && c < file.clipFiles.size(); ++c) {
    const std::string path = (std::filesystem::path(file.directory) / file.clipFiles[c]).string();
    Result<std::shared_ptr<const Motion>> clip = load(path, file.bvhMetresPerUnit);
    if (!clip) return clip.error();
    if (!*clip) return Error{path + ": the loader returned no motion"};
    if ((*clip)->frameCount() != file.clips[c].frameCount()) {
      return Error{path + ": has " + std::to_string((*clip)->frameCount()) + " frames, " +
                   kSubgraphFileName + " says " + std::to_string(file.clips[c].frameCount())};
    }
    Motion stamped = **clip;
    stamped.fps = file.fps;
    clips.push_back(std::make_shared<const Motion>(std::move(stamped)));
  }
  return clips;
}

DatabaseMotionGraph clipLevelGraph(const SubgraphFile& file, bool prune) {
  const DatabaseMotionGraph& g = file.graph;
  std::map<std::pair<int, int>, int> clipOfStart;
  std::vector<int> clipOf(g.vertexCount()), frameCounts;
  std::vector<DmgVertex> vertices(g.vertexCount());
  for (size_t c = 0; c < file.clips.size(); ++c) {
    const Clip& clip = file.clips[c];
    frameCounts.push_back(clip.frameCount());
    for (int f = clip.beginFrame; f < clip.endFrame; ++f) {
      vertices[g.vertexOf(clip.motion, f)] = {static_cast<int>(c), f - clip.beginFrame};
    }
  }
  std::vector<DmgEdgeInput> edges;
  for (int v = 0; v < g.vertexCount(); ++v) {
    for (int e = g.graph().edgeBegin(v); e < g.graph().edgeEnd(v); ++e) {
      edges.push_back({v, g.edgeTarget(e), g.edgeKind(e), g.transitionCost(e), g.edgeDistance(e)});
    }
  }
  // readSubgraphFile checked that no natural edge joins two clips, so natural edges stay natural.
  DatabaseMotionGraph clipGraph =
      std::move(DatabaseMotionGraph::create(g.fps(), frameCounts, vertices, edges).value());
  if (!prune) return clipGraph;
  return largestComponentDmg(clipGraph);
}

Result<VerificationReport> checkSubgraphFile(const SubgraphFile& file, int maxListed) {
  if (!file.hasRequirement)
    return Error{file.directory + ": the export has no requirement to check"};
  Result<KeyVertices> keys = resolveKeySegments(file.graph, file.keys);
  if (!keys) return Error{file.directory + ": " + keys.error().message};
  const KeyPairs pairs = keyPairs(file.graph, keys.value(), file.keys, file.requirement);
  std::map<std::pair<int, int>, int> listed;
  for (const SubgraphFile::Bound& b : file.boundsAboveGamma) listed[{b.source, b.group}] = b.units;
  const std::vector<int> units = edgeUnits(file.graph, file.requirement);
  const bool unit = file.requirement.kind != RequirementKind::Quality;
  VerificationReport report;
  double frameSum = 0;
  int joined = 0;
  std::map<int, ShortestPathTree> trees;
  for (const KeyPairs::Pair& p : pairs.pairs) {
    auto it = trees.find(p.source);
    if (it == trees.end()) {
      const std::vector<int> one = {p.source};
      it = trees
               .emplace(p.source, unit ? breadthFirst(file.graph.graph(), one)
                                       : dijkstra(file.graph.graph(), units, one))
               .first;
    }
    const ShortestPathTree& tree = it->second;
    VerifiedPair out;
    out.label = pairs.label(p);
    out.source = p.source;
    out.group = p.group;
    const auto bound = listed.find({p.source, p.group});
    out.boundUnits = bound != listed.end() ? bound->second : boundUnits(file.requirement);
    out.dmgUnits = -1;  // unknown: the export holds no DMG
    out.subgraphUnits = INT_MAX;
    int target = -1;
    for (int t : pairs.groups[p.group]) {
      if (tree.distance[t] < out.subgraphUnits) {
        out.subgraphUnits = tree.distance[t];
        target = t;
      }
    }
    out.subgraphFrames = target >= 0 ? static_cast<int>(tree.pathTo(target).size()) - 1 : INT_MAX;
    out.satisfied = target >= 0 && out.subgraphUnits <= out.boundUnits;
    report.satisfied += out.satisfied;
    if (target >= 0) {
      frameSum += out.subgraphFrames;
      ++joined;
    }
    if (!out.satisfied && static_cast<int>(report.failures.size()) < maxListed) {
      report.failures.push_back(out.label + ": bound " + std::to_string(out.boundUnits) +
                                " not met");
    }
    report.pairs.push_back(std::move(out));
  }
  report.meanSubgraphFrames = joined ? frameSum / joined : 0.0;
  return report;
}

}  // namespace mg
