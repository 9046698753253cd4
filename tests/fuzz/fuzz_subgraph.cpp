// SPDX-License-Identifier: MIT
// The subgraph export reader, as `mgtool subgraph walk` and `subgraph check` use it: the input is
// subgraph.json of an export whose clip files (tests/fuzz/subgraph/export/clips) stay as they
// are. Any input ends in an error with a message, or in a graph that is checked and walked; a walk
// that succeeds writes a BVH file the BVH reader reads back.
#include <cstdint>

#include "core/import/bvh_text.h"
#include "core/import/bvh_writer.h"
#include "core/io/subgraph_export.h"
#include "core/dmg/dmg_walk.h"
#include "fuzz_loader.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
  using namespace mg;
  fuzz::Scratch& scratch = fuzz::Scratch::get();
  static const bool copied = (scratch.copyFixture(MG_FUZZ_FIXTURES "/subgraph/export"), true);
  (void)copied;
  scratch.write(kSubgraphFileName, data, size);
  Result<SubgraphFile> file = readSubgraphFile(scratch.dir().string());
  if (!file) {
    fuzz::require(!file.error().message.empty(), "an error without a message");
    return 0;
  }
  (void)checkSubgraphFile(*file);
  Result<std::vector<std::shared_ptr<const Motion>>> clips = readSubgraphClips(*file, fuzz::bvhOnlyLoader());
  if (!clips) return 0;
  auto graph = std::make_shared<const DatabaseMotionGraph>(clipLevelGraph(*file));
  if (!DmgWalkStream::validateFor(graph.get(), *clips) || graph->vertexCount() < 2) return 0;
  DmgWalkStream stream(graph, *clips, 0, randomDmgEdgeChooser(1, 10), {10});
  const std::string out = scratch.file("walk.bvh");
  Result<StreamedBvh> walk = writeBvhStream(stream, 120, out);
  if (!walk) return 0;
  Result<BvhDocument> back = readBvhFile(out);
  fuzz::require(back.ok(), "the walk wrote a BVH its reader refuses:", back ? "" : back.error().message);
  return 0;
}
