// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include <QString>

#include "core/dmg/database_motion_graph.h"
#include "core/metric/frame_set.h"
#include "core/subgraph/iterative_subgraph.h"
#include "core/subgraph/subgraph_verifier.h"
#include "widgets/jobs/job_slot.h"

namespace mg {

// What the editor's subgraph jobs need: the working motions of the project (the snap session's,
// so frames line up with the match timeline) with their frame set, the keys and the hand-picked
// stretches in working frames, and the requirement. A database motion graph built earlier for
// the same frames and threshold is reused. Plain data copied off the UI thread.
struct SubgraphSearchInput {
  std::shared_ptr<const FrameSet> frames;
  std::vector<std::shared_ptr<const Motion>> working;
  double thresholdM2 = 0.02;
  std::vector<KeySegment> keys;  // motion = index into `working`
  struct Stretch {
    int motion = 0;  // index into `working`
    int beginFrame = 0, endFrame = 0;
  };
  std::vector<Stretch> chosen;  // manual mode
  Requirement requirement;
  IsaSettings isa;
  std::shared_ptr<const DatabaseMotionGraph> cachedGraph;  // for `frames` and `thresholdM2`
  // One flag per frame of `frames` (or empty): the capture glitch frames the graph leaves out
  // (the snap session's, so the match timeline's red marks are the frames left out).
  std::vector<std::uint8_t> leftOut;
};

// One pair of key segments (a, b): over the key pairs that run from a frame of a to b, the
// largest minimum transition time (frames) in CORE and in the subgraph, and the largest bound.
struct SegmentPairTimes {
  int pairs = 0;
  int coreFrames = 0;      // max over the pairs; -1 when some pair is not joined
  int subgraphFrames = 0;  // likewise
  int boundFrames = 0;     // largest pair bound in frames (requirement 4: its cost bound)
  int satisfied = 0;       // pairs the subgraph meets
};

// The result of one run, immutable once made.
struct SubgraphOutcome {
  std::shared_ptr<const DatabaseMotionGraph> graph;
  double thresholdM2 = 0.0;
  bool searched = false;        // false: manual evaluation only (no ISA)
  SubgraphResult result;        // ISA (searched) or the hand-picked set (vertices, reasons)
  VerificationReport subgraph;  // the independent verifier on result.vertices
  VerificationReport core;      // ... on CORE (searched only)
  int keySegments = 0;
  std::vector<SegmentPairTimes> segmentPairs;  // keySegments x keySegments, row = from
  std::vector<int> subgraphFramesOfPair;       // per verified pair (INT_MAX: not joined)
  std::vector<int> coreFramesOfPair;
  // Manual mode (the paper's user study): ordered pairs of distinct key segments joined at all,
  // and the fraction of key pairs within their bound.
  double connectivity = 0.0;
  double satisfaction = 0.0;
  double seconds = 0.0;
  QString error;  // empty on success
};

// Progress of a run: the iterations so far (the live plot), then the outcome.
struct SubgraphSearchUpdate {
  std::vector<IsaIteration> iterations;
  std::shared_ptr<const SubgraphOutcome> outcome;  // set in the last update only
};

// Builds (or reuses) the database motion graph, then runs the ISA (`search`) or only evaluates
// the keys and chosen stretches (manual mode), and verifies the result independently. Reports
// progress (with the phase as its text), each iteration and the outcome as results; cancellable.
void runSubgraphSearch(const SubgraphSearchInput& input, bool search,
                       JobContext<SubgraphSearchUpdate>& job);

// The kept vertices of the hand-picked stretches and the keys (ascending DMG ids).
std::vector<int> chosenVertices(const DatabaseMotionGraph& graph, const SubgraphSearchInput& input);

}  // namespace mg
