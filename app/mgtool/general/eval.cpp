// SPDX-License-Identifier: MIT
// mgtool eval: the quality report over graph exports of any kind, side by side (core/report).
#include <cstdio>

#include "app/mgtool/cli/common_options.h"
#include "app/mgtool/cli/json_writer.h"
#include "app/mgtool/cli/registry.h"
#include "core/import/import_motion_loader.h"
#include "core/io/graph_input.h"
#include "core/report/quality_report.h"
#include "core/report/report_html.h"
#include "core/report/report_json.h"
#include "core/report/report_table.h"
#include "core/util/atomic_file.h"
#include "core/util/stopwatch.h"

namespace mg::tool {
namespace {

constexpr char kDescription[] =
    "The quality report: for every graph export given, synthesises a walk (random for graphs;\n"
    "steerable kinds get a new random heading every --change-seconds, at least --changes times),\n"
    "writes it as BVH and measures the file with core/eval's own forward kinematics and contact\n"
    "detection against the source capture the graph was built from (the files the export names,\n"
    "or --source): continuity (per-frame worst-joint acceleration p50/p99/max in body "
    "heights/s^2,\n"
    "velocity jump at every transition), foot skate (planted-foot horizontal speed), coverage "
    "(the\n"
    "fraction of source frames the graph can play; how evenly a --coverage-seconds walk visits\n"
    "them), responsiveness (time to face within --tolerance degrees of a new heading) and size.\n"
    "Inputs built from the same capture share the source figures and go side by side in one\n"
    "table and one set of plots. Writes the report as JSON to --out (stdout without it) and as a\n"
    "self-contained HTML page with inline SVG plots to --html; with --out, prints a summary JSON\n"
    "with the report's own timing. Inputs it reads:";

// The description names the kinds of export registered in core/io (graph_input.h).
std::string description() {
  std::string text = kDescription;
  for (const GraphInputKind& k : graphInputKinds()) text += "\n  " + k.name + ": " + k.description;
  return text + "\n--source takes every following word up to the next option.";
}

class Eval final : public Command {
 public:
  Eval() : Command({"INPUT...", 1}, description()) {}

 private:
  int run() override {
    QualityReportSettings settings;
    settings.seconds = *m_seconds;
    settings.seed = *m_seed;
    settings.fps = *m_fps;
    settings.trimLeadingFrames = *m_trim;
    settings.changeSeconds = *m_changeSeconds;
    settings.changes = *m_changes;
    settings.toleranceDegrees = *m_tolerance;
    settings.coverageSeconds = *m_coverageSeconds;
    settings.worstTransitions = *m_worst;
    settings.sources = *m_sources;
    if (m_walks.given()) settings.walkDirectory = *m_walks;

    const Stopwatch clock;
    Result<QualityReport> report = runQualityReport(positional(), settings, importMotionLoader());
    if (!report) return fail(report.error().message);
    int failed = 0;
    for (const InputFigures& f : report->inputs) {
      if (!f.error.empty()) note(f.error), ++failed;
    }
    for (const SourceFigures& g : report->sources) {
      if (!g.error.empty()) note("source capture: " + g.error);
    }
    const int status = failed == static_cast<int>(report->inputs.size()) ? kExitFailed : kExitOk;
    JsonWriter json;
    json.document(qualityReportJson(*report));
    if (m_html.given()) {
      if (Status s = writeTextFileAtomically(*m_html, qualityReportHtml(*report)); !s) {
        return fail(s.error().message);
      }
    }
    std::string markdown;
    if (m_markdown.given()) {
      markdown = reportTableMarkdown(reportTable(*report));
      if (*m_markdown != "-") {
        if (Status s = writeTextFileAtomically(*m_markdown, markdown); !s) {
          return fail(s.error().message);
        }
        markdown.clear();
      }
    }
    if (!m_out.given()) {
      printJson(json);
      std::fputs(markdown.c_str(), stdout);
      return status;
    }
    if (Status s = writeTextFileAtomically(*m_out, json.text()); !s) return fail(s.error().message);
    JsonWriter summary;
    summary.beginObject();
    summary.key("inputs"), summary.value(static_cast<int>(report->inputs.size()));
    summary.key("failed"), summary.value(failed);
    summary.key("report_seconds"), summary.value(report->seconds);
    summary.key("command_seconds"), summary.value(clock.seconds());
    summary.key("out"), summary.value(*m_out);
    summary.key("html");
    if (m_html.given()) {
      summary.value(*m_html);
    } else {
      summary.null();
    }
    summary.endObject();
    printJson(summary);
    std::fputs(markdown.c_str(), stdout);
    return status;
  }

  const QualityReportSettings m_defaults;
  Value<std::vector<std::string>> m_sources =
      fileList("source", "capture files every input was built from (FILES... follow)");
  Value<double> m_seconds = number<double>("seconds", "S", "walk length in seconds (default 60)",
                                           m_defaults.seconds, 1e-3, 36000);
  Value<std::uint64_t> m_seed =
      seedOption(*this, "random seed of the walks and headings (default 1)");
  Value<double> m_fps = number<double>("fps", "R", "rate everything is measured at (default 30)",
                                       m_defaults.fps, 1, 1000);
  Value<int> m_trim = number<int>(
      "trim", "N", "frames dropped from each source file when the export does not say (default 0)",
      0, 0, 1e9);
  Value<double> m_changeSeconds = number<double>(
      "change-seconds", "S", "steerable kinds: seconds between heading changes (default 4)",
      m_defaults.changeSeconds, 0.1, 600);
  Value<int> m_changes =
      number<int>("changes", "N",
                  "steerable kinds: heading changes at least (default 50; the walk grows to fit)",
                  m_defaults.changes, 1, 10000);
  Value<double> m_tolerance = number<double>(
      "tolerance", "DEG", "facing within this many degrees counts as turned (default 5)",
      m_defaults.toleranceDegrees, 0.01, 180);
  Value<double> m_coverageSeconds = number<double>(
      "coverage-seconds", "S", "length of the walk counted for visit evenness (default 600)",
      m_defaults.coverageSeconds, 0, 360000);
  Value<int> m_worst =
      number<int>("worst", "N", "transitions listed per input, worst first (default 10)",
                  m_defaults.worstTransitions, 0, 10000);
  Value<std::string> m_walks =
      text("walks", "DIR", "keep the walks as BVH files in DIR (default: a temporary folder)");
  Value<std::string> m_out = text("out", "FILE", "write the report JSON here");
  Value<std::string> m_html = text("html", "FILE", "write the HTML report here");
  Value<std::string> m_markdown =
      text("markdown", "FILE",
           "write the side-by-side table as Markdown here ('-': stdout, after the JSON)");
};

const CommandRegistration kRegistered{
    "eval", 120, "quality report of graph exports side by side against their source (JSON, HTML)",
    make<Eval>};

}  // namespace
}  // namespace mg::tool
