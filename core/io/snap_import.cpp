// SPDX-License-Identifier: MIT
#include "core/io/snap_import.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "core/graph/directed_graph.h"

namespace mg {
namespace {

namespace fs = std::filesystem;

// Reads typed fields of the graph file and keeps the first problem, with its JSON path. After a
// failure every getter returns a neutral value, so callers check failed() at convenient points.
class FieldReader {
 public:
  explicit FieldReader(std::string file) : m_file(std::move(file)) {}

  bool failed() const { return m_failed; }
  Error error() const { return Error{m_file + ": " + m_message}; }
  void fail(const std::string& path, const std::string& what) {
    if (m_failed) return;
    m_failed = true;
    m_message = path + ": " + what;
  }

  const Json* member(const Json& object, std::string_view key, const std::string& path,
                     JsonKind kind, const char* kindName) {
    const std::string at = path.empty() ? std::string(key) : path + "." + std::string(key);
    const Json* v = jsonFind(object, key);
    if (!v) return fail(at, "missing"), nullptr;
    if (jsonKind(*v) != kind) return fail(at, std::string("must be ") + kindName), nullptr;
    return v;
  }
  const Json* array(const Json& o, std::string_view key, const std::string& path) {
    const Json* v = member(o, key, path, JsonKind::Array, "an array");
    return v;
  }
  const Json* object(const Json& o, std::string_view key, const std::string& path) {
    return member(o, key, path, JsonKind::Object, "an object");
  }
  std::string text(const Json& o, std::string_view key, const std::string& path) {
    const Json* v = member(o, key, path, JsonKind::String, "a string");
    return v ? v->get_ref<const std::string&>() : std::string();
  }
  double real(const Json& o, std::string_view key, const std::string& path) {
    const Json* v = member(o, key, path, JsonKind::Number, "a number");
    return v ? v->get<double>() : 0.0;
  }
  // An integer in [min, max]; `range` describes the range for the message.
  int integer(const Json& o, std::string_view key, const std::string& path, int min, int max) {
    const Json* v = member(o, key, path, JsonKind::Number, "a number");
    if (!v) return min;
    const double d = v->get<double>();
    if (d != std::floor(d) || d < min || d > max) {
      fail(path + "." + std::string(key), formatNumber(d) + " is out of range (expected an integer from " +
                                              std::to_string(min) + " to " + std::to_string(max) + ")");
      return min;
    }
    return static_cast<int>(d);
  }

  static std::string formatNumber(double d) { return jsonText(Json(d), -1); }

 private:
  std::string m_file;
  bool m_failed = false;
  std::string m_message;
};

FloorTransform readTransform(FieldReader& in, const Json& o, std::string_view key,
                             const std::string& path) {
  const Json* t = in.object(o, key, path);
  if (!t) return {};
  const std::string at = path + "." + std::string(key);
  return {in.real(*t, "theta", at), in.real(*t, "x", at), in.real(*t, "z", at)};
}

Pose readPose(FieldReader& in, const Json& o, std::string_view key, const std::string& path,
              int joints) {
  Pose pose;
  const Json* p = in.object(o, key, path);
  if (!p) return pose;
  const std::string at = path + "." + std::string(key);
  const Json* root = in.array(*p, "root_position", at);
  const Json* rotations = in.array(*p, "rotations", at);
  if (!root || !rotations) return pose;
  auto numbers = [&](const Json& a, size_t n, const std::string& where, double* out) {
    if (a.size() != n) return in.fail(where, "must hold " + std::to_string(n) + " numbers"), false;
    for (size_t i = 0; i < n; ++i) {
      if (!a[i].is_number())
        return in.fail(where, "must hold " + std::to_string(n) + " numbers"), false;
      out[i] = a[i].get<double>();
    }
    return true;
  };
  double xyz[3];
  if (!numbers(*root, 3, at + ".root_position", xyz)) return pose;
  pose.rootPosition = {xyz[0], xyz[1], xyz[2]};
  if (static_cast<int>(rotations->size()) != joints) {
    in.fail(at + ".rotations", "has " + std::to_string(rotations->size()) + " rotations for " +
                                   std::to_string(joints) + " joints");
    return pose;
  }
  for (size_t j = 0; j < rotations->size(); ++j) {
    const std::string where = at + ".rotations[" + std::to_string(j) + "]";
    const Json& r = (*rotations)[j];
    double wxyz[4];
    if (!r.is_array()) return in.fail(where, "must hold 4 numbers"), pose;
    if (!numbers(r, 4, where, wxyz)) return pose;
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
      if (skeleton.joints[j].name != joints[j].name || skeleton.joints[j].parent != joints[j].parent) {
        return Error{where + ": skeleton mismatch at joint " + std::to_string(j) + " ('" +
                     skeleton.joints[j].name + "', the graph file has '" + joints[j].name + "')"};
      }
      if (file.skeleton && (skeleton.joints[j].offset - file.skeleton->joints[j].offset).norm() > 1e-5) {
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
  const fs::path graphPath = fs::path(directory) / kSnapGraphFileName;
  if (!fs::is_regular_file(graphPath)) return Error{graphPath.string() + ": no such file (not a snap graph export?)"};
  std::ifstream stream(graphPath, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(stream)), std::istreambuf_iterator<char>());
  if (!stream && !stream.eof()) return Error{graphPath.string() + ": cannot read the file"};
  Result<Json> parsed = readJsonText(text);
  if (!parsed) return Error{graphPath.string() + ": " + parsed.error().message};
  const Json& root = *parsed;
  FieldReader in(graphPath.string());
  if (!root.is_object()) return Error{graphPath.string() + ": the top level must be an object"};
  const std::string format = in.text(root, "format", "");
  if (in.failed()) return in.error();
  if (format != kSnapGraphFormat) {
    return Error{graphPath.string() + ": format is '" + format + "', not '" + kSnapGraphFormat + "'"};
  }
  const Json* version = in.member(root, "version", "", JsonKind::Number, "a number");
  if (in.failed()) return in.error();
  if (version->get<double>() != kSnapGraphVersion) {
    return Error{
        graphPath.string() + ": version " + FieldReader::formatNumber(version->get<double>()) +
        " is not supported (this build reads version " + std::to_string(kSnapGraphVersion) + ")"};
  }

  SnapGraphFile file;
  file.directory = directory;
  file.fps = in.real(root, "fps", "");
  const double metresPerUnit = in.real(root, "bvh_metres_per_unit", "");
  if (!in.failed() && !(file.fps > 0 && std::isfinite(file.fps))) in.fail("fps", "must be positive");
  if (!in.failed() && !(metresPerUnit > 0 && std::isfinite(metresPerUnit))) in.fail("bvh_metres_per_unit", "must be positive");
  if (const Json* s = in.object(root, "settings", "")) {
    file.settings.thresholdM2 = in.real(*s, "threshold_m2", "settings");
    file.settings.wminFrames = in.integer(*s, "wmin_frames", "settings", 0, INT_MAX);
    file.settings.trimLeadingFrames = in.integer(*s, "trim_leading_frames", "settings", 0, INT_MAX);
    if (jsonFind(*s, "build_seconds")) {
      const double seconds = in.real(*s, "build_seconds", "settings");
      if (!in.failed() && !(seconds >= 0 && std::isfinite(seconds)))
        in.fail("settings.build_seconds", "must be >= 0");
      file.settings.buildSeconds = seconds;
    }
  }
  std::vector<Joint> joints;
  if (const Json* skeleton = in.object(root, "skeleton", "")) {
    if (const Json* list = in.array(*skeleton, "joints", "skeleton")) {
      if (list->empty()) in.fail("skeleton.joints", "must not be empty");
      for (size_t j = 0; j < list->size() && !in.failed(); ++j) {
        const std::string at = "skeleton.joints[" + std::to_string(j) + "]";
        if (!(*list)[j].is_object()) in.fail(at, "must be an object");
        if (in.failed()) break;
        Joint joint;
        joint.name = in.text((*list)[j], "name", at);
        joint.parent = in.integer((*list)[j], "parent", at, j == 0 ? -1 : 0, static_cast<int>(j) - 1);
        joints.push_back(joint);
      }
    }
  }
  const Json* motions = in.array(root, "motions", "");
  const Json* hubs = in.array(root, "hubs", "");
  const Json* clips = in.array(root, "clips", "");
  if (in.failed()) return in.error();

  for (size_t m = 0; m < motions->size() && !in.failed(); ++m) {
    const std::string at = "motions[" + std::to_string(m) + "]";
    const Json& o = (*motions)[m];
    if (!o.is_object()) return in.fail(at, "must be an object"), in.error();
    SnapSourceMotion motion{in.text(o, "name", at), in.text(o, "source_path", at),
                            in.integer(o, "frames", at, 1, INT_MAX)};
    file.graph.frameCounts.push_back(motion.frames);
    file.motions.push_back(std::move(motion));
  }
  if (!in.failed() && motions->empty()) in.fail("motions", "must not be empty");
  if (!in.failed() && hubs->empty()) in.fail("hubs", "must not be empty");
  const int motionCount = static_cast<int>(file.motions.size());
  for (size_t h = 0; h < hubs->size() && !in.failed(); ++h) {
    const std::string at = "hubs[" + std::to_string(h) + "]";
    const Json& o = (*hubs)[h];
    if (!o.is_object()) return in.fail(at, "must be an object"), in.error();
    Hub hub;
    const Json* matches = in.array(o, "match_frames", at);
    if (matches && matches->empty()) in.fail(at + ".match_frames", "must not be empty");
    for (size_t k = 0; matches && k < matches->size() && !in.failed(); ++k) {
      const std::string mat = at + ".match_frames[" + std::to_string(k) + "]";
      const Json& mo = (*matches)[k];
      if (!mo.is_object()) return in.fail(mat, "must be an object"), in.error();
      MatchFrame mf;
      mf.ref.motion = in.integer(mo, "motion", mat, 0, motionCount - 1);
      if (in.failed()) break;
      mf.ref.frame = in.integer(mo, "frame", mat, 1, file.graph.frameCounts[mf.ref.motion] - 2);
      mf.toHub = readTransform(in, mo, "to_hub", mat);
      mf.distance = in.real(mo, "distance", mat);
      hub.matchFrames.push_back(mf);
    }
    if (in.failed()) break;
    hub.baseMatch = in.integer(o, "base_match", at, 0, static_cast<int>(hub.matchFrames.size()) - 1);
    if (const Json* pose = in.object(o, "common_pose", at)) {
      const std::string pat = at + ".common_pose";
      const int n = static_cast<int>(joints.size());
      PoseTriple triple{readPose(in, *pose, "previous", pat, n), readPose(in, *pose, "current", pat, n),
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
  }
  if (in.failed()) return in.error();
  if (file.hubLabels.size() != file.graph.hubs.size()) file.hubLabels.clear();

  const int hubCount = static_cast<int>(file.graph.hubs.size());
  std::vector<int> clipFrames;
  for (size_t c = 0; c < clips->size() && !in.failed(); ++c) {
    const std::string at = "clips[" + std::to_string(c) + "]";
    const Json& o = (*clips)[c];
    if (!o.is_object()) return in.fail(at, "must be an object"), in.error();
    HubEdge e;
    e.fromHub = in.integer(o, "from_hub", at, 0, hubCount - 1);
    e.toHub = in.integer(o, "to_hub", at, 0, hubCount - 1);
    if (in.failed()) break;
    const auto matchCount = [&](int hub) { return static_cast<int>(file.graph.hubs[hub].matchFrames.size()); };
    e.fromMatch = in.integer(o, "from_match", at, 0, matchCount(e.fromHub) - 1);
    e.toMatch = in.integer(o, "to_match", at, 0, matchCount(e.toHub) - 1);
    const Json* source = in.object(o, "source", at);
    if (in.failed()) break;
    e.clip.motion = in.integer(*source, "motion", at + ".source", 0, motionCount - 1);
    e.clip.beginFrame = in.integer(*source, "begin_frame", at + ".source", 0, INT_MAX);
    e.clip.endFrame = in.integer(*source, "end_frame", at + ".source", 0, INT_MAX);
    const FloorTransform beginToHub = readTransform(in, o, "begin_to_hub", at);
    const FloorTransform endToHub = readTransform(in, o, "end_to_hub", at);
    const std::string path = in.text(o, "file", at);
    const int firstFrame = in.integer(o, "file_first_frame", at, 0, INT_MAX);
    const int frames = in.integer(o, "file_frames", at, 1, INT_MAX);
    if (in.failed()) break;
    const MatchFrame& from = file.graph.hubs[e.fromHub].matchFrames[e.fromMatch];
    const MatchFrame& to = file.graph.hubs[e.toHub].matchFrames[e.toMatch];
    if (from.ref != FrameRef{e.clip.motion, e.clip.beginFrame} || to.ref != FrameRef{e.clip.motion, e.clip.endFrame}) {
      in.fail(at + ".source", "does not run from its from_match to its to_match frame");
    } else if (!sameTransform(from.toHub, beginToHub) || !sameTransform(to.toHub, endToHub)) {
      in.fail(at, "begin_to_hub / end_to_hub differ from the alignments of its hubs' match frames");
    } else if (firstFrame != e.clip.beginFrame - 1 || frames != e.clip.frameCount() + 3) {
      in.fail(at, "file_first_frame / file_frames must be begin_frame - 1 and end_frame - begin_frame + 3");
    }
    file.graph.edges.push_back(e);
    file.clipFiles.push_back(path);
    clipFrames.push_back(frames);
  }
  if (in.failed()) return in.error();
  if (Status s = file.graph.validate(); !s) return Error{graphPath.string() + ": hubs and clips: " + s.error().message};
  // Every piece between consecutive match frames must be a clip, in order (as buildHubGraph cuts).
  Result<HubGraph> cut = buildHubGraph(file.graph.frameCounts, file.graph.hubs);
  if (!cut) return Error{graphPath.string() + ": hubs and clips: " + cut.error().message};
  for (size_t e = 0; e < std::max(cut->edges.size(), file.graph.edges.size()); ++e) {
    const bool same = e < cut->edges.size() && e < file.graph.edges.size() &&
                      cut->edges[e].clip == file.graph.edges[e].clip && cut->edges[e].fromHub == file.graph.edges[e].fromHub &&
                      cut->edges[e].toHub == file.graph.edges[e].toHub;
    if (!same) {
      return Error{graphPath.string() + ": hubs and clips: clips[" + std::to_string(e) + "] is not the " +
                   "piece between consecutive match frames the hubs define (" + std::to_string(cut->edges.size()) +
                   " clips expected, " + std::to_string(file.graph.edges.size()) + " given)"};
    }
  }
  if (Status s = readClips(file, joints, metresPerUnit, clipFrames, load); !s) {
    return Error{graphPath.string() + ": " + s.error().message};
  }
  return file;
}

Result<PlayableSnapGraph> playableSnapGraph(const SnapGraphFile& file) {
  if (Status s = file.graph.validate(); !s) return Error{"snap graph: " + s.error().message};
  if (file.clips.size() != file.graph.edges.size()) return Error{"snap graph: one clip motion per edge expected"};
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
    return Error{"snap graph: the graph has no cycle (no hub can be left and reached again), so a walk "
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
  if (graph->edges.size() != out.motions.size()) return Error{"snap graph: the clips do not form one edge each"};
  out.graph = std::move(graph.value());
  return out;
}

}  // namespace mg
