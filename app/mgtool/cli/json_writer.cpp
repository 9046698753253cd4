// SPDX-License-Identifier: MIT
#include "app/mgtool/cli/json_writer.h"

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

namespace mg::tool {

using nlohmann::ordered_json;

JsonWriter::JsonWriter() : m_root(std::make_unique<ordered_json>()) {}
JsonWriter::~JsonWriter() = default;

void JsonWriter::put(ordered_json&& v) {
  const bool container = v.is_structured();
  ordered_json* placed = nullptr;
  if (m_open.empty()) {
    *m_root = std::move(v);
    placed = m_root.get();
  } else if (m_open.back()->is_array()) {
    m_open.back()->push_back(std::move(v));
    placed = &m_open.back()->back();
  } else {
    placed = &((*m_open.back())[m_key] = std::move(v));
  }
  // Only the innermost open container grows, so the pointers to the outer ones stay valid.
  if (container) m_open.push_back(placed);
}

void JsonWriter::beginObject() {
  put(ordered_json::object());
}
void JsonWriter::beginArray() {
  put(ordered_json::array());
}
void JsonWriter::value(std::string_view s) {
  put(ordered_json(std::string(s)));
}
void JsonWriter::value(std::int64_t v) {
  put(ordered_json(v));
}
void JsonWriter::value(bool v) {
  put(ordered_json(v));
}
void JsonWriter::null() {
  put(ordered_json(nullptr));
}

void JsonWriter::value(double v) {
  if (!std::isfinite(v)) return null();
  if (v == std::floor(v) && std::fabs(v) < 9007199254740992.0) {
    return put(ordered_json(static_cast<std::int64_t>(v)));
  }
  put(ordered_json(v));
}

void JsonWriter::document(const Json& v) {
  switch (v.type()) {
    case Json::value_t::object:
      beginObject();
      for (const auto& [name, member] : v.items()) {
        key(name);
        document(member);
      }
      return endObject();
    case Json::value_t::array:
      beginArray();
      for (const Json& element : v) document(element);
      return endArray();
    case Json::value_t::string:
      return value(std::string_view(v.get_ref<const std::string&>()));
    case Json::value_t::boolean:
      return value(v.get<bool>());
    case Json::value_t::number_integer:
      return value(v.get<std::int64_t>());
    case Json::value_t::number_unsigned:
      return put(ordered_json(v.get<std::uint64_t>()));
    case Json::value_t::number_float:
      return value(v.get<double>());
    default:
      return null();
  }
}

std::string JsonWriter::text() const {
  return m_root->dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n";
}

std::string JsonWriter::line() const {
  return m_root->dump(-1, ' ', false, ordered_json::error_handler_t::replace);
}

int printJson(const JsonWriter& json, int status) {
  std::fputs(json.text().c_str(), stdout);
  std::fputs("\n", stdout);
  return status;
}

}  // namespace mg::tool
