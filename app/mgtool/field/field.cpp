// SPDX-License-Identifier: MIT
// mgtool field build | run (eval: field_eval.cpp): motion fields (Lee et al. 2010).
#include <cmath>

#include "app/mgtool/cli/common_options.h"
#include "app/mgtool/cli/json_writer.h"
#include "app/mgtool/cli/registry.h"
#include "app/mgtool/field/field_tool.h"
#include "core/field/motion_field_stream.h"
#include "core/io/field_file.h"
#include "core/util/stopwatch.h"

namespace mg::tool {
namespace {

const GroupRegistration kGroup{
    "field",
    100,
    "motion fields: build from capture files, run steered and pushed, eval against a graph "
    "controller",
    {"SUBCOMMAND", "Subcommands", "subcommand"}};

constexpr char kBuildDescription[] =
    "Builds a motion field (Lee et al. 2010) from capture files (one skeleton): a motion state\n"
    "for every frame at the working rate with two frames after it in its file, the exact\n"
    "k-nearest-neighbour index of the state distance, the cached transitions of the k actions\n"
    "of every state, and (unless --passive) the value function of --task by fitted value\n"
    "iteration. Writes one field file (core/io/FIELD_FORMAT.md). Prints JSON: states, dims, k,\n"
    "task, task_samples, anchors, iterations, bellman_residual, seconds per phase.";

class FieldBuild final : public Command {
 public:
  FieldBuild() : Command({"FILES...", 1}, kBuildDescription) {}

 private:
  int run() override {
    const FieldToolSettings settings = m_build.settings();
    double loadSeconds = 0;
    const std::optional<MotionFieldBuild> built =
        buildFieldFromFiles(*this, positional(), settings, &loadSeconds);
    if (!built) return kExitFailed;
    Stopwatch clock;
    if (Status s = writeFieldFile(*m_out, *built->field); !s) return fail(s.error().message);
    const double writeSeconds = clock.seconds();
    const MotionFieldBuildStats& st = built->stats;
    const MotionFieldBuildSettings& b = settings.build;
    JsonWriter json;
    json.beginObject();
    json.key("motions"), json.value(static_cast<int>(positional().size()));
    json.key("fps"), json.value(settings.fps);
    json.key("states"), json.value(st.states);
    json.key("dims"), json.value(st.dims);
    json.key("k"), json.value(b.field.flow.k);
    json.key("knn"), json.value(knnMethodName(b.field.knn));
    json.key("task"), b.learn ? json.value(fieldTaskName(b.task.kind)) : json.null();
    json.key("task_samples"), json.value(b.learn ? b.task.parameterCount() : 0);
    json.key("compression"), json.value(b.iteration.compression);
    json.key("anchors"), json.value(st.anchors);
    json.key("iterations"), json.value(st.iterations);
    json.key("bellman_residual"), json.value(st.bellmanResidual);
    json.key("seconds");
    json.beginObject();
    json.key("load"), json.value(loadSeconds);
    json.key("states"), json.value(st.statesSeconds);
    json.key("neighbours"), json.value(st.neighboursSeconds);
    json.key("value_iteration"), json.value(st.valueIterationSeconds);
    json.key("write"), json.value(writeSeconds);
    json.endObject();
    json.endObject();
    return printJson(json);
  }

  FieldBuildOptions m_build{*this};
  Value<std::string> m_out = outOption(*this, "FIELD", "field file to write");
};

constexpr char kRunDescription[] =
    "Plays a motion field file for --seconds and writes one continuous BVH to --out. Without\n"
    "directives (or with --passive) the field flows passively; --directions / --line change the\n"
    "desired heading (degrees: 0 = +Z, 90 = +X) or line at the given seconds; --push applies\n"
    "impulses (m/s in the floor plane, optionally at a joint). The start state is drawn from\n"
    "--seed. Prints JSON: frames, the start state (index, motion and working-rate frame),\n"
    "response_times (seconds per directive change until facing is within 5 degrees, and 0.1 m\n"
    "of the line for a line; null when not reached before the next change), pushes with\n"
    "recovery times, synthesis frames per second, non_finite.";

class FieldRun final : public Command {
 public:
  FieldRun() : Command({"FIELD", 1, 1}, kRunDescription) {}

 private:
  int run() override {
    const std::optional<MotionFormat> format = m_output.resolve();
    if (!format) return kExitUsage;
    Result<std::shared_ptr<const MotionField>> field = readFieldFile(positional()[0]);
    if (!field) return fail(field.error().message);
    std::vector<ScheduledDirective> directives;
    std::vector<ScheduledPush> pushes;
    if (m_directions.given()) {
      auto d = parseDirections(*this, *m_directions);
      if (!d) return kExitUsage;
      directives.insert(directives.end(), d->begin(), d->end());
    }
    if (m_line.given()) {
      auto d = parseLines(*this, *m_line);
      if (!d) return kExitUsage;
      directives.insert(directives.end(), d->begin(), d->end());
    }
    if (m_push.given()) {
      auto p = parsePushes(*this, *m_push, *field.value()->database->skeleton);
      if (!p) return kExitUsage;
      pushes = std::move(*p);
    }
    const FieldDatabase& db = *field.value()->database;
    const int start = seededStartState(db, *m_seed);
    MotionFieldStream stream(field.value(), start);
    stream.setPassive(*m_passive);
    for (const ScheduledDirective& d : directives) {
      if (!*m_passive && !stream.canFollow(d.directive.kind)) {
        return fail(std::string("this field cannot follow a ") +
                    (d.directive.kind == Directive::Kind::Line ? "line" : "heading") +
                    " directive (" +
                    (field.value()->values ? "it was built for the direction task"
                                           : "it has no value function") +
                    ")");
      }
    }
    ScriptedStream scripted(stream, directives, pushes, &stream);
    const long long frames = std::max<long long>(1, std::llround(*m_seconds * stream.fps()));
    const Result<StreamedBvh> walk = writeMotionStream(
        scripted, frames, *m_output.out, *format, name(), m_output.bvhLike(*db.motions.front()));
    if (!walk) return fail(walk.error().message);
    JsonWriter json;
    json.beginObject();
    json.key("frames"), json.value(static_cast<std::int64_t>(walk->frames));
    json.key("fps"), json.value(stream.fps());
    json.key("start_state"), json.value(start);
    json.key("start_motion"), json.value(db.motions[db.stateClip[start]]->name);
    json.key("start_frame"), json.value(db.stateFrame[start]);
    json.key("passive"), json.value(*m_passive);
    json.key("response_times");
    json.beginArray();
    for (const ResponseRecord& r : scripted.responses())
      r.seconds ? json.value(*r.seconds) : json.null();
    json.endArray();
    json.key("response");
    writeResponseSummary(json, scripted.responses());
    json.key("pushes");
    json.beginArray();
    for (const PushRecord& p : scripted.pushes()) {
      json.beginObject();
      json.key("seconds"), json.value(p.frame / stream.fps());
      json.key("peak_distance"), json.value(p.peak);
      json.key("baseline_distance"), json.value(p.baseline);
      json.key("recovery_seconds");
      if (!p.left)
        json.value(0.0);
      else if (p.recoverySeconds)
        json.value(*p.recoverySeconds);
      else
        json.null();
      json.endObject();
    }
    json.endArray();
    json.key("synthesis_frames_per_second"),
        json.value(scripted.synthesisSeconds() > 0 ? walk->frames / scripted.synthesisSeconds()
                                                   : 0.0);
    json.key("non_finite"), json.value(scripted.sawNonFinite());
    json.endObject();
    return printJson(json, scripted.sawNonFinite() ? kExitFailed : kExitOk);
  }

  Value<double> m_seconds =
      number<double>("seconds", "S", "length of the run in seconds (default 10)", 10, 1e-3, 36000);
  MotionOutputOptions m_output{*this};
  Value<std::uint64_t> m_seed = seedOption(*this, "start state seed (default 1)");
  Value<std::string> m_directions = text("directions", "LIST", "heading changes 't:deg,t:deg,...'");
  Value<std::string> m_line = text("line", "LIST", "line changes 't:deg:offset,...' (line fields)");
  Value<std::string> m_push = text("push", "LIST", "pushes 't:vx:vz[:joint],...'");
  Value<bool> m_passive = flag("passive", "ignore directives; play the passive flow");
};

const CommandRegistration kBuild{"field build", 10,
                                 "build a motion field from capture files and write it to one file",
                                 make<FieldBuild>};
const CommandRegistration kRun{
    "field run", 20, "play a field file steered by headings or lines and pushed, as one BVH",
    make<FieldRun>};

}  // namespace
}  // namespace mg::tool
