// SPDX-License-Identifier: MIT
// mgtool bench subgraph: the database motion graph and the Iterative Sub-graph Algorithm at the
// paper's scale (generated frames) or on capture files, with sizes, seconds and peak memory.
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "app/mgtool/commands.h"
#include "app/mgtool/dmg_database.h"
#include "app/mgtool/json_writer.h"
#include "core/dmg/dmg_builder.h"
#include "core/motion/quaternion.h"
#include "core/subgraph/iterative_subgraph.h"
#include "core/subgraph/subgraph_verifier.h"
#include "core/util/stopwatch.h"

namespace mg::tool {
namespace {

// Peak resident memory of this process so far, MiB (VmHWM), or -1 when unknown.
double peakMemoryMiB() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmHWM:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;
  }
  return -1;
}

// A 12-joint biped walking on a straight line; gait parameters vary with `variant` in [0, 1]
// and drift slowly over time, so frames of neighbouring variants resemble each other and
// no two frames are exact copies.
std::shared_ptr<const Skeleton> benchSkeleton() {
  auto s = std::make_shared<Skeleton>();
  auto add = [&](const char* name, int parent, double x, double y, double z) {
    s->joints.push_back({name, parent, Eigen::Vector3d(x, y, z)});
    return s->jointCount() - 1;
  };
  const int hips = add("Hips", -1, 0, 0, 0);
  const int spine = add("Spine", hips, 0, 0.25, 0);
  const int neck = add("Neck", spine, 0, 0.3, 0);
  add("Head", neck, 0, 0.15, 0);
  for (const char* side : {"Left", "Right"}) {
    const double x = side[0] == 'L' ? 1 : -1;
    const int up = add((std::string(side) + "UpLeg").c_str(), hips, 0.1 * x, 0, 0);
    const int leg = add((std::string(side) + "Leg").c_str(), up, 0, -0.42, 0);
    add((std::string(side) + "Foot").c_str(), leg, 0, -0.42, 0.03);
    const int arm = add((std::string(side) + "Arm").c_str(), neck, 0.18 * x, 0, 0);
    (void)add((std::string(side) + "ForeArm").c_str(), arm, 0, -0.28, 0);
  }
  return s;
}

Motion benchMotion(const std::shared_ptr<const Skeleton>& skeleton, int index, double variant,
                   int frames) {
  Motion m;
  m.name = "generated_" + std::to_string(index);
  m.skeleton = skeleton;
  m.fps = 30.0;
  const double speed = 0.6 + 1.8 * variant;                        // m/s, slow walk to jog
  const double step = 0.65 - 0.3 * variant;                        // seconds per step
  const double drift = 7.0 + 5.0 * std::fmod(index * 0.618, 1.0);  // seconds per drift cycle
  double z = 0, phase = index * 0.7;
  for (int f = 0; f < frames; ++f) {
    const double t = f / 30.0;
    const double mod = 1.0 + 0.25 * std::sin(2 * M_PI * t / drift + index);
    phase += M_PI / 30.0 / (step * (1.0 + 0.1 * (mod - 1.0)));
    z += speed * mod / 30.0;
    m.rootPositions.emplace_back(0.0, 0.92 + 0.03 * std::cos(2 * phase), z);
    const double swing = (20 + 25 * variant) * mod;
    for (int j = 0; j < skeleton->jointCount(); ++j) {
      const std::string& n = skeleton->joints[j].name;
      double x = 0, y = 0;
      if (n == "Hips") y = 6 * std::sin(phase), x = 3 * std::sin(2 * phase);
      if (n == "Spine") x = 5 + 10 * variant;
      if (n == "LeftUpLeg") x = swing * std::sin(phase);
      if (n == "RightUpLeg") x = -swing * std::sin(phase);
      if (n == "LeftLeg") x = (25 + 30 * variant) * std::max(0.0, std::sin(phase + 1));
      if (n == "RightLeg") x = (25 + 30 * variant) * std::max(0.0, -std::sin(phase + 1));
      if (n == "LeftArm") x = -0.8 * swing * std::sin(phase);
      if (n == "RightArm") x = 0.8 * swing * std::sin(phase);
      if (n == "LeftForeArm" || n == "RightForeArm") x = -20 - 40 * variant;
      m.localRotations.push_back(eulerToQuaternion("XYZ", Eigen::Vector3d(x, y, 0)));
    }
  }
  return m;
}

// `segments` key segments of about keyFrames / segments frames, spread over the motions.
std::vector<KeySegment> spreadKeys(const DatabaseMotionGraph& g, int segments, int keyFrames) {
  std::vector<KeySegment> keys;
  const int length = std::max(1, keyFrames / segments);
  for (int i = 0; i < segments; ++i) {
    const int motion = static_cast<int>((i + 0.5) * g.motionCount() / segments);
    const int frames = g.motionFrameCounts()[motion];
    const int begin =
        std::max(0, std::min(frames - length, frames / 3 + 7 * i % std::max(1, frames / 3)));
    keys.push_back({"key" + std::to_string(i), motion, begin, std::min(frames, begin + length)});
  }
  return keys;
}

void runIsa(JsonWriter& json, const DatabaseMotionGraph& g, const std::vector<KeySegment>& keys,
            Requirement req, bool fromCore, int threads) {
  SubgraphJob job;
  job.graph = &g;
  job.keys = keys;
  job.requirement = req;
  job.settings.fromCore = fromCore;
  job.settings.threads = threads;
  Stopwatch clock;
  Result<SubgraphResult> r = findMinimumSubgraph(job);
  const double seconds = clock.seconds();
  json.beginObject();
  json.key("requirement"), json.value(static_cast<int>(req.kind));
  json.key("gamma"), json.value(req.gamma);
  json.key("from"), json.value(fromCore ? "core" : "dmg");
  if (!r) {
    json.key("error"), json.value(r.error().message);
    json.endObject();
    return;
  }
  clock.restart();
  Result<VerificationReport> v = verifySubgraph(g, keys, req, r->vertices);
  const double verifySeconds = clock.seconds();
  json.key("core_vertices"), json.value(static_cast<int>(r->coreVertices.size()));
  json.key("core_edges"), json.value(r->coreEdges);
  json.key("required_vertices"), json.value(static_cast<int>(r->requiredVertices.size()));
  json.key("subgraph_vertices"), json.value(static_cast<int>(r->vertices.size()));
  json.key("subgraph_edges"), json.value(r->edges);
  json.key("fraction_of_dmg"),
      json.value(static_cast<double>(r->vertices.size()) / g.vertexCount());
  json.key("fraction_of_core"),
      json.value(static_cast<double>(r->vertices.size()) / r->coreVertices.size());
  json.key("iterations");
  json.beginArray();
  for (const IsaIteration& it : r->iterations) json.value(it.subgraphVertices);
  json.endArray();
  json.key("key_pairs"), json.value(r->keyPairs);
  json.key("key_pairs_satisfied"), json.value(v ? v->satisfied : -1);
  json.key("relaxed_pairs"), json.value(r->relaxedPairs);
  json.key("mean_min_transition_frames"), json.value(v ? v->meanSubgraphFrames : -1.0);
  json.key("seconds");
  json.beginObject();
  json.key("total"), json.value(seconds);
  json.key("key_distances_and_core"), json.value(r->precomputeSeconds);
  json.key("required_subgraph"), json.value(r->requiredSeconds);
  json.key("iterations"), json.value(r->iterationSeconds);
  json.key("verify"), json.value(verifySeconds);
  json.endObject();
  json.key("peak_memory_mib"), json.value(peakMemoryMiB());
  json.endObject();
}

}  // namespace

int runBenchSubgraph(std::span<const std::string> args) {
  CommandSpec spec{
      "bench subgraph",
      "[FILES...]",
      "Without FILES: generates --frames frames (default 87,000, the paper's database size) of\n"
      "--motions walking motions at 30 Hz (a 12-joint biped whose gait varies from motion to "
      "motion\n"
      "and drifts in time), builds the database motion graph, picks --segments key segments with\n"
      "--key-frames frames in all, and runs the Iterative Sub-graph Algorithm for --requirements\n"
      "(default 1) with --gamma from the DMG and from CORE. With FILES: the same on capture files\n"
      "(--fps, --trim, --threshold as 'mgtool dmg'), requirements 1,2,3,4 by default. Prints "
      "JSON:\n"
      "DMG size and seconds per phase, then per run CORE, RequiredSubgraph and subgraph sizes,\n"
      "fractions of the DMG and CORE, iterations, pairs satisfied (independent verifier), seconds\n"
      "per phase and peak memory. Figures, not a test: it never fails on time.",
      dmgBuildOptions(),
      0,
      -1};
  spec.options.push_back({"frames", "N", "generated frames (default 87000)"});
  spec.options.push_back({"motions", "M", "generated motions (default 89)"});
  spec.options.push_back({"segments", "S", "key segments (default 13)"});
  spec.options.push_back({"key-frames", "K", "key frames in all (default 500)"});
  spec.options.push_back({"gamma", "G", "bound in frames (cost for requirement 4; default 40)"});
  spec.options.push_back({"requirements", "LIST",
                          "comma-separated requirements to run (default 1; 1,2,3,4 with FILES)"});
  const std::optional<ParsedArgs> parsed = parseArgs(spec, args);
  if (!parsed) return kExitUsage;
  if (parsed->help) return printHelp(spec), kExitOk;
  std::optional<DmgToolSettings> settings = readDmgToolSettings(*parsed, "bench subgraph");
  const auto frames = numberOption(*parsed, "bench subgraph", "frames", 87000, 100, 1e7);
  const auto motions = numberOption(*parsed, "bench subgraph", "motions", 89, 1, 1e5);
  const auto segments = numberOption(*parsed, "bench subgraph", "segments", 13, 1, 1000);
  const auto keyFrames = numberOption(*parsed, "bench subgraph", "key-frames", 500, 1, 1e6);
  const auto gamma = numberOption(*parsed, "bench subgraph", "gamma", 40, 1, kMaxGamma);
  if (!settings || !frames || !motions || !segments || !keyFrames || !gamma) return kExitUsage;
  const bool files = !parsed->positional.empty();
  std::vector<int> requirements;
  {
    std::stringstream list(parsed->has("requirements") ? parsed->options.at("requirements")
                                                       : (files ? "1,2,3,4" : "1"));
    for (std::string item; std::getline(list, item, ',');) {
      if (item != "1" && item != "2" && item != "3" && item != "4") {
        std::fprintf(
            stderr,
            "mgtool bench subgraph: --requirements takes 1, 2, 3 and 4 separated by commas\n");
        return kExitUsage;
      }
      requirements.push_back(std::stoi(item));
    }
  }
  Stopwatch total, clock;
  std::vector<std::shared_ptr<const Motion>> database;
  if (files) {
    const std::optional<DmgDatabase> db =
        loadDmgDatabase("bench subgraph", parsed->positional, *settings);
    if (!db) return kExitFailed;
    database = db->motions;
  } else {
    const auto skeleton = benchSkeleton();
    const int m = static_cast<int>(*motions);
    for (int i = 0; i < m; ++i) {
      const int count = static_cast<int>(*frames) / m + (i < static_cast<int>(*frames) % m ? 1 : 0);
      database.push_back(std::make_shared<const Motion>(
          benchMotion(skeleton, i, m > 1 ? i / (m - 1.0) : 0.5, count)));
    }
    settings->fps = 30.0;
  }
  const double loadSeconds = clock.seconds();
  std::vector<const Motion*> pointers;
  for (const auto& m : database) pointers.push_back(m.get());
  clock.restart();
  Result<DmgBuildResult> built = buildDatabaseMotionGraph(pointers, settings->build());
  if (!built) {
    std::fprintf(stderr, "mgtool bench subgraph: %s\n", built.error().message.c_str());
    return kExitFailed;
  }
  const double dmgSeconds = clock.seconds();
  const DatabaseMotionGraph& g = built->graph;
  const std::vector<KeySegment> keys =
      spreadKeys(g, static_cast<int>(*segments), static_cast<int>(*keyFrames));
  JsonWriter json;
  json.beginObject();
  json.key("database"), json.value(files ? "files" : "generated");
  json.key("motions"), json.value(static_cast<int>(database.size()));
  json.key("joints"), json.value(database.front()->jointCount());
  json.key("fps"), json.value(settings->fps);
  json.key("window_frames"), json.value(settings->build().metric.windowFrames);
  json.key("threshold_m2"), json.value(settings->threshold);
  json.key("database_frames"), json.value(built->stats.databaseFrames);
  json.key("dmg_vertices"), json.value(g.vertexCount());
  json.key("dmg_edges"), json.value(g.edgeCount());
  json.key("dmg_transitions"), json.value(g.transitionCount());
  json.key("dmg_seconds");
  json.beginObject();
  json.key("load_or_generate"), json.value(loadSeconds);
  json.key("frames"), json.value(built->stats.framesSeconds);
  json.key("minima"), json.value(built->stats.minimaSeconds);
  json.key("graph"), json.value(built->stats.graphSeconds);
  json.key("total"), json.value(dmgSeconds);
  json.endObject();
  json.key("dmg_peak_memory_mib"), json.value(peakMemoryMiB());
  int keyCount = 0;
  for (const KeySegment& k : keys) keyCount += k.endFrame - k.beginFrame;
  json.key("key_segments"), json.value(static_cast<int>(keys.size()));
  json.key("key_frames"), json.value(keyCount);
  json.key("runs");
  json.beginArray();
  for (int k : requirements) {
    Requirement req;
    req.kind = static_cast<RequirementKind>(k);
    req.gamma = static_cast<int>(*gamma);
    if (k == 3) req.gamma = std::max(1, req.gamma * 15 / 40);  // the paper's clip-to-clip limit: 15
    if (k == 4) req.gamma = req.gamma * 60 / 40;               // the paper's quality bound: 60
    for (bool fromCore : {false, true}) runIsa(json, g, keys, req, fromCore, settings->threads);
  }
  json.endArray();
  json.key("total_seconds"), json.value(total.seconds());
  json.key("peak_memory_mib"), json.value(peakMemoryMiB());
  json.endObject();
  std::fputs(json.text().c_str(), stdout);
  std::fputs("\n", stdout);
  return kExitOk;
}

}  // namespace mg::tool
