// SPDX-License-Identifier: MIT
// A subgraph / database motion graph export (SUBGRAPH_FORMAT.md) as a GraphInput: DmgWalkStream
// random walks over its largest strongly connected component, frames traced back through the
// clips' source ranges.
#include <filesystem>

#include "core/dmg/dmg_walk.h"
#include "core/io/graph_input.h"
#include "core/io/subgraph_export.h"

namespace mg {
namespace {

class SubgraphInput final : public GraphInput {
 public:
  // The walk's settings: as `mgtool subgraph walk` by default.
  static constexpr int kBlendFrames = 10;
  static constexpr int kMinGapFrames = 10;

  SubgraphInput(const std::string& path, SubgraphFile file,
                std::vector<std::shared_ptr<const Motion>> clips)
      : GraphInput("subgraph", path),
        m_file(std::move(file)),
        m_clips(std::move(clips)),
        m_graph(std::make_shared<const DatabaseMotionGraph>(clipLevelGraph(m_file))) {
    for (const std::string& p : m_file.motionSourcePaths)
      m_sources.push_back({resolveCapturePath(p, m_file.directory), m_file.trimLeadingFrames});
    for (const Clip& c : m_file.clips) m_size.framesKept += c.frameCount();
    m_size.clips = static_cast<int>(m_file.clips.size());
    m_size.transitions = m_file.graph.transitionCount();
    m_size.fileBytes = bytesOnDisk(m_file.directory);
    m_size.buildSeconds = m_file.buildSeconds;
  }

  double fps() const override { return m_file.fps; }
  bool steerable() const override { return false; }

  Result<std::unique_ptr<PoseStream>> makeStream(std::uint64_t seed) const override {
    if (m_graph->vertexCount() < 2) return Error{path() + ": the graph has no cycle to walk"};
    if (Status s = DmgWalkStream::validateFor(m_graph.get(), m_clips); !s)
      return Error{path() + ": " + s.error().message};
    auto stream = std::make_unique<DmgWalkStream>(m_graph, m_clips, 0,
                                                  randomDmgEdgeChooser(seed, kMinGapFrames),
                                                  DmgBlendSettings{kBlendFrames});
    // The stream's motions are the export's clips: name a transition's ends by the source
    // motion and its frame there. Copied, so the stream may outlive the input.
    stream->setVertexNamer([clips = m_file.clips, names = m_file.motionNames](const DmgVertex& v) {
      if (v.motion < 0 || v.motion >= static_cast<int>(clips.size()))
        return "clip " + std::to_string(v.motion) + " frame " + std::to_string(v.frame);
      const Clip& clip = clips[static_cast<size_t>(v.motion)];
      const std::string motion = clip.motion >= 0 && clip.motion < static_cast<int>(names.size())
                                     ? names[static_cast<size_t>(clip.motion)]
                                     : "motion " + std::to_string(clip.motion + 1);
      return motion + " frame " + std::to_string(clip.beginFrame + v.frame);
    });
    return std::unique_ptr<PoseStream>(std::move(stream));
  }

  // Stream motion c is clip c; its frame k is source frame begin + k.
  SourceTime toSource(SourceFrame frame) const override {
    if (frame.motion < 0 || frame.motion >= static_cast<int>(m_file.clips.size())) return {};
    const Clip& clip = m_file.clips[static_cast<size_t>(frame.motion)];
    return {clip.motion, (clip.beginFrame + frame.frame) / m_file.fps};
  }

  std::vector<SourceSpan> playableSpans() const override {
    std::vector<SourceSpan> spans;
    for (const DmgVertex& v : m_graph->vertices()) {
      const Clip& clip = m_file.clips[static_cast<size_t>(v.motion)];
      const double t = (clip.beginFrame + v.frame) / m_file.fps;
      spans.push_back({clip.motion, t, t + 1.0 / m_file.fps});
    }
    return spans;
  }

 private:
  SubgraphFile m_file;
  std::vector<std::shared_ptr<const Motion>> m_clips;
  std::shared_ptr<const DatabaseMotionGraph> m_graph;  // clip level, pruned
};

}  // namespace

GraphInputKind subgraphGraphInputKind() {
  GraphInputKind kind;
  kind.name = "subgraph";
  kind.description = std::string("subgraph or database motion graph export folder (holding ") +
                     kSubgraphFileName + ")";
  kind.claims = [](const std::string& path) {
    std::error_code ec;
    return std::filesystem::is_regular_file(std::filesystem::path(path) / kSubgraphFileName, ec);
  };
  kind.open = [](const std::string& path,
                 const MotionFileLoader& load) -> Result<std::unique_ptr<GraphInput>> {
    Result<SubgraphFile> file = readSubgraphFile(path);
    if (!file) return file.error();
    Result<std::vector<std::shared_ptr<const Motion>>> clips = readSubgraphClips(*file, load);
    if (!clips) return clips.error();
    return std::unique_ptr<GraphInput>(
        std::make_unique<SubgraphInput>(path, std::move(file.value()), std::move(clips.value())));
  };
  return kind;
}

}  // namespace mg
