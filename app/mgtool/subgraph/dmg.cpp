// SPDX-License-Identifier: MIT
// mgtool dmg: the database motion graph of capture files (Zhao et al. 2009, section 3.1).
#include "app/mgtool/cli/common_options.h"
#include "app/mgtool/cli/json_writer.h"
#include "app/mgtool/cli/registry.h"
#include "app/mgtool/subgraph/dmg_database.h"
#include "core/io/subgraph_export.h"
#include "core/util/stopwatch.h"

namespace mg::tool {
namespace {

constexpr char kDescription[] =
    "Builds the database motion graph of capture files: every frame at the working rate is a\n"
    "vertex, natural edges join consecutive frames, transition edges join frames whose distance\n"
    "is a local minimum under --threshold (streamed, no N x N matrix), and the graph is pruned\n"
    "to its largest strongly connected component. With --out DIR it is exported in the subgraph\n"
    "format (core/io/SUBGRAPH_FORMAT.md; every kept frame, every edge, clips as BVH). Prints "
    "JSON:\n"
    "database_frames, vertices, edges, transitions, largest_scc_vertices, minima, and seconds\n"
    "per phase. Files must share one skeleton.";

class Dmg final : public Command {
 public:
  Dmg() : Command({"FILES...", 1}, kDescription) {}

 private:
  int run() override {
    const std::optional<std::vector<MotionFormat>> copies = m_format.copies();
    if (!copies) return kExitUsage;
    const std::optional<DmgToolSettings> settings = m_build.settings();
    if (!settings) return kExitUsage;
    Stopwatch clock;
    const std::optional<DmgDatabase> db = loadDmgDatabase(*this, positional(), *settings);
    if (!db) return kExitFailed;
    const double loadSeconds = clock.seconds();
    const std::optional<DmgBuildResult> built = buildDmg(*this, *db, *settings);
    if (!built) return kExitFailed;
    const DatabaseMotionGraph& g = built->graph;
    const double buildSeconds = clock.seconds() - loadSeconds;
    double exportSeconds = 0;
    if (m_out.given()) {
      clock.restart();
      SubgraphExportInput in;
      in.graph = &g;
      in.motions = db->motions;
      for (int v = 0; v < g.vertexCount(); ++v) in.keptVertices.push_back(v);
      in.generatorNote = "database motion graph";
      in.clipCopies = *copies;
      in.trimLeadingFrames = settings->trimFrames;
      in.buildSeconds = buildSeconds;
      if (Status s = exportSubgraph(*m_out, in); !s) return fail(s.error().message);
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
    json.key("glitch_frames_left_out"), json.value(st.glitchFramesLeftOut);
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
    return printJson(json);
  }

  DmgBuildOptions m_build{*this};
  Value<std::string> m_out = text("out", "DIR", "folder to export the graph to (optional)");
  ClipFormatOption m_format{*this};
};

const CommandRegistration kRegistered{
    "dmg", 80,
    "build the database motion graph of capture files (every frame a vertex) and export it",
    make<Dmg>};

}  // namespace
}  // namespace mg::tool
