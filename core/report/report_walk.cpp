// SPDX-License-Identifier: MIT
#include "core/report/report_walk.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

#include "core/import/bvh_writer.h"
#include "core/util/stopwatch.h"

namespace mg {
namespace {

// Playable frames and visit counts per source file of the group, at settings.fps.
void countCoverage(const GraphInput& input, const std::vector<int>& sourceIndex,
                   const SourceFigures& group, const QualityReportSettings& settings,
                   InputFigures& fig, const Progress& progress) {
  const double fps = settings.fps;
  std::vector<std::vector<char>> playable;
  std::vector<std::vector<int>> visits;
  for (int frames : group.frameCounts) {
    playable.emplace_back(static_cast<size_t>(frames), 0);
    visits.emplace_back(static_cast<size_t>(frames), 0);
  }
  auto groupOf = [&](int source) {
    return source >= 0 && source < static_cast<int>(sourceIndex.size())
               ? sourceIndex[static_cast<size_t>(source)]
               : -1;
  };
  for (const SourceSpan& span : input.playableSpans()) {
    const int g = groupOf(span.source);
    if (g < 0 || g >= static_cast<int>(playable.size())) continue;
    // Frame f (time f / fps) is in the span when begin <= f / fps < end.
    const int first = std::max(0, static_cast<int>(std::ceil(span.beginSeconds * fps - 1e-6)));
    const int last = std::min(static_cast<int>(playable[g].size()),
                              static_cast<int>(std::ceil(span.endSeconds * fps - 1e-6)));
    for (int f = first; f < last; ++f) playable[g][f] = 1;
  }
  // The long walk: no file, only where each frame came from.
  Result<std::unique_ptr<PoseStream>> stream = input.makeStream(settings.seed);
  if (stream) {
    PoseStream& s = **stream;
    const long long frames = std::llround(settings.coverageSeconds * s.fps());
    const long long probe = std::llround(5.0 * s.fps());  // a blending kind shows no source at all
    Pose pose;
    long long sourced = 0;
    for (long long k = 0; k < frames; ++k) {
      if (k % 4096 == 0) {
        progress.report(0.8 + 0.2 * k / std::max<long long>(1, frames));
        if (progress.cancelled()) return;
      }
      if (!s.next(pose)) break;
      const SourceTime t = input.toSource(s.lastSource());
      const int g = groupOf(t.source);
      if (t.source >= 0) ++sourced;
      if (k == probe && sourced == 0) break;
      if (g < 0 || g >= static_cast<int>(visits.size())) continue;
      const long long f = std::llround(t.seconds * fps);
      if (f >= 0 && f < static_cast<long long>(visits[g].size()))
        ++visits[g][static_cast<size_t>(f)];
    }
    fig.hasVisits = sourced > 0;
  }
  fig.coverage = measureCoverage(playable, visits);
}

// Sets each scheduled directive on the inner stream right before the frame it is due at.
class ScheduledStream final : public PoseStream {
 public:
  ScheduledStream(std::unique_ptr<PoseStream> inner, std::vector<DirectiveChange> changes)
      : m_inner(std::move(inner)), m_changes(std::move(changes)) {}
  std::shared_ptr<const Skeleton> skeleton() const override { return m_inner->skeleton(); }
  double fps() const override { return m_inner->fps(); }
  bool next(Pose& out) override {
    while (m_next < m_changes.size() && m_changes[m_next].frame <= m_inner->framesPlayed()) {
      m_inner->setDirective({Directive::Kind::Heading, m_changes[m_next].headingRadians, 0.0});
      ++m_next;
    }
    return m_inner->next(out);
  }
  int framesPlayed() const override { return m_inner->framesPlayed(); }
  SourceFrame lastSource() const override { return m_inner->lastSource(); }
  const std::vector<StreamTransition>& transitions() const override {
    return m_inner->transitions();
  }

 private:
  std::unique_ptr<PoseStream> m_inner;
  std::vector<DirectiveChange> m_changes;
  size_t m_next = 0;
};

}  // namespace

Result<ReportWalk> makeReportWalk(const GraphInput& input, const QualityReportSettings& settings) {
  Result<std::unique_ptr<PoseStream>> made = input.makeStream(settings.seed);
  if (!made) return made.error();
  ReportWalk walk;
  const double rate = (*made)->fps();
  walk.frames = std::max<long long>(3, std::llround(settings.seconds * rate));
  if (!input.steerable()) {
    walk.stream = std::move(made.value());
    return walk;
  }
  const int every = std::max(1, static_cast<int>(std::lround(settings.changeSeconds * rate)));
  walk.frames =
      std::max<long long>(walk.frames, static_cast<long long>(settings.changes + 1) * every);
  walk.changes = headingSchedule(walk.frames, every, settings.minTurnDegrees, settings.seed);
  walk.stream = std::make_unique<ScheduledStream>(std::move(made.value()), walk.changes);
  return walk;
}

std::vector<DirectiveChange> headingSchedule(long long frames, int changeFrames,
                                             double minTurnDegrees, std::uint64_t seed) {
  std::vector<DirectiveChange> out;
  std::mt19937_64 rng(seed ^ 0x5bd1e9955bd1e995ull);
  std::uniform_real_distribution<double> turn(minTurnDegrees, 180.0);
  double heading = 0.0;
  for (long long f = changeFrames; changeFrames > 0 && f < frames; f += changeFrames) {
    const double side = (rng() & 1) ? 1.0 : -1.0;
    heading = wrapYaw(heading + side * turn(rng) * std::numbers::pi / 180.0);
    out.push_back({static_cast<int>(f), heading});
  }
  return out;
}

void walkAndMeasure(const GraphInput& input, const std::vector<int>& sourceIndex,
                    const SourceFigures& group, const QualityReportSettings& settings,
                    const std::string& file, InputFigures& fig, const Progress& progress) {
  Stopwatch clock;
  Result<ReportWalk> walk = makeReportWalk(input, settings);
  if (!walk) {
    fig.error = walk.error().message;
    return;
  }
  PoseStream& stream = *walk->stream;
  const std::vector<DirectiveChange>& changes = walk->changes;
  const double rate = stream.fps();
  const Result<StreamedBvh> written =
      writeBvhStream(stream, walk->frames, file, {}, [&](long long frame, const Pose&) {
        if (frame % 256 != 0) return true;
        progress.report(0.7 * frame / walk->frames);
        return !progress.cancelled();
      });
  if (!written) {
    fig.error = written.error().message;
    return;
  }
  if (progress.cancelled()) return;
  fig.walkEnded = written->streamEnded;
  fig.synthesisSeconds = clock.seconds();
  clock.restart();

  // Everything below is measured on the file, at the report's rate.
  Result<PointTracks> tracks = readPointTracks(file, {.fps = settings.fps});
  if (!tracks) {
    fig.error = tracks.error().message;
    return;
  }
  const PointTracks& t = *tracks;
  const double toMeasured = settings.fps / rate;
  fig.walkFrames = t.frameCount;
  fig.walkSeconds =
      t.frameCount / settings.fps;  // the rate the file was resampled to (its header rounds)
  const double threshold = settings.accelerationThreshold > 0 ? settings.accelerationThreshold
                           : group.summary.max > 0            ? 1.5 * group.summary.max
                                                              : 60.0;
  fig.acceleration = measureAcceleration(t, threshold);
  fig.frameAcceleration = frameAccelerationMax(t);
  if (fig.frameAcceleration.size() > 2) {
    fig.frameAcceleration =
        std::vector<double>(fig.frameAcceleration.begin() + 1, fig.frameAcceleration.end() - 1);
  }
  // A walk may hold a foot point off the floor throughout (a boxer's heels): its floor is the
  // walk's ground plus the point's standing height in the capture, as `mgtool measure --source`.
  std::vector<double> standing = group.standingHeightsMetres;  // in the walk file's units
  for (double& h : standing) h /= t.metresPerUnit;
  const FootContactsFound plants = findPlants(t, {.standingHeights = std::move(standing)});
  fig.skate = measureSkate(t, plants);
  fig.skateSpeeds = skateSpeeds(t, plants);

  // Transition jumps, at the measured frame of the first frame after each transition.
  std::vector<int> at;
  std::vector<const StreamTransition*> which;
  for (const StreamTransition& tr : stream.transitions()) {
    const int f = static_cast<int>(std::lround(tr.outputFrame * toMeasured));
    if (f >= t.frameCount) break;
    at.push_back(f);
    which.push_back(&tr);
  }
  fig.transitions = static_cast<int>(at.size());
  std::vector<double> jumps;
  std::vector<TransitionFigure> all;
  const std::vector<FrameJump> measured = measureFrameJumps(t, at);
  for (size_t i = 0; i < measured.size(); ++i) {
    if (!measured[i].valid) continue;
    jumps.push_back(measured[i].velocityJumpBhPerS);
    all.push_back(
        {measured[i].frame, measured[i].frame / settings.fps, which[i]->label,
         measured[i].velocityJumpBhPerS, measured[i].poseJumpBh,
         measured[i].worstPoint >= 0 ? t.names[static_cast<size_t>(measured[i].worstPoint)] : ""});
  }
  if (!jumps.empty()) {
    double sum = 0.0;
    for (double j : jumps) sum += j;
    fig.jumpMean = sum / jumps.size();
    fig.jumpP95 = percentile(jumps, 95.0);
    fig.jumpMax = *std::max_element(jumps.begin(), jumps.end());
  }
  std::stable_sort(all.begin(), all.end(),
                   [](const TransitionFigure& a, const TransitionFigure& b) {
                     return a.velocityJumpBhPerS > b.velocityJumpBhPerS;
                   });
  // Each transition once, at its worst use: a walk that loops through one bad cut would
  // otherwise fill the list with it.
  std::vector<TransitionFigure> distinct;
  for (TransitionFigure& f : all) {
    if (distinct.size() >= static_cast<size_t>(settings.worstTransitions)) break;
    const bool seen = std::any_of(distinct.begin(), distinct.end(),
                                  [&](const TransitionFigure& d) { return d.label == f.label; });
    if (!seen) distinct.push_back(std::move(f));
  }
  fig.worst = std::move(distinct);

  if (!changes.empty()) {
    std::vector<DirectiveChange> measuredChanges;
    for (const DirectiveChange& c : changes) {
      const int f = static_cast<int>(std::lround(c.frame * toMeasured));
      if (f < t.frameCount && (measuredChanges.empty() || f > measuredChanges.back().frame)) {
        measuredChanges.push_back({f, c.headingRadians});
      }
    }
    Result<std::vector<ResponseRecord>> r =
        measureResponses(t, measuredChanges, {.angleDegrees = settings.toleranceDegrees},
                         {.smoothSeconds = settings.facingSmoothSeconds});
    if (r) {
      fig.hasResponse = true;
      fig.response = summarizeResponses(*r);
      fig.responses = std::move(r.value());
    } else {
      fig.error = r.error().message;
      return;
    }
  }
  progress.report(0.8);
  countCoverage(input, sourceIndex, group, settings, fig, progress);
  fig.measureSeconds = clock.seconds();
  progress.report(1.0);
}

}  // namespace mg
