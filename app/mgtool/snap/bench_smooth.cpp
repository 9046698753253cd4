// SPDX-License-Identifier: MIT
// mgtool bench smooth: how smooth a Snap-Together walk is next to the capture it came from, and
// how well its feet stay planted, measured by core/eval on the BVH files actually written.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <random>
#include <sstream>

#include "app/mgtool/cli/common_options.h"
#include "app/mgtool/cli/json_writer.h"
#include "app/mgtool/cli/registry.h"
#include "app/mgtool/snap/snap_database.h"
#include "core/eval/motion_measure.h"
#include "core/import/bvh_writer.h"
#include "core/import/import_motion_loader.h"
#include "core/io/snap_export.h"
#include "core/io/snap_import.h"
#include "core/snap/clip_sequence.h"

namespace fs = std::filesystem;

namespace mg::tool {
namespace {

// A walk of `frames` frames written to `path`, and the frames that start a new clip.
Result<std::vector<int>> writeWalk(const PlayableSnapGraph& playable, long long frames,
                                   std::uint64_t seed, const std::string& path) {
  RandomWalkStream stream(playable.graph, playable.motions, 0, seed);
  const Result<StreamedBvh> written = writeBvhStream(stream, frames, path);
  if (!written) return written.error();
  if (written->streamEnded)
    return Error{"the walk stopped after " + std::to_string(written->frames) + " frames"};
  std::vector<int> cuts;
  for (const StreamTransition& t : stream.transitions()) cuts.push_back(t.outputFrame);
  return cuts;
}

// Every motion of a stage written as BVH and read back as tracks.
Result<std::vector<PointTracks>> stageTracks(
    const std::vector<std::shared_ptr<const Motion>>& motions, const fs::path& dir,
    const std::string& stage) {
  std::vector<PointTracks> out;
  for (size_t i = 0; i < motions.size(); ++i) {
    const std::string path = (dir / (stage + "_" + std::to_string(i) + ".bvh")).string();
    if (Status s = writeBvhFile(*motions[i], path); !s) return s.error();
    Result<PointTracks> t = readPointTracks(path);
    if (!t) return t.error();
    out.push_back(std::move(t.value()));
  }
  return out;
}

void writeSkate(JsonWriter& json, const char* key, const SkateStats& s) {
  json.key(key), json.beginObject();
  json.key("mean_mps"), json.value(s.meanMps);
  json.key("p95_mps"), json.value(s.p95Mps);
  json.key("samples"), json.value(s.samples);
  json.endObject();
}

// Match frames of every motion (sorted), from the graph the motions were snapped to.
std::vector<std::vector<int>> matchFramesPerMotion(const HubGraph& graph) {
  std::vector<std::vector<int>> out(graph.frameCounts.size());
  for (const Hub& h : graph.hubs) {
    for (const MatchFrame& mf : h.matchFrames) out[mf.ref.motion].push_back(mf.ref.frame);
  }
  for (auto& frames : out) std::sort(frames.begin(), frames.end());
  return out;
}

// Frames to the nearest of `frames` (a large number when there is none).
int distanceTo(const std::vector<int>& frames, int f) {
  int best = 1 << 30;
  for (int g : frames) best = std::min(best, std::abs(g - f));
  return best;
}

// Per-frame acceleration a stage adds to the one before it (same motions, same frames): the
// largest, the frames over `limit`, the worst frame and point, and where the frames over the
// limit lie: within 2 frames of a plant's touch-down or lift-off (core/eval's plants of the stage
// before), within 2 frames of a match frame, or elsewhere.
void writeAdded(JsonWriter& json, const char* key, const std::vector<PointTracks>& before,
                const std::vector<PointTracks>& after,
                const std::vector<std::vector<int>>& matchFrames, double limit) {
  double worst = 0.0;
  int over = 0, worstMotion = -1, worstFrame = -1, nearPlantEdges = 0, nearMatchFrames = 0,
      elsewhere = 0;
  std::string worstPoint;
  for (size_t m = 0; m < before.size(); ++m) {
    const std::vector<double> a = frameAccelerationMax(before[m]),
                              b = frameAccelerationMax(after[m]);
    std::vector<int> edges;
    for (const PlantRun& r : findPlants(before[m]).runs)
      edges.push_back(r.begin), edges.push_back(r.end);
    for (size_t f = 0; f < a.size() && f < b.size(); ++f) {
      const double excess = b[f] - a[f];
      if (excess > limit) {
        ++over;
        const int frame = static_cast<int>(f);
        if (distanceTo(edges, frame) <= 2) {
          ++nearPlantEdges;
        } else if (m < matchFrames.size() && distanceTo(matchFrames[m], frame) <= 2) {
          ++nearMatchFrames;
        } else {
          ++elsewhere;
        }
      }
      if (excess > worst)
        worst = excess, worstMotion = static_cast<int>(m), worstFrame = static_cast<int>(f);
    }
  }
  if (worstMotion >= 0) {
    // The point whose acceleration grew most at the worst frame.
    const PointTracks &x = before[worstMotion], &y = after[worstMotion];
    const int f = worstFrame;
    double grew = -1e300;
    for (int p = 0; p < y.pointCount() && f > 0 && f + 1 < y.frameCount; ++p) {
      const double ay = (y.at(f + 1, p) - 2.0 * y.at(f, p) + y.at(f - 1, p)).norm();
      const double ax = (x.at(f + 1, p) - 2.0 * x.at(f, p) + x.at(f - 1, p)).norm();
      if (ay - ax > grew) grew = ay - ax, worstPoint = y.names[p];
    }
  }
  json.key(key), json.beginObject();
  json.key("max_bhps2"), json.value(worst);
  json.key("frames_over"), json.value(over);
  json.key("limit_bhps2"), json.value(limit);
  json.key("over_near_plant_edges"), json.value(nearPlantEdges);
  json.key("over_near_match_frames"), json.value(nearMatchFrames);
  json.key("over_elsewhere"), json.value(elsewhere);
  json.key("worst_motion"), json.value(worstMotion);
  json.key("worst_frame"), json.value(worstFrame);
  json.key("worst_point"), json.value(worstPoint);
  json.endObject();
}

// Plants of a stage (core/eval's, on the written files, each motion judged against the floor of
// the capture it was made from) that hold two match frames or more: the frames a plant is locked
// to at both ends of a clip. Their speed shows whether linked plants stay put.
void writeLinkedPlants(JsonWriter& json, const char* key, const std::vector<PointTracks>& tracks,
                       const std::vector<PointTracks>& sources,
                       const std::vector<std::vector<int>>& matchFrames) {
  int count = 0;
  double sum = 0.0, worst = 0.0;
  for (size_t m = 0; m < tracks.size() && m < matchFrames.size(); ++m) {
    const double metresPerBh = tracks[m].bodyHeight * tracks[m].metresPerUnit;
    ContactMeasureSettings settings;
    if (m < sources.size())
      settings.standingHeights = standingHeightsFor(tracks[m], std::span(&sources[m], 1));
    for (const PlantRun& r : findPlants(tracks[m], settings).runs) {
      const auto held = std::count_if(matchFrames[m].begin(), matchFrames[m].end(),
                                      [&](int f) { return f >= r.begin && f <= r.end; });
      if (held < 2 || r.samples == 0) continue;
      ++count;
      sum += r.meanSpeed * metresPerBh;
      worst = std::max(worst, r.meanSpeed * metresPerBh);
    }
  }
  json.key(key), json.beginObject();
  json.key("plants"), json.value(count);
  json.key("mean_mps"), json.value(count ? sum / count : 0.0);
  json.key("max_mps"), json.value(worst);
  json.endObject();
}

std::optional<std::vector<long long>> parseSeeds(const std::string& text) {
  std::vector<long long> seeds;
  std::stringstream in(text);
  for (std::string word; std::getline(in, word, ',');) {
    try {
      size_t used = 0;
      const long long s = std::stoll(word, &used);
      if (used != word.size() || s < 0 || s > kMaxSeed) return std::nullopt;
      seeds.push_back(s);
    } catch (...) {
      return std::nullopt;
    }
  }
  if (seeds.empty()) return std::nullopt;
  return seeds;
}

constexpr char kDescription[] =
    "Snaps the capture FILES as 'mgtool snap' does (same options), exports the graph, reads it\n"
    "back, writes a random walk of --seconds for every seed and measures each with core/eval\n"
    "(as 'mgtool measure'), against the FILES themselves resampled to the working rate.\n"
    "Prints JSON: the source's median per-clip p99 and max acceleration (bh/s^2, per-frame\n"
    "worst point) and planted-foot speed; per stage of snapping (original, displaced, snapped\n"
    "motions, written as BVH) the same figures and the acceleration each stage adds over the one\n"
    "before (frames over --added-limit bh/s^2, whether near a plant's touch-down or lift-off, near "
    "a\n"
    "match frame or elsewhere, and the worst point), and the speed of plants holding two match\n"
    "frames or more before and after snapping; per walk p99, max, their ratios to the source,\n"
    "frames above 1.5 x the source max, planted-foot speed, plants carried across cuts and the\n"
    "largest velocity jump at a cut.\n"
    "Plants of walks and linked plants are found with each foot point standing as high above\n"
    "the ground (the lowest foot point's 5th-percentile height) as in the FILES, not at its own\n"
    "5th percentile in the walk: a walk may hold a point off the floor throughout.";

class BenchSmooth final : public Command {
 public:
  BenchSmooth() : Command({"FILES...", 1}, kDescription) {}

 private:
  int run() override {
    const SnapBuildSettings settings = m_build.settings();
    std::vector<long long> seeds{1};
    if (m_seeds.given()) {
      const auto s = parseSeeds(*m_seeds);
      if (!s)
        return usageError("--seeds wants whole numbers from 0 to " +
                          std::to_string(static_cast<long long>(kMaxSeed)) + " like 1,2,3");
      seeds = *s;
    }
    const bool keep = !m_out->empty();
    const fs::path dir = keep ? fs::path(*m_out)
                              : fs::temp_directory_path() /
                                    ("mg_bench_smooth_" + std::to_string(std::random_device{}()));
    std::error_code ec;
    fs::create_directories(dir, ec);
    struct Cleanup {
      fs::path dir;
      bool keep;
      ~Cleanup() {
        std::error_code ignored;
        if (!keep) fs::remove_all(dir, ignored);
      }
    } cleanup{dir, keep};

    const std::optional<SnapDatabase> db = loadSnapDatabase(*this, positional(), settings);
    if (!db) return kExitFailed;
    const std::optional<SuggestedHubGraph> built = buildSnapGraph(*this, *db, settings);
    if (!built) return kExitFailed;
    const std::optional<SnapResult> snapped = snapDatabase(*this, *db, built->graph, settings);
    if (!snapped) return kExitFailed;
    const std::string exportDir = (dir / "graph").string();
    SnapExportInput input{&snapped->graph,
                          &*snapped,
                          {built->threshold, settings.wminFrames, settings.trimFrames},
                          {}};
    if (Status s = exportSnapGraph(input, exportDir); !s) return fail(s.error().message);
    Result<SnapGraphFile> file = readSnapGraph(exportDir, importMotionLoader());
    if (!file) return fail(file.error().message);
    Result<PlayableSnapGraph> playable = playableSnapGraph(*file);
    if (!playable) return fail(playable.error().message);

    std::vector<PointTracks> sources;
    for (const std::string& f : db->files) {
      Result<PointTracks> t =
          readPointTracks(f, {.trimLeadingFrames = settings.trimFrames, .fps = settings.fps});
      if (!t) return fail(t.error().message);
      sources.push_back(std::move(t.value()));
    }
    const SourceSummary source = summarizeSources(sources, 1e30);
    const double popLimit = 1.5 * source.max;

    JsonWriter json;
    json.beginObject();
    json.key("files"), json.value(static_cast<int>(db->files.size()));
    json.key("hubs"), json.value(static_cast<int>(built->graph.hubs.size()));
    json.key("clips"), json.value(static_cast<int>(built->graph.edges.size()));
    json.key("playable_clips"), json.value(static_cast<int>(playable->graph.edges.size()));
    json.key("source"), json.beginObject();
    json.key("median_p99"), json.value(source.medianP99);
    json.key("max"), json.value(source.max);
    writeSkate(json, "skate", source.skate);
    json.endObject();

    json.key("stages"), json.beginObject();
    const fs::path stageDir = dir / "stages";
    fs::create_directories(stageDir, ec);
    Result<std::vector<PointTracks>> original = stageTracks(db->motions, stageDir, "original");
    Result<std::vector<PointTracks>> displaced =
        stageTracks(snapped->displacedMotions, stageDir, "displaced");
    Result<std::vector<PointTracks>> final = stageTracks(snapped->motions, stageDir, "snapped");
    if (!original || !displaced || !final) {
      return fail((!original ? original : !displaced ? displaced : final).error().message);
    }
    for (const auto& [name, tracks] :
         {std::pair{"original", &*original}, {"displaced", &*displaced}, {"snapped", &*final}}) {
      const SourceSummary s = summarizeSources(*tracks, 1e30);
      json.key(name), json.beginObject();
      json.key("median_p99"), json.value(s.medianP99);
      json.key("max"), json.value(s.max);
      writeSkate(json, "skate", s.skate);
      json.endObject();
    }
    const std::vector<std::vector<int>> matchFrames = matchFramesPerMotion(snapped->graph);
    writeAdded(json, "added_by_displacement", *original, *displaced, matchFrames, *m_addedLimit);
    writeAdded(json, "added_by_plants", *displaced, *final, matchFrames, *m_addedLimit);
    writeLinkedPlants(json, "linked_plants_original", *original, sources, matchFrames);
    writeLinkedPlants(json, "linked_plants_snapped", *final, sources, matchFrames);
    json.endObject();

    const long long frames = std::max<long long>(3, std::llround(*m_seconds * file->fps));
    json.key("walks"), json.beginArray();
    for (long long seed : seeds) {
      const std::string path = (dir / ("walk_" + std::to_string(seed) + ".bvh")).string();
      Result<std::vector<int>> cuts =
          writeWalk(*playable, frames, static_cast<std::uint64_t>(seed), path);
      if (!cuts) return fail(cuts.error().message);
      Result<PointTracks> walk = readPointTracks(path, {.fps = settings.fps});
      if (!walk) return fail(walk.error().message);
      const AccelerationStats a = measureAcceleration(*walk, popLimit);
      // Walks' feet stand on their floor as high as the capture's do (see standingHeights).
      const FootContactsFound plants =
          findPlants(*walk, {.standingHeights = standingHeightsFor(*walk, sources)});
      const SkateStats skate = measureSkate(*walk, plants);
      double across = 0.0, acrossMax = 0.0, jump = 0.0;
      int acrossCount = 0;
      for (const PlantRun& r : plantsAcrossFrames(plants, *cuts)) {
        if (r.samples == 0) continue;
        across += r.meanSpeed, acrossMax = std::max(acrossMax, r.meanSpeed), ++acrossCount;
      }
      for (const FrameJump& j : measureFrameJumps(*walk, *cuts))
        jump = std::max(jump, j.velocityJumpBhPerS);
      const double metresPerBh = walk->bodyHeight * walk->metresPerUnit;
      json.beginObject();
      json.key("seed"), json.value(static_cast<std::int64_t>(seed));
      json.key("frames"), json.value(walk->frameCount);
      json.key("cuts"), json.value(static_cast<int>(cuts->size()));
      json.key("p99"), json.value(a.p99);
      json.key("max"), json.value(a.max);
      json.key("p99_over_source_median_p99"), json.value(a.p99 / source.medianP99);
      json.key("max_over_source_max"), json.value(a.max / source.max);
      json.key("frames_above_1_5_source_max"), json.value(a.framesAbove);
      json.key("worst_frame"), json.value(a.worstFrame);
      json.key("worst_point"), json.value(walk->names[a.worstPoint]);
      writeSkate(json, "skate", skate);
      json.key("plants_across_cuts"), json.value(acrossCount);
      json.key("across_cuts_mean_mps"),
          json.value(acrossCount ? across / acrossCount * metresPerBh : 0.0);
      json.key("across_cuts_max_mps"), json.value(acrossMax * metresPerBh);
      json.key("max_cut_velocity_jump_bhps"), json.value(jump);
      json.endObject();
    }
    json.endArray();
    json.endObject();
    return printJson(json);
  }

  SnapBuildOptions m_build{*this};
  Value<double> m_seconds =
      number<double>("seconds", "S", "length of each walk (default 60)", 60, 1e-3, 1e6);
  Value<std::string> m_seeds = text("seeds", "K,K,...", "random seeds, one walk each (default 1)");
  Value<double> m_addedLimit =
      number<double>("added-limit", "A",
                     "bh/s^2 a stage may add to a frame before it counts (default 10)", 10, 0, 1e9);
  Value<std::string> m_out = text(
      "out", "DIR", "keep the export, stage files and walks in DIR (default: a temporary folder)");
};

const CommandRegistration kRegistered{
    "bench smooth", 80, "accelerations and foot plants of snapped walks against their capture",
    make<BenchSmooth>};

}  // namespace
}  // namespace mg::tool
