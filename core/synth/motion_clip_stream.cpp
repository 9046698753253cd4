// SPDX-License-Identifier: MIT
#include "core/synth/motion_clip_stream.h"

namespace mg {

MotionClipStream::MotionClipStream(std::shared_ptr<const Motion> motion, int begin, int end,
                                   int motionIndex)
    : m_motion(std::move(motion)), m_begin(begin), m_end(end), m_motionIndex(motionIndex) {}

bool MotionClipStream::next(Pose& out) {
  if (m_begin + m_played >= m_end) return false;
  out = m_motion->pose(m_begin + m_played);
  ++m_played;
  return true;
}

SourceFrame MotionClipStream::lastSource() const {
  if (m_played == 0) return {};
  return {m_motionIndex, m_begin + m_played - 1};
}

}  // namespace mg
