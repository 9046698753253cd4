// SPDX-License-Identifier: MIT
// The BVH reader (the one every capture import goes through): any input ends in a document or an
// error; an accepted document converts to a motion, and when that motion validates, writing it as
// BVH either fails with a message or gives text that parses back to the same shape.
#include <cstdint>
#include <string_view>

#include "core/import/bvh_text.h"
#include "core/import/bvh_writer.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
  using namespace mg;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  Result<BvhDocument> doc = parseBvhText(text, "fuzz.bvh");
  if (!doc) {
    fuzz::require(!doc.error().message.empty(), "an error without a message");
    return 0;
  }
  fuzz::require(doc->frameCount > 0 && doc->valuesPerFrame > 0,
                "an accepted document without frames or channels");
  fuzz::require(doc->values.size() == static_cast<size_t>(doc->frameCount) * doc->valuesPerFrame,
                "values size");
  Motion motion = bvhDocumentToMotion(*doc);
  motion.fps = 1.0 / doc->frameTimeSeconds;
  if (!motion.validate()) return 0;
  Result<std::string> written = formatBvh(motion, {.metresPerUnit = 1.0});
  if (!written) return 0;
  Result<BvhDocument> back = parseBvhText(*written, "written.bvh");
  fuzz::require(back.ok(),
                "formatBvh wrote text its parser refuses:", back ? "" : back.error().message);
  fuzz::require(back->joints.size() == doc->joints.size() && back->frameCount == doc->frameCount,
                "the written file has another shape");
  return 0;
}
