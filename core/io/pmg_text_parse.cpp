// SPDX-License-Identifier: MIT
// parsePmgText: the reader of the plain-text graph file (see pmg_text.h and PMG_FORMAT.md).
#include <charconv>
#include <cmath>
#include <cstdint>
#include <map>

#include "core/io/pmg_names.h"
#include "core/io/pmg_text.h"

namespace mg {
namespace {

struct Line {
  int number = 0;
  std::vector<std::string> tokens;
};

Result<std::vector<Line>> tokenize(std::string_view text) {
  std::vector<Line> lines;
  int number = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view raw = text.substr(pos, end - pos);
    pos = end + 1;
    ++number;
    Line line{number, {}};
    size_t i = 0;
    while (i < raw.size()) {
      const char c = raw[i];
      if (c == ' ' || c == '\t' || c == '\r') {
        ++i;
        continue;
      }
      if (c == '#' && line.tokens.empty()) break;
      std::string token;
      if (c == '"') {
        ++i;
        bool closed = false;
        while (i < raw.size()) {
          if (raw[i] == '\\' && i + 1 < raw.size()) {
            token += raw[i + 1], i += 2;
          } else if (raw[i] == '"') {
            closed = true, ++i;
            break;
          } else {
            token += raw[i++];
          }
        }
        if (!closed)
          return Error{"line " + std::to_string(number) + ": unterminated quoted string"};
      } else {
        while (i < raw.size() && raw[i] != ' ' && raw[i] != '\t' && raw[i] != '\r')
          token += raw[i++];
      }
      line.tokens.push_back(std::move(token));
    }
    if (!line.tokens.empty()) lines.push_back(std::move(line));
  }
  return lines;
}

class Reader {
 public:
  explicit Reader(std::vector<Line> lines) : m_lines(std::move(lines)) {}

  Error error(const std::string& what) const {
    const int n = m_pos < m_lines.size() ? m_lines[m_pos].number
                                         : (m_lines.empty() ? 0 : m_lines.back().number);
    return Error{"line " + std::to_string(n) + ": " + what};
  }
  // The next line, which must start with `keyword`.
  Result<Line> take(const std::string& keyword) {
    if (m_pos >= m_lines.size()) return Error{"unexpected end of file; expected '" + keyword + "'"};
    const Line& l = m_lines[m_pos];
    if (l.tokens[0] != keyword) {
      return error("expected '" + keyword + "', found '" + l.tokens[0] + "'");
    }
    ++m_pos;
    return l;
  }
  bool atEnd() const { return m_pos >= m_lines.size(); }
  // Whether the next line starts with `keyword`.
  bool next(const std::string& keyword) const {
    return !atEnd() && m_lines[m_pos].tokens[0] == keyword;
  }

 private:
  std::vector<Line> m_lines;
  size_t m_pos = 0;
};

Error lineError(const Line& l, const std::string& what) {
  return Error{"line " + std::to_string(l.number) + ": " + what};
}

Result<double> number(const Line& l, const std::string& s) {
  double v = 0;
  auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc() || r.ptr != s.data() + s.size() || !std::isfinite(v)) {
    return lineError(l, "'" + s + "' is not a finite number");
  }
  return v;
}

Result<int> integer(const Line& l, const std::string& s) {
  Result<double> v = number(l, s);
  if (!v) return v.error();
  if (*v != std::floor(*v) || std::abs(*v) > 2e9)
    return lineError(l, "'" + s + "' is not an integer");
  return static_cast<int>(*v);
}

// A random seed: the whole unsigned 64-bit range, as the writer prints it (read as a double it
// rounded, and 18446744073709551615 became 2^64, which no uint64 holds).
Result<std::uint64_t> seedValue(const Line& l, const std::string& s) {
  std::uint64_t v = 0;
  auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc() || r.ptr != s.data() + s.size()) {
    return lineError(l,
                     "'" + s + "' is not a seed (a whole number from 0 to 18446744073709551615)");
  }
  return v;
}

// "keyword key v.. key v.." with every key of `arity` present once, in any order.
Result<std::map<std::string, std::vector<std::string>>> keyed(
    const Line& l, const std::map<std::string, int>& arity) {
  std::map<std::string, std::vector<std::string>> out;
  size_t i = 1;
  while (i < l.tokens.size()) {
    auto it = arity.find(l.tokens[i]);
    if (it == arity.end())
      return lineError(l, "unknown field '" + l.tokens[i] + "' in '" + l.tokens[0] + "'");
    if (i + it->second >= l.tokens.size()) {
      return lineError(l,
                       "field '" + it->first + "' needs " + std::to_string(it->second) + " values");
    }
    out[it->first] =
        std::vector<std::string>(l.tokens.begin() + i + 1, l.tokens.begin() + i + 1 + it->second);
    i += 1 + it->second;
  }
  for (const auto& [key, n] : arity) {
    if (!out.count(key)) return lineError(l, "'" + l.tokens[0] + "' lacks field '" + key + "'");
  }
  return out;
}

#define MG_TRY(var, expr) \
  auto var = (expr);      \
  if (!var) return var.error();

Result<MetricSettings> metricLine(Reader& r) {
  MG_TRY(line, r.take("metric"));
  MG_TRY(f,
         keyed(*line, {{"window", 1}, {"weighting", 1}, {"joints", 1}, {"custom", 1}, {"fps", 1}}));
  MetricSettings m;
  MG_TRY(window, integer(*line, (*f)["window"][0]));
  MG_TRY(weighting, weightingByName((*f)["weighting"][0]));
  MG_TRY(joints, jointSelectionByName((*f)["joints"][0]));
  MG_TRY(fps, number(*line, (*f)["fps"][0]));
  m.windowFrames = *window, m.weighting = *weighting, m.joints = *joints, m.workingFps = *fps;
  const std::string custom = (*f)["custom"][0];
  for (size_t a = 0; a < custom.size();) {
    const size_t b = std::min(custom.find(',', a), custom.size());
    m.customJoints.push_back(custom.substr(a, b - a));
    a = b + 1;
  }
  if (Status s = m.validate(); !s) return lineError(*line, s.error().message);
  return m;
}

Result<NodeSource> nodeBlock(Reader& r) {
  MG_TRY(head, r.take("node"));
  if (head->tokens.size() != 2) return lineError(*head, "'node' takes one name");
  NodeSource s;
  s.name = head->tokens[1];
  MG_TRY(reg, r.take("registration"));
  MG_TRY(rf, keyed(*reg, {{"reference", 1}, {"smoothing", 1}, {"contacts", 1}, {"shift", 1}}));
  MG_TRY(reference, integer(*reg, (*rf)["reference"][0]));
  MG_TRY(smoothing, integer(*reg, (*rf)["smoothing"][0]));
  MG_TRY(contacts, integer(*reg, (*rf)["contacts"][0]));
  MG_TRY(shift, number(*reg, (*rf)["shift"][0]));
  s.registration.referenceExample = *reference, s.registration.smoothingFrames = *smoothing;
  s.registration.matchFootContacts = *contacts != 0, s.registration.maxContactShift = *shift;
  MG_TRY(metric, metricLine(r));
  s.registration.metric = *metric;
  MG_TRY(inv, r.take("inversion"));
  MG_TRY(inf, keyed(*inv, {{"samples", 1}, {"mix", 1}, {"neighbours", 1}, {"seed", 1}}));
  MG_TRY(samples, integer(*inv, (*inf)["samples"][0]));
  MG_TRY(mix, integer(*inv, (*inf)["mix"][0]));
  MG_TRY(neighbours, integer(*inv, (*inf)["neighbours"][0]));
  MG_TRY(seed, seedValue(*inv, (*inf)["seed"][0]));
  s.inversion.samples = *samples, s.inversion.examplesPerSample = *mix,
  s.inversion.neighbours = *neighbours;
  s.inversion.seed = *seed;
  MG_TRY(params, r.take("parameters"));
  if (params->tokens.size() != 2) return lineError(*params, "'parameters' takes a count");
  MG_TRY(count, integer(*params, params->tokens[1]));
  for (int i = 0; i < *count; ++i) {
    MG_TRY(p, r.take("parameter"));
    if (p->tokens.size() < 2) return lineError(*p, "'parameter' needs a metric name");
    Line rest = *p;
    rest.tokens.erase(rest.tokens.begin() + 1);
    MG_TRY(pf, keyed(rest,
                     {{"joint", 1}, {"end_site", 1}, {"key_time", 1}, {"axes", 1}, {"window", 1}}));
    ParameterMetric m;
    MG_TRY(kind, parameterKindByName(p->tokens[1]));
    MG_TRY(endSite, integer(*p, (*pf)["end_site"][0]));
    MG_TRY(key, number(*p, (*pf)["key_time"][0]));
    MG_TRY(window, number(*p, (*pf)["window"][0]));
    m.kind = *kind, m.joint = (*pf)["joint"][0], m.endSite = *endSite != 0, m.keyTime = *key;
    m.axes = (*pf)["axes"][0], m.windowFraction = *window;
    s.metrics.push_back(m);
  }
  MG_TRY(range, r.take("range"));  // informative: the rebuilt node measures its own range
  MG_TRY(examples, r.take("examples"));
  if (examples->tokens.size() != 2) return lineError(*examples, "'examples' takes a count");
  MG_TRY(exampleCount, integer(*examples, examples->tokens[1]));
  for (int i = 0; i < *exampleCount; ++i) {
    MG_TRY(e, r.take("example"));
    if (e->tokens.size() != 4) return lineError(*e, "'example' takes a path and two frames");
    MG_TRY(begin, integer(*e, e->tokens[2]));
    MG_TRY(end, integer(*e, e->tokens[3]));
    s.examples.push_back({e->tokens[1], *begin, *end});
  }
  MG_TRY(end, r.take("end_node"));
  return s;
}

Result<GraphEdge> edgeBlock(Reader& r, const std::vector<NodeSource>& nodes) {
  MG_TRY(head, r.take("edge"));
  if (head->tokens.size() != 5)
    return lineError(*head, "'edge' takes source, target and their dimensions");
  GraphEdge g;
  ParametricEdge& e = g.edge;
  e.sourceNode = head->tokens[1], e.targetNode = head->tokens[2];
  for (const std::string& name : {e.sourceNode, e.targetNode}) {
    bool known = false;
    for (const NodeSource& n : nodes) known = known || n.name == name;
    if (!known) return lineError(*head, "edge names unknown node '" + name + "'");
  }
  MG_TRY(sd, integer(*head, head->tokens[3]));
  MG_TRY(td, integer(*head, head->tokens[4]));
  if (*sd < 1 || *sd > kMaxParameterDims || *td < 1 || *td > kMaxParameterDims) {
    return lineError(*head, "parameter dimensions must be 1 to 3");
  }
  e.sourceDims = *sd, e.targetDims = *td;
  MG_TRY(sl, r.take("sampling"));
  MG_TRY(sf,
         keyed(*sl,
               {{"n_s", 1}, {"n_t", 1}, {"source_region", 2}, {"target_region", 2}, {"seed", 1}}));
  EdgeSamplingSettings& st = g.settings.sampling;
  MG_TRY(ns, integer(*sl, (*sf)["n_s"][0]));
  MG_TRY(nt, integer(*sl, (*sf)["n_t"][0]));
  MG_TRY(sr0, number(*sl, (*sf)["source_region"][0]));
  MG_TRY(sr1, number(*sl, (*sf)["source_region"][1]));
  MG_TRY(tr0, number(*sl, (*sf)["target_region"][0]));
  MG_TRY(tr1, number(*sl, (*sf)["target_region"][1]));
  MG_TRY(seed, seedValue(*sl, (*sf)["seed"][0]));
  st.sourceSamples = *ns, st.targetSamples = *nt, st.sourceRegionBegin = *sr0,
  st.sourceRegionEnd = *sr1;
  st.targetRegionBegin = *tr0, st.targetRegionEnd = *tr1, st.seed = *seed;
  MG_TRY(metric, metricLine(r));
  st.metric = *metric;
  MG_TRY(tl, r.take("thresholds"));
  MG_TRY(tf, keyed(*tl, {{"t_good", 1}, {"t_bad", 1}, {"epsilon", 1}}));
  MG_TRY(tGood, number(*tl, (*tf)["t_good"][0]));
  MG_TRY(tBad, number(*tl, (*tf)["t_bad"][0]));
  MG_TRY(epsilon, number(*tl, (*tf)["epsilon"][0]));
  e.thresholds = {*tGood, *tBad, *epsilon};
  if (Status s = e.thresholds.validate(); !s) return lineError(*tl, s.error().message);
  if (Status s = st.validate(); !s) return lineError(*sl, s.error().message);
  g.settings.thresholds = e.thresholds;
  MG_TRY(rl, r.take("result"));
  MG_TRY(
      rf,
      keyed(*rl,
            {{"exists", 1}, {"good", 1}, {"neutral", 1}, {"bad", 1}, {"shrunk", 1}, {"empty", 1}}));
  int* counts[] = {&e.goodPairs, &e.neutralPairs, &e.badPairs, &e.shrunkBoxes, &e.emptyBoxes};
  const char* names[] = {"good", "neutral", "bad", "shrunk", "empty"};
  for (int i = 0; i < 5; ++i) {
    MG_TRY(v, integer(*rl, (*rf)[names[i]][0]));
    *counts[i] = *v;
  }
  MG_TRY(exists, integer(*rl, (*rf)["exists"][0]));
  e.exists = *exists != 0;
  if (!e.exists) {
    MG_TRY(why, r.take("why"));
    if (why->tokens.size() != 2) return lineError(*why, "'why' takes one quoted reason");
    e.why = why->tokens[1];
  }
  MG_TRY(sc, r.take("samples"));
  if (sc->tokens.size() != 2) return lineError(*sc, "'samples' takes a count");
  MG_TRY(sampleCount, integer(*sc, sc->tokens[1]));
  const size_t values = static_cast<size_t>(e.sourceDims + 2 * e.targetDims + 2);
  for (int i = 0; i < *sampleCount; ++i) {
    MG_TRY(sl2, r.take("sample"));
    if (sl2->tokens.size() != values + 1) {
      return lineError(*sl2, "'sample' takes " + std::to_string(values) + " numbers");
    }
    std::vector<double> v;
    for (size_t k = 1; k <= values; ++k) {
      MG_TRY(x, number(*sl2, sl2->tokens[k]));
      v.push_back(*x);
    }
    TransitionSample s;
    size_t k = 0;
    for (int d = 0; d < e.sourceDims; ++d) s.source[d] = v[k++];
    for (int d = 0; d < e.targetDims; ++d) s.centre[d] = v[k++];
    for (int d = 0; d < e.targetDims; ++d) s.widths[d] = v[k++];
    s.sourceTime = v[k++], s.targetTime = v[k++];
    e.samples.push_back(s);
  }
  MG_TRY(end, r.take("end_edge"));
  return g;
}

}  // namespace

Result<PmgDocument> parsePmgText(std::string_view text) {
  MG_TRY(lines, tokenize(text));
  Reader r(std::move(*lines));
  MG_TRY(header, r.take("PMG"));
  if (header->tokens.size() != 2 || header->tokens[1] != "1") {
    return lineError(*header, "unsupported PMG version (this reader knows version 1)");
  }
  PmgDocument doc;
  if (r.next("built")) {
    MG_TRY(built, r.take("built"));
    if (built->tokens.size() != 3 || built->tokens[1] != "seconds")
      return lineError(*built, "'built' takes 'seconds <s>'");
    MG_TRY(seconds, number(*built, built->tokens[2]));
    if (*seconds < 0) return lineError(*built, "build seconds must be >= 0");
    doc.buildSeconds = *seconds;
  }
  MG_TRY(nodes, r.take("nodes"));
  if (nodes->tokens.size() != 2) return lineError(*nodes, "'nodes' takes a count");
  MG_TRY(nodeCount, integer(*nodes, nodes->tokens[1]));
  for (int i = 0; i < *nodeCount; ++i) {
    MG_TRY(node, nodeBlock(r));
    for (const NodeSource& other : doc.nodes) {
      if (other.name == node->name) return r.error("node '" + node->name + "' appears twice");
    }
    doc.nodes.push_back(std::move(*node));
  }
  MG_TRY(edges, r.take("edges"));
  if (edges->tokens.size() != 2) return lineError(*edges, "'edges' takes a count");
  MG_TRY(edgeCount, integer(*edges, edges->tokens[1]));
  for (int i = 0; i < *edgeCount; ++i) {
    MG_TRY(edge, edgeBlock(r, doc.nodes));
    doc.edges.push_back(std::move(*edge));
  }
  if (!r.atEnd()) return r.error("content after the last edge");
  return doc;
}

}  // namespace mg
