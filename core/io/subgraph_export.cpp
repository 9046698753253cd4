// SPDX-License-Identifier: MIT
#include "core/io/subgraph_export.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "core/graph/directed_graph.h"
#include "core/import/bvh_writer.h"
#include "core/io/export_set.h"
#include "core/util/atomic_file.h"
#include "core/util/json_text.h"

namespace mg {

namespace fs = std::filesystem;

namespace {

const char* const kReasonNames[] = {"", "key", "required", "branch", "path", "chosen"};

std::string clipFile(size_t clip) {
  char name[32];
  std::snprintf(name, sizeof name, "clips/clip_%04zu.bvh", clip);
  return name;
}

std::string numberText(double v) {
  return jsonText(Json(v), -1);
}

}  // namespace

std::vector<Clip> keptClips(const DatabaseMotionGraph& graph,
                            const std::vector<int>& keptVertices) {
  std::vector<std::pair<int, int>> frames;  // (motion, frame), sorted
  for (int v : keptVertices) frames.emplace_back(graph.vertex(v).motion, graph.vertex(v).frame);
  std::sort(frames.begin(), frames.end());
  std::vector<Clip> clips;
  for (const auto& [m, f] : frames) {
    if (!clips.empty() && clips.back().motion == m && clips.back().endFrame == f) {
      ++clips.back().endFrame;
    } else {
      clips.push_back({m, f, f + 1});
    }
  }
  return clips;
}

Status exportSubgraph(const std::string& directory, const SubgraphExportInput& in) {
  if (!in.graph) return Error{"subgraph export: no graph"};
  const DatabaseMotionGraph& g = *in.graph;
  if (static_cast<int>(in.motions.size()) != g.motionCount()) {
    return Error{"subgraph export: " + std::to_string(in.motions.size()) +
                 " motions for a graph of " + std::to_string(g.motionCount())};
  }
  for (int m = 0; m < g.motionCount(); ++m) {
    if (!in.motions[m] || in.motions[m]->frameCount() != g.motionFrameCounts()[m]) {
      return Error{"subgraph export: motion " + std::to_string(m) +
                   " is missing or of the wrong length"};
    }
  }
  if (!in.reasons.empty() && in.reasons.size() != in.keptVertices.size()) {
    return Error{"subgraph export: one reason per kept vertex expected"};
  }
  std::vector<int> indexOf(g.vertexCount(), -1);
  for (size_t i = 0; i < in.keptVertices.size(); ++i) {
    const int v = in.keptVertices[i];
    if (v < 0 || v >= g.vertexCount() || indexOf[v] >= 0) {
      return Error{"subgraph export: kept vertex " + std::to_string(v) +
                   " is out of range or repeated"};
    }
    indexOf[v] = static_cast<int>(i);
  }
  std::error_code ec;
  fs::create_directories(directory, ec);
  if (ec) return Error{directory + ": cannot create the export folder: " + ec.message()};

  const std::vector<Clip> clips = keptClips(g, in.keptVertices);
  BvhWriteOptions bvh;
  bvh.metresPerUnit = in.bvhMetresPerUnit;
  // Clips go into a clip folder the current subgraph.json does not use, and subgraph.json is
  // replaced last (export_set.h): an interruption at any moment leaves the previous export whole.
  const std::string indexPath = (fs::path(directory) / kSubgraphFileName).string();
  const std::string clipFolder = nextExportClipFolder(indexPath);
  std::vector<std::pair<std::string, std::string>> clipFiles;
  for (size_t c = 0; c < clips.size(); ++c) {
    const Clip& clip = clips[c];
    const Motion piece = sliceFrames(*in.motions[clip.motion], clip.beginFrame, clip.endFrame);
    const std::string path =
        (fs::path(directory) / exportClipPath(clipFile(c), clipFolder)).string();
    if (Status s = addClipFiles(clipFiles, piece, path, bvh, in.clipCopies); !s) return s;
  }

  std::ostringstream o;
  o << "{\n  \"format\": \"" << kSubgraphFormat << "\",\n  \"version\": " << kSubgraphVersion
    << ",\n  \"generator\": \"Motion Graph Studio\",\n  \"note\": "
    << jsonText(Json(in.generatorNote), -1) << ",\n  \"fps\": " << numberText(g.fps())
    << ",\n  \"bvh_metres_per_unit\": " << numberText(in.bvhMetresPerUnit);
  if (in.trimLeadingFrames >= 0) o << ",\n  \"trim_leading_frames\": " << in.trimLeadingFrames;
  if (in.buildSeconds >= 0) o << ",\n  \"build_seconds\": " << numberText(in.buildSeconds);
  o << ",\n  \"motions\": [";
  for (int m = 0; m < g.motionCount(); ++m) {
    o << (m ? ",\n    " : "\n    ")
      << jsonText(Json(JsonObject{{"name", in.motions[m]->name},
                                  {"source_path", in.motions[m]->sourcePath},
                                  {"frames", g.motionFrameCounts()[m]}}),
                  -1);
  }
  o << "\n  ],\n  \"requirement\": ";
  if (in.keys.empty()) {
    o << "null";
  } else {
    const Requirement& r = in.requirement;
    o << jsonText(Json(JsonObject{{"kind", static_cast<int>(r.kind)},
                                  {"gamma", r.gamma},
                                  {"alpha", r.alpha},
                                  {"frame_cost", r.frameCost},
                                  {"entry_frames", r.entryFrames}}),
                  -1);
  }
  o << ",\n  \"keys\": [";
  for (size_t k = 0; k < in.keys.size(); ++k) {
    const KeySegment& s = in.keys[k];
    o << (k ? ",\n    " : "\n    ")
      << jsonText(Json(JsonObject{{"name", s.name},
                                  {"motion", s.motion},
                                  {"begin_frame", s.beginFrame},
                                  {"end_frame", s.endFrame}}),
                  -1);
  }
  o << "\n  ],\n  \"vertices\": [";
  for (size_t i = 0; i < in.keptVertices.size(); ++i) {
    const DmgVertex& v = g.vertex(in.keptVertices[i]);
    o << (i ? "," : "") << (i % 8 == 0 ? "\n    " : " ") << "[" << v.motion << ", " << v.frame
      << "]";
  }
  o << "\n  ],\n  \"reasons\": [";
  for (size_t i = 0; i < in.reasons.size(); ++i) {
    o << (i ? "," : "") << (i % 12 == 0 ? "\n    " : " ") << "\""
      << kReasonNames[static_cast<int>(in.reasons[i])] << "\"";
  }
  o << "\n  ],\n  \"edges\": [";
  size_t written = 0;
  for (size_t i = 0; i < in.keptVertices.size(); ++i) {
    const int v = in.keptVertices[i];
    for (int e = g.graph().edgeBegin(v); e < g.graph().edgeEnd(v); ++e) {
      const int to = indexOf[g.edgeTarget(e)];
      if (to < 0) continue;
      o << (written ? "," : "") << (written % 6 == 0 ? "\n    " : " ") << "[" << i << ", " << to
        << ", " << static_cast<int>(g.edgeKind(e)) << ", " << numberText(g.transitionCost(e))
        << "]";
      ++written;
    }
  }
  o << "\n  ],\n  \"bounds_above_gamma\": [";
  if (in.verification && !in.keys.empty()) {
    const int gammaUnits = boundUnits(in.requirement);
    size_t listed = 0;
    for (const VerifiedPair& p : in.verification->pairs) {
      if (p.boundUnits == gammaUnits) continue;
      const DmgVertex& v = g.vertex(p.source);
      o << (listed ? "," : "") << (listed % 6 == 0 ? "\n    " : " ") << "[" << v.motion << ", "
        << v.frame << ", " << p.group << ", " << p.boundUnits << "]";
      ++listed;
    }
  }
  o << "\n  ],\n  \"clips\": [";
  for (size_t c = 0; c < clips.size(); ++c) {
    o << (c ? ",\n    " : "\n    ")
      << jsonText(Json(JsonObject{{"file", exportClipPath(clipFile(c), clipFolder)},
                                  {"motion", clips[c].motion},
                                  {"begin_frame", clips[c].beginFrame},
                                  {"end_frame", clips[c].endFrame}}),
                  -1);
  }
  o << "\n  ]\n}\n";
  return commitExport(directory, clipFiles, {indexPath, o.str()});
}

}  // namespace mg
