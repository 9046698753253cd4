// SPDX-License-Identifier: MIT
// mgtool field eval: the paper's Tables 1-2 (response times of the motion field at temporal
// compression N = 1, 10, 20, 30 against a graph-based controller on the same data).
#include <cmath>

#include "app/mgtool/cli/common_options.h"
#include "app/mgtool/cli/json_writer.h"
#include "app/mgtool/cli/registry.h"
#include "app/mgtool/field/field_tool.h"
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

constexpr char kDescription[] =
    "Times how fast characters turn to new headings (Lee et al. 2010, Table 1; --task line:\n"
    "Table 2): the same\n"
    "--changes uniformly drawn turns in [-180, 180) degrees, relative to the facing at the\n"
    "moment, one every --interval seconds, each timed until the facing is within 5 degrees\n"
    "(a failure if not within the interval). Played by the motion field of FIELD with direction\n"
    "value functions learned at temporal compression N = 1, 10, 20, 30 (on the field's data;\n"
    "the file's own value function is not used), and by a graph-based controller on the database\n"
    "motion graph of the same data (transitions at local minima of the frame distance under\n"
    "--threshold; clips of --clip-frames frames warped up to +---max-warp degrees at a\n"
    "--physicality cost; same reward and directive change rate). Prints JSON: per\n"
    "controller the mean, median, max and failures of the response times and each time, learning\n"
    "seconds and value storage, how fast it turned (99th percentile and largest, degrees per\n"
    "second over half a second) against the capture's own turns, and which is faster in mean and\n"
    "in median.";

class FieldEval final : public Command {
 public:
  FieldEval() : Command({"FIELD", 1, 1}, kDescription) {}

 private:
  int run() override {
    FieldTask task;
    parseFieldTaskKind(*m_task, task.kind);  // one of the choices, which all parse
    const CompressedLearning learning =
        *m_learning == "anchors" ? CompressedLearning::AnchorsOnly : CompressedLearning::Sampled;
    Result<std::shared_ptr<const MotionField>> read = readFieldFile(positional()[0]);
    if (!read) return fail(read.error().message);
    AgilitySettings settings;
    settings.changes = *m_changes;
    settings.intervalSeconds = *m_interval;
    settings.seed = *m_seed;
    settings.graphThreshold = *m_threshold;
    settings.threads = *m_threads;
    settings.learning = learning;
    settings.task = task;
    settings.graph.clipFrames = *m_clipFrames;
    settings.graph.maxWarpDegrees = *m_maxWarp;
    settings.graph.physicalityWeight = *m_physicality;
    Result<AgilityComparison> result = compareAgility(*read.value(), settings);
    if (!result) return fail(result.error().message);
    const AgilityComparison& c = result.value();
    JsonWriter json;
    auto turnRate = [&](const TurnRate& t) {
      json.beginObject();
      json.key("p99_deg_per_s"), json.value(t.p99);
      json.key("max_deg_per_s"), json.value(t.max);
      json.endObject();
    };
    auto entry = [&](const AgilityEntry& e) {
      json.beginObject();
      json.key("turn_rate"), turnRate(e.turnRate);
      json.key("learn_seconds"), json.value(e.learnSeconds);
      json.key("value_bytes"), json.value(static_cast<std::int64_t>(e.valueBytes));
      writeRecords(json, e.records);
      json.endObject();
    };
    json.beginObject();
    json.key("task"), json.value(fieldTaskName(task.kind));
    json.key("compressed_learning"),
        json.value(learning == CompressedLearning::Sampled ? "sampled" : "anchors");
    json.key("changes"), json.value(settings.changes);
    json.key("interval_seconds"), json.value(settings.intervalSeconds);
    json.key("states"), json.value(read.value()->database->stateCount());
    json.key("capture_turn_rate"), turnRate(c.captureTurnRate);
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
    json.key("physicality_weight"), json.value(settings.graph.physicalityWeight);
    json.key("iterations"), json.value(c.graphIterations);
    json.key("result");
    entry(c.graph);
    json.endObject();
    const ResponseSummary& f = c.field.front().summary;
    const ResponseSummary& g = c.graph.summary;
    json.key("faster_in_mean"),
        json.value(f.meanSeconds < g.meanSeconds ? "motion_field" : "graph_controller");
    json.key("faster_in_median"),
        json.value(f.medianSeconds < g.medianSeconds ? "motion_field" : "graph_controller");
    json.endObject();
    return printJson(json);
  }

  Value<std::string> m_task =
      choice("task", "KIND",
             "direction (Table 1, default) or line (Table 2: each change a new line,\n"
             "the character up to 2 m off it; timed until also within 0.1 m of it)",
             {fieldTaskName(FieldTaskKind::Direction), fieldTaskName(FieldTaskKind::Line)},
             fieldTaskName(FieldTaskKind::Direction));
  Value<int> m_changes =
      number<int>("changes", "N", "directive changes (default 50)", 50, 1, 100000);
  Value<double> m_interval =
      number<double>("interval", "S", "seconds between changes (default 4)", 4, 0.1, 3600);
  Value<std::uint64_t> m_seed =
      seedOption(*this, "seed of the turns and the start state (default 1)");
  Value<double> m_threshold = number<double>(
      "threshold", "T", "transition threshold of the motion graph, m^2 (default 0.02)", 0.02, 1e-9,
      1e6);
  Value<int> m_clipFrames = number<int>(
      "clip-frames", "N", "frames of a graph controller clip (default 15)", 15, 1, 1000);
  Value<double> m_maxWarp =
      number<double>("max-warp", "DEG",
                     "largest direction warp of a graph clip, degrees (default 45)", 45, 0, 180);
  Value<double> m_physicality = number<double>(
      "physicality", "W",
      "reward a graph clip loses per frame per radian its warp turns the character, beside the\n"
      "heading error in radians (default 1: minimal importance, as the paper; 0: free)",
      1, 0, 1e6);
  Value<std::string> m_learning =
      choice("compressed-learning", "HOW",
             "sampled (default: back up every state, keep every N-th) or\n"
             "anchors (the paper's: back up the anchors only)",
             {"sampled", "anchors"}, "sampled");
  Value<int> m_threads =
      threadsOption(*this, "threads for learning (default: every hardware thread)");
};

const CommandRegistration kRegistered{
    "field eval", 30, "response times of the field against a graph-based controller (Tables 1-2)",
    make<FieldEval>};

}  // namespace
}  // namespace mg::tool
