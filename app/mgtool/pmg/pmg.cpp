// SPDX-License-Identifier: MIT
// mgtool pmg build | walk | goto: build a parametric motion graph from a spec, and walk one from
// its file.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>

#include "app/mgtool/cli/common_options.h"
#include "app/mgtool/cli/glitch_option.h"
#include "app/mgtool/cli/json_writer.h"
#include "app/mgtool/cli/registry.h"
#include "core/import/import_motion_loader.h"
#include "core/io/pmg_json.h"
#include "core/io/pmg_spec.h"
#include "core/io/pmg_text.h"
#include "core/param/graph_player.h"
#include "core/util/stopwatch.h"

namespace mg::tool {
namespace {

const GroupRegistration kGroup{"pmg",
                               70,
                               "parametric motion graphs: build from a spec, walk, go to a point",
                               {"SUBCOMMAND", "Subcommands", "subcommand"}};

std::string directoryOf(const std::string& path) {
  const std::filesystem::path p(path);
  return p.has_parent_path() ? p.parent_path().string() : ".";
}

constexpr char kBuildDescription[] =
    "Builds a parametric motion graph from a JSON spec (format mg-pmg-spec, see\n"
    "core/io/PMG_FORMAT.md): loads the example motions (paths relative to the spec), builds\n"
    "the nodes, samples and classifies every edge, and writes the graph as PMG text (and JSON\n"
    "with --json). Prints one JSON line per edge. Examples and step cycles that hold a capture\n"
    "glitch (mgtool info lists them) are left out, one note each, unless --keep-glitches.";

class PmgBuild final : public Command {
 public:
  PmgBuild() : Command({"SPEC", 1, 1}, kBuildDescription) {}

 private:
  int run() override {
    const std::string& specPath = positional()[0];
    Result<PmgSpec> pmgSpec = readPmgSpec(specPath);
    if (!pmgSpec) return fail(pmgSpec.error().message);
    auto onEdge = [](const ParametricGraph& g, int index, double seconds) {
      const GraphEdge& e = g.edges[index];
      JsonWriter json;
      json.beginObject();
      json.key("edge"), json.value(e.edge.sourceNode + " -> " + e.edge.targetNode);
      json.key("n_s"), json.value(e.settings.sampling.sourceSamples);
      json.key("n_t"), json.value(e.settings.sampling.targetSamples);
      json.key("t_good"), json.value(e.edge.thresholds.tGood);
      json.key("t_bad"), json.value(e.edge.thresholds.tBad);
      json.key("good"), json.value(e.edge.goodPairs);
      json.key("neutral"), json.value(e.edge.neutralPairs);
      json.key("bad"), json.value(e.edge.badPairs);
      json.key("shrunk_boxes"), json.value(e.edge.shrunkBoxes);
      json.key("empty_boxes"), json.value(e.edge.emptyBoxes);
      json.key("exists"), json.value(e.edge.exists);
      if (!e.edge.exists) json.key("why"), json.value(e.edge.why);
      json.key("seconds"), json.value(seconds);
      json.endObject();
      std::printf("%s\n", json.line().c_str());  // one line per edge
      std::fflush(stdout);
    };
    // An absolute base: example paths are then absolute until written relative to the output
    // file, wherever that is (a relative SPEC once wrote paths relative to the working directory).
    std::error_code ec;
    const std::filesystem::path base = std::filesystem::absolute(directoryOf(specPath), ec);
    const Stopwatch clock;
    SpecBuildOptions options;
    options.keepGlitches = m_glitches.keep();
    options.onEdge = onEdge;
    options.onNote = [this](const std::string& line) { note(line); };
    Result<ParametricGraph> graph =
        buildGraphFromSpec(*pmgSpec, ec ? directoryOf(specPath) : base.lexically_normal().string(),
                           importMotionLoader(m_units.apply({})), options);
    if (!graph) return fail(graph.error().message);
    graph->buildSeconds = clock.seconds();  // the nodes (their capture read) and the edges
    const std::string& out = *m_out;
    if (Status s = writePmgText(*graph, out); !s) return fail(s.error().message);
    if (m_json.given()) {
      if (Status s = writePmgJson(*graph, *m_json); !s) return fail(s.error().message);
    }
    std::fprintf(stderr, "mgtool pmg build: wrote %s (%d nodes, %zu edges, %ju bytes)\n",
                 out.c_str(), graph->nodeCount(), graph->edges.size(),
                 static_cast<std::uintmax_t>(std::filesystem::file_size(out)));
    return kExitOk;
  }

  Value<std::string> m_out = outOption(*this, "FILE", "graph file to write");
  Value<std::string> m_json = text("json", "FILE", "also write the graph as JSON");
  UnitsOption m_units{*this,
                      "length unit of the capture files the spec names: cm, m, mm or in "
                      "(default: guessed from each skeleton's height)"};
  GlitchOption m_glitches{*this};
};

// A stream that adds up the time spent inside another stream's next(): the synthesis alone,
// without the BVH formatting it is written with.
class TimedStream final : public PoseStream {
 public:
  explicit TimedStream(PoseStream& inner) : m_inner(inner) {}
  std::shared_ptr<const Skeleton> skeleton() const override { return m_inner.skeleton(); }
  double fps() const override { return m_inner.fps(); }
  bool next(Pose& out) override {
    const Stopwatch clock;
    const bool more = m_inner.next(out);
    m_seconds += clock.seconds();
    return more;
  }
  int framesPlayed() const override { return m_inner.framesPlayed(); }
  const std::vector<StreamTransition>& transitions() const override {
    return m_inner.transitions();
  }
  double seconds() const { return m_seconds; }

 private:
  PoseStream& m_inner;
  double m_seconds = 0;
};

// Walk and goto: read the graph, play from --node, write --out, print a summary. Without a
// `goal` the walk is random for `seconds`; with one it is steered there and ends on arrival
// within `radius` metres (or after `seconds`, a failure).
int playGraph(const Command& command, const std::string& file, const Value<std::string>& node,
              const MotionOutputOptions& output, std::optional<Eigen::Vector2d> goal,
              double seconds, std::uint64_t seed, double radius) {
  const std::optional<MotionFormat> format = output.resolve();
  if (!format) return kExitUsage;
  Result<ParametricGraph> graph = readPmgText(file, importMotionLoader(output.units.apply({})));
  if (!graph) return command.fail(graph.error().message);
  auto shared = std::make_shared<const ParametricGraph>(std::move(graph.value()));
  const int start = node.given() ? shared->findNode(*node) : 0;
  if (start < 0) return command.usageError("no node named '" + *node + "'");
  PlayerSettings settings;
  settings.seed = seed;
  settings.arrivalRadius = radius;
  Result<GraphPlayer> player = GraphPlayer::create(shared, start, std::nullopt, settings);
  if (!player) {
    return command.fail(player.error().message);
  }
  if (goal) player->setTarget(goal->x(), goal->y());
  const double fps = player->fps();
  const long long maxFrames = std::max<long long>(1, std::llround(seconds * fps));
  double closest = 1e300;
  long long arrivalFrame = -1;
  TimedStream timed(*player);
  const std::string& out = *output.out;
  const Result<StreamedBvh> walk = writeMotionStream(
      timed, maxFrames, out, *format, command.name(),
      output.bvhLike(*shared->nodes[start]->space().examples.front().segment.motion),
      [&](long long frame, const Pose& pose) {
        if (!goal) return true;
        const double d =
            std::hypot(pose.rootPosition.x() - goal->x(), pose.rootPosition.z() - goal->y());
        closest = std::min(closest, d);
        if (d > radius) return true;
        arrivalFrame = frame;
        return false;
      });
  const double synthSeconds = timed.seconds();
  if (!walk) return command.fail(walk.error().message);
  JsonWriter json;
  json.beginObject();
  json.key("frames"), json.value(static_cast<std::int64_t>(walk->frames));
  json.key("seconds"), json.value(static_cast<double>(walk->frames) / fps);
  json.key("transitions"), json.value(static_cast<int>(player->transitions().size()));
  json.key("synthesis_frames_per_second"),
      json.value(static_cast<double>(walk->frames) / std::max(1e-9, synthSeconds));
  if (goal) {
    json.key("arrived"), json.value(arrivalFrame >= 0);
    json.key("arrival_distance"), json.value(closest);
    json.key("arrival_time"),
        arrivalFrame >= 0 ? json.value(static_cast<double>(arrivalFrame) / fps) : json.null();
  }
  json.key("out"), json.value(out);
  json.endObject();
  return printJson(json, goal && arrivalFrame < 0 ? kExitFailed : kExitOk);
}

constexpr char kWalkDescription[] =
    "Synthesises a random walk from a PMG text file (its example motions are read from the paths\n"
    "it names, relative to the file) and writes it as BVH (or glTF/GLB by --format or the\n"
    "name of --out). Deterministic for a seed.";

class PmgWalk final : public Command {
 public:
  PmgWalk() : Command({"FILE", 1, 1}, kWalkDescription) {}

 private:
  int run() override {
    return playGraph(*this, positional()[0], m_node, m_output, std::nullopt, *m_seconds, *m_seed,
                     0.5);
  }

  Value<double> m_seconds =
      number<double>("seconds", "S", "length of the walk (default 30)", 30, 0.1, 1e6);
  Value<std::uint64_t> m_seed = seedOption(*this);
  Value<std::string> m_node = text("node", "NAME", "start node (default: the first)");
  MotionOutputOptions m_output{*this};
};

constexpr char kGotoDescription[] =
    "Walks from the origin to the floor point (X, Z) in metres by greedy target-directed control\n"
    "and writes the walk as BVH (or glTF/GLB by --format or the name of --out); prints\n"
    "whether and when it arrived and how close it came.";

class PmgGoto final : public Command {
 public:
  PmgGoto() : Command({"FILE X Z", 3, 3}, kGotoDescription) {}

 private:
  int run() override {
    char* end = nullptr;
    const double x = std::strtod(positional()[1].c_str(), &end);
    const bool xOk = *end == 0 && std::isfinite(x);
    const double z = std::strtod(positional()[2].c_str(), &end);
    if (!xOk || *end != 0 || !std::isfinite(z)) {
      return usageError("X and Z must be numbers (metres)");
    }
    return playGraph(*this, positional()[0], m_node, m_output, Eigen::Vector2d(x, z), *m_seconds,
                     *m_seed, *m_radius);
  }

  Value<double> m_seconds =
      number<double>("max-seconds", "S", "give up after S seconds (default 60)", 60, 0.1, 1e6);
  Value<double> m_radius =
      number<double>("radius", "M", "arrival radius in metres (default 0.5)", 0.5, 1e-3, 1e3);
  Value<std::uint64_t> m_seed = seedOption(*this);
  Value<std::string> m_node = text("node", "NAME", "start node (default: the first)");
  MotionOutputOptions m_output{*this};
};

const CommandRegistration kBuild{
    "pmg build", 10, "build a parametric motion graph from a JSON spec and write it as PMG text",
    make<PmgBuild>};
const CommandRegistration kWalk{
    "pmg walk", 20, "write a random walk through a parametric motion graph", make<PmgWalk>};
const CommandRegistration kGoto{"pmg goto", 30, "walk to a floor point by target-directed control",
                                make<PmgGoto>};

}  // namespace
}  // namespace mg::tool
