// SPDX-License-Identifier: MIT
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/util/result.h"

namespace mg {

// A JSON value: null, boolean, number (double), string, array or object. Objects keep their keys
// sorted (std::map), so serialisation is deterministic. Plain value type; copies deep.
class JsonValue {
 public:
  enum class Kind { Null, Bool, Number, String, Array, Object };
  using Array = std::vector<JsonValue>;
  using Object = std::map<std::string, JsonValue, std::less<>>;

  JsonValue() = default;
  JsonValue(bool b) : m_kind(Kind::Bool), m_bool(b) {}                     // NOLINT
  JsonValue(double n) : m_kind(Kind::Number), m_number(n) {}              // NOLINT
  JsonValue(int n) : m_kind(Kind::Number), m_number(n) {}                 // NOLINT
  JsonValue(std::string s) : m_kind(Kind::String), m_string(std::move(s)) {}  // NOLINT
  JsonValue(const char* s) : m_kind(Kind::String), m_string(s) {}         // NOLINT
  JsonValue(Array a);                                                     // NOLINT
  JsonValue(Object o);                                                    // NOLINT

  Kind kind() const { return m_kind; }
  bool isNull() const { return m_kind == Kind::Null; }
  bool isBool() const { return m_kind == Kind::Bool; }
  bool isNumber() const { return m_kind == Kind::Number; }
  bool isString() const { return m_kind == Kind::String; }
  bool isArray() const { return m_kind == Kind::Array; }
  bool isObject() const { return m_kind == Kind::Object; }

  // Preconditions: the matching is*() is true.
  bool asBool() const { return m_bool; }
  double asNumber() const { return m_number; }
  const std::string& asString() const { return m_string; }
  const Array& asArray() const { return *m_array; }
  Array& asArray() { return *m_array; }
  const Object& asObject() const { return *m_object; }
  Object& asObject() { return *m_object; }

  // Member `key` of an object, or null when this is not an object or has no such key.
  const JsonValue* find(std::string_view key) const;

  // Compact (indent < 0) or indented text. Non-finite numbers are written as null; numbers use
  // the shortest form that reads back to the same double.
  std::string serialize(int indent = 2) const;

 private:
  Kind m_kind = Kind::Null;
  bool m_bool = false;
  double m_number = 0.0;
  std::string m_string;
  std::shared_ptr<Array> m_array;    // deep-copied on copy (see copy members)
  std::shared_ptr<Object> m_object;

 public:
  JsonValue(const JsonValue& other);
  JsonValue& operator=(const JsonValue& other);
  JsonValue(JsonValue&&) noexcept = default;
  JsonValue& operator=(JsonValue&&) noexcept = default;
};

// Parses RFC 8259 JSON text (UTF-8; \u escapes, including surrogate pairs, become UTF-8).
// Fails, with the line and column, on malformed text, trailing content, nesting deeper than 256,
// or a duplicate key in an object.
Result<JsonValue> parseJson(std::string_view text);

}  // namespace mg
