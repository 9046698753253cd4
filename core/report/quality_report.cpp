// SPDX-License-Identifier: MIT
#include "core/report/quality_report.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <mutex>
#include <numbers>
#include <random>

#include "core/import/bvh_writer.h"
#include "core/report/report_walk.h"
#include "core/util/parallel_for.h"
#include "core/util/stopwatch.h"

namespace mg {
namespace {

namespace fs = std::filesystem;

std::string labelOf(const std::string& path) {
  fs::path p(path);
  if (!p.has_filename()) p = p.parent_path();
  return p.filename().string();
}

std::string canonical(const std::string& path) {
  std::error_code ec;
  const fs::path c = fs::weakly_canonical(path, ec);
  return ec ? path : c.string();
}

// Source list of one input: the --source override (files matched to the input's own list by
// path, then by file name) or its own files.
struct SourcePlan {
  std::vector<SourceCapture> files;
  std::vector<int> groupIndexOfInputSource;  // input source -> index into files, -1 unknown
};

SourcePlan planSources(const GraphInput& input, const QualityReportSettings& s) {
  SourcePlan plan;
  if (s.sources.empty()) {
    for (const SourceCapture& c : input.sources()) {
      plan.groupIndexOfInputSource.push_back(static_cast<int>(plan.files.size()));
      plan.files.push_back(
          {c.path, c.trimLeadingFrames >= 0 ? c.trimLeadingFrames : s.trimLeadingFrames});
    }
    return plan;
  }
  for (const std::string& f : s.sources) plan.files.push_back({f, s.trimLeadingFrames});
  for (const SourceCapture& c : input.sources()) {
    int found = -1;
    for (size_t i = 0; i < s.sources.size() && found < 0; ++i) {
      if (canonical(s.sources[i]) == canonical(c.path)) found = static_cast<int>(i);
    }
    for (size_t i = 0; i < s.sources.size() && found < 0; ++i) {
      if (fs::path(s.sources[i]).filename() == fs::path(c.path).filename())
        found = static_cast<int>(i);
    }
    plan.groupIndexOfInputSource.push_back(found);
  }
  return plan;
}

std::string groupKey(const std::vector<SourceCapture>& files) {
  std::string key;
  for (const SourceCapture& f : files)
    key += canonical(f.path) + "|" + std::to_string(f.trimLeadingFrames) + "\n";
  return key;
}

// Measures the capture of one group. Fills `out.error` on failure.
void measureSources(SourceFigures& out, double fps, double threshold, const Progress& progress) {
  std::vector<PointTracks> tracks(out.files.size());
  std::vector<std::string> errors(out.files.size());
  parallelFor(static_cast<int>(out.files.size()), 0, [&](int i, int) {
    if (progress.cancelled()) return;
    if (out.files[i].path.empty()) {
      errors[i] = "the export does not name the capture file of source " + std::to_string(i) +
                  " (give --source)";
      return;
    }
    Result<PointTracks> t = readPointTracks(
        out.files[i].path, {.trimLeadingFrames = out.files[i].trimLeadingFrames, .fps = fps});
    if (t)
      tracks[i] = std::move(t.value());
    else
      errors[i] = t.error().message;
  });
  for (const std::string& e : errors) {
    if (!e.empty()) {
      out.error = e;
      return;
    }
  }
  out.summary = summarizeSources(tracks, threshold);
  out.standingHeightsMetres = standingHeights(tracks);
  for (double& h : out.standingHeightsMetres) h *= tracks.front().metresPerUnit;
  std::vector<double> jumps;
  for (const PointTracks& t : tracks) {
    out.frameCounts.push_back(t.frameCount);
    out.frames += t.frameCount;
    const std::vector<double> a = frameAccelerationMax(t);
    // The first and last frame have no second difference.
    if (a.size() > 2)
      out.frameAcceleration.insert(out.frameAcceleration.end(), a.begin() + 1, a.end() - 1);
    const std::vector<double> skate = skateSpeeds(t, findPlants(t));
    out.skateSpeeds.insert(out.skateSpeeds.end(), skate.begin(), skate.end());
    std::vector<int> frames;
    for (int f = 2; f + 1 < t.frameCount; ++f) frames.push_back(f);
    for (const FrameJump& j : measureFrameJumps(t, frames)) jumps.push_back(j.velocityJumpBhPerS);
  }
  out.pooled.frames = static_cast<int>(out.frameAcceleration.size());
  out.pooled.p50 = percentile(out.frameAcceleration, 50.0);
  out.pooled.p99 = percentile(out.frameAcceleration, 99.0);
  out.pooled.max = out.frameAcceleration.empty() ? 0.0
                                                 : *std::max_element(out.frameAcceleration.begin(),
                                                                     out.frameAcceleration.end());
  out.jumpP50 = percentile(jumps, 50.0);
  out.jumpP99 = percentile(jumps, 99.0);
  out.jumpMax = jumps.empty() ? 0.0 : *std::max_element(jumps.begin(), jumps.end());
}

Histogram makeHistogram(bool logarithmic, double lo, double hi, int bins, std::string unit) {
  Histogram h;
  h.logarithmic = logarithmic;
  h.unit = std::move(unit);
  for (int i = 0; i <= bins; ++i) {
    const double f = static_cast<double>(i) / bins;
    h.edges.push_back(logarithmic
                          ? std::pow(10.0, std::log10(lo) + f * (std::log10(hi) - std::log10(lo)))
                          : lo + f * (hi - lo));
  }
  return h;
}

void addSeries(Histogram& h, const std::string& name, const std::vector<double>& values) {
  std::vector<int> counts(h.edges.size() - 1, 0);
  for (double v : values) {
    // Values outside the range go to the first or last bin, so every sample is counted.
    auto it = std::upper_bound(h.edges.begin(), h.edges.end(), v);
    int bin = static_cast<int>(it - h.edges.begin()) - 1;
    ++counts[static_cast<size_t>(std::clamp(bin, 0, static_cast<int>(counts.size()) - 1))];
  }
  h.counts.push_back(std::move(counts));
  h.series.push_back(name);
}

}  // namespace

Status QualityReportSettings::validate() const {
  auto bad = [](const char* what) { return Status(Error{what}); };
  if (!(seconds > 0) || seconds > 36000) return bad("--seconds must be in (0, 36000]");
  if (!(fps >= 1) || fps > 1000) return bad("--fps must be in [1, 1000]");
  if (trimLeadingFrames < 0) return bad("--trim must not be negative");
  if (!(changeSeconds > 0) || changeSeconds > 600)
    return bad("--change-seconds must be in (0, 600]");
  if (changes < 1 || changes > 10000) return bad("--changes must be in [1, 10000]");
  if (!(minTurnDegrees >= 0) || minTurnDegrees > 180)
    return bad("the smallest turn must be in [0, 180] degrees");
  if (!(toleranceDegrees > 0) || toleranceDegrees > 180)
    return bad("--tolerance must be in (0, 180] degrees");
  if (!(coverageSeconds >= 0) || coverageSeconds > 360000)
    return bad("--coverage-seconds must be in [0, 360000]");
  if (!(facingSmoothSeconds >= 0) || facingSmoothSeconds > 10)
    return bad("the facing smoothing must be in [0, 10] seconds");
  if (worstTransitions < 0) return bad("the number of worst transitions must not be negative");
  if (!(accelerationThreshold >= 0) || !std::isfinite(accelerationThreshold))
    return bad("--threshold must not be negative");
  return {};
}

Result<QualityReport> runQualityReport(std::span<const std::string> paths,
                                       const QualityReportSettings& settings,
                                       const MotionFileLoader& load, const Progress& progress) {
  if (Status s = settings.validate(); !s) return s.error();
  if (paths.empty()) return Error{"give at least one graph export to report on"};
  // Open every input (each reads its export and the capture it plays).
  const Stopwatch clock;
  const int n = static_cast<int>(paths.size());
  std::vector<ReportInput> inputs(static_cast<size_t>(n));
  parallelFor(n, 0, [&](int i, int) {
    ReportInput& in = inputs[static_cast<size_t>(i)];
    in.path = paths[static_cast<size_t>(i)];
    if (progress.cancelled()) return;
    Result<std::unique_ptr<GraphInput>> opened = openGraphInput(in.path, load);
    if (opened)
      in.input = std::move(opened.value());
    else
      in.error = opened.error().message;
  });
  if (progress.cancelled()) return Error{"the quality report was cancelled"};
  Result<QualityReport> report =
      runQualityReport(std::move(inputs), settings, progress.slice(0.2, 1.0));
  if (report) report->seconds = clock.seconds();
  return report;
}

Result<QualityReport> runQualityReport(std::vector<ReportInput> opened,
                                       const QualityReportSettings& settings,
                                       const Progress& progress) {
  const Stopwatch clock;
  if (Status s = settings.validate(); !s) return s.error();
  if (opened.empty()) return Error{"give at least one graph export to report on"};
  QualityReport report;
  report.settings = settings;
  const int n = static_cast<int>(opened.size());
  std::vector<std::shared_ptr<const GraphInput>> inputs(static_cast<size_t>(n));
  report.inputs.resize(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    InputFigures& fig = report.inputs[static_cast<size_t>(i)];
    fig.path = opened[i].path;
    fig.label = labelOf(fig.path);
    inputs[i] = opened[i].input;
    if (!inputs[i]) {
      fig.error = opened[i].error.empty() ? fig.path + ": not opened" : opened[i].error;
      continue;
    }
    fig.kind = inputs[i]->kind();
    fig.steerable = inputs[i]->steerable();
    fig.size = inputs[i]->size();
  }
  // Labels name inputs in tables and plots: make them unique.
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < i; ++j) {
      if (report.inputs[j].label == report.inputs[i].label)
        report.inputs[i].label += " (" + std::to_string(i + 1) + ")";
    }
  }

  // 2. Source capture, measured once per distinct list.
  std::vector<SourcePlan> plans(static_cast<size_t>(n));
  std::map<std::string, int> groupOfKey;
  for (int i = 0; i < n; ++i) {
    if (!inputs[i]) continue;
    plans[i] = planSources(*inputs[i], settings);
    const auto [it, added] =
        groupOfKey.emplace(groupKey(plans[i].files), static_cast<int>(report.sources.size()));
    if (added) {
      SourceFigures group;
      group.files = plans[i].files;
      report.sources.push_back(std::move(group));
    }
    report.inputs[i].sourceGroup = it->second;
  }
  for (SourceFigures& group : report.sources) {
    measureSources(group, settings.fps, settings.accelerationThreshold, progress);
    if (progress.cancelled()) return Error{"the quality report was cancelled"};
  }
  progress.report(0.3);

  // 3. Walk, write, read back and measure every input.
  std::string walkDir = settings.walkDirectory;
  bool temporary = false;
  if (walkDir.empty()) {
    std::error_code ec;
    walkDir = (fs::temp_directory_path(ec) / ("mg_eval_" + std::to_string(std::random_device{}())))
                  .string();
    temporary = true;
  }
  std::error_code ec;
  fs::create_directories(walkDir, ec);
  if (ec) return Error{walkDir + ": cannot create the folder for the walks: " + ec.message()};
  parallelFor(n, 0, [&](int i, int) {
    if (!inputs[i] || progress.cancelled()) return;
    InputFigures& fig = report.inputs[static_cast<size_t>(i)];
    const SourceFigures& group = report.sources[static_cast<size_t>(fig.sourceGroup)];
    const std::string file =
        (fs::path(walkDir) / ("walk_" + std::to_string(i) + "_" + fig.kind + ".bvh")).string();
    walkAndMeasure(*inputs[i], plans[i].groupIndexOfInputSource, group, settings, file, fig,
                   progress.slice(0.3 + 0.7 * i / n, 0.3 + 0.7 * (i + 1) / n));
    if (!temporary) fig.walkFile = file;
  });
  if (temporary) fs::remove_all(walkDir, ec);
  if (progress.cancelled()) return Error{"the quality report was cancelled"};

  // 4. Shared bins for the side-by-side plots.
  double accMax = 1.0, skateMax = 0.0;
  std::vector<double> skateAll;
  for (const SourceFigures& g : report.sources) {
    for (double v : g.frameAcceleration) accMax = std::max(accMax, v);
    skateAll.insert(skateAll.end(), g.skateSpeeds.begin(), g.skateSpeeds.end());
  }
  for (const InputFigures& f : report.inputs) {
    for (double v : f.frameAcceleration) accMax = std::max(accMax, v);
    skateAll.insert(skateAll.end(), f.skateSpeeds.begin(), f.skateSpeeds.end());
  }
  skateMax = std::max(0.05, percentile(skateAll, 99.5));
  report.acceleration =
      makeHistogram(true, 0.1, std::pow(10.0, std::ceil(std::log10(accMax))), 40, "bh/s^2");
  report.skate = makeHistogram(false, 0.0, skateMax, 30, "bh/s");
  for (size_t g = 0; g < report.sources.size(); ++g) {
    const std::string name =
        report.sources.size() == 1 ? "source" : "source " + std::to_string(g + 1);
    addSeries(report.acceleration, name, report.sources[g].frameAcceleration);
    addSeries(report.skate, name, report.sources[g].skateSpeeds);
  }
  for (const InputFigures& f : report.inputs) {
    if (!f.error.empty()) continue;
    addSeries(report.acceleration, f.label, f.frameAcceleration);
    addSeries(report.skate, f.label, f.skateSpeeds);
  }
  progress.report(1.0);
  report.seconds = clock.seconds();
  return report;
}

}  // namespace mg
