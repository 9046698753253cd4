// SPDX-License-Identifier: MIT
#include "core/util/json_text.h"

#include <charconv>
#include <cmath>
#include <cstddef>
#include <iterator>
#include <vector>

namespace mg {

JsonKind jsonKind(const Json& value) {
  switch (value.type()) {
    case Json::value_t::boolean:
      return JsonKind::Bool;
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
    case Json::value_t::number_float:
      return JsonKind::Number;
    case Json::value_t::string:
      return JsonKind::String;
    case Json::value_t::array:
      return JsonKind::Array;
    case Json::value_t::object:
      return JsonKind::Object;
    default:
      return JsonKind::Null;
  }
}

const Json* jsonFind(const Json& value, std::string_view key) {
  if (!value.is_object()) return nullptr;
  const JsonObject& object = value.get_ref<const JsonObject&>();
  auto it = object.find(key);
  return it == object.end() ? nullptr : &it->second;
}

namespace {

// A pointer into the text that remembers how far nlohmann's lexer has read, so the errors the
// builder below raises (duplicate key, nesting) can say where they are.
class TrackingIterator {
 public:
  using iterator_category = std::forward_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  TrackingIterator(const char* p, const char** furthest) : m_p(p), m_furthest(furthest) {}
  reference operator*() const { return *m_p; }
  TrackingIterator& operator++() {
    *m_furthest = ++m_p;
    return *this;
  }
  TrackingIterator operator++(int) {
    TrackingIterator before = *this;
    ++*this;
    return before;
  }
  bool operator==(const TrackingIterator& o) const { return m_p == o.m_p; }
  bool operator!=(const TrackingIterator& o) const { return m_p != o.m_p; }

 private:
  const char* m_p;
  const char** m_furthest;
};

constexpr std::size_t kMaxDepth = 256;

// nlohmann's SAX interface, building the document as its own DOM parser does, plus the two checks
// the project's readers rely on: no duplicate keys, no nesting deeper than kMaxDepth.
class DocumentBuilder {
 public:
  DocumentBuilder(Json& root, const char* begin, const char* const* furthest)
      : m_root(root), m_begin(begin), m_furthest(furthest) {}

  bool null() { return place(Json()); }
  bool boolean(bool v) { return place(Json(v)); }
  bool number_integer(Json::number_integer_t v) { return place(Json(v)); }
  bool number_unsigned(Json::number_unsigned_t v) { return place(Json(v)); }
  bool number_float(Json::number_float_t v, const Json::string_t& /*text*/) {
    return place(Json(v));
  }
  bool string(Json::string_t& v) { return place(Json(std::move(v))); }
  bool binary(Json::binary_t& /*v*/) { return fail("binary values are not JSON"); }
  bool start_object(std::size_t /*elements*/) { return open(Json::object()); }
  bool start_array(std::size_t /*elements*/) { return open(Json::array()); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }
  bool key(Json::string_t& k) {
    JsonObject& object = m_open.back()->get_ref<JsonObject&>();
    auto [it, inserted] = object.emplace(k, Json());
    if (!inserted) return fail("duplicate key '" + k + "'");
    m_member = &it->second;
    return true;
  }
  bool parse_error(std::size_t position, const std::string& /*lastToken*/,
                   const nlohmann::detail::exception& ex) {
    m_position = position;
    m_error = withoutPrefix(ex.what());
    return false;
  }

  std::size_t position() const { return m_position; }
  const std::string& error() const { return m_error; }

 private:
  // nlohmann's message without its "[json.exception...] parse error at line L, column C: " head:
  // the caller puts its own line and column in front.
  static std::string withoutPrefix(std::string what) {
    if (what.rfind("[json.exception.", 0) == 0) {
      const std::size_t close = what.find("] ");
      if (close != std::string::npos) what.erase(0, close + 2);
    }
    if (what.rfind("parse error", 0) == 0) {
      const std::size_t column = what.find("column ");
      const std::size_t colon = what.find(": ", column == std::string::npos ? 0 : column);
      if (colon != std::string::npos) what.erase(0, colon + 2);
    }
    return what;
  }
  bool fail(std::string what) {
    m_position = static_cast<std::size_t>(*m_furthest - m_begin);
    m_error = std::move(what);
    return false;
  }
  Json* put(Json&& v) {
    if (m_open.empty()) {
      m_root = std::move(v);
      return &m_root;
    }
    Json& parent = *m_open.back();
    if (parent.is_array()) {
      JsonArray& array = parent.get_ref<JsonArray&>();
      array.push_back(std::move(v));
      return &array.back();
    }
    *m_member = std::move(v);
    return m_member;
  }
  bool place(Json&& v) {
    put(std::move(v));
    return true;
  }
  bool open(Json&& container) {
    if (m_open.size() >= kMaxDepth) return fail("nesting deeper than " + std::to_string(kMaxDepth));
    m_open.push_back(put(std::move(container)));
    return true;
  }
  bool close() {
    m_open.pop_back();
    return true;
  }

  Json& m_root;
  const char* m_begin;
  const char* const* m_furthest;
  std::vector<Json*> m_open;  // the containers being filled, outermost first
  Json* m_member = nullptr;   // the object member the next value goes to
  std::size_t m_position = 0;
  std::string m_error;
};

void writeString(std::string& out, const std::string& s) {
  out += '"';
  for (unsigned char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20) {
          static constexpr char kHex[] = "0123456789abcdef";
          out += "\\u00";
          out += kHex[c >> 4];
          out += kHex[c & 0xf];
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  out += '"';
}

template <class Number>
void writeNumber(std::string& out, Number n) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, n);
  out.append(buf, r.ptr);
}

void writeValue(std::string& out, const Json& v, int indent, int depth) {
  auto newline = [&](int d) {
    if (indent < 0) return;
    out += '\n';
    out.append(static_cast<size_t>(indent) * d, ' ');
  };
  switch (v.type()) {
    case Json::value_t::boolean:
      out += v.get<bool>() ? "true" : "false";
      break;
    case Json::value_t::number_integer:
      writeNumber(out, v.get<Json::number_integer_t>());
      break;
    case Json::value_t::number_unsigned:
      writeNumber(out, v.get<Json::number_unsigned_t>());
      break;
    case Json::value_t::number_float: {
      const double d = v.get<double>();
      if (std::isfinite(d))
        writeNumber(out, d);
      else
        out += "null";
      break;
    }
    case Json::value_t::string:
      writeString(out, v.get_ref<const std::string&>());
      break;
    case Json::value_t::array: {
      const JsonArray& a = v.get_ref<const JsonArray&>();
      // Arrays of plain numbers stay on one line: parameter vectors and boxes read better so.
      bool flat = true;
      for (const Json& e : a) flat = flat && (e.is_number() || e.is_null() || e.is_boolean());
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
    case Json::value_t::object: {
      const JsonObject& o = v.get_ref<const JsonObject&>();
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
    default:
      out += "null";
      break;  // null, and the binary and discarded values text never holds
  }
}

}  // namespace

Result<Json> readJsonText(std::string_view text) {
  Json root;
  const char* begin = text.data();
  const char* furthest = begin;
  DocumentBuilder builder(root, begin, &furthest);
  const bool ok = Json::sax_parse(TrackingIterator(begin, &furthest),
                                  TrackingIterator(begin + text.size(), &furthest), &builder);
  if (ok) return root;
  // The position counts the characters read, the last of them the offending one.
  const std::size_t upto = std::min(builder.position(), text.size());
  int line = 1, column = 1;
  for (std::size_t i = 0; i + 1 < upto; ++i) {
    if (text[i] == '\n')
      ++line, column = 1;
    else
      ++column;
  }
  return Error{"JSON line " + std::to_string(line) + ", column " + std::to_string(column) + ": " +
               builder.error()};
}

std::string jsonText(const Json& value, int indent) {
  std::string out;
  writeValue(out, value, indent, 0);
  return out;
}

}  // namespace mg
