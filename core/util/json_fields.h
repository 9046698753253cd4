// SPDX-License-Identifier: MIT
#pragma once

#include <climits>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/util/json_text.h"
#include "core/util/result.h"

namespace mg {

// Reads a JSON file: "<path>: cannot open the file" or "<path>: JSON line L, column C: <what>".
Result<Json> readJsonFile(const std::string& path);

// Typed fields of a parsed JSON document, for every reader of the project's JSON formats. It keeps
// the first problem as "<file>: <field path>: <what>" (the path as in "hubs[0].match_frames[2].
// frame"), so a reader checks every field and returns one clear message. After a failure each
// getter returns a neutral value (0, "", null), so a reader checks ok() where it needs a value.
// Messages: "missing", "must be a number" (a string, an array, an object, true or false),
// "7 is out of range (expected an integer from 0 to 1)". Nothing here throws.
class JsonFields {
 public:
  explicit JsonFields(std::string file) : m_file(std::move(file)) {}

  bool ok() const { return m_error.empty(); }
  // "<file>: <path>: <what>" (precondition: !ok()).
  Error error() const { return Error{m_error}; }
  // Keeps the first failure only; an empty path leaves the path out.
  void fail(std::string_view path, std::string_view what);

  // "<path>.<key>" ("<key>" at the top) and "<path>[<index>]".
  static std::string at(std::string_view path, std::string_view key);
  static std::string at(std::string_view path, size_t index);

  // A required member of `kind`, or null after failing ("missing", "must be ...").
  const Json* member(const Json& object, std::string_view key, std::string_view path,
                     JsonKind kind);
  // An optional member: null without failing when absent; fails when it is of another kind.
  const Json* optional(const Json& object, std::string_view key, std::string_view path,
                       JsonKind kind);
  const Json* object(const Json& o, std::string_view key, std::string_view path) {
    return member(o, key, path, JsonKind::Object);
  }
  const Json* array(const Json& o, std::string_view key, std::string_view path) {
    return member(o, key, path, JsonKind::Array);
  }

  // Required members of a type.
  std::string text(const Json& o, std::string_view key, std::string_view path);
  double number(const Json& o, std::string_view key, std::string_view path);
  bool flag(const Json& o, std::string_view key, std::string_view path);
  int integer(const Json& o, std::string_view key, std::string_view path, int min = INT_MIN,
              int max = INT_MAX);

  // Optional members: `out` keeps its value when the member is absent.
  void read(const Json& o, std::string_view key, std::string_view path, std::string& out);
  void read(const Json& o, std::string_view key, std::string_view path, double& out);
  void read(const Json& o, std::string_view key, std::string_view path, bool& out);
  void read(const Json& o, std::string_view key, std::string_view path, int& out, int min = INT_MIN,
            int max = INT_MAX);
  // A whole number from 0 to 2^64 - 1 (seeds).
  void read(const Json& o, std::string_view key, std::string_view path, std::uint64_t& out);

  // Values (array elements) of a type; `path` names the value itself.
  double number(const Json& value, std::string_view path);
  int integer(const Json& value, std::string_view path, int min = INT_MIN, int max = INT_MAX);
  // An array of exactly `count` numbers into out[0..count) ("must hold <count> numbers").
  bool numbers(const Json& value, std::string_view path, size_t count, double* out);
  // An array of strings ("must hold strings").
  std::vector<std::string> strings(const Json& value, std::string_view path);

  // Calls each(element, elementPath) for the elements of an array while ok(), failing with "must
  // be an object" at the first element that is not one.
  template <class Each>
  void objects(const Json& array, std::string_view path, Each&& each) {
    for (size_t i = 0; i < array.size() && ok(); ++i) {
      const std::string where = at(path, i);
      if (!array[i].is_object()) return fail(where, "must be an object");
      each(array[i], where);
    }
  }

  // A number as the JSON files write it ("7", "0.25").
  static std::string formatNumber(double d) { return jsonText(Json(d), -1); }

 private:
  std::string m_file;
  std::string m_error;
};

}  // namespace mg
