// SPDX-License-Identifier: MIT
#include "core/io/snap_export.h"

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>

#include "core/import/bvh_writer.h"
#include "core/io/export_set.h"

namespace mg {
namespace {

namespace fs = std::filesystem;

Json number(double v) {
  return Json(v);
}

Json floorTransformJson(const FloorTransform& t) {
  return JsonObject{{"theta", number(t.theta)}, {"x", number(t.x)}, {"z", number(t.z)}};
}

Json poseJson(const Pose& pose) {
  JsonArray rotations;
  for (const Eigen::Quaterniond& q : pose.localRotations) {
    rotations.push_back(JsonArray{number(q.w()), number(q.x()), number(q.y()), number(q.z())});
  }
  const Eigen::Vector3d& p = pose.rootPosition;
  return JsonObject{{"root_position", JsonArray{number(p.x()), number(p.y()), number(p.z())}},
                    {"rotations", std::move(rotations)}};
}

std::string clipFileName(size_t edge) {
  char name[32];
  std::snprintf(name, sizeof name, "clip_%04zu.bvh", edge);
  return std::string(kSnapClipFolder) + "/" + name;
}

// A hub name as part of a file name: letters, digits, '-' and '_' kept, the rest '_'.
std::string fileSafe(const std::string& name) {
  std::string out;
  for (unsigned char c : name)
    out += std::isalnum(c) || c == '-' || c == '_' ? static_cast<char>(c) : '_';
  return out.empty() ? std::string("hub") : out;
}

bool isHexColour(const std::string& c) {
  if (c.size() != 7 || c[0] != '#') return false;
  for (size_t i = 1; i < 7; ++i) {
    if (!std::isxdigit(static_cast<unsigned char>(c[i]))) return false;
  }
  return true;
}

}  // namespace

std::vector<std::string> snapClipFileNames(const SnapExportInput& input) {
  std::vector<std::string> out;
  std::map<std::string, int> used;
  for (size_t e = 0; e < input.graph->edges.size(); ++e) {
    if (input.hubLabels.empty()) {
      out.push_back(clipFileName(e));
      continue;
    }
    const HubEdge& edge = input.graph->edges[e];
    const std::string stem = fileSafe(input.hubLabels[static_cast<size_t>(edge.fromHub)].name) +
                             "_to_" +
                             fileSafe(input.hubLabels[static_cast<size_t>(edge.toHub)].name);
    // Case-insensitive, so two names differing in case never share a file on any filesystem.
    std::string key = stem;
    for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const int n = ++used[key];
    out.push_back(std::string(kSnapClipFolder) + "/" + stem +
                  (n > 1 ? "_" + std::to_string(n) : std::string()) + ".bvh");
  }
  return out;
}

Status SnapExportInput::validate() const {
  if (!graph) return Error{"snap export: no graph"};
  if (!snapped) return Error{"snap export: no snapped motions"};
  if (Status s = graph->validate(); !s) return Error{"snap export: " + s.error().message};
  const auto& motions = snapped->motions;
  if (motions.size() != graph->frameCounts.size()) {
    return Error{"snap export: " + std::to_string(motions.size()) +
                 " snapped motions for a graph of " + std::to_string(graph->frameCounts.size())};
  }
  for (size_t m = 0; m < motions.size(); ++m) {
    if (!motions[m] || !motions[m]->skeleton)
      return Error{"snap export: snapped motion " + std::to_string(m) + " is missing"};
    if (motions[m]->frameCount() != graph->frameCounts[m]) {
      return Error{"snap export: snapped motion " + std::to_string(m) + " has " +
                   std::to_string(motions[m]->frameCount()) + " frames, the graph expects " +
                   std::to_string(graph->frameCounts[m])};
    }
    if (!motions[m]->skeleton->sameHierarchy(*motions[0]->skeleton) ||
        motions[m]->fps != motions[0]->fps) {
      return Error{"snap export: snapped motion " + std::to_string(m) +
                   " has another skeleton or rate than motion 0"};
    }
  }
  if (snapped->commonPoses.size() != graph->hubs.size())
    return Error{"snap export: one common pose per hub expected"};
  if (!hubLabels.empty() && hubLabels.size() != graph->hubs.size()) {
    return Error{"snap export: " + std::to_string(hubLabels.size()) + " hub labels for " +
                 std::to_string(graph->hubs.size()) + " hubs"};
  }
  for (size_t h = 0; h < hubLabels.size(); ++h) {
    if (hubLabels[h].name.empty())
      return Error{"snap export: hub " + std::to_string(h) + " has an empty name"};
    if (!hubLabels[h].colour.empty() && !isHexColour(hubLabels[h].colour)) {
      return Error{"snap export: hub " + std::to_string(h) + " colour '" + hubLabels[h].colour +
                   "' is not #rrggbb"};
    }
  }
  // The motions are snapped to the alignments of SnapResult::graph; any other makes the cuts jump.
  if (snapped->graph.hubs.size() == graph->hubs.size()) {
    for (size_t h = 0; h < graph->hubs.size(); ++h) {
      const auto& mine = graph->hubs[h].matchFrames;
      const auto& theirs = snapped->graph.hubs[h].matchFrames;
      for (size_t i = 0; i < mine.size() && i < theirs.size(); ++i) {
        const FloorTransform &a = mine[i].toHub, &b = theirs[i].toHub;
        if (a.theta != b.theta || a.x != b.x || a.z != b.z) {
          return Error{"snap export: hub " + std::to_string(h) +
                       " has other alignments than the snapped motions were snapped to (use "
                       "SnapResult::graph)"};
        }
      }
    }
  }
  const size_t joints = static_cast<size_t>(motions[0]->jointCount());
  for (size_t h = 0; h < snapped->commonPoses.size(); ++h) {
    const PoseTriple& t = snapped->commonPoses[h];
    if (t.previous.localRotations.size() != joints || t.current.localRotations.size() != joints ||
        t.next.localRotations.size() != joints) {
      return Error{"snap export: common pose of hub " + std::to_string(h) +
                   " has the wrong joint count"};
    }
  }
  return Status::success();
}

Result<Json> snapGraphJson(const SnapExportInput& input, const std::string& clipFolder) {
  if (Status s = input.validate(); !s) return s.error();
  const HubGraph& graph = *input.graph;
  const Motion& first = *input.snapped->motions[0];

  JsonArray joints;
  for (const Joint& j : first.skeleton->joints) {
    joints.push_back(JsonObject{{"name", j.name}, {"parent", j.parent}});
  }
  JsonArray motions;
  for (size_t m = 0; m < graph.frameCounts.size(); ++m) {
    const Motion& motion = *input.snapped->motions[m];
    motions.push_back(JsonObject{{"name", motion.name},
                                 {"source_path", motion.sourcePath},
                                 {"frames", graph.frameCounts[m]}});
  }
  JsonArray hubs;
  for (size_t h = 0; h < graph.hubs.size(); ++h) {
    const Hub& hub = graph.hubs[h];
    JsonArray matches;
    for (const MatchFrame& mf : hub.matchFrames) {
      matches.push_back(JsonObject{{"motion", mf.ref.motion},
                                   {"frame", mf.ref.frame},
                                   {"to_hub", floorTransformJson(mf.toHub)},
                                   {"distance", number(mf.distance)}});
    }
    const PoseTriple& pose = input.snapped->commonPoses[h];
    JsonObject hubJson{{"base_match", hub.baseMatch},
                       {"match_frames", std::move(matches)},
                       {"common_pose", JsonObject{{"previous", poseJson(pose.previous)},
                                                  {"current", poseJson(pose.current)},
                                                  {"next", poseJson(pose.next)}}}};
    if (!input.hubLabels.empty()) {
      hubJson["name"] = input.hubLabels[h].name;
      if (!input.hubLabels[h].colour.empty()) hubJson["colour"] = input.hubLabels[h].colour;
    }
    hubs.push_back(std::move(hubJson));
  }
  JsonArray clips;
  const std::vector<std::string> files = snapClipFileNames(input);
  for (size_t e = 0; e < graph.edges.size(); ++e) {
    const HubEdge& edge = graph.edges[e];
    const FloorTransform& fromToHub = graph.hubs[edge.fromHub].matchFrames[edge.fromMatch].toHub;
    const FloorTransform& endToHub = graph.hubs[edge.toHub].matchFrames[edge.toMatch].toHub;
    clips.push_back(JsonObject{{"from_hub", edge.fromHub},
                               {"to_hub", edge.toHub},
                               {"from_match", edge.fromMatch},
                               {"to_match", edge.toMatch},
                               {"source", JsonObject{{"motion", edge.clip.motion},
                                                     {"begin_frame", edge.clip.beginFrame},
                                                     {"end_frame", edge.clip.endFrame}}},
                               {"begin_to_hub", floorTransformJson(fromToHub)},
                               {"end_to_hub", floorTransformJson(endToHub)},
                               {"file", exportClipPath(files[e], clipFolder)},
                               {"file_first_frame", edge.clip.beginFrame - 1},
                               {"file_frames", edge.clip.frameCount() + 3}});
  }
  JsonArray deadEnds;
  for (int h : deadEndHubs(graph)) deadEnds.push_back(h);

  JsonObject settings{{"threshold_m2", number(input.settings.thresholdM2)},
                      {"wmin_frames", input.settings.wminFrames},
                      {"trim_leading_frames", input.settings.trimLeadingFrames}};
  if (input.settings.buildSeconds >= 0)
    settings["build_seconds"] = number(input.settings.buildSeconds);
  return Json(JsonObject{{"format", kSnapGraphFormat},
                         {"version", kSnapGraphVersion},
                         {"generator", "Motion Graph Studio"},
                         {"fps", number(first.fps)},
                         {"bvh_metres_per_unit", number(kSnapClipMetresPerUnit)},
                         {"settings", std::move(settings)},
                         {"skeleton", JsonObject{{"joints", std::move(joints)}}},
                         {"motions", std::move(motions)},
                         {"hubs", std::move(hubs)},
                         {"clips", std::move(clips)},
                         {"dead_end_hubs", std::move(deadEnds)}});
}

Status exportSnapGraph(const SnapExportInput& input, const std::string& directory,
                       const Progress& progress) {
  const fs::path root(directory);
  const std::string clipFolder = nextExportClipFolder((root / kSnapGraphFileName).string());
  Result<Json> json = snapGraphJson(input, clipFolder);
  if (!json) return json.error();
  BvhWriteOptions bvh;
  bvh.metresPerUnit = kSnapClipMetresPerUnit;
  // Every file is formatted first, then the clips are written into a clip folder the current graph
  // file does not use and the graph file replaced last (export_set.h): a value that cannot be
  // written, a full disk or a kill at any moment leaves the previous export complete.
  std::vector<std::pair<std::string, std::string>> files;
  const std::vector<std::string> names = snapClipFileNames(input);
  const size_t edges = input.graph->edges.size();
  for (size_t e = 0; e < edges; ++e) {
    if (progress.cancelled()) return Error{directory + ": export cancelled; nothing was written"};
    progress.report(0.9 * static_cast<double>(e) / static_cast<double>(edges));
    const Clip& clip = input.graph->edges[e].clip;
    const Motion& source = *input.snapped->motions[clip.motion];
    Motion piece = sliceFrames(source, clip.beginFrame - 1, clip.endFrame + 2);
    piece.name = source.name + " clip " + std::to_string(e);
    const std::string path = (root / exportClipPath(names[e], clipFolder)).string();
    if (Status s = addClipFiles(files, piece, path, bvh, input.clipCopies); !s) return s;
  }
  if (progress.cancelled()) return Error{directory + ": export cancelled; nothing was written"};
  Status written = commitExport(directory, files,
                                {(root / kSnapGraphFileName).string(), jsonText(*json, 2) + "\n"});
  if (written) progress.report(1.0);
  return written;
}

}  // namespace mg
