// SPDX-License-Identifier: MIT
// The snap export reader, as `mgtool walk` uses it: the input is snap_graph.json of an export whose
// clip files (tests/fuzz/snap_graph/export/clips) stay as they are. Any input ends in an error
// with a message, or in a graph whose walk either fails with a message or writes a BVH file that
// the BVH reader reads back (mutated exports used to give walks with a NUL byte in a joint name).
#include <cstdint>

#include "core/import/bvh_text.h"
#include "core/import/bvh_writer.h"
#include "core/io/snap_import.h"
#include "core/synth/clip_sequence.h"
#include "fuzz_loader.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
  using namespace mg;
  fuzz::Scratch& scratch = fuzz::Scratch::get();
  static const bool copied = (scratch.copyFixture(MG_FUZZ_FIXTURES "/snap_graph/export"), true);
  (void)copied;
  scratch.write(kSnapGraphFileName, data, size);
  Result<SnapGraphFile> file = readSnapGraph(scratch.dir().string(), fuzz::bvhOnlyLoader());
  if (!file) {
    fuzz::require(!file.error().message.empty(), "an error without a message");
    return 0;
  }
  Result<PlayableSnapGraph> playable = playableSnapGraph(*file);
  if (!playable) return 0;
  RandomWalkStream stream(playable->graph, playable->motions, 0, 1);
  const std::string out = scratch.file("walk.bvh");
  Result<StreamedBvh> walk = writeBvhStream(stream, 120, out);
  if (!walk) return 0;
  Result<BvhDocument> back = readBvhFile(out);
  fuzz::require(back.ok(), "the walk wrote a BVH its reader refuses:", back ? "" : back.error().message);
  return 0;
}
