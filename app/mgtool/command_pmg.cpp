// SPDX-License-Identifier: MIT
// mgtool pmg: build a parametric motion graph from a spec, and walk one from its file.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>

#include "app/mgtool/commands.h"
#include "app/mgtool/json_writer.h"
#include "app/mgtool/motion_output.h"
#include "app/mgtool/tool_args.h"
#include "core/import/bvh_writer.h"
#include "core/import/import_motion_loader.h"
#include "core/param/graph_player.h"
#include "core/io/pmg_json.h"
#include "core/io/pmg_spec.h"
#include "core/io/pmg_text.h"
#include "core/util/stopwatch.h"

namespace mg::tool {
namespace {

std::string directoryOf(const std::string& path) {
  const std::filesystem::path p(path);
  return p.has_parent_path() ? p.parent_path().string() : ".";
}

int runPmgBuild(std::span<const std::string> args) {
  const CommandSpec spec{
      "pmg build", "SPEC",
      "Builds a parametric motion graph from a JSON spec (format mg-pmg-spec, see\n"
      "core/io/PMG_FORMAT.md): loads the example motions (paths relative to the spec), builds\n"
      "the nodes, samples and classifies every edge, and writes the graph as PMG text (and JSON\n"
      "with --json). Prints one JSON line per edge.",
      {{"out", "FILE", "the graph file to write (required)"},
       {"json", "FILE", "also write the graph as JSON"}},
      1, 1};
  const std::optional<ParsedArgs> parsed = parseArgs(spec, args);
  if (!parsed) return kExitUsage;
  if (parsed->help) return printHelp(spec), kExitOk;
  if (!parsed->has("out")) {
    std::fprintf(stderr, "mgtool pmg build: --out FILE is required\n");
    return kExitUsage;
  }
  const std::string& specPath = parsed->positional[0];
  Result<PmgSpec> pmgSpec = readPmgSpec(specPath);
  if (!pmgSpec) {
    std::fprintf(stderr, "mgtool pmg build: %s\n", pmgSpec.error().message.c_str());
    return kExitFailed;
  }
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
  // An absolute base: example paths are then absolute until written relative to the output file,
  // wherever that is (a relative SPEC once wrote paths relative to the working directory).
  std::error_code ec;
  const std::filesystem::path base = std::filesystem::absolute(directoryOf(specPath), ec);
  const Stopwatch clock;
  Result<ParametricGraph> graph =
      buildGraphFromSpec(*pmgSpec, ec ? directoryOf(specPath) : base.lexically_normal().string(), importMotionLoader(), onEdge);
  if (!graph) {
    std::fprintf(stderr, "mgtool pmg build: %s\n", graph.error().message.c_str());
    return kExitFailed;
  }
  graph->buildSeconds = clock.seconds();  // the nodes (their capture read) and the edges
  const std::string out = parsed->options.at("out");
  if (Status s = writePmgText(*graph, out); !s) {
    std::fprintf(stderr, "mgtool pmg build: %s\n", s.error().message.c_str());
    return kExitFailed;
  }
  if (parsed->has("json")) {
    if (Status s = writePmgJson(*graph, parsed->options.at("json")); !s) {
      std::fprintf(stderr, "mgtool pmg build: %s\n", s.error().message.c_str());
      return kExitFailed;
    }
  }
  std::fprintf(stderr, "mgtool pmg build: wrote %s (%d nodes, %zu edges, %ju bytes)\n", out.c_str(),
               graph->nodeCount(), graph->edges.size(), static_cast<std::uintmax_t>(std::filesystem::file_size(out)));
  return kExitOk;
}

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
  const std::vector<StreamTransition>& transitions() const override { return m_inner.transitions(); }
  double seconds() const { return m_seconds; }

 private:
  PoseStream& m_inner;
  double m_seconds = 0;
};

// Shared by walk and goto: read the graph, play, write the BVH, print a summary.
int playGraph(const std::string& command, const ParsedArgs& parsed, const std::string& file,
              std::optional<Eigen::Vector2d> goal, double seconds, std::uint64_t seed, double radius) {
  const std::optional<MotionFormat> format = motionOutputFormat(parsed, command, parsed.options.at("out"));
  if (!format) return kExitUsage;
  Result<ParametricGraph> graph = readPmgText(file, importMotionLoader());
  if (!graph) {
    std::fprintf(stderr, "mgtool %s: %s\n", command.c_str(), graph.error().message.c_str());
    return kExitFailed;
  }
  auto shared = std::make_shared<const ParametricGraph>(std::move(graph.value()));
  int start = 0;
  if (parsed.has("node")) start = shared->findNode(parsed.options.at("node"));
  if (start < 0) {
    std::fprintf(stderr, "mgtool %s: no node named '%s'\n", command.c_str(), parsed.options.at("node").c_str());
    return kExitUsage;
  }
  PlayerSettings settings;
  settings.seed = seed;
  settings.arrivalRadius = radius;
  Result<GraphPlayer> player = GraphPlayer::create(shared, start, std::nullopt, settings);
  if (!player) {
    std::fprintf(stderr, "mgtool %s: %s\n", command.c_str(), player.error().message.c_str());
    return kExitFailed;
  }
  if (goal) player->setTarget(goal->x(), goal->y());
  const double fps = player->fps();
  const long long maxFrames = std::max<long long>(1, std::llround(seconds * fps));
  double closest = 1e300;
  long long arrivalFrame = -1;
  TimedStream timed(*player);
  const std::string out = parsed.options.at("out");
  const Result<StreamedBvh> walk =
      writeMotionStream(timed, maxFrames, out, *format, command, [&](long long frame, const Pose& pose) {
        if (!goal) return true;
        const double d = std::hypot(pose.rootPosition.x() - goal->x(), pose.rootPosition.z() - goal->y());
        closest = std::min(closest, d);
        if (d > radius) return true;
        arrivalFrame = frame;
        return false;
      });
  const double synthSeconds = timed.seconds();
  if (!walk) {
    std::fprintf(stderr, "mgtool %s: %s\n", command.c_str(), walk.error().message.c_str());
    return kExitFailed;
  }
  JsonWriter json;
  json.beginObject();
  json.key("frames"), json.value(static_cast<std::int64_t>(walk->frames));
  json.key("seconds"), json.value(static_cast<double>(walk->frames) / fps);
  json.key("transitions"), json.value(static_cast<int>(player->transitions().size()));
  json.key("synthesis_frames_per_second"), json.value(static_cast<double>(walk->frames) / std::max(1e-9, synthSeconds));
  if (goal) {
    json.key("arrived"), json.value(arrivalFrame >= 0);
    json.key("arrival_distance"), json.value(closest);
    json.key("arrival_time"), arrivalFrame >= 0 ? json.value(static_cast<double>(arrivalFrame) / fps) : json.null();
  }
  json.key("out"), json.value(out);
  json.endObject();
  std::printf("%s\n", json.text().c_str());
  return goal && arrivalFrame < 0 ? kExitFailed : kExitOk;
}

int runPmgWalk(std::span<const std::string> args) {
  const CommandSpec spec{
      "pmg walk", "FILE",
      "Synthesises a random walk from a PMG text file (its example motions are read from the paths\n"
      "it names, relative to the file) and writes it as BVH (or glTF/GLB by --format or the\n"
      "name of --out). Deterministic for a seed.",
      {{"seconds", "S", "length of the walk (default 30)"},
       {"seed", "K", "random seed (default 1)"},
       {"node", "NAME", "start node (default: the first)"},
       {"out", "FILE", "motion file to write (required)"},
       kMotionFormatOption},
      1, 1};
  const std::optional<ParsedArgs> parsed = parseArgs(spec, args);
  if (!parsed) return kExitUsage;
  if (parsed->help) return printHelp(spec), kExitOk;
  const auto seconds = numberOption(*parsed, "pmg walk", "seconds", 30, 0.1, 1e6);
  const auto seed = numberOption(*parsed, "pmg walk", "seed", 1, 0, 9e15);
  if (!seconds || !seed) return kExitUsage;
  if (!parsed->has("out")) return std::fprintf(stderr, "mgtool pmg walk: --out FILE is required\n"), kExitUsage;
  return playGraph("pmg walk", *parsed, parsed->positional[0], std::nullopt, *seconds,
                   static_cast<std::uint64_t>(*seed), 0.5);
}

int runPmgGoto(std::span<const std::string> args) {
  const CommandSpec spec{
      "pmg goto", "FILE X Z",
      "Walks from the origin to the floor point (X, Z) in metres by greedy target-directed control\n"
      "and writes the walk as BVH (or glTF/GLB by --format or the name of --out); prints\n"
      "whether and when it arrived and how close it came.",
      {{"max-seconds", "S", "give up after S seconds (default 60)"},
       {"radius", "M", "arrival radius in metres (default 0.5)"},
       {"seed", "K", "random seed (default 1)"},
       {"node", "NAME", "start node (default: the first)"},
       {"out", "FILE", "motion file to write (required)"},
       kMotionFormatOption},
      3, 3};
  const std::optional<ParsedArgs> parsed = parseArgs(spec, args);
  if (!parsed) return kExitUsage;
  if (parsed->help) return printHelp(spec), kExitOk;
  const auto seconds = numberOption(*parsed, "pmg goto", "max-seconds", 60, 0.1, 1e6);
  const auto radius = numberOption(*parsed, "pmg goto", "radius", 0.5, 1e-3, 1e3);
  const auto seed = numberOption(*parsed, "pmg goto", "seed", 1, 0, 9e15);
  if (!seconds || !radius || !seed) return kExitUsage;
  if (!parsed->has("out")) return std::fprintf(stderr, "mgtool pmg goto: --out FILE is required\n"), kExitUsage;
  char* end = nullptr;
  const double x = std::strtod(parsed->positional[1].c_str(), &end);
  const bool xOk = *end == 0 && std::isfinite(x);
  const double z = std::strtod(parsed->positional[2].c_str(), &end);
  if (!xOk || *end != 0 || !std::isfinite(z)) {
    std::fprintf(stderr, "mgtool pmg goto: X and Z must be numbers (metres)\n");
    return kExitUsage;
  }
  return playGraph("pmg goto", *parsed, parsed->positional[0], Eigen::Vector2d(x, z), *seconds,
                   static_cast<std::uint64_t>(*seed), *radius);
}

}  // namespace

int runPmg(std::span<const std::string> args) {
  const char* usage =
      "Usage: mgtool pmg build SPEC --out FILE [--json FILE]\n"
      "       mgtool pmg walk FILE --out walk.bvh [--seconds S] [--seed K]\n"
      "       mgtool pmg goto FILE X Z --out walk.bvh [--max-seconds S] [--radius M]\n";
  if (args.empty()) return std::fputs(usage, stderr), kExitUsage;
  if (args[0] == "--help" || args[0] == "-h") return std::fputs(usage, stdout), kExitOk;
  if (args[0] == "build") return runPmgBuild(args.subspan(1));
  if (args[0] == "walk") return runPmgWalk(args.subspan(1));
  if (args[0] == "goto") return runPmgGoto(args.subspan(1));
  std::fprintf(stderr, "mgtool pmg: unknown subcommand '%s'\n%s", args[0].c_str(), usage);
  return kExitUsage;
}

}  // namespace mg::tool
