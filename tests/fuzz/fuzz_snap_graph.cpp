// SPDX-License-Identifier: MIT
// The snap export reader, as `mgtool walk` uses it: the input is snap_graph.json of an export whose
// clip files (tests/fuzz/snap_graph/export/clips) stay as they are (read once:
// cachedFixtureLoader). Any input ends in an error with a message, or in a graph whose 4 s walk
// either cannot be written or gives BVH text that the BVH reader reads back (mutated exports used
// to give walks with a NUL byte in a joint name).
#include <cstdint>

#include "core/io/snap_import.h"
#include "core/snap/clip_sequence.h"
#include "fuzz_loader.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
  using namespace mg;
  fuzz::Scratch& scratch = fuzz::Scratch::get();
  static const bool copied = (scratch.copyFixture(MG_FUZZ_FIXTURES "/export"), true);
  (void)copied;
  scratch.write(kSnapGraphFileName, data, size);
  static const MotionFileLoader load = fuzz::cachedFixtureLoader();
  Result<SnapGraphFile> file = readSnapGraph(scratch.dir().string(), load);
  if (!file) {
    fuzz::require(!file.error().message.empty(), "an error without a message");
    return 0;
  }
  Result<PlayableSnapGraph> playable = playableSnapGraph(*file);
  if (!playable) return 0;
  RandomWalkStream stream(playable->graph, playable->motions, 0, 1);
  fuzz::requireWalkReadsBack(stream, 120);
  return 0;
}
