// SPDX-License-Identifier: MIT
// mgtool walk: a random walk through an exported Snap-Together graph, as one BVH.
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "app/mgtool/commands.h"
#include "app/mgtool/json_writer.h"
#include "app/mgtool/motion_output.h"
#include "app/mgtool/tool_args.h"
#include "core/import/import_motion_loader.h"
#include "core/io/snap_import.h"
#include "core/io/subgraph_export.h"
#include "core/synth/clip_sequence.h"

namespace mg::tool {

int runWalk(std::span<const std::string> args) {
  // A minimum-size subgraph (or DMG) export plays through its own walk, with its own options.
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i].rfind("--", 0) == 0) {
      if (args[i].find('=') == std::string::npos && args[i] != "--help") ++i;  // skip its value
      continue;
    }
    const std::filesystem::path dir(args[i]);
    std::error_code ec;
    if (std::filesystem::exists(dir / kSubgraphFileName, ec) &&
        !std::filesystem::exists(dir / "snap_graph.json", ec))
      return runSubgraphWalk(args);
  }
  const CommandSpec spec{
      "walk", "DIR",
      "Reads the graph exported to DIR by 'mgtool snap' (or the editor), prunes it to its largest\n"
      "strongly connected component so the walk never gets stuck, and writes a random walk of\n"
      "--seconds through it to --out as one continuous motion (BVH, or glTF/GLB by --format or\n"
      "the name of --out): clips are played back to back under a\n"
      "running root transform, so every cut continues where the last clip ended. The same seed\n"
      "gives the same file. Fails, saying so, when the graph has no cycle. Prints JSON: frames,\n"
      "seconds, cuts, hubs and clips of the pruned graph, and the hubs pruned away. A folder\n"
      "exported by 'mgtool subgraph' or 'mgtool dmg' is played as 'mgtool subgraph walk' does.",
      {{"seconds", "S", "length of the walk in seconds (default 10)"},
       {"seed", "K", "random seed (default 1)"},
       {"start-hub", "H", "hub of the export to start at (default: the first hub kept)"},
       {"out", "FILE", "motion file to write (required)"},
       kMotionFormatOption},
      1, 1};
  const std::optional<ParsedArgs> parsed = parseArgs(spec, args);
  if (!parsed) return kExitUsage;
  if (parsed->help) return printHelp(spec), kExitOk;
  const auto seconds = numberOption(*parsed, "walk", "seconds", 10, 1e-3, 1e6);
  const auto seed = numberOption(*parsed, "walk", "seed", 1, 0, 9007199254740992.0);
  const auto startHub = numberOption(*parsed, "walk", "start-hub", -1, -1, 1e9);
  if (!seconds || !seed || !startHub) return kExitUsage;
  if (!parsed->has("out") || parsed->options.at("out").empty()) {
    std::fprintf(stderr, "mgtool walk: give --out FILE, the BVH to write\n");
    return kExitUsage;
  }
  const std::optional<MotionFormat> format = motionOutputFormat(*parsed, "walk", parsed->options.at("out"));
  if (!format) return kExitUsage;
  Result<SnapGraphFile> file = readSnapGraph(parsed->positional[0], importMotionLoader());
  if (!file) {
    std::fprintf(stderr, "mgtool walk: %s\n", file.error().message.c_str());
    return kExitFailed;
  }
  Result<PlayableSnapGraph> playable = playableSnapGraph(*file);
  if (!playable) {
    std::fprintf(stderr, "mgtool walk: %s: %s\n", parsed->positional[0].c_str(), playable.error().message.c_str());
    return kExitFailed;
  }
  int start = 0;
  if (*startHub >= 0) {
    start = -1;
    for (size_t h = 0; h < playable->fileHubOfHub.size(); ++h)
      if (playable->fileHubOfHub[h] == static_cast<int>(*startHub)) start = static_cast<int>(h);
    if (start < 0) {
      std::fprintf(stderr, "mgtool walk: hub %d is not in the largest strongly connected component\n",
                   static_cast<int>(*startHub));
      return kExitFailed;
    }
  }
  const long long frames = std::max<long long>(1, std::llround(*seconds * file->fps));
  RandomWalkStream stream(playable->graph, playable->motions, start, static_cast<std::uint64_t>(*seed));
  const std::string& out = parsed->options.at("out");
  const Result<StreamedBvh> written = writeMotionStream(stream, frames, out, *format, "snap walk");
  if (!written) {
    std::fprintf(stderr, "mgtool walk: %s\n", written.error().message.c_str());
    return kExitFailed;
  }
  if (written->streamEnded) {
    // Cannot happen on a strongly connected graph; kept so a broken invariant is not silent.
    std::fprintf(stderr, "mgtool walk: the walk stopped after %lld frames\n", written->frames);
    return kExitFailed;
  }
  JsonWriter json;
  json.beginObject();
  json.key("frames"), json.value(static_cast<std::int64_t>(frames));
  json.key("fps"), json.value(file->fps);
  json.key("seconds"), json.value(static_cast<double>(frames) / file->fps);
  json.key("seed"), json.value(static_cast<std::int64_t>(*seed));
  // Edges taken include the one queued after the playing one.
  const int started = static_cast<int>(stream.edgesTaken().size()) - (stream.player().queuedEdges() - 1);
  json.key("cuts"), json.value(started - 1);
  json.key("hubs"), json.value(static_cast<int>(playable->graph.hubs.size()));
  json.key("clips"), json.value(static_cast<int>(playable->graph.edges.size()));
  json.key("pruned_hubs"), json.value(static_cast<int>(file->graph.hubs.size() - playable->graph.hubs.size()));
  json.key("out"), json.value(out);
  json.endObject();
  std::fputs(json.text().c_str(), stdout);
  std::fputs("\n", stdout);
  return kExitOk;
}

}  // namespace mg::tool
