// SPDX-License-Identifier: MIT
// The .pmg text reader (parsePmgText): any input ends in a document or an error with a message.
#include <cstdint>
#include <string_view>

#include "core/io/pmg_text.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  mg::Result<mg::PmgDocument> doc = mg::parsePmgText(text);
  if (!doc) mg::fuzz::require(!doc.error().message.empty(), "an error without a message");
  return 0;
}
