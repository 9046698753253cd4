// SPDX-License-Identifier: MIT
#include "widgets/views/subgraph/subgraph_plots.h"

#include <algorithm>
#include <climits>
#include <cmath>

#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

namespace mg {

namespace {

constexpr int kMargin = 6;
constexpr int kSwatch = 9;
constexpr int kMinimumWidth = 160;

// A plot area with room for the axis labels and, above it, `top` pixels for the title.
QRectF plotArea(const QWidget* w, double top, int left = 44, int bottom = 22) {
  return QRectF(left, top, std::max(10, w->width() - left - kMargin),
                std::max(10.0, w->height() - top - bottom));
}

void drawEmpty(QPainter& p, const QWidget* w, const QString& text) {
  p.setPen(w->palette().color(QPalette::PlaceholderText));
  p.drawText(w->rect().adjusted(8, 8, -8, -8), Qt::AlignCenter | Qt::TextWordWrap, text);
}

QFont smallFont(const QWidget* w) {
  QFont f = w->font();
  f.setPointSizeF(f.pointSizeF() * 0.85);
  return f;
}

// The title's lines across the widget (4 px in from each side) and the height they take.
QStringList titleLinesOf(const QWidget* w, const QString& title, int width) {
  return wrappedLines(title, QFontMetricsF(smallFont(w)), std::max(20, width - 8));
}

double linesHeight(const QWidget* w, int lines) {
  return lines * QFontMetricsF(smallFont(w)).lineSpacing() + 4;
}

void drawTitle(QPainter& p, const QWidget* w, const QStringList& lines) {
  const double spacing = p.fontMetrics().lineSpacing();
  for (int i = 0; i < lines.size(); ++i) {
    p.drawText(QRectF(4, 2 + i * spacing, w->width() - 8, spacing),
               Qt::AlignLeft | Qt::AlignVCenter, lines[i]);
  }
}

QString iterationTitle() {
  return IterationPlot::tr(
      "frames kept per iteration (solid); dashed: the start graph of each iteration");
}

// Legend entries (swatch, gap, text) flowing in rows across `width`, the first row at y = 0.
std::vector<QRectF> legendFlow(const std::vector<std::pair<QColor, QString>>& entries,
                               const QFontMetricsF& fm, double width) {
  std::vector<QRectF> out;
  const double line = fm.height() + 2, left = 4, right = width - 4;
  double x = left, y = 0;
  for (const auto& entry : entries) {
    const double text = std::min(fm.horizontalAdvance(entry.second), right - left - kSwatch - 3);
    const double w = kSwatch + 3 + text;
    if (x > left && x + w > right) {
      x = left;
      y += line;
    }
    out.emplace_back(x, y, w, line);
    x += w + 12;
  }
  return out;
}

}  // namespace

QStringList wrappedLines(const QString& text, const QFontMetricsF& fm, double width) {
  QStringList lines;
  QString line;
  for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
    const QString joined = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
    if (line.isEmpty() || fm.horizontalAdvance(joined) <= width) {
      line = joined;
    } else {
      lines << line;
      line = word;
    }
  }
  if (!line.isEmpty() || lines.isEmpty()) lines << line;
  for (QString& l : lines) {
    if (fm.horizontalAdvance(l) > width) l = fm.elidedText(l, Qt::ElideRight, width);
  }
  return lines;
}

IterationPlot::IterationPlot(QWidget* parent) : QWidget(parent) {
  setToolTip(tr(
      "Subgraph size after each iteration of the Iterative Sub-graph Algorithm (the paper's "
      "figure 3); dashed: the StartGraph it began from (RequiredSubgraph and branch vertices)."));
}

void IterationPlot::setIterations(std::vector<IsaIteration> iterations) {
  m_iterations = std::move(iterations);
  update();
}

QStringList IterationPlot::titleLines() const {
  return titleLinesOf(this, iterationTitle(), width());
}

QSize IterationPlot::minimumSizeHint() const {
  const int lines = titleLinesOf(this, iterationTitle(), kMinimumWidth).size();
  return {kMinimumWidth, static_cast<int>(std::ceil(linesHeight(this, lines))) + 40 + 22};
}

void IterationPlot::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), palette().base());
  p.setFont(smallFont(this));
  if (m_iterations.empty())
    return drawEmpty(p, this, tr("Run the search to see the subgraph shrink per iteration."));
  const QStringList title = titleLines();
  const QRectF area = plotArea(this, linesHeight(this, title.size()));
  int lo = INT_MAX, hi = 0;
  for (const IsaIteration& it : m_iterations) {
    lo = std::min({lo, it.subgraphVertices, it.startVertices});
    hi = std::max({hi, it.subgraphVertices, it.startVertices});
  }
  const double span = std::max(1, hi - lo);
  const double bottomValue = std::max(0.0, lo - 0.1 * span), topValue = hi + 0.1 * span;
  const int n = static_cast<int>(m_iterations.size());
  auto point = [&](int i, double value) {
    const double x = area.left() + (n > 1 ? area.width() * i / (n - 1) : area.width() / 2);
    return QPointF(
        x, area.bottom() - area.height() * (value - bottomValue) / (topValue - bottomValue));
  };
  p.setPen(palette().color(QPalette::Mid));
  p.drawRect(area);
  p.setPen(palette().color(QPalette::Text));
  p.drawText(QRectF(0, area.top() - 2, area.left() - 4, 14), Qt::AlignRight,
             QString::number(std::lround(topValue)));
  p.drawText(QRectF(0, area.bottom() - 12, area.left() - 4, 14), Qt::AlignRight,
             QString::number(std::lround(bottomValue)));
  p.drawText(QRectF(area.left(), area.bottom() + 3, area.width(), 16), Qt::AlignLeft,
             tr("iteration 1"));
  p.drawText(QRectF(area.left(), area.bottom() + 3, area.width(), 16), Qt::AlignRight,
             QString::number(n));
  drawTitle(p, this, title);
  p.setRenderHint(QPainter::Antialiasing);
  QPainterPath start, sub;
  for (int i = 0; i < n; ++i) {
    const QPointF a = point(i, m_iterations[i].startVertices),
                  b = point(i, m_iterations[i].subgraphVertices);
    i == 0 ? start.moveTo(a) : start.lineTo(a);
    i == 0 ? sub.moveTo(b) : sub.lineTo(b);
  }
  p.setPen(QPen(QColor(150, 150, 160), 1.2, Qt::DashLine));
  p.drawPath(start);
  p.setPen(QPen(QColor(86, 180, 233), 2));
  p.drawPath(sub);
  p.setBrush(QColor(86, 180, 233));
  for (int i = 0; i < n; ++i) p.drawEllipse(point(i, m_iterations[i].subgraphVertices), 2.5, 2.5);
}

TransitionHistogram::TransitionHistogram(QWidget* parent) : QWidget(parent) {
  setToolTip(
      tr("How many key pairs need each minimum transition time, in CORE (grey, the best the "
         "database allows) and in the subgraph (blue); the red line is gamma (the paper's figure "
         "4)."));
}

void TransitionHistogram::setData(std::vector<int> core, std::vector<int> subgraph, int gamma) {
  m_core = std::move(core);
  m_subgraph = std::move(subgraph);
  m_gamma = gamma;
  update();
}

QStringList TransitionHistogram::titleLines() const {
  const int missing = static_cast<int>(std::count(m_subgraph.begin(), m_subgraph.end(), INT_MAX));
  QString title = tr("key pairs by minimum transition time: grey CORE, blue subgraph");
  if (missing > 0) title += tr(" (%1 not joined)").arg(missing);
  return titleLinesOf(this, title, width());
}

QSize TransitionHistogram::minimumSizeHint() const {
  const int lines =
      titleLinesOf(this, tr("key pairs by minimum transition time: grey CORE, blue subgraph"),
                   kMinimumWidth)
          .size();
  return {kMinimumWidth, static_cast<int>(std::ceil(linesHeight(this, lines))) + 50 + 22};
}

void TransitionHistogram::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), palette().base());
  p.setFont(smallFont(this));
  if (m_subgraph.empty())
    return drawEmpty(p, this, tr("Run the search to see the transition times of the key pairs."));
  const QStringList title = titleLines();
  const QRectF area = plotArea(this, linesHeight(this, title.size()));
  int longest = std::max(1, m_gamma);
  for (const std::vector<int>* v : {&m_core, &m_subgraph}) {
    for (int f : *v) {
      if (f == INT_MAX) continue;
      longest = std::max(longest, f);
    }
  }
  const int binWidth = std::max(1, (longest + 1 + 59) / 60);  // at most 60 bins
  const int bins = (longest + binWidth) / binWidth;
  auto histogram = [&](const std::vector<int>& v) {
    std::vector<int> h(bins, 0);
    for (int f : v) {
      if (f != INT_MAX) ++h[std::min(bins - 1, f / binWidth)];
    }
    return h;
  };
  const std::vector<int> core = histogram(m_core), sub = histogram(m_subgraph);
  const int top =
      std::max(1, std::max(core.empty() ? 0 : *std::max_element(core.begin(), core.end()),
                           *std::max_element(sub.begin(), sub.end())));
  p.setPen(palette().color(QPalette::Mid));
  p.drawRect(area);
  const double w = area.width() / bins;
  for (int b = 0; b < bins; ++b) {
    const double x = area.left() + b * w;
    if (!core.empty()) {
      const double h = area.height() * core[b] / top;
      p.fillRect(QRectF(x, area.bottom() - h, w * 0.5, h), QColor(160, 160, 170));
    }
    const double h = area.height() * sub[b] / top;
    p.fillRect(QRectF(x + w * 0.5, area.bottom() - h, w * 0.5, h), QColor(86, 180, 233));
  }
  if (m_gamma > 0) {
    const double x = area.left() + area.width() * (m_gamma + 0.5) / (bins * binWidth);
    p.setPen(QPen(QColor(230, 80, 70), 1.5));
    p.drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()));
    p.drawText(QPointF(x + 3, area.top() + 11), tr("gamma %1").arg(m_gamma));
  }
  p.setPen(palette().color(QPalette::Text));
  p.drawText(QRectF(0, area.top() - 2, area.left() - 4, 14), Qt::AlignRight, QString::number(top));
  p.drawText(QRectF(area.left(), area.bottom() + 3, area.width(), 16), Qt::AlignLeft,
             QStringLiteral("0"));
  p.drawText(QRectF(area.left(), area.bottom() + 3, area.width(), 16), Qt::AlignRight,
             tr("%1 frames").arg(bins * binWidth));
  drawTitle(p, this, title);
}

PairMatrix::PairMatrix(QWidget* parent) : QWidget(parent) {
  setMouseTracking(true);
  setToolTip(
      tr("Worst minimum transition time from each key segment (row) to each other (column), "
         "in frames: green within gamma, amber over gamma where the database itself is no faster, "
         "red over the bound or not joined."));
}

void PairMatrix::setData(QStringList names, std::vector<QColor> colours,
                         std::vector<SegmentPairTimes> cells, int gamma) {
  m_gamma = gamma;
  m_names = std::move(names);
  m_colours = std::move(colours);
  m_cells = std::move(cells);
  update();
}

void PairMatrix::setShowCore(bool core) {
  m_core = core;
  update();
}

int PairMatrix::labelWidth() const {
  return std::min(120, width() / 4);
}

QStringList PairMatrix::titleLines() const {
  return titleLinesOf(this,
                      m_core ? tr("CORE: worst minimum transition (frames), row to column")
                             : tr("Subgraph: worst minimum transition (frames), row to column"),
                      width());
}

double PairMatrix::titleHeight() const {
  return linesHeight(this, titleLines().size());
}

std::vector<std::pair<QColor, QString>> PairMatrix::legend() const {
  return {{QColor(60, 160, 90),
           m_gamma > 0 ? tr("within gamma %1").arg(m_gamma) : tr("as fast as the database")},
          {QColor(215, 160, 40), tr("over gamma, database no faster")},
          {QColor(200, 60, 60), tr("over the bound / not joined")}};
}

double PairMatrix::legendHeight() const {
  const std::vector<QRectF> rows = legendFlow(legend(), QFontMetricsF(smallFont(this)), width());
  return rows.empty() ? 0 : rows.back().bottom() + 3;
}

std::vector<QRectF> PairMatrix::legendRects() const {
  const int n = static_cast<int>(m_names.size());
  const double top = n > 0 ? cellRect(n - 1, 0).bottom() + 3 : titleHeight();
  std::vector<QRectF> rects = legendFlow(legend(), QFontMetricsF(smallFont(this)), width());
  for (QRectF& r : rects) r.translate(0, top);
  return rects;
}

QSize PairMatrix::minimumSizeHint() const {
  const QFontMetricsF fm(smallFont(this));
  const int lines =
      titleLinesOf(this, tr("Subgraph: worst minimum transition (frames), row to column"),
                   kMinimumWidth)
          .size();
  const std::vector<QRectF> rows = legendFlow(legend(), fm, kMinimumWidth);
  const double legend = rows.empty() ? 0 : rows.back().bottom() + 3;
  return {kMinimumWidth, static_cast<int>(std::ceil(linesHeight(this, lines) + 16 + 60 + legend))};
}

QRectF PairMatrix::cellRect(int row, int column) const {
  const int n = std::max(1, static_cast<int>(m_names.size()));
  // Under the title: a band of the columns' colours, then the cells, then the legend's rows.
  const double left = labelWidth(), top = titleHeight() + 12;
  const double size = std::max(8.0, std::min((width() - left - kMargin) / n,
                                             (height() - top - kMargin - legendHeight()) / n));
  return QRectF(left + column * size, top + row * size, size, size);
}

int PairMatrix::cellAt(const QPoint& pos) const {
  const int n = static_cast<int>(m_names.size());
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      if (cellRect(r, c).contains(pos)) return r * n + c;
    }
  }
  return -1;
}

void PairMatrix::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), palette().base());
  p.setFont(smallFont(this));
  const int n = static_cast<int>(m_names.size());
  if (n == 0 || m_cells.size() != static_cast<size_t>(n) * n) {
    return drawEmpty(p, this,
                     tr("Run the search to see how fast every key segment reaches every other."));
  }
  p.setPen(palette().color(QPalette::Text));
  drawTitle(p, this, titleLines());
  const double band = titleHeight() + 2;
  for (int r = 0; r < n; ++r) {
    const QRectF row = cellRect(r, 0);
    p.fillRect(QRectF(2, row.top() + 2, 6, row.height() - 4), m_colours[r]);
    p.setPen(palette().color(QPalette::Text));
    p.drawText(QRectF(11, row.top(), labelWidth() - 14, row.height()),
               Qt::AlignVCenter | Qt::AlignLeft,
               p.fontMetrics().elidedText(m_names[r], Qt::ElideRight, labelWidth() - 14));
    const QRectF column = cellRect(0, r);
    p.fillRect(QRectF(column.left() + 2, band, column.width() - 4, 6), m_colours[r]);
    for (int c = 0; c < n; ++c) {
      const SegmentPairTimes& cell = m_cells[static_cast<size_t>(r) * n + c];
      const QRectF box = cellRect(r, c).adjusted(1, 1, -1, -1);
      const int frames = m_core ? cell.coreFrames : cell.subgraphFrames;
      QColor fill = palette().color(QPalette::AlternateBase);
      QString label;
      if (cell.pairs > 0) {
        if (frames < 0) {
          fill = QColor(200, 60, 60);
          label = QStringLiteral("—");
        } else {
          const int within = m_gamma > 0 ? m_gamma : cell.boundFrames;
          fill = frames > cell.boundFrames ? QColor(200, 60, 60)
                 : frames > within         ? QColor(215, 160, 40)
                                           : QColor(60, 160, 90);
          label = QString::number(frames);
        }
      }
      p.fillRect(box, fill);
      if (box.width() >= 18) {
        p.setPen(Qt::white);
        p.drawText(box, Qt::AlignCenter, label);
      }
    }
  }
  // What the colours mean, under the cells (the tooltip says it too, but a first look needs it).
  const std::vector<std::pair<QColor, QString>> entries = legend();
  const std::vector<QRectF> rects = legendRects();
  for (size_t i = 0; i < entries.size(); ++i) {
    const QRectF r = rects[i];
    p.fillRect(QRectF(r.left(), r.center().y() - kSwatch / 2.0, kSwatch, kSwatch),
               entries[i].first);
    p.setPen(palette().color(QPalette::Text));
    const QRectF text = r.adjusted(kSwatch + 3, 0, 0, 0);
    p.drawText(text, Qt::AlignLeft | Qt::AlignVCenter,
               p.fontMetrics().elidedText(entries[i].second, Qt::ElideRight,
                                          static_cast<int>(std::ceil(text.width()))));
  }
}

bool PairMatrix::event(QEvent* event) {
  if (event->type() == QEvent::ToolTip) {
    auto* help = static_cast<QHelpEvent*>(event);
    const int cell = cellAt(help->pos());
    const int n = static_cast<int>(m_names.size());
    if (cell >= 0 && static_cast<size_t>(cell) < m_cells.size()) {
      const SegmentPairTimes& c = m_cells[cell];
      auto frames = [](int f) {
        return f < 0 ? QObject::tr("not joined") : QObject::tr("%1 frames").arg(f);
      };
      QToolTip::showText(help->globalPos(),
                         tr("%1 → %2\nsubgraph: %3, CORE: %4, bound %5\n%6 of %7 key pairs met")
                             .arg(m_names[cell / n], m_names[cell % n], frames(c.subgraphFrames),
                                  frames(c.coreFrames), QString::number(c.boundFrames))
                             .arg(c.satisfied)
                             .arg(c.pairs),
                         this);
      return true;
    }
  }
  return QWidget::event(event);
}

}  // namespace mg
