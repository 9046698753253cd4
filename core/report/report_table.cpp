// SPDX-License-Identifier: MIT
#include "core/report/report_table.h"

#include <cmath>
#include <cstdio>
#include <functional>

namespace mg {
namespace {

const char* const kNone = "\u2013";

std::string fixed(double v, int decimals) {
  if (!std::isfinite(v)) return kNone;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string bytes(long long b) {
  if (b >= 1 << 20) return fixed(b / 1048576.0, 1) + " MB";
  if (b >= 1 << 10) return fixed(b / 1024.0, 1) + " kB";
  return std::to_string(b) + " B";
}

}  // namespace

std::string significant(double v) {
  if (!std::isfinite(v)) return kNone;
  const double a = std::abs(v);
  return fixed(v, a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3);
}

ReportTable reportTable(const QualityReport& r) {
  ReportTable t;
  for (size_t g = 0; g < r.sources.size(); ++g) {
    t.sourceHeaders.push_back(r.sources.size() == 1 ? "source" : "source " + std::to_string(g + 1));
  }
  std::vector<const InputFigures*> ok;
  for (size_t i = 0; i < r.inputs.size(); ++i) {
    if (!r.inputs[i].error.empty()) continue;
    ok.push_back(&r.inputs[i]);
    t.inputIndex.push_back(static_cast<int>(i));
    t.inputHeaders.push_back(r.inputs[i].label +
                             (r.sources.size() > 1
                                  ? " (source " + std::to_string(r.inputs[i].sourceGroup + 1) + ")"
                                  : ""));
    t.inputKinds.push_back(r.inputs[i].kind);
  }
  auto group = [&](const std::string& title) { t.rows.push_back({title, {}, {}, {}, {}}); };
  using SourceFn = std::function<std::string(const SourceFigures&)>;
  using InputFn = std::function<std::string(const InputFigures&)>;
  auto row = [&](const std::string& name, const SourceFn& source, const InputFn& input,
                 const std::string& hint = {}) {
    ReportRow out{{}, name, hint, {}, {}};
    for (const SourceFigures& g : r.sources)
      out.sourceCells.push_back(!source ? "" : g.error.empty() ? source(g) : kNone);
    for (const InputFigures* f : ok) out.cells.push_back(input(*f));
    t.rows.push_back(std::move(out));
  };
  const SourceFn none;
  group("Continuity: per-frame worst-joint acceleration, bh/s\u00b2");
  row(
      "p50", [](const SourceFigures& g) { return significant(g.pooled.p50); },
      [](const InputFigures& f) { return significant(f.acceleration.p50); });
  row(
      "p99", [](const SourceFigures& g) { return significant(g.pooled.p99); },
      [](const InputFigures& f) { return significant(f.acceleration.p99); });
  row(
      "max", [](const SourceFigures& g) { return significant(g.pooled.max); },
      [](const InputFigures& f) { return significant(f.acceleration.max); });
  row(
      "frames above threshold", none,
      [](const InputFigures& f) {
        return std::to_string(f.acceleration.framesAbove) + " (> " +
               significant(f.acceleration.threshold) + ")";
      },
      "frames whose worst joint accelerates more than 1.5 x the source's largest acceleration");
  group("Transitions: velocity jump, bh/s (source: change per frame)");
  row("in the walk", none, [](const InputFigures& f) { return std::to_string(f.transitions); });
  row(
      "mean (source p50)", [](const SourceFigures& g) { return significant(g.jumpP50); },
      [](const InputFigures& f) { return significant(f.jumpMean); },
      "change of velocity across each transition, leaving out the step that straddles it; the "
      "source column "
      "gives the same figure at every frame of the capture");
  row(
      "p95 (source p99)", [](const SourceFigures& g) { return significant(g.jumpP99); },
      [](const InputFigures& f) { return significant(f.jumpP95); });
  row(
      "max", [](const SourceFigures& g) { return significant(g.jumpMax); },
      [](const InputFigures& f) { return significant(f.jumpMax); });
  group("Foot skate: planted-foot horizontal speed");
  row(
      "mean, m/s", [](const SourceFigures& g) { return significant(g.summary.skate.meanMps); },
      [](const InputFigures& f) { return significant(f.skate.meanMps); });
  row(
      "p95, m/s", [](const SourceFigures& g) { return significant(g.summary.skate.p95Mps); },
      [](const InputFigures& f) { return significant(f.skate.p95Mps); });
  row(
      "mean, bh/s", [](const SourceFigures& g) { return significant(g.summary.skate.meanBhPerS); },
      [](const InputFigures& f) { return significant(f.skate.meanBhPerS); });
  group("Coverage of the source");
  row(
      "playable fraction", none,
      [](const InputFigures& f) { return fixed(f.coverage.playableFraction, 3); },
      "fraction of the source frames the graph can ever play");
  row(
      "visited in a long walk", none,
      [](const InputFigures& f) {
        return f.hasVisits ? fixed(f.coverage.visitedFraction, 3) : std::string("blends");
      },
      "fraction of the playable frames a long random walk showed (kinds that blend show no single "
      "frame)");
  row(
      "evenness of visits", none,
      [](const InputFigures& f) {
        return f.hasVisits ? fixed(f.coverage.evenness, 3) : std::string(kNone);
      },
      "normalised entropy of the visits over the playable frames; 1 = every frame equally often");
  group("Responsiveness: time to face a new heading, s");
  auto response = [](double ResponseSummary::*m) {
    return [m](const InputFigures& f) {
      const bool met = f.hasResponse && f.response.failures < f.response.changes;
      return met ? fixed(f.response.*m, 2) : std::string(kNone);
    };
  };
  row("mean", none, response(&ResponseSummary::meanSeconds),
      "from a heading change to facing within the tolerance (hip line, averaged over a stride), "
      "over the changes "
      "met before the next (core/eval/response_measure.h)");
  row("median", none, response(&ResponseSummary::medianSeconds));
  row("max", none, response(&ResponseSummary::maxSeconds));
  row("reached", none, [](const InputFigures& f) {
    return f.hasResponse ? std::to_string(f.response.changes - f.response.failures) + " / " +
                               std::to_string(f.response.changes)
                         : std::string(kNone);
  });
  group("Size");
  row(
      "frames kept", [](const SourceFigures& g) { return std::to_string(g.frames); },
      [](const InputFigures& f) { return std::to_string(f.size.framesKept); });
  row("clips", none, [](const InputFigures& f) { return std::to_string(f.size.clips); });
  row(
      "transitions", none, [](const InputFigures& f) { return std::to_string(f.size.transitions); },
      "places a walk can leave one piece of capture for another (snap: clip pairs at hubs; "
      "subgraph: transition "
      "edges; parametric: edges that exist)");
  row("files", none, [](const InputFigures& f) { return bytes(f.size.fileBytes); });
  row("build time", none, [](const InputFigures& f) {
    return f.size.buildSeconds >= 0 ? fixed(f.size.buildSeconds, 1) + " s"
                                    : std::string("not recorded");
  });
  row("report time", none,
      [](const InputFigures& f) { return fixed(f.synthesisSeconds + f.measureSeconds, 2) + " s"; });
  return t;
}

std::string reportTableMarkdown(const ReportTable& t) {
  auto cell = [](const std::string& text) {
    std::string out;
    for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
    return out;
  };
  const size_t columns = 1 + t.sourceHeaders.size() + t.inputHeaders.size();
  std::string md = "| measure |";
  for (const std::string& h : t.sourceHeaders) md += " " + cell(h) + " |";
  for (size_t i = 0; i < t.inputHeaders.size(); ++i) {
    md += " " + cell(t.inputHeaders[i]) +
          (i < t.inputKinds.size() ? " (" + cell(t.inputKinds[i]) + ")" : "") + " |";
  }
  md += "\n|";
  for (size_t c = 0; c < columns; ++c) md += c == 0 ? "---|" : "---:|";
  md += "\n";
  for (const ReportRow& row : t.rows) {
    if (!row.group.empty()) {
      md += "| **" + cell(row.group) + "** |";
      for (size_t c = 1; c < columns; ++c) md += " |";
      md += "\n";
      continue;
    }
    md += "| " + cell(row.name) + " |";
    for (size_t c = 0; c < t.sourceHeaders.size(); ++c)
      md += " " + (c < row.sourceCells.size() ? cell(row.sourceCells[c]) : "") + " |";
    for (size_t c = 0; c < t.inputHeaders.size(); ++c)
      md += " " + (c < row.cells.size() ? cell(row.cells[c]) : "") + " |";
    md += "\n";
  }
  return md;
}

}  // namespace mg
