// SPDX-License-Identifier: MIT
#include "widgets/jobs/subgraph_cache.h"

#include <QByteArray>
#include <QDataStream>
#include <QIODevice>

#include "widgets/document/result_cache.h"

namespace mg {

namespace {

constexpr quint32 kTag = 0x4D475347;  // "MGSG"
constexpr quint32 kVersion = 1;

QDataStream& operator<<(QDataStream& s, const std::string& v) {
  return s << QByteArray::fromStdString(v);
}
QDataStream& operator>>(QDataStream& s, std::string& v) {
  QByteArray b;
  s >> b;
  v = b.toStdString();
  return s;
}
template <class T>
void put(QDataStream& s, const std::vector<T>& v, auto&& each) {
  s << static_cast<quint64>(v.size());
  for (const T& x : v) each(x);
}
// Reads a count, refusing one the remaining bytes cannot hold (a damaged count).
bool count(QDataStream& s, size_t* n) {
  quint64 c = 0;
  s >> c;
  if (s.status() != QDataStream::Ok || c > static_cast<quint64>(s.device()->bytesAvailable()))
    return false;
  *n = static_cast<size_t>(c);
  return true;
}
template <class T>
bool get(QDataStream& s, std::vector<T>& v, auto&& each) {
  size_t n = 0;
  if (!count(s, &n)) return false;
  v.resize(n);
  for (T& x : v) each(x);
  return s.status() == QDataStream::Ok;
}

void putReport(QDataStream& s, const VerificationReport& r) {
  put(s, r.pairs, [&](const VerifiedPair& p) {
    s << p.label << qint32(p.source) << qint32(p.group) << qint32(p.dmgUnits)
      << qint32(p.boundUnits) << qint32(p.subgraphUnits) << qint32(p.subgraphFrames) << p.satisfied;
  });
  s << qint32(r.satisfied) << r.meanSubgraphFrames;
  put(s, r.failures, [&](const std::string& f) { s << f; });
}
bool getReport(QDataStream& s, VerificationReport& r) {
  bool ok = get(s, r.pairs, [&](VerifiedPair& p) {
    qint32 a, b, c, d, e, f;
    s >> p.label >> a >> b >> c >> d >> e >> f >> p.satisfied;
    p.source = a, p.group = b, p.dmgUnits = c, p.boundUnits = d, p.subgraphUnits = e,
    p.subgraphFrames = f;
  });
  qint32 satisfied = 0;
  s >> satisfied >> r.meanSubgraphFrames;
  r.satisfied = satisfied;
  return ok && get(s, r.failures, [&](std::string& f) { s >> f; });
}
void putInts(QDataStream& s, const std::vector<int>& v) {
  put(s, v, [&](int x) { s << qint32(x); });
}
bool getInts(QDataStream& s, std::vector<int>& v) {
  return get(s, v, [&](int& x) {
    qint32 y = 0;
    s >> y;
    x = y;
  });
}

}  // namespace

Json subgraphCacheInputs(const Project& project) {
  const Json all = projectInputsJson(project);
  if (!all.is_object()) return {};
  // "glitch_frames": results from before glitch frames were left out are stale.
  JsonObject inputs{{"result", "subgraph"}, {"glitch_frames", "left out"}};
  for (const char* key : {"import", "metric", "motions", "subgraph"})
    if (const Json* v = jsonFind(all, key)) inputs[key] = *v;
  return inputs;
}

std::string encodeSubgraphOutcome(const SubgraphOutcome& o) {
  QByteArray bytes;
  QDataStream s(&bytes, QIODevice::WriteOnly);
  beginCachePayload(s, kTag, kVersion);
  const DatabaseMotionGraph& g = *o.graph;
  s << g.fps();
  putInts(s, g.motionFrameCounts());
  put(s, g.vertices(), [&](const DmgVertex& v) { s << qint32(v.motion) << qint32(v.frame); });
  s << static_cast<quint64>(g.edgeCount());
  for (int v = 0; v < g.vertexCount(); ++v) {
    for (int e = g.graph().edgeBegin(v); e < g.graph().edgeEnd(v); ++e) {
      s << qint32(v) << qint32(g.edgeTarget(e)) << quint8(g.edgeKind(e)) << g.transitionCost(e)
        << g.edgeDistance(e);
    }
  }
  s << o.thresholdM2 << o.searched;
  const SubgraphResult& r = o.result;
  putInts(s, r.vertices);
  put(s, r.reasons, [&](KeptReason k) { s << quint8(k); });
  s << qint32(r.edges);
  putInts(s, r.coreVertices);
  s << qint32(r.coreEdges);
  putInts(s, r.requiredVertices);
  put(s, r.iterations, [&](const IsaIteration& i) {
    s << qint32(i.iteration) << qint32(i.startVertices) << qint32(i.subgraphVertices)
      << qint32(i.cspSearches) << i.seconds;
  });
  s << qint32(r.keyPairs) << qint32(r.relaxedPairs);
  put(s, r.notes, [&](const std::string& n) { s << n; });
  s << r.precomputeSeconds << r.requiredSeconds << r.iterationSeconds;
  putReport(s, o.subgraph);
  putReport(s, o.core);
  s << qint32(o.keySegments);
  put(s, o.segmentPairs, [&](const SegmentPairTimes& p) {
    s << qint32(p.pairs) << qint32(p.coreFrames) << qint32(p.subgraphFrames)
      << qint32(p.boundFrames) << qint32(p.satisfied);
  });
  putInts(s, o.subgraphFramesOfPair);
  putInts(s, o.coreFramesOfPair);
  s << o.connectivity << o.satisfaction << o.seconds;
  return bytes.toStdString();
}

Result<std::shared_ptr<const SubgraphOutcome>> decodeSubgraphOutcome(const std::string& payload) {
  const QByteArray bytes = QByteArray::fromStdString(payload);
  QDataStream s(bytes);
  if (Status header = readCachePayloadHeader(s, kTag, kVersion, "subgraph result"); !header)
    return header.error();
  const Error truncated{"the subgraph result is truncated"};
  double fps = 0;
  s >> fps;
  std::vector<int> frameCounts;
  std::vector<DmgVertex> vertices;
  if (!getInts(s, frameCounts)) return truncated;
  if (!get(s, vertices, [&](DmgVertex& v) {
        qint32 m = 0, f = 0;
        s >> m >> f;
        v = {m, f};
      }))
    return truncated;
  size_t edgeCount = 0;
  if (!count(s, &edgeCount)) return truncated;
  std::vector<DmgEdgeInput> edges(edgeCount);
  for (DmgEdgeInput& e : edges) {
    qint32 from = 0, to = 0;
    quint8 kind = 0;
    s >> from >> to >> kind >> e.cost >> e.distance;
    e.from = from, e.to = to, e.kind = static_cast<DmgEdgeKind>(kind);
    if (kind > 1) return Error{"the subgraph result has an edge of an unknown kind"};
  }
  if (s.status() != QDataStream::Ok) return truncated;
  Result<DatabaseMotionGraph> graph =
      DatabaseMotionGraph::create(fps, std::move(frameCounts), std::move(vertices), edges);
  if (!graph) return Error{"the subgraph result's graph is invalid: " + graph.error().message};
  auto o = std::make_shared<SubgraphOutcome>();
  o->graph = std::make_shared<const DatabaseMotionGraph>(std::move(graph.value()));
  s >> o->thresholdM2 >> o->searched;
  SubgraphResult& r = o->result;
  qint32 a = 0, b = 0;
  bool ok = getInts(s, r.vertices) && get(s, r.reasons, [&](KeptReason& k) {
              quint8 v = 0;
              s >> v;
              k = static_cast<KeptReason>(v);
            });
  s >> a;
  r.edges = a;
  ok = ok && getInts(s, r.coreVertices);
  s >> a;
  r.coreEdges = a;
  ok = ok && getInts(s, r.requiredVertices) && get(s, r.iterations, [&](IsaIteration& i) {
         qint32 w, x, y, z;
         s >> w >> x >> y >> z >> i.seconds;
         i.iteration = w, i.startVertices = x, i.subgraphVertices = y, i.cspSearches = z;
       });
  s >> a >> b;
  r.keyPairs = a, r.relaxedPairs = b;
  ok = ok && get(s, r.notes, [&](std::string& n) { s >> n; });
  s >> r.precomputeSeconds >> r.requiredSeconds >> r.iterationSeconds;
  ok = ok && getReport(s, o->subgraph) && getReport(s, o->core);
  s >> a;
  o->keySegments = a;
  ok = ok && get(s, o->segmentPairs, [&](SegmentPairTimes& p) {
         qint32 v, w, x, y, z;
         s >> v >> w >> x >> y >> z;
         p = {v, w, x, y, z};
       });
  ok = ok && getInts(s, o->subgraphFramesOfPair) && getInts(s, o->coreFramesOfPair);
  s >> o->connectivity >> o->satisfaction >> o->seconds;
  if (!ok || s.status() != QDataStream::Ok) return truncated;
  if (!s.atEnd()) return Error{"the subgraph result has bytes after its end"};
  for (int v : r.vertices)
    if (v < 0 || v >= o->graph->vertexCount())
      return Error{"the subgraph result keeps a frame outside its graph"};
  if (r.reasons.size() != r.vertices.size())
    return Error{"the subgraph result's reasons do not match its frames"};
  return std::shared_ptr<const SubgraphOutcome>(std::move(o));
}

}  // namespace mg
