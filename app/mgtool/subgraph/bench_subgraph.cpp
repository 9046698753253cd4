// SPDX-License-Identifier: MIT
// mgtool bench subgraph: the database motion graph and the Iterative Sub-graph Algorithm at the
// paper's scale (generated frames) or on capture files, with sizes, seconds and peak memory.
#include <cmath>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <sstream>

#include "app/mgtool/cli/json_writer.h"
#include "app/mgtool/cli/registry.h"
#include "app/mgtool/subgraph/bench_database.h"
#include "app/mgtool/subgraph/dmg_database.h"
#include "core/dmg/dmg_builder.h"
#include "core/io/keys_json.h"
#include "core/subgraph/iterative_subgraph.h"
#include "core/subgraph/subgraph_verifier.h"
#include "core/util/stopwatch.h"

namespace mg::tool {
namespace {

// Peak resident memory of this process so far, MiB (VmHWM), or -1 when unknown.
// Processor time of this process so far (all threads), seconds: next to wall time it shows how
// much of a slow figure was other work on a shared machine.
double cpuSeconds() {
  return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

double peakMemoryMiB() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmHWM:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;
  }
  return -1;
}

// `segments` key segments with about keyFrames frames in all, as an author would pick them: one
// behaviour after another (walk, jog, stand, turn, jump, reach...), each from the middle of a
// programme segment of that behaviour in a different motion, kept only where the graph has it.
std::vector<KeySegment> behaviourKeys(const DatabaseMotionGraph& g, const BenchDatabase& db,
                                      int segments, int keyFrames) {
  std::vector<KeySegment> keys;
  const int length = std::max(1, keyFrames / segments);
  std::vector<bool> usedMotion(db.motions.size(), false);
  for (int i = 0; i < segments; ++i) {
    const BenchBehaviour want = static_cast<BenchBehaviour>(i % 6);
    // Spread over the database: start looking at a different place for every key.
    const size_t n = db.segments.size();
    const size_t start = (static_cast<size_t>(i) * 7919) % n;
    for (size_t k = 0; k < n; ++k) {
      const BenchSegment& s = db.segments[(start + k) % n];
      if (s.behaviour != want || usedMotion[s.motion] || s.endFrame - s.beginFrame < 2 * length)
        continue;
      const int begin = (s.beginFrame + s.endFrame - length) / 2;
      if (g.vertexOf(s.motion, begin) < 0 || g.vertexOf(s.motion, begin + length - 1) < 0) continue;
      usedMotion[s.motion] = true;
      keys.push_back({std::string(behaviourName(want)) + "_" + std::to_string(i), s.motion, begin,
                      begin + length});
      break;
    }
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
  const double cpuBefore = cpuSeconds();
  job.onIteration = [](const IsaIteration& it) {
    std::fprintf(stderr, "bench subgraph: iteration %d: %d vertices (%d CSP, %.2f s)\n",
                 it.iteration, it.subgraphVertices, it.cspSearches, it.seconds);
  };
  Result<SubgraphResult> r = findMinimumSubgraph(job);
  const double seconds = clock.seconds();
  const double cpu = cpuSeconds() - cpuBefore;
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
  json.key("cpu"), json.value(cpu);
  json.key("key_distances_and_core"), json.value(r->precomputeSeconds);
  json.key("required_subgraph"), json.value(r->requiredSeconds);
  json.key("iterations"), json.value(r->iterationSeconds);
  json.key("verify"), json.value(verifySeconds);
  json.endObject();
  json.key("peak_memory_mib"), json.value(peakMemoryMiB());
  json.endObject();
}

constexpr char kDescription[] =
    "Without FILES: generates --frames frames (default 87,000, the paper's database size) in\n"
    "--motions takes at 30 Hz (bench_database.h: random programmes of walk, jog, stand, turn,\n"
    "jump and reach by a 16-joint biped in the styles of several performers), builds the\n"
    "database motion graph (default --threshold 0.004, which gives the paper's density),\n"
    "picks --segments key segments (one behaviour after another) with\n"
    "--key-frames frames in all, and runs the Iterative Sub-graph Algorithm for --requirements\n"
    "(default 1) with --gamma from the DMG and from CORE. With FILES: the same on capture files\n"
    "(--fps, --trim, --threshold as 'mgtool dmg') and the keys of --keys KEYS.json,\n"
    "requirements 1,2,3,4 by default; --requirements none builds the DMG only. Prints JSON:\n"
    "DMG size and seconds per phase, then per run CORE, RequiredSubgraph and subgraph sizes,\n"
    "fractions of the DMG and CORE, iterations, pairs satisfied (independent verifier), seconds\n"
    "per phase and peak memory. Requirement 3 runs with gamma x 15/40 and requirement 4 with\n"
    "gamma x 60/40 (the paper's 15 and 60 for its 40). Figures, not a test: never fails on time.";

class BenchSubgraph final : public Command {
 public:
  BenchSubgraph() : Command({"[FILES...]"}, kDescription) {}

 private:
  int run() override {
    std::optional<DmgToolSettings> settings = m_build.settings();
    if (!settings) return kExitUsage;
    const bool files = !positional().empty();
    if (files && !m_keys.given()) return usageError("with FILES give --keys KEYS.json");
    std::vector<int> requirements;
    {
      const std::string list = m_requirements.given() ? *m_requirements : (files ? "1,2,3,4" : "1");
      std::stringstream items(list == "none" ? "" : list);
      for (std::string item; std::getline(items, item, ',');) {
        if (item != "1" && item != "2" && item != "3" && item != "4") {
          return usageError("--requirements takes 1, 2, 3 and 4 separated by commas, or none");
        }
        requirements.push_back(std::stoi(item));
      }
    }
    std::vector<bool> froms;
    {
      const std::string list = m_from.given() ? *m_from : "dmg,core";
      std::stringstream items(list);
      for (std::string item; std::getline(items, item, ',');) {
        if (item != "dmg" && item != "core") return usageError("--from takes dmg and core");
        froms.push_back(item == "core");
      }
    }
    Stopwatch total, clock;
    const double cpuAtStart = cpuSeconds();
    std::vector<std::shared_ptr<const Motion>> database;
    BenchDatabase generated;
    std::optional<DmgDatabase> db;
    if (files) {
      db = loadDmgDatabase(*this, positional(), *settings);
      if (!db) return kExitFailed;
      database = db->motions;
    } else {
      BenchDatabaseSpec gen;
      gen.frames = *m_frames;
      gen.motions = *m_motions;
      generated = generateBenchDatabase(gen);
      database = generated.motions;
      settings->fps = 30.0;
      // The threshold that gives the generated database the paper's density (about 7 edges per
      // vertex at 87,000 frames; real capture needs 0.02 for the same).
      if (!m_build.thresholdGiven()) settings->threshold = 0.004;
    }
    const double loadSeconds = clock.seconds();
    std::vector<const Motion*> pointers;
    for (const auto& m : database) pointers.push_back(m.get());
    clock.restart();
    const double cpuBeforeDmg = cpuSeconds();
    Result<DmgBuildResult> built = buildDatabaseMotionGraph(pointers, settings->build());
    if (!built) return fail(built.error().message);
    const double dmgSeconds = clock.seconds();
    const double dmgCpu = cpuSeconds() - cpuBeforeDmg;
    const DatabaseMotionGraph& g = built->graph;
    std::vector<KeySegment> keys;
    if (files) {
      Result<std::vector<KeyFileEntry>> entries = readKeysFile(*m_keys);
      if (!entries) return fail(entries.error().message);
      for (KeyFileEntry& e : entries.value()) e.file = resolveKeyFilePath(*m_keys, e.file);
      std::optional<std::vector<KeySegment>> k =
          toolKeySegments(*this, entries.value(), *db, *settings);
      if (!k) return kExitFailed;
      keys = std::move(*k);
    } else {
      keys = behaviourKeys(g, generated, *m_segments, *m_keyFrames);
    }
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
    json.key("dmg_edges_per_vertex"),
        json.value(static_cast<double>(g.edgeCount()) / std::max(1, g.vertexCount()));
    if (!files) {
      // How the generated behaviours connect: transitions leaving a frame of each behaviour.
      std::vector<double> frames(6, 0), transitions(6, 0);
      std::vector<int> behaviourOf(g.vertexCount(), 0);
      for (const BenchSegment& seg : generated.segments) {
        for (int f = seg.beginFrame; f < seg.endFrame; ++f) {
          const int v = g.vertexOf(seg.motion, f);
          if (v >= 0) behaviourOf[v] = static_cast<int>(seg.behaviour);
        }
      }
      for (int v = 0; v < g.vertexCount(); ++v) {
        frames[behaviourOf[v]] += 1;
        for (int e = g.graph().edgeBegin(v); e < g.graph().edgeEnd(v); ++e)
          transitions[behaviourOf[v]] += g.edgeKind(e) == DmgEdgeKind::Transition;
      }
      json.key("transitions_per_frame_by_behaviour");
      json.beginObject();
      for (int b = 0; b < 6; ++b) {
        json.key(behaviourName(static_cast<BenchBehaviour>(b)));
        json.value(frames[b] > 0 ? transitions[b] / frames[b] : 0.0);
      }
      json.endObject();
    }
    json.key("dmg_seconds");
    json.beginObject();
    json.key("load_or_generate"), json.value(loadSeconds);
    json.key("frames"), json.value(built->stats.framesSeconds);
    json.key("minima"), json.value(built->stats.minimaSeconds);
    json.key("graph"), json.value(built->stats.graphSeconds);
    json.key("total"), json.value(dmgSeconds);
    json.key("cpu"), json.value(dmgCpu);
    json.endObject();
    json.key("dmg_peak_memory_mib"), json.value(peakMemoryMiB());
    int keyCount = 0;
    json.key("keys");
    json.beginArray();
    for (const KeySegment& k : keys) {
      keyCount += k.endFrame - k.beginFrame;
      json.value(k.name + " " + database[k.motion]->name + " [" + std::to_string(k.beginFrame) +
                 ", " + std::to_string(k.endFrame) + ")");
    }
    json.endArray();
    json.key("key_segments"), json.value(static_cast<int>(keys.size()));
    json.key("key_frames"), json.value(keyCount);
    json.key("runs");
    json.beginArray();
    for (int k : requirements) {
      Requirement req;
      req.kind = static_cast<RequirementKind>(k);
      req.gamma = *m_gamma;
      if (k == 3)
        req.gamma = std::max(1, req.gamma * 15 / 40);  // the paper's clip-to-clip limit: 15
      if (k == 4) req.gamma = req.gamma * 60 / 40;     // the paper's quality bound: 60
      for (bool fromCore : froms) runIsa(json, g, keys, req, fromCore, settings->threads);
    }
    json.endArray();
    json.key("total_seconds"), json.value(total.seconds());
    json.key("total_cpu_seconds"), json.value(cpuSeconds() - cpuAtStart);
    json.key("peak_memory_mib"), json.value(peakMemoryMiB());
    json.endObject();
    return printJson(json);
  }

  DmgBuildOptions m_build{*this};
  Value<int> m_frames =
      number<int>("frames", "N", "generated frames (default 87000)", 87000, 100, 1e7);
  Value<int> m_motions = number<int>("motions", "M", "generated motions (default 89)", 89, 1, 1e5);
  Value<int> m_segments =
      number<int>("segments", "S", "generated key segments (default 13)", 13, 1, 1000);
  Value<int> m_keyFrames =
      number<int>("key-frames", "K", "generated key frames in all (default 500)", 500, 1, 1e6);
  Value<std::string> m_keys =
      text("keys", "KEYS.json", "key segments of FILES (required with FILES)");
  Value<int> m_gamma = number<int>(
      "gamma", "G", "bound in frames (cost for requirement 4; default 40)", 40, 1, kMaxGamma);
  Value<std::string> m_requirements =
      text("requirements", "LIST",
           "comma-separated requirements to run, or none (default 1; 1,2,3,4 with FILES)");
  Value<std::string> m_from = text("from", "LIST", "dmg, core or dmg,core (default dmg,core)");
};

const CommandRegistration kRegistered{
    "bench subgraph", 60,
    "database motion graph and minimum-size subgraph at 87,000 frames or on files",
    make<BenchSubgraph>};

}  // namespace
}  // namespace mg::tool
