// SPDX-License-Identifier: MIT
// mgtool snap: Snap-Together Motion from capture files to an exported, snapped graph.
#include "app/mgtool/cli/common_options.h"
#include "app/mgtool/cli/glitch_option.h"
#include "app/mgtool/cli/json_writer.h"
#include "app/mgtool/cli/registry.h"
#include "app/mgtool/snap/snap_database.h"
#include "core/graph/directed_graph.h"
#include "core/io/snap_export.h"
#include "core/snap/snap_pipeline.h"
#include "core/util/stopwatch.h"

namespace mg::tool {
namespace {

constexpr char kDescription[] =
    "Builds a Snap-Together graph from capture files: resamples them to the working rate,\n"
    "computes the distance grid, suggests --hubs hubs, snaps every match frame to its hub's\n"
    "common pose (displacement maps, then foot plants), and exports the graph to --out DIR\n"
    "(DIR/snap_graph.json and the clips it names, DIR/clips/*.bvh, or clips-2/, clips-3/... when\n"
    "DIR held an export; schema in core/io/SNAP_FORMAT.md). Prints JSON:\n"
    "hubs, edges, dead_ends (hubs outside the largest strongly connected component), largest_scc\n"
    "(hubs in it), the worst cut jumps before and after snapping, mean planted-foot speed of\n"
    "the original (skate_before_mps) and snapped (skate_after_mps) motions, and seconds.\n"
    "A file whose skeleton differs from the first file's is rejected with a message on stderr\n"
    "and listed in rejected_files; the rest go on. An unreadable file fails the command.\n"
    "Capture glitches (frames that are not motion, as mgtool info lists them) are left out:\n"
    "no clip plays across one (glitch_edges_left_out counts them, stderr names each glitch);\n"
    "--keep-glitches builds from every frame.";

class Snap final : public Command {
 public:
  Snap() : Command({"FILES...", 1}, kDescription) {}

 private:
  int run() override {
    const std::optional<std::vector<MotionFormat>> copies = m_format.copies();
    if (!copies) return kExitUsage;
    const SnapBuildSettings settings = m_build.settings();
    const Stopwatch clock;
    const std::optional<SnapDatabase> db = loadSnapDatabase(*this, positional(), settings);
    if (!db) return kExitFailed;
    // The editor's derivation (core/snap/snap_pipeline.h), with suggested hubs.
    SnapPipelineRequest request;
    request.motions = db->motions;
    request.metric.workingFps = settings.fps;
    GridOptions grid;
    grid.threads = settings.gridThreads;
    request.suggest = SnapSuggestRequest{settings.hubs, settings.threshold, settings.percentile,
                                         settings.wminFrames, grid};
    request.keepGlitches = m_glitches.keep();
    std::optional<SnapPipelineResult> result;
    runSnapPipeline(request, {}, [&](const SnapPipelineResult& r) { result = r; });
    if (result && !request.keepGlitches) {
      for (size_t m = 0; m < result->glitches.size(); ++m) {
        for (const PoseGlitch& g : result->glitches[m]) {
          note(result->working[m]->name + ", at the working rate: no clip across it " +
               "(--keep-glitches keeps it): " + describeGlitch(*result->working[m], g));
        }
      }
    }
    if (!result || !result->errorMessage.empty() || !result->snapErrorMessage.empty() ||
        !result->snapped || !result->cutsBefore || !result->cutsAfter) {
      return fail(!result                             ? "the snap pipeline reported nothing"
                  : !result->errorMessage.empty()     ? result->errorMessage
                  : !result->snapErrorMessage.empty() ? result->snapErrorMessage
                  : result->graph.edges.empty() && result->edgesLeftOut > 0
                      ? "every clip of the graph crosses a capture glitch (--keep-glitches "
                        "builds from them)"
                  : result->graph.edges.empty() ? "the graph has no edge to snap"
                                                : "the cut quality could not be measured");
    }
    const HubGraph& graph = result->graph;
    const SnapResult& snapped = *result->snapped;
    const CutQuality& before = *result->cutsBefore;
    const CutQuality& after = *result->cutsAfter;
    const std::string& out = *m_out;
    SnapExportInput input{
        &graph,
        &snapped,
        {result->threshold, settings.wminFrames, settings.trimFrames, result->buildSeconds}};
    input.clipCopies = *copies;
    if (Status s = exportSnapGraph(input, out); !s) return fail(s.error().message);
    const StronglyConnectedComponents scc = stronglyConnectedComponents(graph.graph());
    const int largest = largestComponent(scc);
    const int largestSize = largest >= 0 ? scc.sizes[largest] : 0;

    JsonWriter json;
    json.beginObject();
    json.key("motions"), json.value(static_cast<int>(db->motions.size()));
    json.key("rejected_files"), json.beginArray();
    for (const std::string& f : db->rejected) json.value(f);
    json.endArray();
    json.key("frames"), json.value(result->frames->frameCount());
    json.key("threshold_m2"), json.value(result->threshold);
    json.key("hubs"), json.value(static_cast<int>(graph.hubs.size()));
    json.key("match_frames"), json.beginArray();
    for (const Hub& h : graph.hubs) json.value(static_cast<int>(h.matchFrames.size()));
    json.endArray();
    json.key("edges"), json.value(static_cast<int>(graph.edges.size()));
    json.key("glitch_edges_left_out"), json.value(result->edgesLeftOut);
    json.key("dead_ends"), json.value(static_cast<int>(result->deadEnds.size()));
    json.key("largest_scc"), json.value(largestSize);
    json.key("cuts"), json.value(static_cast<int>(after.cuts.size()));
    json.key("max_pos_jump_before_m"), json.value(before.maxPositionJump);
    json.key("max_pos_jump_after_m"), json.value(after.maxPositionJump);
    json.key("max_vel_jump_before_mps"), json.value(before.maxVelocityJump);
    json.key("max_vel_jump_after_mps"), json.value(after.maxVelocityJump);
    json.key("skate_before_mps"), json.value(result->skateBeforeMps);
    json.key("skate_after_mps"), json.value(result->skateAfterMps);
    json.key("out"), json.value(out);
    json.key("seconds"), json.value(clock.seconds());
    json.endObject();
    return printJson(json);
  }

  SnapBuildOptions m_build{*this};
  Value<std::string> m_out = outOption(*this, "DIR", "folder to write the export to");
  ClipFormatOption m_format{*this};
  GlitchOption m_glitches{*this};
};

const CommandRegistration kRegistered{
    "snap", 50, "build, snap and export a Snap-Together graph from capture files", make<Snap>};

}  // namespace
}  // namespace mg::tool
