// SPDX-License-Identifier: MIT
#include "core/util/json.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace mg {

JsonValue::JsonValue(Array a) : m_kind(Kind::Array), m_array(std::make_shared<Array>(std::move(a))) {}
JsonValue::JsonValue(Object o)
    : m_kind(Kind::Object), m_object(std::make_shared<Object>(std::move(o))) {}

JsonValue::JsonValue(const JsonValue& o)
    : m_kind(o.m_kind), m_bool(o.m_bool), m_number(o.m_number), m_string(o.m_string) {
  if (o.m_array) m_array = std::make_shared<Array>(*o.m_array);
  if (o.m_object) m_object = std::make_shared<Object>(*o.m_object);
}

JsonValue& JsonValue::operator=(const JsonValue& o) {
  if (this != &o) *this = JsonValue(o);
  return *this;
}

const JsonValue* JsonValue::find(std::string_view key) const {
  if (!isObject()) return nullptr;
  auto it = m_object->find(key);
  return it == m_object->end() ? nullptr : &it->second;
}

namespace {

void writeString(std::string& out, const std::string& s) {
  out += '"';
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  out += '"';
}

void writeValue(std::string& out, const JsonValue& v, int indent, int depth) {
  auto newline = [&](int d) {
    if (indent < 0) return;
    out += '\n';
    out.append(static_cast<size_t>(indent) * d, ' ');
  };
  switch (v.kind()) {
    case JsonValue::Kind::Null: out += "null"; break;
    case JsonValue::Kind::Bool: out += v.asBool() ? "true" : "false"; break;
    case JsonValue::Kind::Number: {
      if (!std::isfinite(v.asNumber())) {
        out += "null";
        break;
      }
      char buf[32];
      auto r = std::to_chars(buf, buf + sizeof buf, v.asNumber());
      out.append(buf, r.ptr);
      break;
    }
    case JsonValue::Kind::String: writeString(out, v.asString()); break;
    case JsonValue::Kind::Array: {
      const auto& a = v.asArray();
      // Arrays of plain numbers stay on one line: parameter vectors and boxes read better so.
      bool flat = true;
      for (const JsonValue& e : a) flat = flat && (e.isNumber() || e.isNull() || e.isBool());
      out += '[';
      for (size_t i = 0; i < a.size(); ++i) {
        if (i) out += flat && indent >= 0 ? ", " : ",";
        if (!flat) newline(depth + 1);
        writeValue(out, a[i], indent, depth + 1);
      }
      if (!flat && !a.empty()) newline(depth);
      out += ']';
      break;
    }
    case JsonValue::Kind::Object: {
      const auto& o = v.asObject();
      out += '{';
      bool first = true;
      for (const auto& [key, value] : o) {
        if (!first) out += ',';
        first = false;
        newline(depth + 1);
        writeString(out, key);
        out += indent >= 0 ? ": " : ":";
        writeValue(out, value, indent, depth + 1);
      }
      if (!o.empty()) newline(depth);
      out += '}';
      break;
    }
  }
}

class Parser {
 public:
  explicit Parser(std::string_view text) : m_text(text) {}

  Result<JsonValue> parseDocument() {
    JsonValue v;
    if (!parseValue(v, 0)) return fail();
    skipSpace();
    if (m_pos != m_text.size()) {
      m_error = "unexpected content after the JSON value";
      return fail();
    }
    return v;
  }

 private:
  Error fail() const {
    int line = 1, column = 1;
    for (size_t i = 0; i < m_pos && i < m_text.size(); ++i) {
      if (m_text[i] == '\n') ++line, column = 1;
      else ++column;
    }
    return Error{"JSON line " + std::to_string(line) + ", column " + std::to_string(column) + ": " +
                 m_error};
  }
  void skipSpace() {
    while (m_pos < m_text.size() && (m_text[m_pos] == ' ' || m_text[m_pos] == '\n' ||
                                     m_text[m_pos] == '\r' || m_text[m_pos] == '\t')) {
      ++m_pos;
    }
  }
  bool literal(std::string_view word) {
    if (m_text.substr(m_pos, word.size()) != word) {
      m_error = "invalid literal";
      return false;
    }
    m_pos += word.size();
    return true;
  }
  bool parseValue(JsonValue& out, int depth) {
    if (depth > 256) {
      m_error = "nesting deeper than 256";
      return false;
    }
    skipSpace();
    if (m_pos >= m_text.size()) {
      m_error = "unexpected end of text";
      return false;
    }
    const char c = m_text[m_pos];
    if (c == 'n') return literal("null") && ((out = JsonValue()), true);
    if (c == 't') return literal("true") && ((out = JsonValue(true)), true);
    if (c == 'f') return literal("false") && ((out = JsonValue(false)), true);
    if (c == '"') {
      std::string s;
      if (!parseString(s)) return false;
      out = JsonValue(std::move(s));
      return true;
    }
    if (c == '[') return parseArray(out, depth);
    if (c == '{') return parseObject(out, depth);
    return parseNumber(out);
  }
  bool parseNumber(JsonValue& out) {
    const size_t start = m_pos;
    if (m_pos < m_text.size() && m_text[m_pos] == '-') ++m_pos;
    auto digits = [&] {
      const size_t s = m_pos;
      while (m_pos < m_text.size() && m_text[m_pos] >= '0' && m_text[m_pos] <= '9') ++m_pos;
      return m_pos - s;
    };
    const size_t intStart = m_pos;
    const size_t intDigits = digits();
    if (intDigits == 0 || (intDigits > 1 && m_text[intStart] == '0')) {
      m_pos = start;
      m_error = "invalid number";
      return false;
    }
    if (m_pos < m_text.size() && m_text[m_pos] == '.') {
      ++m_pos;
      if (digits() == 0) return (m_error = "invalid number"), false;
    }
    if (m_pos < m_text.size() && (m_text[m_pos] == 'e' || m_text[m_pos] == 'E')) {
      ++m_pos;
      if (m_pos < m_text.size() && (m_text[m_pos] == '+' || m_text[m_pos] == '-')) ++m_pos;
      if (digits() == 0) return (m_error = "invalid number"), false;
    }
    double value = 0;
    auto r = std::from_chars(m_text.data() + start, m_text.data() + m_pos, value);
    if (r.ec != std::errc()) return (m_error = "number out of range"), false;
    out = JsonValue(value);
    return true;
  }
  static void appendUtf8(std::string& s, unsigned cp) {
    if (cp < 0x80) {
      s += static_cast<char>(cp);
    } else if (cp < 0x800) {
      s += static_cast<char>(0xC0 | (cp >> 6));
      s += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      s += static_cast<char>(0xE0 | (cp >> 12));
      s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      s += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      s += static_cast<char>(0xF0 | (cp >> 18));
      s += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      s += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }
  bool hex4(unsigned& cp) {
    if (m_pos + 4 > m_text.size()) return (m_error = "truncated \\u escape"), false;
    cp = 0;
    for (int i = 0; i < 4; ++i) {
      const char h = m_text[m_pos++];
      cp <<= 4;
      if (h >= '0' && h <= '9') cp |= h - '0';
      else if (h >= 'a' && h <= 'f') cp |= h - 'a' + 10;
      else if (h >= 'A' && h <= 'F') cp |= h - 'A' + 10;
      else return (m_error = "invalid \\u escape"), false;
    }
    return true;
  }
  bool parseString(std::string& s) {
    ++m_pos;  // opening quote
    while (true) {
      if (m_pos >= m_text.size()) return (m_error = "unterminated string"), false;
      const char c = m_text[m_pos++];
      if (c == '"') return true;
      if (static_cast<unsigned char>(c) < 0x20) {
        return (m_error = "control character in string"), false;
      }
      if (c != '\\') {
        s += c;
        continue;
      }
      if (m_pos >= m_text.size()) return (m_error = "unterminated string"), false;
      const char e = m_text[m_pos++];
      switch (e) {
        case '"': s += '"'; break;
        case '\\': s += '\\'; break;
        case '/': s += '/'; break;
        case 'b': s += '\b'; break;
        case 'f': s += '\f'; break;
        case 'n': s += '\n'; break;
        case 'r': s += '\r'; break;
        case 't': s += '\t'; break;
        case 'u': {
          unsigned cp = 0;
          if (!hex4(cp)) return false;
          if (cp >= 0xD800 && cp < 0xDC00) {
            unsigned low = 0;
            if (m_text.substr(m_pos, 2) != "\\u") return (m_error = "lone surrogate"), false;
            m_pos += 2;
            if (!hex4(low) || low < 0xDC00 || low >= 0xE000) {
              return (m_error = "invalid surrogate pair"), false;
            }
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          }
          appendUtf8(s, cp);
          break;
        }
        default: return (m_error = "invalid escape"), false;
      }
    }
  }
  bool parseArray(JsonValue& out, int depth) {
    ++m_pos;
    JsonValue::Array a;
    skipSpace();
    if (m_pos < m_text.size() && m_text[m_pos] == ']') {
      ++m_pos;
      out = JsonValue(std::move(a));
      return true;
    }
    while (true) {
      JsonValue v;
      if (!parseValue(v, depth + 1)) return false;
      a.push_back(std::move(v));
      skipSpace();
      if (m_pos < m_text.size() && m_text[m_pos] == ',') {
        ++m_pos;
        continue;
      }
      if (m_pos < m_text.size() && m_text[m_pos] == ']') {
        ++m_pos;
        out = JsonValue(std::move(a));
        return true;
      }
      return (m_error = "expected ',' or ']'"), false;
    }
  }
  bool parseObject(JsonValue& out, int depth) {
    ++m_pos;
    JsonValue::Object o;
    skipSpace();
    if (m_pos < m_text.size() && m_text[m_pos] == '}') {
      ++m_pos;
      out = JsonValue(std::move(o));
      return true;
    }
    while (true) {
      skipSpace();
      if (m_pos >= m_text.size() || m_text[m_pos] != '"') return (m_error = "expected a key"), false;
      std::string key;
      if (!parseString(key)) return false;
      skipSpace();
      if (m_pos >= m_text.size() || m_text[m_pos] != ':') return (m_error = "expected ':'"), false;
      ++m_pos;
      JsonValue v;
      if (!parseValue(v, depth + 1)) return false;
      if (o.count(key)) return (m_error = "duplicate key '" + key + "'"), false;
      o.emplace(std::move(key), std::move(v));
      skipSpace();
      if (m_pos < m_text.size() && m_text[m_pos] == ',') {
        ++m_pos;
        continue;
      }
      if (m_pos < m_text.size() && m_text[m_pos] == '}') {
        ++m_pos;
        out = JsonValue(std::move(o));
        return true;
      }
      return (m_error = "expected ',' or '}'"), false;
    }
  }

  std::string_view m_text;
  size_t m_pos = 0;
  std::string m_error;
};

}  // namespace

std::string JsonValue::serialize(int indent) const {
  std::string out;
  writeValue(out, *this, indent, 0);
  return out;
}

Result<JsonValue> parseJson(std::string_view text) { return Parser(text).parseDocument(); }

}  // namespace mg
