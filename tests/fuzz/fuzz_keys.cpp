// SPDX-License-Identifier: MIT
// The KEYS.json reader: any input ends in entries or an error with a message; entries that were
// read are written back and read again to the same entries.
#include <cstdint>

#include "core/io/keys_json.h"
#include "fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
  using namespace mg;
  const std::string path = fuzz::Scratch::get().write("KEYS.json", data, size);
  Result<std::vector<KeyFileEntry>> keys = readKeysFile(path);
  if (!keys) {
    fuzz::require(!keys.error().message.empty(), "an error without a message");
    return 0;
  }
  const std::string again = fuzz::Scratch::get().file("KEYS_again.json");
  if (!writeKeysFile(again, *keys)) return 0;
  Result<std::vector<KeyFileEntry>> back = readKeysFile(again);
  fuzz::require(back.ok(), "writeKeysFile wrote a file readKeysFile refuses:",
                back ? "" : back.error().message);
  fuzz::require(back->size() == keys->size(), "the entries changed on writing");
  return 0;
}
