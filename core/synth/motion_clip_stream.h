// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <vector>

#include "core/motion/motion.h"
#include "core/synth/pose_stream.h"

namespace mg {

// A finite PoseStream over frames [begin, end) of one motion, the root placed as captured: a
// clip preview, a node blend, a transition preview, or the source capture itself measured as a
// stream. Makes no transition; every frame's source is (motionIndex, its frame).
class MotionClipStream final : public PoseStream {
 public:
  // Precondition: motion is not null and 0 <= begin <= end <= motion->frameCount().
  MotionClipStream(std::shared_ptr<const Motion> motion, int begin, int end, int motionIndex = 0);
  std::shared_ptr<const Skeleton> skeleton() const override { return m_motion->skeleton; }
  double fps() const override { return m_motion->fps; }
  bool next(Pose& out) override;
  int framesPlayed() const override { return m_played; }
  SourceFrame lastSource() const override;
  const std::vector<StreamTransition>& transitions() const override { return m_transitions; }

 private:
  std::shared_ptr<const Motion> m_motion;
  int m_begin, m_end, m_motionIndex;
  int m_played = 0;
  std::vector<StreamTransition> m_transitions;  // always empty
};

}  // namespace mg
