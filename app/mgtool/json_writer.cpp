// SPDX-License-Identifier: MIT
#include "app/mgtool/json_writer.h"

#include <charconv>
#include <cmath>

namespace mg::tool {

void JsonWriter::newline() {
  m_out += '\n';
  m_out.append(2 * m_levels.size(), ' ');
}

void JsonWriter::beforeValue() {
  if (m_afterKey) {
    m_afterKey = false;
    return;
  }
  if (m_levels.empty()) return;
  if (!m_levels.back().empty) m_out += ',';
  m_levels.back().empty = false;
  newline();
}

void JsonWriter::open(char bracket, bool isObject) {
  beforeValue();
  m_out += bracket;
  m_levels.push_back({isObject});
}

void JsonWriter::close(char bracket) {
  const bool empty = m_levels.back().empty;
  m_levels.pop_back();
  if (!empty) newline();
  m_out += bracket;
  if (m_levels.empty()) m_out += '\n';
}

void JsonWriter::key(std::string_view name) {
  beforeValue();
  string(name);
  m_out += ": ";
  m_afterKey = true;
}

void JsonWriter::string(std::string_view s) {
  m_out += '"';
  for (const char c : s) {
    switch (c) {
      case '"': m_out += "\\\""; break;
      case '\\': m_out += "\\\\"; break;
      case '\n': m_out += "\\n"; break;
      case '\r': m_out += "\\r"; break;
      case '\t': m_out += "\\t"; break;
      case '\b': m_out += "\\b"; break;
      case '\f': m_out += "\\f"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          static constexpr char kHex[] = "0123456789abcdef";
          m_out += "\\u00";
          m_out += kHex[(c >> 4) & 0xf];
          m_out += kHex[c & 0xf];
        } else {
          m_out += c;
        }
    }
  }
  m_out += '"';
}

void JsonWriter::value(std::string_view s) {
  beforeValue();
  string(s);
}

void JsonWriter::value(double v) {
  if (!std::isfinite(v)) return null();
  beforeValue();
  char buf[32];
  // Shortest text that reads back as the same double; always valid JSON for finite values.
  const auto end = std::to_chars(buf, buf + sizeof buf, v).ptr;
  m_out.append(buf, end);
}

void JsonWriter::value(std::int64_t v) {
  beforeValue();
  m_out += std::to_string(v);
}

void JsonWriter::value(bool v) {
  beforeValue();
  m_out += v ? "true" : "false";
}

void JsonWriter::null() {
  beforeValue();
  m_out += "null";
}

}  // namespace mg::tool
