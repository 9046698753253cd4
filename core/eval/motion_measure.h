// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/eval/point_tracks.h"

namespace mg {

// What a viewer sees of a motion, measured on PointTracks (independent of the code that made
// the motion). Units: lengths in body heights (PointTracks::bodyHeight), so figures carry over
// between skeletons and file units; "bh/s" and "bh/s^2" below. Skate figures are also given in
// m/s through PointTracks::metresPerUnit.

// Nearest-rank percentile (q in [0, 100]) of `values`; 0 when empty. Sorts a copy.
double percentile(std::vector<double> values, double q);

// Joint accelerations: a(f, p) = |x(f+1, p) - 2 x(f, p) + x(f-1, p)| * fps^2 / bodyHeight for
// every point p (joints and end sites) and frame 1 <= f <= frameCount - 2. The headline figures
// are per frame: m(f) = max over p of a(f, p), the worst point of each frame (a pop at one foot
// shows there at full size instead of being diluted among the other points).
struct AccelerationStats {
  int frames = 0;          // frames with a second difference: frameCount - 2, or 0
  double p50 = 0.0;        // bh/s^2: median of m(f)
  double p99 = 0.0;        // bh/s^2: 99th percentile of m(f)
  double max = 0.0;        // bh/s^2: largest a(f, p)
  double jointP50 = 0.0;   // bh/s^2: median of every a(f, p)
  double jointP99 = 0.0;   // bh/s^2: 99th percentile of every a(f, p)
  double threshold = 0.0;  // bh/s^2, as given
  int framesAbove = 0;     // frames with m(f) > threshold
  int worstFrame = -1;     // frame and point of `max`; -1 without frames
  int worstPoint = -1;
};
AccelerationStats measureAcceleration(const PointTracks& tracks, double thresholdBhPerS2);

// The largest acceleration over all points of every frame (bh/s^2), frameCount entries; the
// first and last frame, which have no second difference, hold 0.
std::vector<double> frameAccelerationMax(const PointTracks& tracks);

// Foot contacts, detected on the tracks themselves:
//  - foot points: the points whose rest-pose height is within footFraction x bodyHeight of the
//    lowest rest point (ankles, toes and their end sites on human skeletons);
//  - a foot point's floor: the floorPercentile-th percentile of its heights over the motion, or,
//    with settings.standingHeights, the motion's ground plus the point's standing height. The
//    ground is the floorPercentile-th percentile over frames of the lowest foot point's height.
//    The percentile is right for capture, whose feet each touch the floor now and then; a motion
//    assembled from clips of it may hold a point off the floor throughout (Boxing_Toes' boxer
//    keeps his heels up in most clips: in a 60 s snapped walk the left heel's 5th percentile is
//    6 cm above the capture's), and against that a heel raised as in the capture counts as
//    standing. Standing heights measured on the capture (standingHeights) keep the floor where
//    the feet stand, while the ground still comes from the motion judged (capture sessions
//    differ in floor height, and a walk mixes them);
//  - planted at frame f: no higher than heightFraction x bodyHeight above its floor, and slower
//    than speedFraction bodyHeights/s (3D central-difference speed);
//  - planted runs shorter than minRunSeconds (at least one frame) are dropped.
struct ContactMeasureSettings {
  double footFraction = 0.12;
  double floorPercentile = 5.0;
  double heightFraction = 0.03;  // 5 cm at 1.7 m
  double speedFraction = 0.3;    // 0.51 m/s at 1.7 m
  double minRunSeconds = 0.1;
  // Touch-down and lift-off: the first and last edgeSeconds of every run (at least one frame,
  // round(edgeSeconds x fps)) are not skate samples; the foot is still arriving or leaving there.
  double edgeSeconds = 1.0 / 30.0;
  // How far above the ground every point stands (file units, indexed like PointTracks::names;
  // only foot points are read), or empty: each foot point's own percentile. Ignored unless it has
  // one entry per point.
  std::vector<double> standingHeights;
};

// One planted run of one foot point: frames [begin, end], inclusive.
struct PlantRun {
  int point = 0;
  int begin = 0;
  int end = 0;
  double meanSpeed = 0.0;  // bh/s: mean horizontal speed over the run's skate samples (0 if none)
  int samples = 0;         // skate samples of the run (frames not excluded as touch-down/lift-off)
};

struct FootContactsFound {
  std::vector<int> footPoints;  // point indices
  std::vector<PlantRun> runs;   // by point, then frame; meanSpeed and samples filled in
  int edgeFrames = 1;           // frames excluded at each end of a run
};
FootContactsFound findPlants(const PointTracks& tracks,
                             const ContactMeasureSettings& settings = {});

// How far above the ground every point stands in the capture `sources` (file units, one per
// point): per source, the point's floor (its floorPercentile-th percentile height) less the
// source's ground (the same percentile of its lowest foot point per frame); the median over the
// sources. For ContactMeasureSettings::standingHeights when judging motion made from them.
// Empty when there are no sources or their skeletons differ in point count.
std::vector<double> standingHeights(std::span<const PointTracks> sources,
                                    const ContactMeasureSettings& settings = {});
// standingHeights of `sources` in the units of `motion` (a walk written in centimetres may come
// from capture in other units), for findPlants on `motion`.
std::vector<double> standingHeightsFor(const PointTracks& motion,
                                       std::span<const PointTracks> sources,
                                       const ContactMeasureSettings& settings = {});

// Planted-foot horizontal speed (skate): the horizontal (XZ) central-difference speed of a foot
// point at every skate sample (planted frames without their touch-down/lift-off edges).
struct SkateStats {
  int samples = 0;
  int plants = 0;           // planted runs
  double meanBhPerS = 0.0;  // over all samples
  double p95BhPerS = 0.0;
  double meanMps = 0.0;  // the same in m/s
  double p95Mps = 0.0;
};
SkateStats measureSkate(const PointTracks& tracks, const FootContactsFound& plants);
SkateStats measureSkate(const PointTracks& tracks, const ContactMeasureSettings& settings = {});
// The skate samples themselves (bh/s), in run order: what measureSkate summarises (histograms).
std::vector<double> skateSpeeds(const PointTracks& tracks, const FootContactsFound& plants);

// Horizontal speed (bh/s) of `point` at frame f by central difference; 0 at the first and last
// frame.
double horizontalSpeed(const PointTracks& tracks, int frame, int point);

// A cut (or any frame of interest) at frame c, c being the first frame after the cut:
// velocityJump = max over points of |(x(c+1) - x(c)) - (x(c-1) - x(c-2))| * fps / bodyHeight,
// the change of velocity across the cut (bh/s) leaving out the step that straddles it;
// poseJump = max over points of |x(c) - (2 x(c-1) - x(c-2))| / bodyHeight, how far frame c lands
// from where the motion before it was heading (bh). Frames without two frames before and one
// after are skipped (valid = false).
struct FrameJump {
  int frame = 0;
  bool valid = false;
  double velocityJumpBhPerS = 0.0;
  double poseJumpBh = 0.0;
  int worstPoint = -1;  // of velocityJump
};
std::vector<FrameJump> measureFrameJumps(const PointTracks& tracks, std::span<const int> frames);

// The plant runs that hold frames c-1 and c of a cut at c (a plant carried across the cut).
std::vector<PlantRun> plantsAcrossFrames(const FootContactsFound& plants,
                                         std::span<const int> frames);

// Figures of source capture (each file read with the same TrackSettings as the motion judged).
struct SourceSummary {
  std::vector<AccelerationStats> clips;  // one per source
  double medianP99 = 0.0;                // median of the clips' p99 (per-frame, bh/s^2)
  double max = 0.0;                      // largest max of any clip (bh/s^2)
  SkateStats skate;                      // over the skate samples of all clips together
};
SourceSummary summarizeSources(std::span<const PointTracks> sources, double thresholdBhPerS2,
                               const ContactMeasureSettings& settings = {});

}  // namespace mg
