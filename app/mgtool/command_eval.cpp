// SPDX-License-Identifier: MIT
// mgtool eval: the quality report over graph exports of any kind, side by side (core/report).
#include <cstdio>
#include <filesystem>

#include "app/mgtool/commands.h"
#include "app/mgtool/json_writer.h"
#include "app/mgtool/tool_args.h"
#include "core/import/import_motion_loader.h"
#include "core/io/graph_input.h"
#include "core/report/quality_report.h"
#include "core/report/report_html.h"
#include "core/report/report_json.h"
#include "core/report/report_table.h"
#include "core/util/atomic_file.h"
#include "core/util/stopwatch.h"

namespace mg::tool {

int runEval(std::span<const std::string> args) {
  std::string kinds;
  for (const GraphInputKind& k : graphInputKinds()) kinds += "\n  " + k.name + ": " + k.description;
  const CommandSpec spec{
      "eval", "INPUT...",
      "The quality report: for every graph export given, synthesises a walk (random for graphs;\n"
      "steerable kinds get a new random heading every --change-seconds, at least --changes times),\n"
      "writes it as BVH and measures the file with core/eval's own forward kinematics and contact\n"
      "detection against the source capture the graph was built from (the files the export names,\n"
      "or --source): continuity (per-frame worst-joint acceleration p50/p99/max in body heights/s^2,\n"
      "velocity jump at every transition), foot skate (planted-foot horizontal speed), coverage (the\n"
      "fraction of source frames the graph can play; how evenly a --coverage-seconds walk visits\n"
      "them), responsiveness (time to face within --tolerance degrees of a new heading) and size.\n"
      "Inputs built from the same capture share the source figures and go side by side in one\n"
      "table and one set of plots. Writes the report as JSON to --out (stdout without it) and as a\n"
      "self-contained HTML page with inline SVG plots to --html; with --out, prints a summary JSON\n"
      "with the report's own timing. Inputs it reads:" + kinds + "\n"
      "--source takes every following word up to the next option.",
      {{"source", "", "capture files every input was built from (FILES... follow)"},
       {"seconds", "S", "walk length in seconds (default 60)"},
       {"seed", "K", "random seed of the walks and headings (default 1)"},
       {"fps", "R", "rate everything is measured at (default 30)"},
       {"trim", "N", "frames dropped from each source file when the export does not say (default 0)"},
       {"change-seconds", "S", "steerable kinds: seconds between heading changes (default 4)"},
       {"changes", "N", "steerable kinds: heading changes at least (default 50; the walk grows to fit)"},
       {"tolerance", "DEG", "facing within this many degrees counts as turned (default 5)"},
       {"coverage-seconds", "S", "length of the walk counted for visit evenness (default 600)"},
       {"worst", "N", "transitions listed per input, worst first (default 10)"},
       {"walks", "DIR", "keep the walks as BVH files in DIR (default: a temporary folder)"},
       {"out", "FILE", "write the report JSON here"},
       {"html", "FILE", "write the HTML report here"},
       {"markdown", "FILE", "write the side-by-side table as Markdown here ('-': stdout, after the JSON)"}},
      1, -1};
  std::vector<std::string> rest, sources;
  const bool sourceGiven = takeSourceFiles(args, rest, sources);
  const std::optional<ParsedArgs> parsed = parseArgs(spec, rest);
  if (!parsed) return kExitUsage;
  if (parsed->help) return printHelp(spec), kExitOk;
  if (sourceGiven && sources.empty()) {
    std::fprintf(stderr, "mgtool eval: --source needs at least one file\n");
    return kExitUsage;
  }
  QualityReportSettings settings;
  const auto seconds = numberOption(*parsed, "eval", "seconds", settings.seconds, 1e-3, 36000);
  const auto seed = numberOption(*parsed, "eval", "seed", 1, 0, 9007199254740992.0);
  const auto fps = numberOption(*parsed, "eval", "fps", settings.fps, 1, 1000);
  const auto trim = numberOption(*parsed, "eval", "trim", 0, 0, 1e9);
  const auto every = numberOption(*parsed, "eval", "change-seconds", settings.changeSeconds, 0.1, 600);
  const auto changes = numberOption(*parsed, "eval", "changes", settings.changes, 1, 10000);
  const auto tolerance = numberOption(*parsed, "eval", "tolerance", settings.toleranceDegrees, 0.01, 180);
  const auto coverage = numberOption(*parsed, "eval", "coverage-seconds", settings.coverageSeconds, 0, 360000);
  const auto worst = numberOption(*parsed, "eval", "worst", settings.worstTransitions, 0, 10000);
  if (!seconds || !seed || !fps || !trim || !every || !changes || !tolerance || !coverage || !worst) return kExitUsage;
  settings.seconds = *seconds;
  settings.seed = static_cast<std::uint64_t>(*seed);
  settings.fps = *fps;
  settings.trimLeadingFrames = static_cast<int>(*trim);
  settings.changeSeconds = *every;
  settings.changes = static_cast<int>(*changes);
  settings.toleranceDegrees = *tolerance;
  settings.coverageSeconds = *coverage;
  settings.worstTransitions = static_cast<int>(*worst);
  settings.sources = sources;
  if (parsed->has("walks")) settings.walkDirectory = parsed->options.at("walks");

  const Stopwatch clock;
  Result<QualityReport> report = runQualityReport(parsed->positional, settings, importMotionLoader());
  if (!report) {
    std::fprintf(stderr, "mgtool eval: %s\n", report.error().message.c_str());
    return kExitFailed;
  }
  int failed = 0;
  for (const InputFigures& f : report->inputs) {
    if (!f.error.empty()) {
      std::fprintf(stderr, "mgtool eval: %s\n", f.error.c_str());
      ++failed;
    }
  }
  for (const SourceFigures& g : report->sources) {
    if (!g.error.empty()) std::fprintf(stderr, "mgtool eval: source capture: %s\n", g.error.c_str());
  }
  const std::string json = jsonText(qualityReportJson(*report), 2) + "\n";
  if (parsed->has("html")) {
    if (Status s = writeTextFileAtomically(parsed->options.at("html"), qualityReportHtml(*report)); !s) {
      std::fprintf(stderr, "mgtool eval: %s\n", s.error().message.c_str());
      return kExitFailed;
    }
  }
  std::string markdown;
  if (parsed->has("markdown")) {
    markdown = reportTableMarkdown(reportTable(*report));
    const std::string& to = parsed->options.at("markdown");
    if (to != "-") {
      if (Status s = writeTextFileAtomically(to, markdown); !s) {
        std::fprintf(stderr, "mgtool eval: %s\n", s.error().message.c_str());
        return kExitFailed;
      }
      markdown.clear();
    }
  }
  if (!parsed->has("out")) {
    std::fputs(json.c_str(), stdout);
    std::fputs(markdown.c_str(), stdout);
    return failed == static_cast<int>(report->inputs.size()) ? kExitFailed : kExitOk;
  }
  if (Status s = writeTextFileAtomically(parsed->options.at("out"), json); !s) {
    std::fprintf(stderr, "mgtool eval: %s\n", s.error().message.c_str());
    return kExitFailed;
  }
  JsonWriter summary;
  summary.beginObject();
  summary.key("inputs"), summary.value(static_cast<int>(report->inputs.size()));
  summary.key("failed"), summary.value(failed);
  summary.key("report_seconds"), summary.value(report->seconds);
  summary.key("command_seconds"), summary.value(clock.seconds());
  summary.key("out"), summary.value(parsed->options.at("out"));
  summary.key("html");
  if (parsed->has("html")) summary.value(parsed->options.at("html")); else summary.null();
  summary.endObject();
  std::printf("%s\n", summary.text().c_str());
  std::fputs(markdown.c_str(), stdout);
  return failed == static_cast<int>(report->inputs.size()) ? kExitFailed : kExitOk;
}

}  // namespace mg::tool
