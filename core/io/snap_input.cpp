// SPDX-License-Identifier: MIT
// A Snap-Together export (SNAP_FORMAT.md) as a GraphInput: random walks over its largest strongly
// connected component (RandomWalkStream), frames traced back to the source motions through the
// clips' source ranges.
#include <filesystem>

#include "core/io/graph_input.h"
#include "core/io/snap_import.h"
#include "core/snap/clip_sequence.h"

namespace mg {
namespace {

class SnapInput final : public GraphInput {
 public:
  SnapInput(const std::string& path, SnapGraphFile file, PlayableSnapGraph playable)
      : GraphInput("snap", path), m_file(std::move(file)), m_playable(std::move(playable)) {
    for (const SnapSourceMotion& m : m_file.motions) {
      m_sources.push_back(
          {resolveCapturePath(m.sourcePath, m_file.directory), m_file.settings.trimLeadingFrames});
    }
    // Clips are the pieces of capture; a walk can leave a clip for any clip leaving its end hub,
    // so the transitions are the (arriving, leaving) clip pairs at every hub.
    std::vector<long long> in(m_file.graph.hubs.size()), out(m_file.graph.hubs.size());
    for (const HubEdge& e : m_file.graph.edges) {
      m_size.framesKept += e.clip.frameCount();
      ++out[e.fromHub];
      ++in[e.toHub];
    }
    long long pairs = 0;
    for (size_t h = 0; h < in.size(); ++h) pairs += in[h] * out[h];
    m_size.clips = static_cast<int>(m_file.graph.edges.size());
    m_size.transitions = static_cast<int>(pairs);
    m_size.fileBytes = bytesOnDisk(m_file.directory);
    m_size.buildSeconds = m_file.settings.buildSeconds;
  }

  double fps() const override { return m_file.fps; }
  bool steerable() const override { return false; }

  Result<std::unique_ptr<PoseStream>> makeStream(std::uint64_t seed) const override {
    return std::unique_ptr<PoseStream>(
        std::make_unique<RandomWalkStream>(m_playable.graph, m_playable.motions, 0, seed));
  }

  // Stream motion i is the file of playable edge i; its frame k is source frame begin + k - 1
  // (frame 0 of a clip file is the context frame before the clip).
  SourceTime toSource(SourceFrame frame) const override {
    if (frame.motion < 0 || frame.motion >= static_cast<int>(m_playable.fileClipOfEdge.size()))
      return {};
    const Clip& clip = m_file.graph.edges[m_playable.fileClipOfEdge[frame.motion]].clip;
    return {clip.motion, (clip.beginFrame + frame.frame - 1) / m_file.fps};
  }

  std::vector<SourceSpan> playableSpans() const override {
    std::vector<SourceSpan> spans;
    for (int c : m_playable.fileClipOfEdge) {
      const Clip& clip = m_file.graph.edges[c].clip;
      spans.push_back({clip.motion, clip.beginFrame / m_file.fps, clip.endFrame / m_file.fps});
    }
    return spans;
  }

 private:
  SnapGraphFile m_file;
  PlayableSnapGraph m_playable;
};

}  // namespace

GraphInputKind snapGraphInputKind() {
  GraphInputKind kind;
  kind.name = "snap";
  kind.description =
      std::string("Snap-Together export folder (holding ") + kSnapGraphFileName + ")";
  kind.claims = [](const std::string& path) {
    std::error_code ec;
    return std::filesystem::is_regular_file(std::filesystem::path(path) / kSnapGraphFileName, ec);
  };
  kind.open = [](const std::string& path,
                 const MotionFileLoader& load) -> Result<std::unique_ptr<GraphInput>> {
    Result<SnapGraphFile> file = readSnapGraph(path, load);
    if (!file) return file.error();
    Result<PlayableSnapGraph> playable = playableSnapGraph(*file);
    if (!playable) return Error{path + ": " + playable.error().message};
    return std::unique_ptr<GraphInput>(
        std::make_unique<SnapInput>(path, std::move(file.value()), std::move(playable.value())));
  };
  return kind;
}

}  // namespace mg
