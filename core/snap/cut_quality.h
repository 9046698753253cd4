// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "core/motion/foot_contacts.h"
#include "core/motion/motion.h"
#include "core/snap/hub_graph.h"
#include "core/util/result.h"

namespace mg {

// How a cut at a hub looks: leaving `incoming` (the end of a clip entering the hub) for
// `outgoing` (the start of a clip leaving it). Both are compared in hub coordinates.
struct CutJump {
  int hub = 0;
  FrameRef incoming;          // a match frame where an edge ends
  FrameRef outgoing;          // a match frame where an edge starts
  double positionJump = 0.0;  // largest distance of any joint's world position, metres
  double velocityJump = 0.0;  // largest difference of any joint's world velocity, m/s
                              // (central differences over f-1, f+1 at the motion's rate)
};

// Every cut of a graph and the worst of them.
struct CutQuality {
  std::vector<CutJump> cuts;
  double maxPositionJump = 0.0;  // metres
  double maxVelocityJump = 0.0;  // metres per second
};

// Measures all cuts: for every hub, every pair of a match frame ending an edge and a different
// match frame starting one. Run it on the unedited motions (before) and on SnapResult::motions
// (after). Fails when the graph does not validate() or the motions do not match its frame counts.
Result<CutQuality> measureCutQuality(const HubGraph& graph,
                                     std::span<const std::shared_ptr<const Motion>> motions);

// Foot skate: horizontal speed of foot points while planted.
struct FootSkate {
  double meanSpeed = 0.0;  // metres per second, mean over planted (frame, point) samples
  double maxSpeed = 0.0;   // metres per second
  int samples = 0;         // planted interior (frame, point) pairs measured
  // The same over samples whose neighbour frames are planted too: the plant proper, without the
  // touch-down and lift-off frames where the foot is legitimately moving.
  double steadyMeanSpeed = 0.0;  // metres per second
  int steadySamples = 0;
};

// Skate of `motion` over the plants in `contacts` (usually detected on the unedited motion), with
// central differences. Precondition: contacts.planted.size() == motion.frameCount().
FootSkate measureFootSkate(const Motion& motion, const FootContacts& contacts);

// Mean planted-foot horizontal speed (m/s) over several motions, weighted by each motion's
// planted samples; 0 when nothing is planted. Precondition: contacts.size() == motions.size().
double meanFootSkate(std::span<const std::shared_ptr<const Motion>> motions,
                     std::span<const FootContacts> contacts);

}  // namespace mg
