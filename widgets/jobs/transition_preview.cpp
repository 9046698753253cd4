// SPDX-License-Identifier: MIT
#include "widgets/jobs/transition_preview.h"

namespace mg {

TransitionPreviewResult computeTransitionPreview(const TransitionPreviewJob& job) {
  TransitionPreviewResult out;
  Result<Motion> clip = previewTransition(job.graph, job.edge, job.sourceParameter,
                                          job.targetParameter, job.settings);
  if (!clip) {
    out.error = QString::fromStdString(clip.error().message);
    return out;
  }
  // The blend window starts where the source clip's own transition window does: replay the
  // scripted transition to learn where the player put it.
  Result<GraphPlayer> player = GraphPlayer::create(job.graph, job.graph->edges[job.edge].source,
                                                   job.sourceParameter, job.settings);
  if (player) {
    player->scriptNext(job.edge, job.targetParameter);
    Pose pose;
    while (player->transitions().empty() && player->framesPlayed() < clip->frameCount() &&
           player->next(pose)) {
    }
    if (!player->transitions().empty()) {
      out.blendBegin = player->transitions().front().outputFrame;
      out.blendEnd = out.blendBegin + job.settings.blendFrames;
    }
  }
  out.clip = std::make_shared<const Motion>(std::move(clip.value()));
  return out;
}

}  // namespace mg
