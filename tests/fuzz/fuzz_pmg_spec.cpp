// SPDX-License-Identifier: MIT
// The PMG build spec reader (readPmgSpec: JSON, then the spec's fields): any input ends in a spec
// or an error with a message.
#include <cstdint>

#include "core/io/pmg_spec.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
  const std::string path = mg::fuzz::Scratch::get().write("spec.json", data, size);
  mg::Result<mg::PmgSpec> spec = mg::readPmgSpec(path);
  if (!spec) mg::fuzz::require(!spec.error().message.empty(), "an error without a message");
  return 0;
}
