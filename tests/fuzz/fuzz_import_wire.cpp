// SPDX-License-Identifier: MIT
// The bytes an import child sends back (decodeMotion, core/import/isolated_import.h): a child that
// misbehaves or was tampered with must give an error, never an allocation it asked for.
#include <cstdint>
#include <string_view>

#include "core/import/isolated_import.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
  mg::Result<mg::Motion> m =
      mg::decodeMotion(std::string_view(reinterpret_cast<const char*>(data), size));
  if (m) (void)m->validate();
  return 0;
}
