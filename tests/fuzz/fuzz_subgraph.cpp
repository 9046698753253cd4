// SPDX-License-Identifier: MIT
// The subgraph export reader, as `mgtool subgraph walk` and `subgraph check` use it: the input is
// subgraph.json of an export whose clip files (tests/fuzz/subgraph/export/clips) stay as they
// are (read once: cachedFixtureLoader). Any input ends in an error with a message, or in a graph
// that is checked and walked; a walk that can be written gives BVH text the BVH reader reads back.
#include <cstdint>

#include "core/dmg/dmg_walk.h"
#include "core/io/subgraph_export.h"
#include "fuzz_loader.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
  using namespace mg;
  fuzz::Scratch& scratch = fuzz::Scratch::get();
  static const bool copied = (scratch.copyFixture(MG_FUZZ_FIXTURES "/export"), true);
  (void)copied;
  scratch.write(kSubgraphFileName, data, size);
  static const MotionFileLoader load = fuzz::cachedFixtureLoader();
  Result<SubgraphFile> file = readSubgraphFile(scratch.dir().string());
  if (!file) {
    fuzz::require(!file.error().message.empty(), "an error without a message");
    return 0;
  }
  (void)checkSubgraphFile(*file);
  Result<std::vector<std::shared_ptr<const Motion>>> clips = readSubgraphClips(*file, load);
  if (!clips) return 0;
  auto graph = std::make_shared<const DatabaseMotionGraph>(clipLevelGraph(*file));
  if (!DmgWalkStream::validateFor(graph.get(), *clips) || graph->vertexCount() < 2) return 0;
  DmgWalkStream stream(graph, *clips, 0, randomDmgEdgeChooser(1, 10), {10});
  fuzz::requireWalkReadsBack(stream, 120);
  return 0;
}
