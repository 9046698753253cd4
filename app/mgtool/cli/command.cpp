// SPDX-License-Identifier: MIT
#include "app/mgtool/cli/command.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <type_traits>

namespace mg::tool {
namespace {

// `v` for a message: whole numbers below 10^7 in digits ("100000"), others in the shortest text
// that reads back as `v` ("0.001", "1e+09", "9007199254740992").
std::string numberText(double v) {
  if (v == std::floor(v) && std::fabs(v) < 1e7) return std::to_string(static_cast<long long>(v));
  char buffer[32];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
  return ec == std::errc() ? std::string(buffer, end) : std::to_string(v);
}

bool readNumber(const std::string& s, double& v) {
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && end == s.data() + s.size() && std::isfinite(v);
}

// `words` before "--" as CLI11 reads them: reversed, with "-.5" spelled "-0.5" (CLI11 takes a
// dash and a digit for a number, a dash and a dot for a short option).
std::vector<std::string> cliWords(std::span<const std::string> words) {
  std::vector<std::string> out(words.rbegin(), words.rend());
  for (std::string& w : out) {
    double v = 0;
    if (w.size() > 2 && w[0] == '-' && w[1] == '.' && readNumber(w, v)) w.insert(1, "0");
  }
  return out;
}

}  // namespace

// One declared option: its name and help, the CLI11 option that collects its words, and how
// those words become its value.
struct Command::Check {
  virtual ~Check() = default;
  // Turns the collected words into the value; false after reporting the problem.
  virtual bool read(const Command& command) = 0;

  std::string name;  // without "--"
  std::string valueName;
  std::string help;
  bool repeatable = false;
  CLI::Option* option = nullptr;
  std::vector<std::string> words;  // one per occurrence (all words of a file list)
};

template <class T>
struct Command::NumberCheck final : Check {
  bool read(const Command& command) override {
    double v = fallback;
    slot.given = !words.empty();
    if (slot.given) {
      const bool whole = std::is_integral_v<T>;
      const std::string& s = words[0];
      // A whole number written as one is compared exactly (as a double 9007199254740993 would
      // round into a range that ends at 2^53).
      long long exact = 0;
      const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), exact);
      bool ok = false;
      if (ec == std::errc() && end == s.data() + s.size()) {
        const long double e = static_cast<long double>(exact);
        ok = e >= min && e <= max;
        v = static_cast<double>(exact);
      } else {
        ok = readNumber(s, v) && v >= min && v <= max && (!whole || v == std::floor(v));
      }
      if (!ok) {
        command.note("--" + name + " must be a " + (whole ? "whole " : "") + "number from " +
                     numberText(min) + " to " + numberText(max) + ", not '" + s + "'");
        return false;
      }
    }
    slot.value = static_cast<T>(v);
    return true;
  }
  double fallback = 0, min = 0, max = 0;
  detail::Slot<T> slot;
};

struct Command::TextCheck final : Check {
  bool read(const Command& command) override {
    slot.given = !words.empty();
    slot.value = slot.given ? words[0] : std::string();
    if (!requiredWhat.empty() && slot.value.empty()) {
      command.note("give --" + name + " " + valueName + ", the " + requiredWhat);
      return false;
    }
    return true;
  }
  std::string requiredWhat;  // non-empty: the option must be given, not empty
  detail::Slot<std::string> slot;
};

struct Command::ChoiceCheck final : Check {
  bool read(const Command& command) override {
    slot.given = !words.empty();
    slot.value = slot.given ? words[0] : fallback;
    if (!slot.given) return true;  // the fallback may be outside the choices ("": not asked)
    for (const std::string& c : choices) {
      if (c == slot.value) return true;
    }
    std::string list;
    for (size_t i = 0; i < choices.size(); ++i) {
      list += (i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + choices[i];
    }
    command.note("--" + name + " must be " + list + ", not '" + slot.value + "'");
    return false;
  }
  std::vector<std::string> choices;
  std::string fallback;
  detail::Slot<std::string> slot;
};

struct Command::FlagCheck final : Check {
  bool read(const Command&) override {
    slot.value = slot.given = count > 0;
    return true;
  }
  std::int64_t count = 0;
  detail::Slot<bool> slot;
};

struct Command::ListCheck final : Check {
  bool read(const Command& command) override {
    slot.given = option->count() > 0;
    slot.value.clear();
    for (const std::string& w : words) {
      if (!w.empty()) slot.value.push_back(w);  // a file list given without a word holds ""
    }
    if (fileList && slot.given && slot.value.empty()) {
      command.note("--" + name + " needs at least one file");
      return false;
    }
    return true;
  }
  bool fileList = false;
  detail::Slot<std::vector<std::string>> slot;
};

Command::Command(Positionals positionals, std::string description)
    : m_app(std::make_unique<CLI::App>(std::move(description))),
      m_positionals(std::move(positionals)) {
  m_app->set_help_flag("-h,--help", "show this help");
  m_app->allow_extras();  // unknown options are reported by execute(), in this program's words
  m_app->add_option("words", m_positional)->expected(0, -1);
  m_app->formatter_fn([this](const CLI::App*, std::string, CLI::AppFormatMode) {
    std::string text = "Usage: mgtool " + m_name + " " + m_positionals.usage +
                       (m_checks.empty() ? "" : " [options]") + "\n\n" + m_app->get_description() +
                       "\n\nOptions:\n";
    auto row = [&](const std::string& left, const std::string& help) {
      text += "  " + left + std::string(left.size() < 26 ? 26 - left.size() : 0, ' ') + " " + help +
              "\n";
    };
    for (const auto& c : m_checks) {
      row("--" + c->name + (c->valueName.empty() ? "" : " " + c->valueName) +
              (c->repeatable && !c->valueName.empty() ? " ..." : ""),
          c->help);
    }
    row("--help", "show this help");
    return text;
  });
}

Command::~Command() = default;

Command::Check& Command::add(std::unique_ptr<Check> check) {
  Check& c = *check;
  if (!c.option) {
    c.option = m_app->add_option("--" + c.name, c.words)
                   ->expected(1)
                   ->allow_extra_args(false)
                   ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  }
  c.option->type_name(c.valueName)->description(c.help);
  m_checks.push_back(std::move(check));
  return c;
}

template <class T>
Value<T> Command::number(std::string name, std::string valueName, std::string help, double fallback,
                         double min, double max) {
  auto check = std::make_unique<NumberCheck<T>>();
  check->name = std::move(name), check->valueName = std::move(valueName);
  check->help = std::move(help);
  check->fallback = fallback, check->min = min, check->max = max;
  check->slot.value = static_cast<T>(fallback);
  return Value<T>(&static_cast<NumberCheck<T>&>(add(std::move(check))).slot);
}
template Value<int> Command::number<int>(std::string, std::string, std::string, double, double,
                                         double);
template Value<long long> Command::number<long long>(std::string, std::string, std::string, double,
                                                     double, double);
template Value<std::uint64_t> Command::number<std::uint64_t>(std::string, std::string, std::string,
                                                             double, double, double);
template Value<double> Command::number<double>(std::string, std::string, std::string, double,
                                               double, double);

Value<std::string> Command::text(std::string name, std::string valueName, std::string help) {
  auto check = std::make_unique<TextCheck>();
  check->name = std::move(name), check->valueName = std::move(valueName);
  check->help = std::move(help);
  return Value<std::string>(&static_cast<TextCheck&>(add(std::move(check))).slot);
}

Value<std::string> Command::required(std::string name, std::string valueName, std::string what) {
  auto check = std::make_unique<TextCheck>();
  check->name = std::move(name), check->valueName = std::move(valueName);
  check->help = what + " (required)";
  check->requiredWhat = std::move(what);
  return Value<std::string>(&static_cast<TextCheck&>(add(std::move(check))).slot);
}

Value<std::string> Command::choice(std::string name, std::string valueName, std::string help,
                                   std::vector<std::string> choices, std::string fallback) {
  auto check = std::make_unique<ChoiceCheck>();
  check->name = std::move(name), check->valueName = std::move(valueName);
  check->help = std::move(help);
  check->choices = std::move(choices), check->fallback = std::move(fallback);
  check->slot.value = check->fallback;
  return Value<std::string>(&static_cast<ChoiceCheck&>(add(std::move(check))).slot);
}

Value<bool> Command::flag(std::string name, std::string help) {
  auto check = std::make_unique<FlagCheck>();
  check->name = std::move(name), check->help = std::move(help);
  // "--flag=VALUE" is refused (a usage error), as a flag takes no value.
  check->option = m_app->add_flag("--" + check->name, check->count)->disable_flag_override();
  return Value<bool>(&static_cast<FlagCheck&>(add(std::move(check))).slot);
}

Value<std::vector<std::string>> Command::repeated(std::string name, std::string valueName,
                                                  std::string help) {
  auto check = std::make_unique<ListCheck>();
  check->name = std::move(name), check->valueName = std::move(valueName);
  check->help = std::move(help);
  check->repeatable = true;
  return Value<std::vector<std::string>>(&static_cast<ListCheck&>(add(std::move(check))).slot);
}

Value<std::vector<std::string>> Command::fileList(std::string name, std::string help) {
  auto check = std::make_unique<ListCheck>();
  check->name = std::move(name), check->help = std::move(help);
  check->repeatable = check->fileList = true;
  check->option = m_app->add_option("--" + check->name, check->words)
                      ->expected(0, -1)
                      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  return Value<std::vector<std::string>>(&static_cast<ListCheck&>(add(std::move(check))).slot);
}

void Command::note(const std::string& message) const {
  std::fprintf(stderr, "mgtool %s: %s\n", m_name.c_str(), message.c_str());
}

int Command::fail(const std::string& message) const {
  note(message);
  return kExitFailed;
}

int Command::usageError(const std::string& message) const {
  note(message);
  std::fprintf(stderr, "Run 'mgtool %s --help' for usage.\n", m_name.c_str());
  return kExitUsage;
}

// CLI11's messages for the two problems it finds itself, in the words of this program's others.
std::string Command::parseErrorMessage(const std::string& what) const {
  for (const auto& c : m_checks) {
    if (what.rfind("--" + c->name + ": ", 0) == 0) {
      return "option '--" + c->name + "' needs a value (" + c->valueName + ")";
    }
    if (what.rfind(c->name + " was given a disallowed flag override", 0) == 0) {
      return "option '--" + c->name + "' takes no value";
    }
  }
  return what;
}

int Command::execute(const std::string& name, std::span<const std::string> words) {
  m_name = name;
  m_app->name("mgtool " + name);
  // "--" ends the options: the words after it are positional whatever they look like. CLI11 is
  // given only the words before it (it would take a "--" after a file list for that list's end).
  const auto mark = std::find(words.begin(), words.end(), std::string("--"));
  try {
    m_app->parse(cliWords({words.begin(), mark}));
  } catch (const CLI::CallForHelp&) {
    std::fputs(m_app->help().c_str(), stdout);
    return kExitOk;
  } catch (const CLI::ParseError& e) {
    return usageError(parseErrorMessage(e.what()));
  }
  if (const std::vector<std::string> unknown = m_app->remaining(); !unknown.empty()) {
    return usageError("unknown option '" + unknown[0].substr(0, unknown[0].find('=')) + "'");
  }
  if (mark != words.end()) m_positional.insert(m_positional.end(), mark + 1, words.end());
  for (const auto& c : m_checks) {
    if (!c->repeatable && c->option->count() > 1) {
      return usageError("option '--" + c->name + "' given twice");
    }
  }
  const int n = static_cast<int>(m_positional.size());
  if (n < m_positionals.min || (m_positionals.max >= 0 && n > m_positionals.max)) {
    return usageError(std::string(n < m_positionals.min ? "missing" : "too many") +
                      " arguments (expected " + m_positionals.usage + ")");
  }
  bool ok = true;
  for (const auto& c : m_checks) ok = c->read(*this) && ok;
  if (!ok) {
    std::fprintf(stderr, "Run 'mgtool %s --help' for usage.\n", m_name.c_str());
    return kExitUsage;
  }
  return run();
}

}  // namespace mg::tool
