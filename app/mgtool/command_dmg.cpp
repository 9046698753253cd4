// SPDX-License-Identifier: MIT
// mgtool dmg: the database motion graph of capture files (Zhao et al. 2009, section 3.1).
#include <cstdio>

#include "app/mgtool/commands.h"
#include "app/mgtool/motion_output.h"
#include "app/mgtool/dmg_database.h"
#include "app/mgtool/json_writer.h"
#include "core/io/subgraph_export.h"
#include "core/util/stopwatch.h"

namespace mg::tool {

int runDmg(std::span<const std::string> args) {
  CommandSpec spec{
      "dmg",
      "FILES...",
      "Builds the database motion graph of capture files: every frame at the working rate is a\n"
      "vertex, natural edges join consecutive frames, transition edges join frames whose distance\n"
      "is a local minimum under --threshold (streamed, no N x N matrix), and the graph is pruned\n"
      "to its largest strongly connected component. With --out DIR it is exported in the subgraph\n"
      "format (core/io/SUBGRAPH_FORMAT.md; every kept frame, every edge, clips as BVH). Prints "
      "JSON:\n"
      "database_frames, vertices, edges, transitions, largest_scc_vertices, minima, and seconds\n"
      "per phase. Files must share one skeleton.",
      dmgBuildOptions(),
      1,
      -1};
  spec.options.push_back({"out", "DIR", "folder to export the graph to (optional)"});
  spec.options.push_back(kClipFormatOption);
  const std::optional<ParsedArgs> parsed = parseArgs(spec, args);
  if (!parsed) return kExitUsage;
  if (parsed->help) return printHelp(spec), kExitOk;
  const std::optional<std::vector<MotionFormat>> copies = clipCopyFormats(*parsed, "dmg");
  if (!copies) return kExitUsage;
  const std::optional<DmgToolSettings> settings = readDmgToolSettings(*parsed, "dmg");
  if (!settings) return kExitUsage;
  Stopwatch clock;
  const std::optional<DmgDatabase> db = loadDmgDatabase("dmg", parsed->positional, *settings);
  if (!db) return kExitFailed;
  const double loadSeconds = clock.seconds();
  const std::optional<DmgBuildResult> built = buildDmg("dmg", *db, *settings);
  if (!built) return kExitFailed;
  const DatabaseMotionGraph& g = built->graph;
  const double buildSeconds = clock.seconds() - loadSeconds;
  double exportSeconds = 0;
  if (parsed->has("out")) {
    clock.restart();
    SubgraphExportInput in;
    in.graph = &g;
    in.motions = db->motions;
    for (int v = 0; v < g.vertexCount(); ++v) in.keptVertices.push_back(v);
    in.generatorNote = "database motion graph";
    in.clipCopies = *copies;
    in.trimLeadingFrames = settings->trimFrames;
    in.buildSeconds = buildSeconds;
    if (Status s = exportSubgraph(parsed->options.at("out"), in); !s) {
      std::fprintf(stderr, "mgtool dmg: %s\n", s.error().message.c_str());
      return kExitFailed;
    }
    exportSeconds = clock.seconds();
  }
  const DmgBuildStats& st = built->stats;
  JsonWriter json;
  json.beginObject();
  json.key("motions"), json.value(static_cast<int>(db->motions.size()));
  json.key("fps"), json.value(settings->fps);
  json.key("threshold_m2"), json.value(settings->threshold);
  json.key("database_frames"), json.value(st.databaseFrames);
  json.key("minima"), json.value(st.minima);
  json.key("vertices_before_prune"), json.value(st.verticesBeforePrune);
  json.key("edges_before_prune"), json.value(st.edgesBeforePrune);
  json.key("vertices"), json.value(g.vertexCount());
  json.key("edges"), json.value(g.edgeCount());
  json.key("transitions"), json.value(g.transitionCount());
  json.key("largest_scc_vertices"), json.value(g.vertexCount());
  json.key("seconds");
  json.beginObject();
  json.key("load"), json.value(loadSeconds);
  json.key("frames"), json.value(st.framesSeconds);
  json.key("minima"), json.value(st.minimaSeconds);
  json.key("graph"), json.value(st.graphSeconds);
  json.key("export"), json.value(exportSeconds);
  json.endObject();
  json.endObject();
  std::fputs(json.text().c_str(), stdout);
  std::fputs("\n", stdout);
  return kExitOk;
}

}  // namespace mg::tool
