// SPDX-License-Identifier: MIT
#include "core/report/report_json.h"

namespace mg {
namespace {

using Object = JsonObject;
using Array = JsonArray;

Json number(double v) {
  return Json(v);
}
Json count(long long v) {
  return Json(static_cast<double>(v));
}

Json acceleration(const AccelerationStats& a) {
  return Object{{"p50_bhps2", a.p50},           {"p99_bhps2", a.p99},
                {"max_bhps2", a.max},           {"joint_p99_bhps2", a.jointP99},
                {"frames", a.frames},           {"threshold_bhps2", a.threshold},
                {"frames_above", a.framesAbove}};
}

Json skate(const SkateStats& s) {
  return Object{{"mean_bhps", s.meanBhPerS}, {"p95_bhps", s.p95BhPerS}, {"mean_mps", s.meanMps},
                {"p95_mps", s.p95Mps},       {"plants", s.plants},      {"samples", s.samples}};
}

Json histogram(const Histogram& h) {
  Array edges, series;
  for (double e : h.edges) edges.push_back(number(e));
  for (size_t s = 0; s < h.series.size(); ++s) {
    Array counts;
    for (int c : h.counts[s]) counts.push_back(c);
    series.push_back(Object{{"name", h.series[s]}, {"counts", counts}});
  }
  return Object{
      {"edges", edges}, {"logarithmic", h.logarithmic}, {"unit", h.unit}, {"series", series}};
}

Json sourceJson(const SourceFigures& g) {
  Array files;
  for (const SourceCapture& f : g.files)
    files.push_back(Object{{"path", f.path}, {"trim_leading_frames", f.trimLeadingFrames}});
  Object o{{"files", files}};
  if (!g.error.empty()) {
    o["error"] = g.error;
    return o;
  }
  o["frames"] = g.frames;
  o["acceleration"] = acceleration(g.pooled);
  o["acceleration_clip_p99_median_bhps2"] = g.summary.medianP99;
  o["skate"] = skate(g.summary.skate);
  o["velocity_change_per_frame"] =
      Object{{"p50_bhps", g.jumpP50}, {"p99_bhps", g.jumpP99}, {"max_bhps", g.jumpMax}};
  return o;
}

Json inputJson(const InputFigures& f) {
  Object o{{"path", f.path}, {"label", f.label}, {"kind", f.kind}, {"steerable", f.steerable}};
  if (!f.error.empty()) {
    o["error"] = f.error;
    return o;
  }
  o["source_group"] = f.sourceGroup;
  o["size"] =
      Object{{"frames_kept", count(f.size.framesKept)},
             {"clips", f.size.clips},
             {"transitions", f.size.transitions},
             {"file_bytes", count(f.size.fileBytes)},
             {"build_seconds", f.size.buildSeconds >= 0 ? Json(f.size.buildSeconds) : Json()}};
  o["walk"] = Object{{"frames", f.walkFrames},
                     {"seconds", f.walkSeconds},
                     {"ended_early", f.walkEnded},
                     {"file", f.walkFile.empty() ? Json() : Json(f.walkFile)}};
  o["acceleration"] = acceleration(f.acceleration);
  o["skate"] = skate(f.skate);
  Array worst;
  for (const TransitionFigure& t : f.worst) {
    worst.push_back(Object{{"frame", t.frame},
                           {"seconds", t.seconds},
                           {"label", t.label},
                           {"velocity_jump_bhps", t.velocityJumpBhPerS},
                           {"pose_jump_bh", t.poseJumpBh},
                           {"worst_point", t.worstPoint}});
  }
  o["transitions"] = Object{{"count", f.transitions},
                            {"velocity_jump_mean_bhps", f.jumpMean},
                            {"velocity_jump_p95_bhps", f.jumpP95},
                            {"velocity_jump_max_bhps", f.jumpMax},
                            {"worst", worst}};
  const CoverageStats& c = f.coverage;
  o["coverage"] = Object{{"source_frames", count(c.sourceFrames)},
                         {"playable_frames", count(c.playableFrames)},
                         {"playable_fraction", c.playableFraction},
                         {"visited_fraction", f.hasVisits ? Json(c.visitedFraction) : Json()},
                         {"evenness", f.hasVisits ? Json(c.evenness) : Json()},
                         {"max_over_mean_visits", f.hasVisits ? Json(c.maxOverMean) : Json()}};
  if (f.hasResponse) {
    Array each;
    for (const ResponseRecord& r : f.responses) {
      each.push_back(Object{{"frame", r.changeFrame},
                            {"seconds", r.heldSeconds},
                            {"reached", r.seconds.has_value()}});
    }
    o["responsiveness"] = Object{{"changes", f.response.changes},
                                 {"reached", f.response.changes - f.response.failures},
                                 {"mean_seconds", f.response.meanSeconds},
                                 {"median_seconds", f.response.medianSeconds},
                                 {"max_seconds", f.response.maxSeconds},
                                 {"each", each}};
  } else {
    o["responsiveness"] = Json();
  }
  o["timing"] =
      Object{{"synthesis_seconds", f.synthesisSeconds}, {"measure_seconds", f.measureSeconds}};
  return o;
}

}  // namespace

Json qualityReportJson(const QualityReport& r) {
  const QualityReportSettings& s = r.settings;
  Array sources, inputs;
  for (const SourceFigures& g : r.sources) sources.push_back(sourceJson(g));
  for (const InputFigures& f : r.inputs) inputs.push_back(inputJson(f));
  return Object{{"format", "mgstudio.quality-report"},
                {"version", 1},
                {"settings", Object{{"seconds", s.seconds},
                                    {"seed", static_cast<double>(s.seed)},
                                    {"fps", s.fps},
                                    {"change_seconds", s.changeSeconds},
                                    {"changes", s.changes},
                                    {"tolerance_degrees", s.toleranceDegrees},
                                    {"coverage_seconds", s.coverageSeconds}}},
                {"sources", sources},
                {"inputs", inputs},
                {"histograms", Object{{"acceleration", histogram(r.acceleration)},
                                      {"skate", histogram(r.skate)}}},
                {"seconds", r.seconds}};
}

}  // namespace mg
