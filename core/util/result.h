// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace mg {

// A failure with a message meant for a person: it names the file or input and the problem.
struct Error {
  std::string message;
};

// A value or an Error, in the spirit of std::expected (C++23). Core functions return this
// instead of throwing, so no exception crosses a layer.
template <class T>
class Result {
 public:
  Result(T value) : m_data(std::move(value)) {}      // NOLINT: implicit by design
  Result(Error error) : m_data(std::move(error)) {}  // NOLINT: implicit by design

  bool ok() const { return m_data.index() == 0; }
  explicit operator bool() const { return ok(); }

  // Precondition: ok().
  T& value() & { return std::get<0>(m_data); }
  const T& value() const& { return std::get<0>(m_data); }
  T&& value() && { return std::get<0>(std::move(m_data)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

  // Precondition: !ok().
  const Error& error() const { return std::get<1>(m_data); }

 private:
  std::variant<T, Error> m_data;
};

// Result of an operation with no value.
class Status {
 public:
  Status() = default;
  Status(Error error) : m_error(std::move(error)), m_ok(false) {}  // NOLINT: implicit by design
  static Status success() { return {}; }

  bool ok() const { return m_ok; }
  explicit operator bool() const { return m_ok; }
  const Error& error() const { return m_error; }

 private:
  Error m_error;
  bool m_ok = true;
};

}  // namespace mg
