// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/motion/motion.h"

namespace mg::tool {

// A generated stand-in for a large capture database (the paper's 87,000 frames), for
// `mgtool bench subgraph`. Real databases are not one gait repeated: a take strings behaviours
// together (walk, jog, stand, turn in place, jump, reach) with transitional frames between them,
// and performers differ in style. So each generated motion is a random programme of behaviours,
// played by a 16-joint biped whose parameters (speed, stride, crouch, flight, reach, lean)
// follow the programme with a lag, in the style of one of several performers (about
// motionsPerPerformer takes each), plus slow per-take noise on every joint. Frames of one
// behaviour, performer and speed resemble each other; across performers only some do. This
// gives a database motion graph about as dense as real capture's (6 to 7 edges per vertex at the
// default threshold) rather than the tens of edges per vertex a single periodic gait gives.
// Deterministic for a given spec.
struct BenchDatabaseSpec {
  int frames = 87000;  // in all, at 30 Hz, split evenly over the motions
  int motions = 89;
  int motionsPerPerformer = 7;
  std::uint32_t seed = 2009;
};

enum class BenchBehaviour { Walk, Jog, Stand, Turn, Jump, Reach };
const char* behaviourName(BenchBehaviour b);

// One behaviour of a generated motion's programme: frames [beginFrame, endFrame).
struct BenchSegment {
  int motion = 0;
  int beginFrame = 0;
  int endFrame = 0;
  BenchBehaviour behaviour = BenchBehaviour::Walk;
};

struct BenchDatabase {
  std::vector<std::shared_ptr<const Motion>> motions;
  std::vector<BenchSegment> segments;  // every motion's programme, in order
};

BenchDatabase generateBenchDatabase(const BenchDatabaseSpec& spec);

}  // namespace mg::tool
