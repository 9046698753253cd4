// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/motion/motion.h"
#include "core/motion/skeleton.h"

namespace mg {

// Where an output frame came from in the source capture: frame `frame` (at the stream's working
// rate) of motion `motion` (an index into the database the stream was built from). Both -1 when
// the frame has no single source (inside a blend, or a synthesised state).
struct SourceFrame {
  int motion = -1;
  int frame = -1;
};

// A discontinuity the synthesis made on purpose: a cut or the start of a blend window.
struct StreamTransition {
  int outputFrame = 0;  // first output frame after the cut / of the blend window
  std::string label;    // human-readable, e.g. "hub A -> hub B" or "edge 3"
};

// What a steerable stream is asked to do. A control policy (keyboard, mouse, scripted directive
// changes, an evaluation harness) sets it; the stream's own controller decides how to follow it.
struct Directive {
  enum class Kind { None, Heading, Line };
  Kind kind = Kind::None;
  double headingRadians = 0.0;    // Heading / Line: world yaw (0 = +Z, pi/2 = +X)
  double lineOffsetMetres = 0.0;  // Line: signed distance of the line from the world origin,
                                  // measured to the left of the heading
};

// One endless (or finite) stream of world poses: the one interface every graph kind implements
// (the snap clip sequence, the parametric graph player, the database / subgraph walk, the motion
// field), so one player, one writer and one evaluator serve them all. Poses are in world
// coordinates: root position in metres, the root's rotation its world orientation, the other
// rotations local to their parent. Not thread-safe: one stream per thread.
class PoseStream {
 public:
  virtual ~PoseStream() = default;

  virtual std::shared_ptr<const Skeleton> skeleton() const = 0;
  virtual double fps() const = 0;  // output frames per second, > 0

  // Writes the next frame into `out` (resized as needed) and advances. Returns false, leaving
  // `out` alone, when the stream has ended (a dead end, or a finite stream played out).
  virtual bool next(Pose& out) = 0;

  // Frames written so far.
  virtual int framesPlayed() const = 0;
  // Where the last frame written came from (both -1 when it has no single source).
  virtual SourceFrame lastSource() const { return {}; }
  // Every transition made so far, in output order.
  virtual const std::vector<StreamTransition>& transitions() const = 0;

  // Steering: kinds that can be steered return true from canFollow for the directive kinds they
  // understand and follow the last directive set; the rest ignore directives.
  virtual bool canFollow(Directive::Kind kind) const { return kind == Directive::Kind::None; }
  virtual void setDirective(const Directive& directive) { (void)directive; }
};

}  // namespace mg
