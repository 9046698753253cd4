// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/util/json_text.h"

namespace mg::tool {

// mgtool's one way to print JSON: builds a document in the order the calls give (an
// nlohmann::ordered_json underneath; text() is its dump). Non-finite numbers, which JSON cannot
// hold, are written as null; doubles that hold a whole number below 2^53 are written as integers
// ("frames": 180), other doubles in the shortest form that reads back the same. Invalid UTF-8 in
// strings becomes U+FFFD instead of failing. Calls must nest properly: key() before each value
// inside an object.
class JsonWriter {
 public:
  JsonWriter();
  ~JsonWriter();
  JsonWriter(const JsonWriter&) = delete;
  JsonWriter& operator=(const JsonWriter&) = delete;

  void beginObject();
  void endObject() { m_open.pop_back(); }
  void beginArray();
  void endArray() { m_open.pop_back(); }
  void key(std::string_view name) { m_key = name; }
  void value(std::string_view s);
  void value(const char* s) { value(std::string_view(s)); }
  void value(double v);
  void value(std::int64_t v);
  void value(int v) { value(static_cast<std::int64_t>(v)); }
  void value(bool v);
  void null();
  // A document core built (a report, an export's JSON): its members in its own order (core's Json
  // keeps keys sorted), its numbers by the rules above.
  void document(const Json& value);

  // The document indented by two spaces, one member or element a line, ending in a newline.
  std::string text() const;
  // The document on one line, without spaces: one record of a stream of lines.
  std::string line() const;

 private:
  void put(nlohmann::ordered_json&& v);

  std::unique_ptr<nlohmann::ordered_json> m_root;
  std::vector<nlohmann::ordered_json*> m_open;  // the containers being filled, outermost first
  std::string m_key;                            // the member the next value goes to
};

// Prints the document (text() and an empty line) to stdout and returns `status`: the last line
// of a command that prints its figures, `return printJson(json);`.
int printJson(const JsonWriter& json, int status = 0);

}  // namespace mg::tool
