// SPDX-License-Identifier: MIT
#pragma once

#include <climits>
#include <cmath>
#include <string>
#include <string_view>

#include "core/util/json_text.h"

namespace mg {

// Typed access to the members of a parsed JSON document that remembers the first problem, as
// "<file>: <json path>: <what>", so readers check every field and report one clear message.
class JsonFieldReader {
 public:
  explicit JsonFieldReader(std::string file) : m_file(std::move(file)) {}

  bool ok() const { return m_error.empty(); }
  const std::string& error() const { return m_error; }
  void fail(const std::string& path, const std::string& what) {
    if (m_error.empty()) m_error = m_file + ": " + path + ": " + what;
  }

  // The member, or null after failing when it is missing or not of `kind`.
  const Json* member(const Json& object, std::string_view key, const std::string& path,
                     JsonKind kind) {
    const Json* v = jsonFind(object, key);
    const std::string where = path.empty() ? std::string(key) : path + "." + std::string(key);
    if (!v) {
      fail(where, "missing");
      return nullptr;
    }
    if (jsonKind(*v) != kind) {
      fail(where, "has the wrong type");
      return nullptr;
    }
    return v;
  }
  // An integer in [min, max] (0 after failing).
  int integer(const Json& value, const std::string& path, int min, int max) {
    if (!value.is_number()) {
      fail(path, "is not a number");
      return 0;
    }
    const double d = value.get<double>();
    if (d != std::floor(d) || d < min || d > max) {
      fail(path, "must be an integer from " + std::to_string(min) + " to " + std::to_string(max));
      return 0;
    }
    return static_cast<int>(d);
  }
  int integer(const Json& object, std::string_view key, const std::string& path, int min, int max) {
    const Json* v = member(object, key, path, JsonKind::Number);
    return v ? integer(*v, path + "." + std::string(key), min, max) : 0;
  }
  double number(const Json& object, std::string_view key, const std::string& path) {
    const Json* v = member(object, key, path, JsonKind::Number);
    if (v && !std::isfinite(v->get<double>())) fail(path + "." + std::string(key), "is not finite");
    return v ? v->get<double>() : 0.0;
  }
  std::string string(const Json& object, std::string_view key, const std::string& path) {
    const Json* v = member(object, key, path, JsonKind::String);
    return v ? v->get_ref<const std::string&>() : std::string();
  }

 private:
  std::string m_file;
  std::string m_error;
};

}  // namespace mg
