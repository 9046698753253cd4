// SPDX-License-Identifier: MIT
// mgtool field eval: the paper's Tables 1-2 (response times of the motion field at temporal
// compression N = 1, 10, 20, 30 against a graph-based controller on the same data).
#include <cmath>
#include <cstdio>

#include "app/mgtool/commands.h"
#include "app/mgtool/field_tool.h"
#include "app/mgtool/json_writer.h"
#include "core/agility/agility_comparison.h"
#include "core/io/field_file.h"

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
      "Times how fast characters turn to new headings (Lee et al. 2010, Table 1; --task line:\n"
      "Table 2): the same\n"
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
      {{"task", "KIND", "direction (Table 1, default) or line (Table 2: each change a new line,\n"
        "the character up to 2 m off it; timed until also within 0.1 m of it)"},
       {"changes", "N", "directive changes (default 50)"},
       {"interval", "S", "seconds between changes (default 4)"},
       {"seed", "K", "seed of the turns and the start state (default 1)"},
       {"threshold", "T", "transition threshold of the motion graph, m^2 (default 0.02)"},
       {"clip-frames", "N", "frames of a graph controller clip (default 15)"},
       {"max-warp", "DEG", "largest direction warp of a graph clip, degrees (default 45)"},
       {"compressed-learning", "HOW", "sampled (default: back up every state, keep every N-th) or\n"
        "anchors (the paper's: back up the anchors only)"},
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
  FieldTask task;
  if (const auto it = parsed->options.find("task"); it != parsed->options.end() &&
                                                     !parseFieldTaskKind(it->second, task.kind)) {
    std::fprintf(stderr, "mgtool field eval: --task is direction or line, not '%s'\n", it->second.c_str());
    return kExitUsage;
  }
  CompressedLearning learning = CompressedLearning::Sampled;
  if (const auto it = parsed->options.find("compressed-learning"); it != parsed->options.end()) {
    if (it->second == "anchors") {
      learning = CompressedLearning::AnchorsOnly;
    } else if (it->second != "sampled") {
      std::fprintf(stderr, "mgtool field eval: --compressed-learning is sampled or anchors, not '%s'\n",
                   it->second.c_str());
      return kExitUsage;
    }
  }
  Result<std::shared_ptr<const MotionField>> read = readFieldFile(parsed->positional[0]);
  if (!read) {
    std::fprintf(stderr, "mgtool field eval: %s\n", read.error().message.c_str());
    return kExitFailed;
  }
  AgilitySettings settings;
  settings.changes = static_cast<int>(*changes);
  settings.intervalSeconds = *interval;
  settings.seed = static_cast<std::uint64_t>(*seed);
  settings.graphThreshold = *threshold;
  settings.threads = static_cast<int>(*threads);
  settings.learning = learning;
  settings.task = task;
  settings.graph.clipFrames = static_cast<int>(*clipFrames);
  settings.graph.maxWarpDegrees = *maxWarp;
  Result<AgilityComparison> result = compareAgility(*read.value(), settings);
  if (!result) {
    std::fprintf(stderr, "mgtool field eval: %s\n", result.error().message.c_str());
    return kExitFailed;
  }
  const AgilityComparison& c = result.value();
  JsonWriter json;
  auto entry = [&](const AgilityEntry& e) {
    json.beginObject();
    json.key("learn_seconds"), json.value(e.learnSeconds);
    json.key("value_bytes"), json.value(static_cast<std::int64_t>(e.valueBytes));
    writeRecords(json, e.records);
    json.endObject();
  };
  json.beginObject();
  json.key("task"), json.value(fieldTaskName(task.kind));
  json.key("compressed_learning"), json.value(learning == CompressedLearning::Sampled ? "sampled" : "anchors");
  json.key("changes"), json.value(settings.changes);
  json.key("interval_seconds"), json.value(settings.intervalSeconds);
  json.key("states"), json.value(read.value()->database->stateCount());
  json.key("motion_field");
  json.beginObject();
  for (const AgilityEntry& e : c.field) {
    json.key(e.label);
    entry(e);
  }
  json.endObject();
  json.key("graph_controller");
  json.beginObject();
  json.key("vertices"), json.value(c.graphVertices);
  json.key("transitions"), json.value(c.graphTransitions);
  json.key("clip_frames"), json.value(settings.graph.clipFrames);
  json.key("max_warp_degrees"), json.value(settings.graph.maxWarpDegrees);
  json.key("iterations"), json.value(c.graphIterations);
  json.key("result");
  entry(c.graph);
  json.endObject();
  const ResponseSummary& f = c.field.front().summary;
  const ResponseSummary& g = c.graph.summary;
  json.key("faster_in_mean"), json.value(f.meanSeconds < g.meanSeconds ? "motion_field" : "graph_controller");
  json.key("faster_in_median"), json.value(f.medianSeconds < g.medianSeconds ? "motion_field" : "graph_controller");
  json.endObject();
  std::fputs(json.text().c_str(), stdout);
  std::fputs("\n", stdout);
  return kExitOk;
}

}  // namespace mg::tool
