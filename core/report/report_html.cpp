// SPDX-License-Identifier: MIT
#include "core/report/report_html.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "core/report/report_table.h"

namespace mg {
namespace {

std::string escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else if (c == '"')
      out += "&quot;";
    else
      out += c;
  }
  return out;
}

std::string fmt(double v, int decimals = 2) {
  if (!std::isfinite(v)) return "&ndash;";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string sig(double v) {
  return significant(v);
}

constexpr int kPlotW = 520, kPlotH = 260, kLeft = 56, kRight = 12, kTop = 26, kBottom = 40;
// The legend stands right of the plot, never over its lines.
constexpr int kLegendW = 150;

// A histogram as one step line per series, y = fraction of the series' samples in each bin on a
// log scale (the tails, where pops live, stay visible).
void histogramSvg(std::ostringstream& out, const Histogram& h, const std::string& title) {
  const int bins = static_cast<int>(h.edges.size()) - 1;
  const double w = kPlotW - kLeft - kRight, hgt = kPlotH - kTop - kBottom;
  const double yMin = -4.0;  // log10 of the smallest fraction drawn
  auto x = [&](int edge) { return kLeft + w * edge / bins; };
  auto y = [&](double fraction) {
    const double l = fraction > 0 ? std::max(yMin, std::log10(fraction)) : yMin;
    return kTop + hgt * (l / yMin);
  };
  out << "<svg xmlns='http://www.w3.org/2000/svg' width='" << kPlotW + kLegendW << "' height='"
      << kPlotH << "' viewBox='0 0 " << kPlotW + kLegendW << ' ' << kPlotH << "' class='plot'>\n";
  out << "<text x='" << kLeft << "' y='16' class='title'>" << escape(title) << "</text>\n";
  for (int d = 0; d >= -4; --d) {
    out << "<line x1='" << kLeft << "' x2='" << kPlotW - kRight << "' y1='" << y(std::pow(10.0, d))
        << "' y2='" << y(std::pow(10.0, d)) << "' class='grid'/><text x='" << kLeft - 4 << "' y='"
        << y(std::pow(10.0, d)) + 4 << "' class='tick' text-anchor='end'>"
        << (d == 0 ? "1" : "1e" + std::to_string(d)) << "</text>\n";
  }
  for (int e = 0; e <= bins; e += std::max(1, bins / 8)) {
    out << "<text x='" << x(e) << "' y='" << kPlotH - kBottom + 14
        << "' class='tick' text-anchor='middle'>" << sig(h.edges[static_cast<size_t>(e)])
        << "</text>\n";
  }
  out << "<text x='" << kLeft + w / 2 << "' y='" << kPlotH - 6
      << "' class='tick' text-anchor='middle'>" << escape(h.unit)
      << (h.logarithmic ? " (log scale)" : "") << "</text>\n";
  out << "<text x='12' y='" << kTop + hgt / 2 << "' class='tick' transform='rotate(-90 12 "
      << kTop + hgt / 2 << ")' text-anchor='middle'>fraction of samples</text>\n";
  for (size_t s = 0; s < h.series.size(); ++s) {
    long long total = 0;
    for (int c : h.counts[s]) total += c;
    out << "<polyline fill='none' stroke-width='" << (s == 0 ? 2.5 : 1.6) << "' stroke='"
        << reportSeriesColour(static_cast<int>(s)) << "' points='";
    for (int b = 0; b < bins; ++b) {
      const double f =
          total > 0 ? static_cast<double>(h.counts[s][static_cast<size_t>(b)]) / total : 0.0;
      out << x(b) << ',' << y(f) << ' ' << x(b + 1) << ',' << y(f) << ' ';
    }
    out << "'/>\n";
    out << "<rect x='" << kPlotW + 4 << "' y='" << kTop + 4 + 16 * s
        << "' width='10' height='10' fill='" << reportSeriesColour(static_cast<int>(s))
        << "'/><text x='" << kPlotW + 18 << "' y='" << kTop + 13 + 16 * s << "' class='tick'>"
        << escape(h.series[s]) << "</text>\n";
  }
  out << "</svg>\n";
}

// Response times of every steerable input as horizontal box plots; unreached changes (censored)
// are drawn as hollow dots at the time they had.
void responseSvg(std::ostringstream& out, const QualityReport& r) {
  std::vector<const InputFigures*> steer;
  double tMax = 0.5;
  for (const InputFigures& f : r.inputs) {
    if (!f.error.empty() || !f.hasResponse || f.responses.empty()) continue;
    steer.push_back(&f);
    for (const ResponseRecord& resp : f.responses) tMax = std::max(tMax, resp.heldSeconds);
  }
  if (steer.empty()) return;
  const int rowH = 44, height = kTop + static_cast<int>(steer.size()) * rowH + kBottom;
  const double w = kPlotW - 150 - kRight;
  auto x = [&](double t) { return 150 + w * t / tMax; };
  out << "<svg xmlns='http://www.w3.org/2000/svg' width='" << kPlotW << "' height='" << height
      << "' viewBox='0 0 " << kPlotW << ' ' << height
      << "' class='plot'>\n<text x='8' y='16' class='title'>Time to face within "
      << fmt(r.settings.toleranceDegrees, 0) << "&#176; of a new heading</text>\n";
  for (int k = 0; k <= 5; ++k) {
    const double t = tMax * k / 5;
    out << "<line x1='" << x(t) << "' x2='" << x(t) << "' y1='" << kTop << "' y2='"
        << height - kBottom << "' class='grid'/>"
        << "<text x='" << x(t) << "' y='" << height - kBottom + 14
        << "' class='tick' text-anchor='middle'>" << sig(t) << "</text>\n";
  }
  out << "<text x='" << 150 + w / 2 << "' y='" << height - 8
      << "' class='tick' text-anchor='middle'>seconds</text>\n";
  for (size_t i = 0; i < steer.size(); ++i) {
    const InputFigures& f = *steer[i];
    std::vector<double> times;
    for (const ResponseRecord& resp : f.responses) {
      if (resp.seconds) times.push_back(*resp.seconds);
    }
    const BoxFigures b = boxFigures(times);
    const auto named =
        std::find(r.acceleration.series.begin(), r.acceleration.series.end(), f.label);
    const int series = static_cast<int>(named - r.acceleration.series.begin());
    const double cy = kTop + rowH * (i + 0.5);
    const char* colour = reportSeriesColour(series);
    out << "<text x='8' y='" << cy + 4 << "' class='tick'>" << escape(f.label) << "</text>\n";
    out << "<line x1='" << x(b.min) << "' x2='" << x(b.max) << "' y1='" << cy << "' y2='" << cy
        << "' stroke='" << colour << "'/>\n";
    out << "<rect x='" << x(b.q1) << "' y='" << cy - 10 << "' width='"
        << std::max(1.0, x(b.q3) - x(b.q1)) << "' height='20' fill='" << colour
        << "' fill-opacity='0.35' stroke='" << colour << "'/>\n";
    out << "<line x1='" << x(b.median) << "' x2='" << x(b.median) << "' y1='" << cy - 10 << "' y2='"
        << cy + 10 << "' stroke='" << colour << "' stroke-width='3'/>\n";
    for (const ResponseRecord& resp : f.responses) {
      if (!resp.seconds)
        out << "<circle cx='" << x(resp.heldSeconds) << "' cy='" << cy + 15
            << "' r='3' fill='none' stroke='" << colour << "'/>";
    }
    out << "\n";
  }
  out << "</svg>\n";
}

}  // namespace

const char* reportSeriesColour(int series) {
  static const char* const kColours[] = {"#8a8f98", "#e6803c", "#3c9be6", "#4cb050",
                                         "#b04cc0", "#d0b030", "#e04c6c", "#40c0c0"};
  return kColours[static_cast<size_t>(series) % (sizeof kColours / sizeof kColours[0])];
}

BoxFigures boxFigures(std::vector<double> v) {
  BoxFigures b;
  if (v.empty()) return b;
  std::sort(v.begin(), v.end());
  auto q = [&](double p) {
    const double at = p * (v.size() - 1);
    const size_t i = static_cast<size_t>(at);
    return i + 1 < v.size() ? v[i] + (at - i) * (v[i + 1] - v[i]) : v[i];
  };
  return {v.front(), q(0.25), q(0.5), q(0.75), v.back()};
}

std::string qualityReportHtml(const QualityReport& r) {
  std::ostringstream out;
  out << "<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>Motion graph quality "
         "report</title>\n<style>\n"
         "body{font-family:sans-serif;background:#1f2126;color:#e4e4e8;margin:24px;max-width:"
         "1120px}\n"
         "h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:26px 0 8px}p{margin:4px "
         "0;color:#b8bac0}\n"
         "table{border-collapse:collapse;font-size:13px}th,td{padding:4px 10px;border-bottom:1px "
         "solid #3a3d44;"
         "text-align:right;white-space:nowrap}th{text-align:left;font-weight:normal;color:#b8bac0}"
         "tr.group th{color:#fff;font-weight:bold;padding-top:12px}thead "
         "th{color:#fff;text-align:right}"
         "td.src{color:#9aa0aa}.bad{color:#ff8a70}.plot{background:#26292f;margin:6px 12px 6px 0}"
         ".title{fill:#fff;font-size:13px}.tick{fill:#b8bac0;font-size:11px}.grid{stroke:#3a3d44}\n"
         "</style></head><body>\n<h1>Motion graph quality report</h1>\n";
  const QualityReportSettings& s = r.settings;
  out << "<p>Walks of " << fmt(s.seconds, 0) << " s (seed " << s.seed
      << "; steerable kinds get a new random heading every " << fmt(s.changeSeconds, 1)
      << " s, at least " << s.changes << " changes), written as BVH and measured from the file "
      << "at " << fmt(s.fps, 0)
      << " fps by core/eval's own forward kinematics and contact detection, against the source "
      << "capture. Units: bh = body heights (rest-pose height of the skeleton).</p>\n";
  for (size_t g = 0; g < r.sources.size(); ++g) {
    const SourceFigures& src = r.sources[g];
    out << "<p>Source" << (r.sources.size() > 1 ? " " + std::to_string(g + 1) : std::string())
        << ": " << src.files.size() << " files, " << src.frames << " frames";
    if (!src.files.empty())
      out << " (" << escape(src.files.front().path) << (src.files.size() > 1 ? ", ..." : "") << ")";
    if (!src.error.empty()) out << " <span class='bad'>" << escape(src.error) << "</span>";
    out << "</p>\n";
  }
  for (const InputFigures& f : r.inputs) {
    if (!f.error.empty())
      out << "<p class='bad'>" << escape(f.label) << ": " << escape(f.error) << "</p>\n";
  }
  const ReportTable table = reportTable(r);
  out << "<h2>Side by side</h2>\n<table><thead><tr><th></th>";
  for (const std::string& h : table.sourceHeaders) out << "<th>" << escape(h) << "</th>";
  for (size_t i = 0; i < table.inputHeaders.size(); ++i) {
    out << "<th>" << escape(table.inputHeaders[i]) << "<br><span class='tick'>"
        << escape(table.inputKinds[i]) << "</span></th>";
  }
  out << "</tr></thead>\n";
  const size_t columns = 1 + table.sourceHeaders.size() + table.inputHeaders.size();
  for (const ReportRow& row : table.rows) {
    if (!row.group.empty()) {
      out << "<tr class='group'><th colspan='" << columns << "'>" << escape(row.group)
          << "</th></tr>\n";
      continue;
    }
    out << "<tr><th" << (row.hint.empty() ? std::string() : " title='" + escape(row.hint) + "'")
        << ">" << escape(row.name) << "</th>";
    for (const std::string& c : row.sourceCells) out << "<td class='src'>" << escape(c) << "</td>";
    for (const std::string& c : row.cells) out << "<td>" << escape(c) << "</td>";
    out << "</tr>\n";
  }
  out << "</table>\n<h2>Plots</h2>\n";
  histogramSvg(out, r.acceleration, "Per-frame worst-joint acceleration");
  histogramSvg(out, r.skate, "Planted-foot horizontal speed");
  responseSvg(out, r);
  out << "<h2>Worst transitions</h2>\n";
  for (const InputFigures& input : r.inputs) {
    if (!input.error.empty()) continue;
    const InputFigures* f = &input;
    out << "<p><b>" << escape(f->label) << "</b>: ";
    if (f->worst.empty()) out << "no transition measured";
    for (size_t i = 0; i < f->worst.size(); ++i) {
      const TransitionFigure& t = f->worst[i];
      out << (i ? "; " : "") << fmt(t.seconds, 2) << " s " << escape(t.label) << " ("
          << sig(t.velocityJumpBhPerS) << " bh/s at " << escape(t.worstPoint) << ")";
    }
    out << "</p>\n";
  }
  out << "<p>Report made in " << fmt(r.seconds, 2) << " s.</p>\n</body></html>\n";
  return out.str();
}

}  // namespace mg
