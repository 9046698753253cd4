// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mg::tool {

// Builds indented JSON text. Strings are escaped (quotes, backslashes, control characters;
// other bytes pass through, so UTF-8 stays UTF-8). Non-finite numbers, which JSON cannot hold,
// are written as null. Calls must nest properly: key() before each value inside an object.
class JsonWriter {
 public:
  void beginObject() { open('{', true); }
  void endObject() { close('}'); }
  void beginArray() { open('[', false); }
  void endArray() { close(']'); }
  void key(std::string_view name);
  void value(std::string_view s);
  void value(const char* s) { value(std::string_view(s)); }
  void value(double v);
  void value(std::int64_t v);
  void value(int v) { value(static_cast<std::int64_t>(v)); }
  void value(bool v);
  void null();

  const std::string& text() const { return m_out; }

 private:
  struct Level {
    bool isObject;
    bool empty = true;
  };
  void open(char bracket, bool isObject);
  void close(char bracket);
  void beforeValue();
  void newline();
  void string(std::string_view s);

  std::string m_out;
  std::vector<Level> m_levels;
  bool m_afterKey = false;
};

}  // namespace mg::tool
