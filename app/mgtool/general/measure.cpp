// SPDX-License-Identifier: MIT
// mgtool measure: joint accelerations, foot skate and cut jumps of a written BVH, measured with
// core/eval's own forward kinematics, optionally against the capture it came from.
#include <cstdio>
#include <sstream>

#include "app/mgtool/cli/json_writer.h"
#include "app/mgtool/cli/registry.h"
#include "core/eval/motion_measure.h"

namespace mg::tool {
namespace {

constexpr double kDefaultThresholdBhPerS2 = 60.0;

// "3,10,42" -> frames; nullopt on anything else.
std::optional<std::vector<int>> parseFrames(const std::string& text) {
  std::vector<int> frames;
  std::stringstream in(text);
  std::string word;
  while (std::getline(in, word, ',')) {
    try {
      size_t used = 0;
      const int f = std::stoi(word, &used);
      if (used != word.size() || f < 0) return std::nullopt;
      frames.push_back(f);
    } catch (...) {
      return std::nullopt;
    }
  }
  return frames;
}

void writeAcceleration(JsonWriter& json, const AccelerationStats& a, const PointTracks& t) {
  json.beginObject();
  json.key("p50"), json.value(a.p50);
  json.key("p99"), json.value(a.p99);
  json.key("max"), json.value(a.max);
  json.key("joint_p50"), json.value(a.jointP50);
  json.key("joint_p99"), json.value(a.jointP99);
  json.key("threshold"), json.value(a.threshold);
  json.key("frames_above"), json.value(a.framesAbove);
  json.key("worst_frame"), json.value(a.worstFrame);
  json.key("worst_point");
  if (a.worstPoint >= 0)
    json.value(t.names[a.worstPoint]);
  else
    json.null();
  json.endObject();
}

void writeSkate(JsonWriter& json, const SkateStats& s) {
  json.beginObject();
  json.key("plants"), json.value(s.plants);
  json.key("samples"), json.value(s.samples);
  json.key("mean_bhps"), json.value(s.meanBhPerS);
  json.key("p95_bhps"), json.value(s.p95BhPerS);
  json.key("mean_mps"), json.value(s.meanMps);
  json.key("p95_mps"), json.value(s.p95Mps);
  json.endObject();
}

constexpr char kDescription[] =
    "Measures what a viewer sees of a BVH file, with forward kinematics of its own (core/eval),\n"
    "independent of the code that wrote it. The file (and every --source file) is resampled to\n"
    "--fps. Units: body heights (bh; rest-pose vertical extent of the skeleton) per s or s^2.\n"
    "Prints JSON:\n"
    "  acceleration: |second difference| of every joint and end site; p50 and p99 of each\n"
    "    frame's worst point, joint_p50 and joint_p99 of all points, max, frames whose worst\n"
    "    point is above --threshold, and the worst frame and point;\n"
    "  skate: planted-foot horizontal speed (mean, p95, also in m/s) over planted frames\n"
    "    without their first and last frame at 30 Hz (touch-down, lift-off); a foot point is\n"
    "    planted within 0.03 bh of its floor and under 0.3 bh/s; its floor is the 5th\n"
    "    percentile of its heights (with --source: the walk's ground, the 5th percentile of\n"
    "    its lowest foot point, plus the point's height above the ground in the source files,\n"
    "    as a walk need not put every point on the floor);\n"
    "  source (with --source): per-clip p99 and max, their median p99 and overall max, pooled\n"
    "    skate, and the walk's ratios to them;\n"
    "  cuts (with --cuts): velocity and pose jump at each given frame (the first frame after a\n"
    "    cut) and the speed of every plant carried across one.\n"
    "--source takes every following word up to the next option.";

class Measure final : public Command {
 public:
  Measure() : Command({"WALK.bvh", 1, 1}, kDescription) {}

 private:
  int run() override {
    std::vector<int> cuts;
    if (m_cuts.given()) {
      const auto frames = parseFrames(*m_cuts);
      if (!frames) return usageError("--cuts wants frames like 12,40,77");
      cuts = *frames;
    }
    const std::vector<std::string>& sources = *m_sources;
    const std::string& file = positional()[0];
    Result<PointTracks> walk = readPointTracks(file, {.fps = *m_fps});
    if (!walk) return fail(walk.error().message);
    std::vector<PointTracks> sourceTracks;
    for (const std::string& s : sources) {
      Result<PointTracks> t = readPointTracks(s, {.trimLeadingFrames = *m_trim, .fps = *m_fps});
      if (!t) return fail(t.error().message);
      sourceTracks.push_back(std::move(t.value()));
    }
    const double threshold = *m_threshold;
    const SourceSummary source = summarizeSources(sourceTracks, threshold >= 0 ? threshold : 0.0);
    const double limit = threshold >= 0         ? threshold
                         : sourceTracks.empty() ? kDefaultThresholdBhPerS2
                                                : 1.5 * source.max;
    const AccelerationStats acc = measureAcceleration(*walk, limit);
    // With capture, the walk's feet stand as high above its ground as the capture's do.
    const FootContactsFound plants =
        findPlants(*walk, {.standingHeights = standingHeightsFor(*walk, sourceTracks)});
    const SkateStats skate = measureSkate(*walk, plants);

    JsonWriter json;
    json.beginObject();
    json.key("file"), json.value(file);
    json.key("frames"), json.value(walk->frameCount);
    json.key("fps"), json.value(walk->fps);
    json.key("points"), json.value(walk->pointCount());
    json.key("body_height_m"), json.value(walk->bodyHeight * walk->metresPerUnit);
    json.key("acceleration"), writeAcceleration(json, acc, *walk);
    json.key("skate"), writeSkate(json, skate);
    if (!sourceTracks.empty()) {
      json.key("source"), json.beginObject();
      json.key("clips"), json.beginArray();
      for (size_t i = 0; i < sourceTracks.size(); ++i) {
        json.beginObject();
        json.key("file"), json.value(sources[i]);
        json.key("frames"), json.value(sourceTracks[i].frameCount);
        json.key("p99"), json.value(source.clips[i].p99);
        json.key("max"), json.value(source.clips[i].max);
        json.endObject();
      }
      json.endArray();
      json.key("median_p99"), json.value(source.medianP99);
      json.key("max"), json.value(source.max);
      json.key("skate"), writeSkate(json, source.skate);
      json.endObject();
      json.key("ratios"), json.beginObject();
      json.key("p99_over_source_median_p99"),
          json.value(source.medianP99 > 0 ? acc.p99 / source.medianP99 : 0.0);
      json.key("max_over_source_max"), json.value(source.max > 0 ? acc.max / source.max : 0.0);
      json.key("skate_over_source_skate"),
          json.value(source.skate.meanBhPerS > 0 ? skate.meanBhPerS / source.skate.meanBhPerS
                                                 : 0.0);
      json.endObject();
    }
    if (m_cuts.given()) {
      const double metresPerBh = walk->bodyHeight * walk->metresPerUnit;
      json.key("cuts"), json.beginArray();
      for (const FrameJump& j : measureFrameJumps(*walk, cuts)) {
        json.beginObject();
        json.key("frame"), json.value(j.frame);
        json.key("valid"), json.value(j.valid);
        json.key("velocity_jump_bhps"), json.value(j.velocityJumpBhPerS);
        json.key("pose_jump_bh"), json.value(j.poseJumpBh);
        json.key("worst_point");
        if (j.worstPoint >= 0)
          json.value(walk->names[j.worstPoint]);
        else
          json.null();
        json.endObject();
      }
      json.endArray();
      const std::vector<PlantRun> across = plantsAcrossFrames(plants, cuts);
      json.key("plants_across_cuts"), json.beginObject();
      double sum = 0.0, worst = 0.0;
      int counted = 0;
      for (const PlantRun& r : across) {
        if (r.samples == 0) continue;
        sum += r.meanSpeed, worst = std::max(worst, r.meanSpeed), ++counted;
      }
      json.key("plants"), json.value(counted);
      json.key("mean_speed_mps"), json.value(counted ? sum / counted * metresPerBh : 0.0);
      json.key("max_speed_mps"), json.value(worst * metresPerBh);
      json.endObject();
    }
    json.endObject();
    return printJson(json);
  }

  Value<std::vector<std::string>> m_sources =
      fileList("source", "capture files the walk came from (FILES... follow)");
  Value<double> m_fps =
      number<double>("fps", "R", "rate both are measured at (default 30)", 30, 1, 1000);
  Value<int> m_trim = number<int>(
      "trim", "N", "frames dropped from the start of every source file (default 0)", 0, 0, 1e9);
  Value<double> m_threshold = number<double>(
      "threshold", "A",
      "bh/s^2 above which a frame counts as a pop (default 1.5 x the source max, or 60)", -1, 0,
      1e12);
  Value<std::string> m_cuts =
      text("cuts", "F,F,...", "frames that start a new clip, for jumps and plants across cuts");
};

const CommandRegistration kRegistered{
    "measure", 110, "joint accelerations, foot skate and cut jumps of a BVH, against its source",
    make<Measure>};

}  // namespace
}  // namespace mg::tool
