// SPDX-License-Identifier: MIT
#include "core/io/snap_import.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "core/graph/directed_graph.h"
#include "core/util/json_fields.h"

namespace mg {
namespace {

namespace fs = std::filesystem;

FloorTransform readTransform(JsonFields& in, const Json& o, std::string_view key,
                             const std::string& path) {
  const Json* t = in.object(o, key, path);
  if (!t) return {};
  const std::string at = JsonFields::at(path, key);
  return {in.number(*t, "theta", at), in.number(*t, "x", at), in.number(*t, "z", at)};
}

Pose readPose(JsonFields& in, const Json& o, std::string_view key, const std::string& path,
              int joints) {
  Pose pose;
  const Json* p = in.object(o, key, path);
  if (!p) return pose;
  const std::string at = JsonFields::at(path, key);
  const Json* root = in.array(*p, "root_position", at);
  const Json* rotations = in.array(*p, "rotations", at);
  double xyz[3];
  if (!root || !rotations || !in.numbers(*root, at + ".root_position", 3, xyz)) return pose;
  pose.rootPosition = {xyz[0], xyz[1], xyz[2]};
  if (static_cast<int>(rotations->size()) != joints) {
    in.fail(at + ".rotations", "has " + std::to_string(rotations->size()) + " rotations for " +
                                   std::to_string(joints) + " joints");
    return pose;
  }
  for (size_t j = 0; j < rotations->size(); ++j) {
    const std::string where = JsonFields::at(at + ".rotations", j);
    double wxyz[4];
    if (!in.numbers((*rotations)[j], where, 4, wxyz)) return pose;
    const Eigen::Quaterniond q(wxyz[0], wxyz[1], wxyz[2], wxyz[3]);
    if (!(std::abs(q.norm() - 1.0) < 1e-6)) return in.fail(where, "is not a unit quaternion"), pose;
    pose.localRotations.push_back(q);
  }
  return pose;
}

bool sameTransform(const FloorTransform& a, const FloorTransform& b) {
  return a.theta == b.theta && a.x == b.x && a.z == b.z;
}

// Reads and checks every clip file named by `file.clipFiles`.
Status readClips(SnapGraphFile& file, const std::vector<Joint>& joints, double metresPerUnit,
                 const std::vector<int>& expectedFrames, const MotionFileLoader& load) {
  for (size_t c = 0; c < file.clipFiles.size(); ++c) {
    const std::string& relative = file.clipFiles[c];
    const fs::path rel(relative);
    const std::string where = "clips[" + std::to_string(c) + "] (" + relative + ")";
    if (rel.empty() || rel.is_absolute() || rel.has_root_name()) {
      return Error{where + ": the file path must be relative to the export folder"};
    }
    for (const fs::path& part : rel) {
      if (part == "..") return Error{where + ": the file path leaves the export folder"};
    }
    const fs::path path = fs::path(file.directory) / rel;
    if (!fs::is_regular_file(path)) return Error{where + ": clip file missing: " + path.string()};
    Result<std::shared_ptr<const Motion>> motion = load(path.string(), metresPerUnit);
    if (!motion) return Error{where + ": " + motion.error().message};
    if (!*motion) return Error{where + ": the loader returned no motion"};
    if ((*motion)->frameCount() != expectedFrames[c]) {
      return Error{where + ": has " + std::to_string((*motion)->frameCount()) +
                   " frames, the graph file says " + std::to_string(expectedFrames[c])};
    }
    if (std::abs((*motion)->fps - file.fps) > 1e-6 * file.fps) {
      return Error{where + ": is at " + std::to_string((*motion)->fps) + " fps, the graph is at " +
                   std::to_string(file.fps)};
    }
    const Skeleton& skeleton = *(*motion)->skeleton;
    if (skeleton.jointCount() != static_cast<int>(joints.size())) {
      return Error{where + ": skeleton mismatch: " + std::to_string(skeleton.jointCount()) +
                   " joints, the graph file has " + std::to_string(joints.size())};
    }
    for (size_t j = 0; j < joints.size(); ++j) {
      if (skeleton.joints[j].name != joints[j].name ||
          skeleton.joints[j].parent != joints[j].parent) {
        return Error{where + ": skeleton mismatch at joint " + std::to_string(j) + " ('" +
                     skeleton.joints[j].name + "', the graph file has '" + joints[j].name + "')"};
      }
      if (file.skeleton &&
          (skeleton.joints[j].offset - file.skeleton->joints[j].offset).norm() > 1e-5) {
        return Error{where + ": skeleton mismatch: joint '" + joints[j].name +
                     "' has another offset than in the first clip"};
      }
    }
    if (!file.skeleton) file.skeleton = (*motion)->skeleton;
    file.clips.push_back(std::move(motion.value()));
  }
  return Status::success();
}

}  // namespace

Result<SnapGraphFile> readSnapGraph(const std::string& directory, const MotionFileLoader& load) {
  if (!load) return Error{directory + ": no motion loader to read the clips with"};
  const std::string graphFile = (fs::path(directory) / kSnapGraphFileName).string();
  if (!fs::is_regular_file(graphFile))
    return Error{graphFile + ": no such file (not a snap graph export?)"};
  Result<Json> parsed = readJsonFile(graphFile);
  if (!parsed) return parsed.error();
  const Json& root = *parsed;
  JsonFields in(graphFile);
  if (!root.is_object()) return Error{graphFile + ": the top level must be an object"};
  const std::string format = in.text(root, "format", "");
  if (!in.ok()) return in.error();
  if (format != kSnapGraphFormat) {
    return Error{graphFile + ": format is '" + format + "', not '" + kSnapGraphFormat + "'"};
  }
  const double version = in.number(root, "version", "");
  if (!in.ok()) return in.error();
  if (version != kSnapGraphVersion) {
    return Error{graphFile + ": version " + JsonFields::formatNumber(version) +
                 " is not supported (this build reads version " +
                 std::to_string(kSnapGraphVersion) + ")"};
  }

  SnapGraphFile file;
  file.directory = directory;
  file.fps = in.number(root, "fps", "");
  const double metresPerUnit = in.number(root, "bvh_metres_per_unit", "");
  if (in.ok() && !(file.fps > 0)) in.fail("fps", "must be positive");
  if (in.ok() && !(metresPerUnit > 0)) in.fail("bvh_metres_per_unit", "must be positive");
  if (const Json* s = in.object(root, "settings", "")) {
    file.settings.thresholdM2 = in.number(*s, "threshold_m2", "settings");
    file.settings.wminFrames = in.integer(*s, "wmin_frames", "settings", 0);
    file.settings.trimLeadingFrames = in.integer(*s, "trim_leading_frames", "settings", 0);
    in.read(*s, "build_seconds", "settings", file.settings.buildSeconds);
    if (in.ok() && jsonFind(*s, "build_seconds") && !(file.settings.buildSeconds >= 0))
      in.fail("settings.build_seconds", "must be >= 0");
  }
  std::vector<Joint> joints;
  if (const Json* skeleton = in.object(root, "skeleton", "")) {
    if (const Json* list = in.array(*skeleton, "joints", "skeleton")) {
      if (list->empty()) in.fail("skeleton.joints", "must not be empty");
      in.objects(*list, "skeleton.joints", [&](const Json& o, const std::string& at) {
        const int j = static_cast<int>(joints.size());
        Joint joint;
        joint.name = in.text(o, "name", at);
        joint.parent = in.integer(o, "parent", at, j == 0 ? -1 : 0, j - 1);
        joints.push_back(joint);
      });
    }
  }
  const Json* motions = in.array(root, "motions", "");
  const Json* hubs = in.array(root, "hubs", "");
  const Json* clips = in.array(root, "clips", "");
  if (!in.ok()) return in.error();

  in.objects(*motions, "motions", [&](const Json& o, const std::string& at) {
    SnapSourceMotion motion{in.text(o, "name", at), in.text(o, "source_path", at),
                            in.integer(o, "frames", at, 1)};
    file.graph.frameCounts.push_back(motion.frames);
    file.motions.push_back(std::move(motion));
  });
  if (in.ok() && motions->empty()) in.fail("motions", "must not be empty");
  if (in.ok() && hubs->empty()) in.fail("hubs", "must not be empty");
  const int motionCount = static_cast<int>(file.motions.size());
  in.objects(*hubs, "hubs", [&](const Json& o, const std::string& at) {
    Hub hub;
    const Json* matches = in.array(o, "match_frames", at);
    if (matches && matches->empty()) in.fail(at + ".match_frames", "must not be empty");
    if (matches) {
      in.objects(*matches, at + ".match_frames", [&](const Json& mo, const std::string& mat) {
        MatchFrame mf;
        mf.ref.motion = in.integer(mo, "motion", mat, 0, motionCount - 1);
        if (!in.ok()) return;
        mf.ref.frame = in.integer(mo, "frame", mat, 1, file.graph.frameCounts[mf.ref.motion] - 2);
        mf.toHub = readTransform(in, mo, "to_hub", mat);
        mf.distance = in.number(mo, "distance", mat);
        hub.matchFrames.push_back(mf);
      });
    }
    hub.baseMatch =
        in.integer(o, "base_match", at, 0, static_cast<int>(hub.matchFrames.size()) - 1);
    if (const Json* pose = in.object(o, "common_pose", at)) {
      const std::string pat = at + ".common_pose";
      const int n = static_cast<int>(joints.size());
      PoseTriple triple{readPose(in, *pose, "previous", pat, n),
                        readPose(in, *pose, "current", pat, n),
                        readPose(in, *pose, "next", pat, n)};
      file.commonPoses.push_back(std::move(triple));
    }
    file.graph.hubs.push_back(std::move(hub));
    // Optional labels (name, colour): informative, kept only when every hub has a name.
    const Json* name = jsonFind(o, "name");
    const Json* colour = jsonFind(o, "colour");
    if (name && name->is_string() && !name->get_ref<const std::string&>().empty()) {
      file.hubLabels.push_back(
          {name->get_ref<const std::string&>(),
           colour && colour->is_string() ? colour->get_ref<const std::string&>() : std::string()});
    }
  });
  if (!in.ok()) return in.error();
  if (file.hubLabels.size() != file.graph.hubs.size()) file.hubLabels.clear();

  const int hubCount = static_cast<int>(file.graph.hubs.size());
  std::vector<int> clipFrames;
  in.objects(*clips, "clips", [&](const Json& o, const std::string& at) {
    HubEdge e;
    e.fromHub = in.integer(o, "from_hub", at, 0, hubCount - 1);
    e.toHub = in.integer(o, "to_hub", at, 0, hubCount - 1);
    if (!in.ok()) return;
    const auto matchCount = [&](int hub) {
      return static_cast<int>(file.graph.hubs[hub].matchFrames.size());
    };
    e.fromMatch = in.integer(o, "from_match", at, 0, matchCount(e.fromHub) - 1);
    e.toMatch = in.integer(o, "to_match", at, 0, matchCount(e.toHub) - 1);
    const Json* source = in.object(o, "source", at);
    if (!in.ok()) return;
    e.clip.motion = in.integer(*source, "motion", at + ".source", 0, motionCount - 1);
    e.clip.beginFrame = in.integer(*source, "begin_frame", at + ".source", 0);
    e.clip.endFrame = in.integer(*source, "end_frame", at + ".source", 0);
    const FloorTransform beginToHub = readTransform(in, o, "begin_to_hub", at);
    const FloorTransform endToHub = readTransform(in, o, "end_to_hub", at);
    const std::string path = in.text(o, "file", at);
    const int firstFrame = in.integer(o, "file_first_frame", at, 0);
    const int frames = in.integer(o, "file_frames", at, 1);
    if (!in.ok()) return;
    const MatchFrame& from = file.graph.hubs[e.fromHub].matchFrames[e.fromMatch];
    const MatchFrame& to = file.graph.hubs[e.toHub].matchFrames[e.toMatch];
    if (from.ref != FrameRef{e.clip.motion, e.clip.beginFrame} ||
        to.ref != FrameRef{e.clip.motion, e.clip.endFrame}) {
      in.fail(at + ".source", "does not run from its from_match to its to_match frame");
    } else if (!sameTransform(from.toHub, beginToHub) || !sameTransform(to.toHub, endToHub)) {
      in.fail(at, "begin_to_hub / end_to_hub differ from the alignments of its hubs' match frames");
    } else if (firstFrame != e.clip.beginFrame - 1 || frames != e.clip.frameCount() + 3) {
      in.fail(
          at,
          "file_first_frame / file_frames must be begin_frame - 1 and end_frame - begin_frame + 3");
    }
    file.graph.edges.push_back(e);
    file.clipFiles.push_back(path);
    clipFrames.push_back(frames);
  });
  if (!in.ok()) return in.error();
  if (Status s = file.graph.validate(); !s)
    return Error{graphFile + ": hubs and clips: " + s.error().message};
  // Every piece between consecutive match frames must be a clip, in order (as buildHubGraph cuts).
  Result<HubGraph> cut = buildHubGraph(file.graph.frameCounts, file.graph.hubs);
  if (!cut) return Error{graphFile + ": hubs and clips: " + cut.error().message};
  for (size_t e = 0; e < std::max(cut->edges.size(), file.graph.edges.size()); ++e) {
    const bool same = e < cut->edges.size() && e < file.graph.edges.size() &&
                      cut->edges[e].clip == file.graph.edges[e].clip &&
                      cut->edges[e].fromHub == file.graph.edges[e].fromHub &&
                      cut->edges[e].toHub == file.graph.edges[e].toHub;
    if (!same) {
      return Error{graphFile + ": hubs and clips: clips[" + std::to_string(e) + "] is not the " +
                   "piece between consecutive match frames the hubs define (" +
                   std::to_string(cut->edges.size()) + " clips expected, " +
                   std::to_string(file.graph.edges.size()) + " given)"};
    }
  }
  if (Status s = readClips(file, joints, metresPerUnit, clipFrames, load); !s) {
    return Error{graphFile + ": " + s.error().message};
  }
  return file;
}

Result<PlayableSnapGraph> playableSnapGraph(const SnapGraphFile& file) {
  if (Status s = file.graph.validate(); !s) return Error{"snap graph: " + s.error().message};
  if (file.clips.size() != file.graph.edges.size())
    return Error{"snap graph: one clip motion per edge expected"};
  const DirectedGraph directed = file.graph.graph();
  InducedSubgraph kept = pruneToLargestComponent(directed);
  if (kept.oldEdgeOfNew.empty()) {
    // Every component is a single hub; one with a clip back to itself is still a cycle.
    for (const HubEdge& e : file.graph.edges) {
      if (e.fromHub != e.toHub) continue;
      std::vector<bool> keep(file.graph.hubs.size(), false);
      keep[e.fromHub] = true;
      kept = inducedSubgraph(directed, keep);
      break;
    }
  }
  if (kept.oldEdgeOfNew.empty()) {
    return Error{
        "snap graph: the graph has no cycle (no hub can be left and reached again), so a walk "
        "would stop; suggest more hubs or raise the threshold"};
  }
  PlayableSnapGraph out;
  out.fileHubOfHub = kept.oldNodeOfNew;
  std::vector<Hub> hubs(kept.oldNodeOfNew.size());
  std::vector<std::vector<int>> fileMatchOf(hubs.size());  // per hub and match frame
  auto addMatch = [&](int fileHub, int fileMatch, int motion, int frame) {
    const int h = kept.newNodeOfOld[fileHub];
    MatchFrame mf = file.graph.hubs[fileHub].matchFrames[fileMatch];
    mf.ref = {motion, frame};
    hubs[h].matchFrames.push_back(mf);
    fileMatchOf[h].push_back(fileMatch);
  };
  for (int oldEdge : kept.oldEdgeOfNew) {
    const HubEdge& e = file.graph.edges[oldEdge];
    const int motion = static_cast<int>(out.motions.size());
    const std::shared_ptr<const Motion>& clip = file.clips[oldEdge];
    out.motions.push_back(clip);
    out.fileClipOfEdge.push_back(oldEdge);
    addMatch(e.fromHub, e.fromMatch, motion, 1);
    addMatch(e.toHub, e.toMatch, motion, clip->frameCount() - 2);
  }
  for (size_t h = 0; h < hubs.size(); ++h) {
    // The file's base frame if it starts or ends a kept clip; otherwise any (it only names the
    // frame the alignments are relative to, and they are copied as exported).
    const int base = file.graph.hubs[out.fileHubOfHub[h]].baseMatch;
    for (size_t k = 0; k < fileMatchOf[h].size(); ++k)
      if (fileMatchOf[h][k] == base) hubs[h].baseMatch = static_cast<int>(k);
  }
  std::vector<int> frameCounts;
  for (const auto& m : out.motions) frameCounts.push_back(m->frameCount());
  Result<HubGraph> graph = buildHubGraph(frameCounts, std::move(hubs));
  if (!graph) return Error{"snap graph: " + graph.error().message};
  if (graph->edges.size() != out.motions.size())
    return Error{"snap graph: the clips do not form one edge each"};
  out.graph = std::move(graph.value());
  return out;
}

}  // namespace mg
