// SPDX-License-Identifier: MIT
// The motion field file reader (decodeFieldFile, core/io/field_file.h). The file carries a CRC-32
// of its payload, which random bytes almost never match; so the input is the payload and the
// target writes a valid header for it (magic, version, CRC, size), and inputs that start with the
// magic are also decoded exactly as given, for the header checks. Any input ends in a field or an
// error with a message; a field that was read is written again and must read back.
#include <cstdint>
#include <cstring>
#include <string>

#include <zlib.h>

#include "core/io/field_file.h"
#include "fuzz_support.h"

namespace {

void decode(const std::string& bytes) {
  using namespace mg;
  Result<std::shared_ptr<const MotionField>> field = decodeFieldFile(bytes, "fuzz.field");
  if (!field) {
    fuzz::require(!field.error().message.empty(), "an error without a message");
    return;
  }
  Result<std::shared_ptr<const MotionField>> back =
      decodeFieldFile(encodeFieldFile(**field), "again.field");
  fuzz::require(back.ok(), "encodeFieldFile wrote bytes decodeFieldFile refuses:",
                back ? "" : back.error().message);
}

template <class T>
void put(std::string& out, T v) {
  out.append(reinterpret_cast<const char*>(&v), sizeof v);  // little-endian machine, as the format
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  if (input.rfind(mg::kFieldMagic, 0) == 0) decode(input);
  std::string file(mg::kFieldMagic);
  put<std::uint32_t>(file, static_cast<std::uint32_t>(mg::kFieldVersion));
  put<std::uint32_t>(file, static_cast<std::uint32_t>(crc32_z(0, data, size)));
  put<std::uint64_t>(file, size);
  file += input;
  decode(file);
  return 0;
}
