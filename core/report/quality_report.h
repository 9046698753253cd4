// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/eval/coverage_measure.h"
#include "core/eval/motion_measure.h"
#include "core/eval/response_measure.h"
#include "core/io/graph_input.h"
#include "core/motion/motion_file_loader.h"
#include "core/util/progress.h"
#include "core/util/result.h"

namespace mg {

// The quality report (mgtool eval, the editor's Quality dock): for every graph export given,
// a walk is synthesised through the kind's GraphInput (a random walk; for steerable kinds, a new
// random heading every few seconds) and written as BVH, and everything is measured on the written
// file by core/eval's own forward kinematics and contact detection, against the source capture it
// was built from. Nothing is taken from the builders' own figures.

struct QualityReportSettings {
  double seconds = 60.0;   // walk length (steerable kinds: longer when changes need it)
  std::uint64_t seed = 1;  // of the walk and of the headings
  double fps = 30.0;       // rate everything is measured at (walks and sources resampled)
  // --source: one capture list for every input instead of the lists the exports name.
  std::vector<std::string> sources;
  // Frames dropped from each source file when an export does not record it (snap exports do).
  int trimLeadingFrames = 0;
  double changeSeconds = 4.0;     // steerable: a new heading every this many seconds
  int changes = 50;               // steerable: at least this many heading changes
  double minTurnDegrees = 45.0;   // a new heading turns at least this far from the last
  double toleranceDegrees = 5.0;  // "facing" the new heading: within this
  // Facing is averaged over this window (a stride, so the pelvis's sway cancels; 0 = none).
  double facingSmoothSeconds = 1.0;
  double coverageSeconds = 600.0;  // the long walk counted for visit evenness (no file written)
  int worstTransitions = 10;       // distinct transitions listed per input, worst first
  std::string walkDirectory;       // where walks are written; empty = a temporary folder, removed
  double accelerationThreshold = 0.0;  // bh/s^2 for frames_above; 0 = 1.5 x the source max
  Status validate() const;
};

// A transition of the walk and what it did to the motion (core/eval measureFrameJumps).
struct TransitionFigure {
  int frame = 0;         // measured frame (at settings.fps) of the first frame after it
  double seconds = 0.0;  // its time in the walk
  std::string label;     // the stream's label ("edge 3")
  double velocityJumpBhPerS = 0.0;
  double poseJumpBh = 0.0;
  std::string worstPoint;
};

// Shared bins for the side-by-side plots, one count vector per series.
struct Histogram {
  std::vector<double> edges;             // bin edges, ascending; bins = edges.size() - 1
  bool logarithmic = false;              // edges are spaced evenly in log10
  std::vector<std::vector<int>> counts;  // one per series
  std::vector<std::string> series;       // names, same order
  std::string unit;
};

// The source capture of one or more inputs, measured once.
struct SourceFigures {
  std::vector<SourceCapture> files;
  std::string error;  // non-empty: the capture could not be read (figures empty)
  int frames = 0;
  std::vector<int> frameCounts;           // per file, at settings.fps
  SourceSummary summary;                  // per-clip p99 median and max, pooled skate
  AccelerationStats pooled;               // over all frames of all files
  std::vector<double> frameAcceleration;  // per frame, all files
  std::vector<double> skateSpeeds;        // bh/s, all plants of all files
  // Each point's height above the ground when it stands, in the capture (core/eval's
  // standingHeights), in metres: walks made from it are judged against the same floor.
  std::vector<double> standingHeightsMetres;
  // Velocity change between consecutive frame steps at every frame (the figure a transition
  // jump is compared with): p50, p99, max over all frames, bh/s.
  double jumpP50 = 0.0, jumpP99 = 0.0, jumpMax = 0.0;
};

struct InputFigures {
  std::string path, kind;
  std::string label;  // short name for tables and plots: the file or folder name
  bool steerable = false;
  std::string error;     // non-empty: this input failed; nothing below is valid
  int sourceGroup = -1;  // index into QualityReport::sources
  GraphSize size;
  int walkFrames = 0;
  double walkSeconds = 0.0;
  std::string walkFile;    // empty when the walk folder was temporary
  bool walkEnded = false;  // the walk hit a dead end before its length
  AccelerationStats acceleration;
  std::vector<double> frameAcceleration;
  SkateStats skate;
  std::vector<double> skateSpeeds;
  int transitions = 0;
  double jumpMean = 0.0, jumpP95 = 0.0, jumpMax = 0.0;  // bh/s over the transitions
  std::vector<TransitionFigure> worst;  // worst first, each label once (its worst use)
  bool hasVisits = false;  // the kind's frames have single sources (blending kinds: no)
  CoverageStats coverage;
  bool hasResponse = false;
  ResponseSummary response;               // core/eval/response_measure.h: over the changes met
  std::vector<ResponseRecord> responses;  // every change
  double synthesisSeconds = 0.0;          // making and writing the walks
  double measureSeconds = 0.0;            // reading them back and measuring
};

struct QualityReport {
  QualityReportSettings settings;
  std::vector<SourceFigures> sources;
  std::vector<InputFigures> inputs;
  Histogram acceleration;  // per-frame worst-point acceleration, bh/s^2, log bins
  Histogram skate;         // planted-foot horizontal speed, bh/s
  double seconds = 0.0;    // the whole report, wall clock
};

// An input to report on: opened (input set) or not (error set, e.g. openGraphInput's message).
struct ReportInput {
  std::string path;
  std::shared_ptr<const GraphInput> input;  // shared: the editor keeps it to replay the walks
  std::string error;
};

// Runs the report on inputs already opened (the editor's own graphs, tests' synthetic kinds).
// Each input is only read (its streams are made per thread).
Result<QualityReport> runQualityReport(std::vector<ReportInput> inputs,
                                       const QualityReportSettings& settings,
                                       const Progress& progress = {});

// Runs the report over `paths` (each opened with openGraphInput through `load`). An input that
// cannot be opened or walked gets its error in InputFigures::error and the others go on. Fails
// when the settings are invalid, no path is given, or the work was cancelled. Inputs and sources
// are measured in parallel on the process-wide pool (Progress convention: cancel polled per
// input and per source file).
Result<QualityReport> runQualityReport(std::span<const std::string> paths,
                                       const QualityReportSettings& settings,
                                       const MotionFileLoader& load, const Progress& progress = {});

}  // namespace mg
