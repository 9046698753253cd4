// SPDX-License-Identifier: MIT
// mgtool bench pmg: figures for parametric motion graphs (core/param). Prints, never judges.
#include <filesystem>
#include <memory>

#include "app/mgtool/cli/common_options.h"
#include "app/mgtool/cli/json_writer.h"
#include "app/mgtool/cli/registry.h"
#include "core/import/import_motion_loader.h"
#include "core/io/pmg_json.h"
#include "core/io/pmg_text.h"
#include "core/param/graph_player.h"
#include "core/param/step_cycles.h"
#include "core/util/stopwatch.h"

namespace mg::tool {

namespace {

constexpr char kDescription[] =
    "Builds the paper's walking node from CMU subject 16's walks in DIR (cmu_turns: 16_15, 16_11,\n"
    "16_13, 16_17, 16_19, 16_47; two-step cycles from a left heel strike, parameter = change of\n"
    "travel direction), then times: the node, its inversion residual, the self-loop edge at n_s x "
    "n_t\n"
    "(sampling + distances), re-thresholding it (classify + boxes), single-thread synthesis, and "
    "the\n"
    "sizes of the text and JSON exports. Prints JSON.";

class BenchPmg final : public Command {
 public:
  BenchPmg() : Command({"DIR", 1, 1}, kDescription) {}

 private:
  int run() override {
    const std::string& dir = positional()[0];
    const MotionFileLoader load = importMotionLoader();

    Stopwatch clock;
    NodeSource source;
    source.name = "walk";
    source.metrics = {ParameterMetric{}};
    for (const char* file :
         {"16_15.bvh", "16_11.bvh", "16_13.bvh", "16_17.bvh", "16_19.bvh", "16_47.bvh"}) {
      Result<std::shared_ptr<const Motion>> m = load(dir + "/" + file, 0.0);
      if (!m) return fail(m.error().message);
      Result<std::vector<StepCycle>> cycles = findStepCycles(**m);
      if (!cycles) return fail(cycles.error().message);
      for (const StepCycle& c : *cycles)
        source.examples.push_back({file, c.beginFrame, c.endFrame});
    }
    const double loadSeconds = clock.seconds();
    clock.restart();
    Result<std::shared_ptr<const ParametricNode>> node = buildNodeFromSource(source, dir, load);
    if (!node) return fail(node.error().message);
    const double nodeSeconds = clock.seconds();
    Result<InversionResidual> residual = (*node)->residual(200);
    if (!residual) return kExitFailed;

    auto graph = std::make_shared<ParametricGraph>();
    graph->nodeSources.push_back(source);
    graph->nodes.push_back(*node);
    EdgeSettings settings;
    settings.sampling.sourceSamples = *m_ns;
    settings.sampling.targetSamples = *m_nt;
    settings.sampling.threads = *m_threads;
    clock.restart();
    Result<int> edge = addEdge(*graph, 0, 0, settings);
    const double edgeSeconds = clock.seconds();
    if (!edge) return fail(edge.error().message);
    const double samplingSeconds = graph->edges[0].sampling->seconds;

    // Re-thresholding: the cheap stage alone, over a sweep of thresholds like an author's tries.
    clock.restart();
    const int reps = *m_repeats;
    for (int r = 0; r < reps; ++r) {
      EdgeThresholds t = settings.thresholds;
      t.tGood *= 0.9 + 0.2 * r / std::max(1, reps - 1);
      t.tBad = std::max(t.tBad, t.tGood);
      if (!rethresholdEdge(*graph, 0, t)) return kExitFailed;
    }
    const double rethresholdSeconds = clock.seconds() / reps;
    if (!rethresholdEdge(*graph, 0, settings.thresholds)) return kExitFailed;

    // Synthesis on this thread only.
    PlayerSettings playerSettings;
    Result<GraphPlayer> player = GraphPlayer::create(graph, 0, std::nullopt, playerSettings);
    if (!player) return fail(player.error().message);
    Pose pose;
    const int toPlay = *m_frames;
    clock.restart();
    int played = 0;
    while (played < toPlay && player->next(pose)) ++played;
    const double synthSeconds = clock.seconds();

    // The sizes of the two export formats as core/io writes them (writePmgText, writePmgJson).
    const std::string text = formatPmgText(*graph, dir);
    const std::string json = jsonText(pmgToJson(*graph, dir), 2);
    const ParametricEdge& e = graph->edges[0].edge;

    JsonWriter out;
    out.beginObject();
    out.key("examples"), out.value((*node)->space().exampleCount());
    out.key("load_seconds"), out.value(loadSeconds);
    out.key("node_build_seconds"), out.value(nodeSeconds);
    out.key("parameter_range_deg"), out.beginArray(), out.value((*node)->rangeMin()[0]),
        out.value((*node)->rangeMax()[0]), out.endArray();
    out.key("residual_requests"), out.value(residual->requests);
    out.key("residual_mean_deg"), out.value(residual->meanError);
    out.key("residual_rms_deg"), out.value(residual->rmsError);
    out.key("residual_max_deg"), out.value(residual->maxError);
    out.key("n_s"), out.value(settings.sampling.sourceSamples);
    out.key("n_t"), out.value(settings.sampling.targetSamples);
    out.key("edge_build_seconds"), out.value(edgeSeconds);
    out.key("edge_sampling_seconds"), out.value(samplingSeconds);
    out.key("rethreshold_seconds"), out.value(rethresholdSeconds);
    out.key("edge_exists"), out.value(e.exists);
    out.key("good"), out.value(e.goodPairs);
    out.key("neutral"), out.value(e.neutralPairs);
    out.key("bad"), out.value(e.badPairs);
    out.key("shrunk_boxes"), out.value(e.shrunkBoxes);
    out.key("empty_boxes"), out.value(e.emptyBoxes);
    out.key("synthesis_frames"), out.value(played);
    out.key("synthesis_frames_per_second"), out.value(played / std::max(1e-9, synthSeconds));
    out.key("transitions"), out.value(static_cast<int>(player->transitions().size()));
    out.key("text_export_bytes"), out.value(static_cast<std::int64_t>(text.size()));
    out.key("json_export_bytes"), out.value(static_cast<std::int64_t>(json.size()));
    out.endObject();
    return printJson(out);
  }

  Value<int> m_ns = number<int>("n_s", "N", "source samples (default 50)", 50, 1, 100000);
  Value<int> m_nt = number<int>("n_t", "N", "target samples (default 1000)", 1000, 1, 100000);
  Value<int> m_threads = threadsOption(*this, "threads for the edge (default 0 = all)");
  Value<int> m_frames =
      number<int>("frames", "N", "frames to synthesise (default 100000)", 100000, 100, 1e9);
  Value<int> m_repeats =
      number<int>("repeats", "N", "re-threshold repetitions to average (default 20)", 20, 1, 1e6);
};

const CommandRegistration kRegistered{
    "bench pmg", 50, "time a parametric motion graph edge, re-thresholding and synthesis",
    make<BenchPmg>};

}  // namespace
}  // namespace mg::tool
