// SPDX-License-Identifier: MIT
// app/mgtool/cli/registry.h in this process, with commands registered by this file alone (the
// test binary holds none of mgtool's): listings by rank, groups, a command that is also a group,
// hidden commands, delegation, unknown words and a command's exceptions.
#include "app/mgtool/cli/registry.h"

#include <cstdio>
#include <new>

#include <gtest/gtest.h>

namespace mg::tool {
namespace {

// A command that prints its name and the words it was given.
template <int Id>
class Echo final : public Command {
 public:
  Echo() : Command({"[WORDS...]"}, "Echoes.") {}
  int run() override {
    std::string line = name();
    for (const std::string& w : positional()) line += " " + w;
    std::printf("%s\n", line.c_str());
    return Id;
  }
};

class Throws final : public Command {
 public:
  Throws() : Command({""}, "Asks for too much memory.") {}
  int run() override { throw std::bad_alloc(); }
};

// "hand x ..." is run by "grp one".
std::string handOver(std::span<const std::string> words) {
  return !words.empty() && words[0] == "x" ? "grp one" : "";
}

const CommandRegistration kAlpha{"alpha", 20, "the second", make<Echo<0>>};
const CommandRegistration kBeta{"beta", 10, "the first", make<Echo<0>>};
const GroupRegistration kGroup{"grp", 30, "a group", {"THING", "Things", "thing"}};
const CommandRegistration kOne{"grp one", 2, "one thing", make<Echo<0>>};
const CommandRegistration kTwo{"grp two", 1, "another thing", make<Echo<0>>};
const CommandRegistration kBoth{"both", 40, "a command with members", make<Echo<0>>};
const CommandRegistration kInner{"both inner", 1, "its member", make<Echo<0>>};
const CommandRegistration kSecret{"secret", 5, "internal", make<Echo<3>>, nullptr, true};
const CommandRegistration kHand{"hand", 50, "hands over", make<Echo<0>>, handOver};
const CommandRegistration kThrows{"throws", 60, "fails", make<Throws>};

struct Outcome {
  int status = -1;
  std::string out, err;
};

Outcome run(const std::vector<std::string>& words) {
  Outcome r;
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  r.status = runCommandLine(words);
  r.out = testing::internal::GetCapturedStdout();
  r.err = testing::internal::GetCapturedStderr();
  return r;
}

TEST(MgtoolRegistry, ListsByRankWithoutHiddenCommands) {
  const Outcome r = run({"--help"});
  EXPECT_EQ(r.status, kExitOk);
  EXPECT_EQ(r.out,
            "Usage: mgtool COMMAND [arguments] [options]\n"
            "  or:  mgtool --help | --version\n"
            "\n"
            "Commands:\n"
            "  beta       the first\n"
            "  alpha      the second\n"
            "  grp        a group\n"
            "  both       a command with members\n"
            "  hand       hands over\n"
            "  throws     fails\n"
            "\n"
            "Run 'mgtool COMMAND --help' for a command's arguments and options.\n");
  EXPECT_EQ(run({"help"}).out, r.out);
  // Without a command: the same listing, on stderr, as a usage error.
  const Outcome none = run({});
  EXPECT_EQ(none.status, kExitUsage);
  EXPECT_EQ(none.err, r.out);
}

TEST(MgtoolRegistry, RunsTheCommandTheWordsName) {
  Outcome r = run({"alpha", "a", "b"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(r.out, "alpha a b\n");
  r = run({"grp", "two", "w"});
  EXPECT_EQ(r.out, "grp two w\n");
  r = run({"secret"});  // not listed, still run
  EXPECT_EQ(r.status, 3);
  EXPECT_EQ(r.out, "secret\n");
  // A command with members runs a member for its name, itself otherwise.
  EXPECT_EQ(run({"both", "inner", "w"}).out, "both inner w\n");
  EXPECT_EQ(run({"both", "w", "inner"}).out, "both w inner\n");
  // Delegation hands the whole line over.
  EXPECT_EQ(run({"hand", "x", "y"}).out, "grp one x y\n");
  EXPECT_EQ(run({"hand", "y"}).out, "hand y\n");
  EXPECT_EQ(runCommand("grp one", std::vector<std::string>{"z"}), kExitOk);
}

TEST(MgtoolRegistry, AGroupListsItsMembersAndRefusesOtherWords) {
  const Outcome help = run({"grp", "--help"});
  EXPECT_EQ(help.status, kExitOk);
  EXPECT_EQ(help.out,
            "Usage: mgtool grp THING [arguments] [options]\n"
            "\n"
            "Things:\n"
            "  two        another thing\n"
            "  one        one thing\n"
            "\n"
            "Run 'mgtool grp THING --help' for its arguments and options.\n");
  const Outcome none = run({"grp"});
  EXPECT_EQ(none.status, kExitUsage);
  EXPECT_EQ(none.err, help.out);
  const Outcome unknown = run({"grp", "three"});
  EXPECT_EQ(unknown.status, kExitUsage);
  EXPECT_EQ(unknown.err, "mgtool grp: unknown thing 'three'\n\n" + help.out);
  const Outcome top = run({"frobnicate"});
  EXPECT_EQ(top.status, kExitUsage);
  EXPECT_EQ(top.err.rfind("mgtool: unknown command 'frobnicate'\n\nUsage: mgtool COMMAND", 0), 0u)
      << top.err;
}

TEST(MgtoolRegistry, AnExceptionEndsInAMessageAndExitOne) {
  const Outcome r = run({"throws"});
  EXPECT_EQ(r.status, kExitFailed);
  EXPECT_EQ(r.err,
            "mgtool throws: out of memory: the input asks for more memory than is available\n");
}

}  // namespace
}  // namespace mg::tool
