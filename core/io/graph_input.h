// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/motion/motion_file_loader.h"
#include "core/synth/pose_stream.h"
#include "core/util/result.h"

namespace mg {

// A graph export opened for playing and judging: the one view the quality report (mgtool eval,
// the editor's Quality dock) has of every graph kind. A kind is a registered GraphInputKind
// (graph_inputs.cpp) whose opener reads its format and returns one of these.

// A capture file the graph was built from, and how its frames were taken.
struct SourceCapture {
  std::string path;            // resolved: absolute, or relative to the current directory
  int trimLeadingFrames = -1;  // frames of the file dropped before the graph's frame 0; -1 unknown
};

// A moment of source capture: seconds after the first kept frame (after the trim) of source
// `source` (an index into sources()); source -1 when the moment has no single source.
struct SourceTime {
  int source = -1;
  double seconds = 0.0;
};

// Source capture [beginSeconds, endSeconds) of one source, as SourceTime counts it.
struct SourceSpan {
  int source = 0;
  double beginSeconds = 0.0;
  double endSeconds = 0.0;
};

// What the export holds. Each kind documents how it counts.
struct GraphSize {
  long long framesKept = 0;    // capture frames stored, at fps()
  int clips = 0;               // pieces of capture (clips, example segments)
  int transitions = 0;         // places a walk can leave one piece for another
  long long fileBytes = 0;     // every file of the export
  double buildSeconds = -1.0;  // as the builder recorded it; < 0 when not recorded
};

class GraphInput {
 public:
  virtual ~GraphInput() = default;

  const std::string& kind() const { return m_kind; }  // the registered kind's name
  const std::string& path() const { return m_path; }  // as opened
  const std::vector<SourceCapture>& sources() const { return m_sources; }
  const GraphSize& size() const { return m_size; }

  virtual double fps() const = 0;  // rate of the streams, > 0
  // Its streams follow Directive::Heading (a steering controller); otherwise they walk at random.
  virtual bool steerable() const = 0;
  // A new walk from the start of the graph, its random choices drawn from `seed` (the same seed
  // gives the same walk), endless on a graph without dead ends. Steerable streams start walking
  // at random until a directive is set.
  virtual Result<std::unique_ptr<PoseStream>> makeStream(std::uint64_t seed) const = 0;
  // Where a stream's frame (its lastSource()) came from in the source capture.
  virtual SourceTime toSource(SourceFrame frame) const = 0;
  // The source capture a walk can ever show: the strongly connected part of the graph (for
  // blending kinds, the example segments the blends are made of).
  virtual std::vector<SourceSpan> playableSpans() const = 0;

 protected:
  GraphInput(std::string kind, std::string path)
      : m_kind(std::move(kind)), m_path(std::move(path)) {}
  std::vector<SourceCapture> m_sources;
  GraphSize m_size;

 private:
  std::string m_kind, m_path;
};

// One kind of graph export, registered in graph_inputs.cpp.
struct GraphInputKind {
  std::string name;         // "snap", "pmg", "subgraph", ...
  std::string description;  // what a path of this kind is, for messages and --help
  // Whether `path` is of this kind, from its name or its first bytes (a folder holding the
  // kind's file, an extension, a magic number); cheap, never reads the graph.
  std::function<bool(const std::string& path)> claims;
  // Reads the export and the capture it needs through `load`; errors name the file.
  std::function<Result<std::unique_ptr<GraphInput>>(const std::string& path,
                                                    const MotionFileLoader& load)>
      open;
};

// Every registered kind, in registration order.
const std::vector<GraphInputKind>& graphInputKinds();

// Opens `path` with the first kind that claims it. Fails, naming the path and listing the kinds,
// when none does, or as that kind's opener.
Result<std::unique_ptr<GraphInput>> openGraphInput(const std::string& path,
                                                   const MotionFileLoader& load);

// Helpers for openers. A capture path written in an export, resolved: as written when it exists
// (absolute, or relative to the current directory), else relative to `exportDirectory`; as
// written when neither exists (the report then says the file is missing).
std::string resolveCapturePath(const std::string& written, const std::string& exportDirectory);
// Bytes of `path`, or of every regular file below it when it is a folder; 0 when missing.
long long bytesOnDisk(const std::string& path);

}  // namespace mg
