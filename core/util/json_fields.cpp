// SPDX-License-Identifier: MIT
#include "core/util/json_fields.h"

#include <cmath>
#include <fstream>
#include <iterator>

namespace mg {

namespace {

const char* kindName(JsonKind kind) {
  switch (kind) {
    case JsonKind::Null:
      return "null";
    case JsonKind::Bool:
      return "true or false";
    case JsonKind::Number:
      return "a number";
    case JsonKind::String:
      return "a string";
    case JsonKind::Array:
      return "an array";
    case JsonKind::Object:
      return "an object";
  }
  return "a value";
}

}  // namespace

Result<Json> readJsonFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{path + ": cannot open the file"};
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return Error{path + ": cannot read the file"};
  Result<Json> json = readJsonText(text);
  if (!json) return Error{path + ": " + json.error().message};
  return json;
}

void JsonFields::fail(std::string_view path, std::string_view what) {
  if (!m_error.empty()) return;
  m_error = m_file + ": ";
  if (!path.empty()) m_error.append(path).append(": ");
  m_error.append(what);
}

std::string JsonFields::at(std::string_view path, std::string_view key) {
  return path.empty() ? std::string(key) : std::string(path).append(".").append(key);
}

std::string JsonFields::at(std::string_view path, size_t index) {
  return std::string(path).append("[").append(std::to_string(index)).append("]");
}

const Json* JsonFields::member(const Json& object, std::string_view key, std::string_view path,
                               JsonKind kind) {
  if (!ok()) return nullptr;
  const Json* v = optional(object, key, path, kind);
  if (!v && ok()) fail(at(path, key), "missing");
  return v;
}

const Json* JsonFields::optional(const Json& object, std::string_view key, std::string_view path,
                                 JsonKind kind) {
  if (!ok()) return nullptr;
  const Json* v = jsonFind(object, key);
  if (v && jsonKind(*v) != kind) {
    fail(at(path, key), std::string("must be ") + kindName(kind));
    return nullptr;
  }
  return v;
}

std::string JsonFields::text(const Json& o, std::string_view key, std::string_view path) {
  const Json* v = member(o, key, path, JsonKind::String);
  return v ? v->get_ref<const std::string&>() : std::string();
}

double JsonFields::number(const Json& o, std::string_view key, std::string_view path) {
  const Json* v = member(o, key, path, JsonKind::Number);
  return v ? v->get<double>() : 0.0;
}

bool JsonFields::flag(const Json& o, std::string_view key, std::string_view path) {
  const Json* v = member(o, key, path, JsonKind::Bool);
  return v && v->get<bool>();
}

int JsonFields::integer(const Json& o, std::string_view key, std::string_view path, int min,
                        int max) {
  const Json* v = member(o, key, path, JsonKind::Number);
  return v ? integer(*v, at(path, key), min, max) : 0;
}

void JsonFields::read(const Json& o, std::string_view key, std::string_view path,
                      std::string& out) {
  if (const Json* v = optional(o, key, path, JsonKind::String))
    out = v->get_ref<const std::string&>();
}

void JsonFields::read(const Json& o, std::string_view key, std::string_view path, double& out) {
  if (const Json* v = optional(o, key, path, JsonKind::Number)) out = v->get<double>();
}

void JsonFields::read(const Json& o, std::string_view key, std::string_view path, bool& out) {
  if (const Json* v = optional(o, key, path, JsonKind::Bool)) out = v->get<bool>();
}

void JsonFields::read(const Json& o, std::string_view key, std::string_view path, int& out, int min,
                      int max) {
  if (const Json* v = optional(o, key, path, JsonKind::Number)) {
    const int value = integer(*v, at(path, key), min, max);
    if (ok()) out = value;
  }
}

void JsonFields::read(const Json& o, std::string_view key, std::string_view path,
                      std::uint64_t& out) {
  const Json* v = optional(o, key, path, JsonKind::Number);
  if (!v) return;
  if (v->is_number_unsigned()) {
    out = v->get<std::uint64_t>();
    return;
  }
  const double d = v->get<double>();
  // 2^64 is exactly representable; the largest double below it is the largest one that fits.
  if (d != std::floor(d) || d < 0 || d >= 18446744073709551616.0) {
    fail(at(path, key),
         formatNumber(d) + " is out of range (expected an integer from 0 to 2^64 - 1)");
    return;
  }
  out = static_cast<std::uint64_t>(d);
}

double JsonFields::number(const Json& value, std::string_view path) {
  if (!ok()) return 0.0;
  if (!value.is_number()) {
    fail(path, "must be a number");
    return 0.0;
  }
  return value.get<double>();
}

int JsonFields::integer(const Json& value, std::string_view path, int min, int max) {
  const double d = number(value, path);
  if (!ok()) return 0;
  if (d != std::floor(d) || d < min || d > max) {
    std::string range = "an integer";
    if (min != INT_MIN && max != INT_MAX)
      range += " from " + std::to_string(min) + " to " + std::to_string(max);
    else if (min != INT_MIN)
      range += " >= " + std::to_string(min);
    else if (max != INT_MAX)
      range += " <= " + std::to_string(max);
    fail(path, formatNumber(d) + " is out of range (expected " + range + ")");
    return 0;
  }
  return static_cast<int>(d);
}

bool JsonFields::numbers(const Json& value, std::string_view path, size_t count, double* out) {
  if (!ok()) return false;
  bool good = value.is_array() && value.size() == count;
  for (size_t i = 0; good && i < count; ++i) {
    good = value[i].is_number();
    if (good) out[i] = value[i].get<double>();
  }
  if (!good) fail(path, "must hold " + std::to_string(count) + " numbers");
  return good;
}

std::vector<std::string> JsonFields::strings(const Json& value, std::string_view path) {
  std::vector<std::string> out;
  if (!ok()) return out;
  if (!value.is_array()) {
    fail(path, "must be an array");
    return out;
  }
  for (const Json& s : value) {
    if (!s.is_string()) {
      fail(path, "must hold strings");
      return {};
    }
    out.push_back(s.get_ref<const std::string&>());
  }
  return out;
}

}  // namespace mg
