// SPDX-License-Identifier: MIT
// A motion field file (FIELD_FORMAT.md) as a GraphInput: MotionFieldStream walks, steerable by
// heading when the field has a value function. Every frame blends the neighbours' next
// velocities, so frames have no single source and the field makes no transitions; every state of
// every motion can be reached (not every state left: a stand the capture never leaves is a dead
// end, field_mobility.h).
#include <filesystem>
#include <fstream>

#include "core/field/motion_field_stream.h"
#include "core/io/field_file.h"
#include "core/io/graph_input.h"
#include "core/motion/quaternion.h"

namespace mg {
namespace {

class FieldInput final : public GraphInput {
 public:
  FieldInput(const std::string& path, std::shared_ptr<const MotionField> field)
      : GraphInput("field", path), m_field(std::move(field)) {
    const std::string folder = std::filesystem::path(path).parent_path().string();
    for (const auto& m : m_field->database->motions) {
      m_sources.push_back({resolveCapturePath(m->sourcePath, folder), m_field->trimLeadingFrames});
      m_size.framesKept += m->frameCount();
    }
    m_size.clips = m_field->database->clipCount();
    m_size.transitions = 0;  // a field never cuts: it chooses a blend every frame
    m_size.fileBytes = bytesOnDisk(path);
    m_size.buildSeconds = m_field->buildSeconds;
  }

  double fps() const override { return m_field->fps(); }
  bool steerable() const override { return m_field->values != nullptr; }
  // The walk starts at the seed's state (seededStartState, as `mgtool field run --seed` does), not
  // at state 0, so it does not depend on the order of the capture files. A steerable field keeps
  // the heading it starts with until the first directive: played passively, a start inside a jump
  // or a stop follows its clip to where the recording ends, and a clip that ends standing (after a
  // landing or a stop) may have no data that leads out of it (field_mobility.h), which would
  // leave the walk standing before it is ever steered.
  Result<std::unique_ptr<PoseStream>> makeStream(std::uint64_t seed) const override {
    const int start = seededStartState(*m_field->database, seed);
    auto stream = std::make_unique<MotionFieldStream>(m_field, start);
    if (steerable()) {
      Directive hold;
      hold.kind = Directive::Kind::Heading;
      hold.headingRadians = yawAngle(m_field->database->poses[start].localRotations[0]);
      stream->setDirective(hold);
    }
    return std::unique_ptr<PoseStream>(std::move(stream));
  }
  SourceTime toSource(SourceFrame) const override { return {}; }
  std::vector<SourceSpan> playableSpans() const override {
    std::vector<SourceSpan> spans;
    const FieldDatabase& db = *m_field->database;
    for (int c = 0; c < db.clipCount(); ++c) {
      const int states =
          db.clipFirstState[static_cast<size_t>(c) + 1] - db.clipFirstState[static_cast<size_t>(c)];
      spans.push_back({c, 0.0, states / m_field->fps()});
    }
    return spans;
  }

 private:
  std::shared_ptr<const MotionField> m_field;
};

}  // namespace

GraphInputKind fieldGraphInputKind() {
  GraphInputKind kind;
  kind.name = "field";
  kind.description = "motion field file (starts with MGFIELD1)";
  kind.claims = [](const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    char magic[8] = {};
    return in.read(magic, sizeof magic) && std::string(magic, sizeof magic) == "MGFIELD1";
  };
  kind.open = [](const std::string& path,
                 const MotionFileLoader&) -> Result<std::unique_ptr<GraphInput>> {
    Result<std::shared_ptr<const MotionField>> field = readFieldFile(path);
    if (!field) return field.error();
    return std::unique_ptr<GraphInput>(
        std::make_unique<FieldInput>(path, std::move(field.value())));
  };
  return kind;
}

}  // namespace mg
