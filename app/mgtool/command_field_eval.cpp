// SPDX-License-Identifier: MIT
// mgtool field eval: the paper's Tables 1-2 (response times of the motion field at temporal
// compression N = 1, 10, 20, 30 against a graph-based controller on the same data).
#include <cmath>
#include <cstdio>
#include <random>

#include "app/mgtool/commands.h"
#include "app/mgtool/field_tool.h"
#include "app/mgtool/json_writer.h"
#include "core/dmg/dmg_builder.h"
#include "core/field/graph_controller.h"
#include "core/field/motion_field_stream.h"
#include "core/io/field_file.h"
#include "core/util/stopwatch.h"

namespace mg::tool {
namespace {

void writeRecords(JsonWriter& json, const std::vector<ResponseRecord>& records) {
  json.key("summary");
  writeResponseSummary(json, records);
  json.key("seconds");
  json.beginArray();
  for (const ResponseRecord& r : records) r.seconds ? json.value(*r.seconds) : json.null();
  json.endArray();
}

}  // namespace

int runFieldEval(std::span<const std::string> args) {
  const CommandSpec spec{
      "field eval",
      "FIELD",
      "Times how fast characters turn to new headings (Lee et al. 2010, Table 1): the same\n"
      "--changes uniformly drawn turns in [-180, 180) degrees, relative to the facing at the\n"
      "moment, one every --interval seconds, each timed until the facing is within 5 degrees\n"
      "(a failure if not within the interval). Played by the motion field of FIELD with direction\n"
      "value functions learned at temporal compression N = 1, 10, 20, 30 (on the field's data;\n"
      "the file's own value function is not used), and by a graph-based controller on the database\n"
      "motion graph of the same data (transitions at local minima of the frame distance under\n"
      "--threshold; clips of --clip-frames frames warped up to +---max-warp degrees; same reward\n"
      "and directive change rate). Prints JSON: per\n"
      "controller the mean, median, max and failures of the response times and each time, learning\n"
      "seconds and value storage, and which is faster in mean and in median.",
      {{"changes", "N", "directive changes (default 50)"},
       {"interval", "S", "seconds between changes (default 4)"},
       {"seed", "K", "seed of the turns and the start state (default 1)"},
       {"threshold", "T", "transition threshold of the motion graph, m^2 (default 0.02)"},
       {"clip-frames", "N", "frames of a graph controller clip (default 15)"},
       {"max-warp", "DEG", "largest direction warp of a graph clip, degrees (default 45)"},
       {"threads", "N", "threads for learning (default: every hardware thread)"}},
      1,
      1};
  const std::optional<ParsedArgs> parsed = parseArgs(spec, args);
  if (!parsed) return kExitUsage;
  if (parsed->help) return printHelp(spec), kExitOk;
  const auto changes = numberOption(*parsed, "field eval", "changes", 50, 1, 100000);
  const auto interval = numberOption(*parsed, "field eval", "interval", 4, 0.1, 3600);
  const auto seed = numberOption(*parsed, "field eval", "seed", 1, 0, 9007199254740992.0);
  const auto threshold = numberOption(*parsed, "field eval", "threshold", 0.02, 1e-9, 1e6);
  const auto threads = numberOption(*parsed, "field eval", "threads", 0, 0, 1024);
  const auto clipFrames = numberOption(*parsed, "field eval", "clip-frames", 15, 1, 1000);
  const auto maxWarp = numberOption(*parsed, "field eval", "max-warp", 45, 0, 180);
  if (!changes || !interval || !seed || !threshold || !threads || !clipFrames || !maxWarp) return kExitUsage;
  Result<std::shared_ptr<const MotionField>> read = readFieldFile(parsed->positional[0]);
  if (!read) {
    std::fprintf(stderr, "mgtool field eval: %s\n", read.error().message.c_str());
    return kExitFailed;
  }
  const MotionField& field = *read.value();
  const FieldDatabase& db = *field.database;
  const auto turnsSeed = static_cast<std::uint64_t>(*seed);
  std::mt19937_64 rng(turnsSeed);
  const int startState = static_cast<int>(rng() % static_cast<std::uint64_t>(db.stateCount()));

  JsonWriter json;
  json.beginObject();
  json.key("changes"), json.value(static_cast<int>(*changes));
  json.key("interval_seconds"), json.value(*interval);
  json.key("states"), json.value(db.stateCount());
  json.key("motion_field");
  json.beginObject();
  Stopwatch clock;
  Result<TransitionCache> cache = buildTransitionCache(db, *field.index, field.settings.flow, static_cast<int>(*threads));
  if (!cache) {
    std::fprintf(stderr, "mgtool field eval: %s\n", cache.error().message.c_str());
    return kExitFailed;
  }
  const double cacheSeconds = clock.seconds();
  double fieldMean = 0, fieldMedian = 0;
  for (int n : {1, 10, 20, 30}) {
    clock.restart();
    ValueIterationSettings it;
    it.compression = n;
    it.threads = static_cast<int>(*threads);
    FieldTask task;
    Result<FieldValueFunction> vf = solveValueFunction(db, cache.value(), task, it);
    if (!vf) {
      std::fprintf(stderr, "mgtool field eval: %s\n", vf.error().message.c_str());
      return kExitFailed;
    }
    const double learnSeconds = clock.seconds();
    const size_t bytes = vf->values.size() * sizeof(float);
    auto controlled = assembleMotionField(field.database, field.settings,
                                          std::make_shared<const FieldValueFunction>(std::move(vf.value())));
    MotionFieldStream stream(controlled.value(), startState);
    const std::vector<ResponseRecord> records = runHeadingChanges(stream, static_cast<int>(*changes), *interval, 2.0, turnsSeed);
    const ResponseSummary s = summarizeResponses(records);
    if (n == 1) fieldMean = s.meanSeconds, fieldMedian = s.medianSeconds;
    json.key("N=" + std::to_string(n));
    json.beginObject();
    json.key("learn_seconds"), json.value(learnSeconds + (n == 1 ? cacheSeconds : 0.0));
    json.key("value_bytes"), json.value(static_cast<std::int64_t>(bytes));
    writeRecords(json, records);
    json.endObject();
  }
  json.endObject();

  // The graph-based controller on the database motion graph of the same frames.
  clock.restart();
  DmgBuildSettings dmg;
  dmg.metric.workingFps = db.settings.workingFps;
  dmg.metric.windowFrames = std::min(61, static_cast<int>(std::lround(9.0 * db.settings.workingFps / 30.0)) | 1);
  dmg.excludeDiagonalFrames = std::max(1, static_cast<int>(std::lround(15.0 * db.settings.workingFps / 30.0)));
  dmg.threshold = *threshold;
  dmg.grid.threads = static_cast<int>(*threads);
  std::vector<const Motion*> pointers;
  for (const auto& m : db.motions) pointers.push_back(m.get());
  Result<DmgBuildResult> graph = buildDatabaseMotionGraph(pointers, dmg);
  if (!graph) {
    std::fprintf(stderr, "mgtool field eval: %s\n", graph.error().message.c_str());
    return kExitFailed;
  }
  auto g = std::make_shared<const DatabaseMotionGraph>(std::move(graph->graph));
  GraphControllerSettings gs;
  gs.clipFrames = static_cast<int>(*clipFrames);
  gs.maxWarpDegrees = *maxWarp;
  Result<GraphValueFunction> gv = solveGraphController(*g, db.motions, gs);
  if (!gv) {
    std::fprintf(stderr, "mgtool field eval: %s\n", gv.error().message.c_str());
    return kExitFailed;
  }
  const double graphSeconds = clock.seconds();
  auto values = std::make_shared<const GraphValueFunction>(std::move(gv.value()));
  int startVertex = g->vertexOf(db.stateClip[startState], db.stateFrame[startState]);
  if (startVertex < 0) startVertex = 0;
  GraphControllerStream graphStream(g, db.motions, values, startVertex);
  const std::vector<ResponseRecord> graphRecords =
      runHeadingChanges(graphStream, static_cast<int>(*changes), *interval, 2.0, turnsSeed);
  const ResponseSummary gsum = summarizeResponses(graphRecords);
  json.key("graph_controller");
  json.beginObject();
  json.key("vertices"), json.value(g->vertexCount());
  json.key("transitions"), json.value(g->transitionCount());
  json.key("clip_frames"), json.value(gs.clipFrames);
  json.key("max_warp_degrees"), json.value(gs.maxWarpDegrees);
  json.key("iterations"), json.value(values->iterations);
  json.key("learn_seconds"), json.value(graphSeconds);
  json.key("value_bytes"), json.value(static_cast<std::int64_t>(values->values.size() * sizeof(float)));
  writeRecords(json, graphRecords);
  json.endObject();
  json.key("faster_in_mean"), json.value(fieldMean < gsum.meanSeconds ? "motion_field" : "graph_controller");
  json.key("faster_in_median"), json.value(fieldMedian < gsum.medianSeconds ? "motion_field" : "graph_controller");
  json.endObject();
  std::fputs(json.text().c_str(), stdout);
  std::fputs("\n", stdout);
  return kExitOk;
}

}  // namespace mg::tool
