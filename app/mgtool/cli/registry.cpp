// SPDX-License-Identifier: MIT
#include "app/mgtool/cli/registry.h"

#include <algorithm>
#include <cstdio>
#include <new>
#include <optional>
#include <stdexcept>
#include <vector>

namespace mg::tool {
namespace {

struct Entry {
  std::string path;  // words after "mgtool", space-separated
  int rank = 0;
  std::string summary;
  CommandFactory make = nullptr;  // null for a group that is not a command itself
  Delegation delegation = nullptr;
  bool hidden = false;
  std::optional<GroupWords> group;
};

struct Registry {
  std::vector<Entry> entries;
  std::vector<std::string> problems;  // registration mistakes, reported by runCommandLine
};

// A function-local static: registrations run during static initialisation, in any order.
Registry& registry() {
  static Registry r;
  return r;
}

void add(Entry e) {
  Registry& r = registry();
  for (const Entry& other : r.entries) {
    if (other.path == e.path) r.problems.push_back("'" + e.path + "' is registered twice");
  }
  r.entries.push_back(std::move(e));
}

const Entry* find(const std::string& path) {
  for (const Entry& e : registry().entries) {
    if (e.path == path) return &e;
  }
  return nullptr;
}

std::string parentOf(const std::string& path) {
  const size_t space = path.rfind(' ');
  return space == std::string::npos ? std::string() : path.substr(0, space);
}

std::string lastWord(const std::string& path) {
  return path.substr(path.rfind(' ') + 1);  // npos + 1 == 0: the whole of a one-word path
}

// The listed members of the group at `path` ("" for mgtool itself), in listing order.
std::vector<const Entry*> members(const std::string& path) {
  std::vector<const Entry*> out;
  for (const Entry& e : registry().entries) {
    if (!e.hidden && parentOf(e.path) == path) out.push_back(&e);
  }
  std::sort(out.begin(), out.end(), [](const Entry* a, const Entry* b) {
    return a->rank != b->rank ? a->rank < b->rank : a->path < b->path;
  });
  return out;
}

const GroupWords kProgramWords{"COMMAND", "Commands", "command"};

void printGroupUsage(const std::string& path, const GroupWords& words, std::FILE* to) {
  const std::string program = path.empty() ? "mgtool" : "mgtool " + path;
  std::fprintf(to, "Usage: %s %s [arguments] [options]\n", program.c_str(),
               words.placeholder.c_str());
  if (path.empty()) std::fprintf(to, "  or:  mgtool --help | --version\n");
  std::fprintf(to, "\n%s:\n", words.heading.c_str());
  for (const Entry* e : members(path)) {
    std::fprintf(to, "  %-10s %s\n", lastWord(e->path).c_str(), e->summary.c_str());
  }
  std::fprintf(to, "\nRun '%s %s --help' for %s arguments and options.\n", program.c_str(),
               words.placeholder.c_str(), path.empty() ? "a command's" : "its");
}

int runEntry(const Entry& e, std::span<const std::string> words) {
  if (e.delegation) {
    const std::string other = e.delegation(words);
    if (!other.empty()) return runCommand(other, words);
  }
  // Commands report bad input as errors; these catch what still slips through (an input that
  // asks for more memory than there is) so that no input ends in an abort.
  const char* name = e.path.c_str();
  try {
    return e.make()->execute(e.path, words);
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr,
                 "mgtool %s: out of memory: the input asks for more memory than is available\n",
                 name);
  } catch (const std::length_error& x) {
    std::fprintf(stderr, "mgtool %s: the input asks for a size beyond any limit (%s)\n", name,
                 x.what());
  } catch (const std::exception& x) {
    std::fprintf(stderr, "mgtool %s: failed: %s\n", name, x.what());
  }
  return kExitFailed;
}

// Runs `words` in the group or command at `path` ("" for mgtool itself).
int runAt(const std::string& path, std::span<const std::string> words) {
  const Entry* node = path.empty() ? nullptr : find(path);
  if (!words.empty()) {
    const Entry* member = find(path.empty() ? words[0] : path + " " + words[0]);
    if (member) return runAt(member->path, words.subspan(1));
  }
  if (node && node->make) return runEntry(*node, words);
  const GroupWords& groupWords = node ? *node->group : kProgramWords;
  if (words.empty()) {
    printGroupUsage(path, groupWords, stderr);
    return kExitUsage;
  }
  if (words[0] == "--help" || words[0] == "-h" || (path.empty() && words[0] == "help")) {
    printGroupUsage(path, groupWords, stdout);
    return kExitOk;
  }
  const std::string program = path.empty() ? "mgtool" : "mgtool " + path;
  std::fprintf(stderr, "%s: unknown %s '%s'\n\n", program.c_str(), groupWords.noun.c_str(),
               words[0].c_str());
  printGroupUsage(path, groupWords, stderr);
  return kExitUsage;
}

}  // namespace

CommandRegistration::CommandRegistration(std::string path, int rank, std::string summary,
                                         CommandFactory make, Delegation delegation, bool hidden) {
  add({std::move(path), rank, std::move(summary), make, delegation, hidden, std::nullopt});
}

GroupRegistration::GroupRegistration(std::string path, int rank, std::string summary,
                                     GroupWords words) {
  add({std::move(path), rank, std::move(summary), nullptr, nullptr, false, std::move(words)});
}

int runCommandLine(std::span<const std::string> words) {
  Registry& r = registry();
  for (const Entry& e : r.entries) {
    const std::string parent = parentOf(e.path);
    if (!parent.empty() && !find(parent)) {
      r.problems.push_back("'" + e.path + "' has no group '" + parent + "'");
    }
  }
  if (!r.problems.empty()) {
    for (const std::string& p : r.problems)
      std::fprintf(stderr, "mgtool: internal error: %s\n", p.c_str());
    return kExitFailed;
  }
  return runAt("", words);
}

int runCommand(const std::string& path, std::span<const std::string> words) {
  const Entry* e = find(path);
  if (!e || !e->make) {
    std::fprintf(stderr, "mgtool: internal error: no command '%s'\n", path.c_str());
    return kExitFailed;
  }
  return runEntry(*e, words);
}

}  // namespace mg::tool
