// SPDX-License-Identifier: MIT
// mgtool field build | run (eval: command_field_eval.cpp): motion fields (Lee et al. 2010).
#include <cmath>
#include <cstdio>

#include "app/mgtool/commands.h"
#include "app/mgtool/field_tool.h"
#include "app/mgtool/json_writer.h"
#include "app/mgtool/motion_output.h"
#include "core/field/motion_field_stream.h"
#include "core/io/field_file.h"
#include "core/util/stopwatch.h"

namespace mg::tool {
namespace {

void printFieldUsage(std::FILE* to) {
  std::fprintf(to,
               "Usage: mgtool field build FILES... --out FIELD [options]\n"
               "       mgtool field run FIELD --out WALK.bvh [options]\n"
               "       mgtool field eval FIELD [options]\n\n"
               "Run 'mgtool field build|run|eval --help' for the options.\n");
}

int runFieldBuild(std::span<const std::string> args) {
  CommandSpec spec{
      "field build",
      "FILES...",
      "Builds a motion field (Lee et al. 2010) from capture files (one skeleton): a motion state\n"
      "for every frame at the working rate with two frames after it in its file, the exact\n"
      "k-nearest-neighbour index of the state distance, the cached transitions of the k actions\n"
      "of every state, and (unless --passive) the value function of --task by fitted value\n"
      "iteration. Writes one field file (core/io/FIELD_FORMAT.md). Prints JSON: states, dims, k,\n"
      "task, task_samples, anchors, iterations, bellman_residual, seconds per phase.",
      fieldBuildOptions(),
      1,
      -1};
  spec.options.push_back({"out", "FIELD", "field file to write (required)"});
  const std::optional<ParsedArgs> parsed = parseArgs(spec, args);
  if (!parsed) return kExitUsage;
  if (parsed->help) return printHelp(spec), kExitOk;
  const std::optional<FieldToolSettings> settings = readFieldToolSettings(*parsed, "field build");
  if (!settings) return kExitUsage;
  if (!parsed->has("out") || parsed->options.at("out").empty()) {
    std::fprintf(stderr, "mgtool field build: give --out FIELD, the file to write\n");
    return kExitUsage;
  }
  double loadSeconds = 0;
  const std::optional<MotionFieldBuild> built =
      buildFieldFromFiles("field build", parsed->positional, *settings, &loadSeconds);
  if (!built) return kExitFailed;
  Stopwatch clock;
  if (Status s = writeFieldFile(parsed->options.at("out"), *built->field); !s) {
    std::fprintf(stderr, "mgtool field build: %s\n", s.error().message.c_str());
    return kExitFailed;
  }
  const double writeSeconds = clock.seconds();
  const MotionFieldBuildStats& st = built->stats;
  const MotionFieldBuildSettings& b = settings->build;
  JsonWriter json;
  json.beginObject();
  json.key("motions"), json.value(static_cast<int>(parsed->positional.size()));
  json.key("fps"), json.value(settings->fps);
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
  std::fputs(json.text().c_str(), stdout);
  std::fputs("\n", stdout);
  return kExitOk;
}

int runFieldRun(std::span<const std::string> args) {
  const CommandSpec spec{
      "field run",
      "FIELD",
      "Plays a motion field file for --seconds and writes one continuous BVH to --out. Without\n"
      "directives (or with --passive) the field flows passively; --directions / --line change the\n"
      "desired heading (degrees: 0 = +Z, 90 = +X) or line at the given seconds; --push applies\n"
      "impulses (m/s in the floor plane, optionally at a joint). The start state is drawn from\n"
      "--seed. Prints JSON: frames, the start state (index, motion and working-rate frame),\n"
      "response_times (seconds per directive change until facing is within 5 degrees, and 0.1 m\n"
      "of the line for a line; null when not reached before the next change), pushes with\n"
      "recovery times, synthesis frames per second, non_finite.",
      {{"seconds", "S", "length of the run in seconds (default 10)"},
       {"out", "FILE", "motion file to write (required; BVH, or glTF/GLB by --format or name)"},
       kMotionFormatOption,
       {"seed", "K", "start state seed (default 1)"},
       {"directions", "LIST", "heading changes 't:deg,t:deg,...'"},
       {"line", "LIST", "line changes 't:deg:offset,...' (line fields)"},
       {"push", "LIST", "pushes 't:vx:vz[:joint],...'"},
       {"passive", "", "ignore directives; play the passive flow"}},
      1,
      1};
  const std::optional<ParsedArgs> parsed = parseArgs(spec, args);
  if (!parsed) return kExitUsage;
  if (parsed->help) return printHelp(spec), kExitOk;
  const auto seconds = numberOption(*parsed, "field run", "seconds", 10, 1e-3, 36000);
  const auto seed = numberOption(*parsed, "field run", "seed", 1, 0, 9007199254740992.0);
  if (!seconds || !seed) return kExitUsage;
  if (!parsed->has("out") || parsed->options.at("out").empty()) {
    std::fprintf(stderr, "mgtool field run: give --out FILE, the BVH to write\n");
    return kExitUsage;
  }
  const std::optional<MotionFormat> format = motionOutputFormat(*parsed, "field run", parsed->options.at("out"));
  if (!format) return kExitUsage;
  Result<std::shared_ptr<const MotionField>> field = readFieldFile(parsed->positional[0]);
  if (!field) {
    std::fprintf(stderr, "mgtool field run: %s\n", field.error().message.c_str());
    return kExitFailed;
  }
  std::vector<ScheduledDirective> directives;
  std::vector<ScheduledPush> pushes;
  if (parsed->has("directions")) {
    auto d = parseDirections("field run", parsed->options.at("directions"));
    if (!d) return kExitUsage;
    directives.insert(directives.end(), d->begin(), d->end());
  }
  if (parsed->has("line")) {
    auto d = parseLines("field run", parsed->options.at("line"));
    if (!d) return kExitUsage;
    directives.insert(directives.end(), d->begin(), d->end());
  }
  if (parsed->has("push")) {
    auto p = parsePushes("field run", parsed->options.at("push"), *field.value()->database->skeleton);
    if (!p) return kExitUsage;
    pushes = std::move(*p);
  }
  const FieldDatabase& db = *field.value()->database;
  const int start = seededStartState(db, static_cast<std::uint64_t>(*seed));
  MotionFieldStream stream(field.value(), start);
  stream.setPassive(parsed->has("passive"));
  for (const ScheduledDirective& d : directives) {
    if (!parsed->has("passive") && !stream.canFollow(d.directive.kind)) {
      std::fprintf(stderr, "mgtool field run: this field cannot follow a %s directive (%s)\n",
                   d.directive.kind == Directive::Kind::Line ? "line" : "heading",
                   field.value()->values ? "it was built for the direction task" : "it has no value function");
      return kExitFailed;
    }
  }
  ScriptedStream scripted(stream, directives, pushes, &stream);
  const long long frames = std::max<long long>(1, std::llround(*seconds * stream.fps()));
  const Result<StreamedBvh> walk = writeMotionStream(scripted, frames, parsed->options.at("out"), *format, "field run");
  if (!walk) {
    std::fprintf(stderr, "mgtool field run: %s\n", walk.error().message.c_str());
    return kExitFailed;
  }
  JsonWriter json;
  json.beginObject();
  json.key("frames"), json.value(static_cast<std::int64_t>(walk->frames));
  json.key("fps"), json.value(stream.fps());
  json.key("start_state"), json.value(start);
  json.key("start_motion"), json.value(db.motions[db.stateClip[start]]->name);
  json.key("start_frame"), json.value(db.stateFrame[start]);
  json.key("passive"), json.value(parsed->has("passive"));
  json.key("response_times");
  json.beginArray();
  for (const ResponseRecord& r : scripted.responses()) r.seconds ? json.value(*r.seconds) : json.null();
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
    if (!p.left) json.value(0.0);
    else if (p.recoverySeconds) json.value(*p.recoverySeconds);
    else json.null();
    json.endObject();
  }
  json.endArray();
  json.key("synthesis_frames_per_second"),
      json.value(scripted.synthesisSeconds() > 0 ? walk->frames / scripted.synthesisSeconds() : 0.0);
  json.key("non_finite"), json.value(scripted.sawNonFinite());
  json.endObject();
  std::fputs(json.text().c_str(), stdout);
  std::fputs("\n", stdout);
  return scripted.sawNonFinite() ? kExitFailed : kExitOk;
}

}  // namespace

int runField(std::span<const std::string> args) {
  if (args.empty()) {
    printFieldUsage(stderr);
    return kExitUsage;
  }
  if (args[0] == "--help" || args[0] == "-h") {
    printFieldUsage(stdout);
    return kExitOk;
  }
  if (args[0] == "build") return runFieldBuild(args.subspan(1));
  if (args[0] == "run") return runFieldRun(args.subspan(1));
  if (args[0] == "eval") return runFieldEval(args.subspan(1));
  std::fprintf(stderr, "mgtool field: unknown subcommand '%s'\n\n", args[0].c_str());
  printFieldUsage(stderr);
  return kExitUsage;
}

}  // namespace mg::tool
