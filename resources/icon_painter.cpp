// SPDX-License-Identifier: MIT
// Renders the application icon (the geometry of icons/mgstudio.svg) to PNG files at build time,
// since the Qt SVG module is not a dependency of the editor.
// Usage: mg_icon_painter OUT_DIR SIZE...

#include <cstdio>

#include <QGuiApplication>
#include <QImage>
#include <QLinearGradient>
#include <QPainter>
#include <QPainterPath>

namespace {

QImage paintIcon(int size) {
  QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
  image.fill(Qt::transparent);
  QPainter p(&image);
  p.setRenderHint(QPainter::Antialiasing);
  p.scale(size / 256.0, size / 256.0);
  QLinearGradient tile(0, 8, 0, 248);
  tile.setColorAt(0, QColor("#3b4250"));
  tile.setColorAt(1, QColor("#1f242c"));
  p.setPen(Qt::NoPen);
  p.setBrush(tile);
  p.drawRoundedRect(QRectF(8, 8, 240, 240), 44, 44);

  auto arc = [&](QPainterPath path, const char* colour) {
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(QColor(colour), 14, Qt::SolidLine, Qt::RoundCap));
    p.drawPath(path);
  };
  QPainterPath upper(QPointF(72, 176));
  upper.quadTo(128, 60, 184, 176);
  arc(upper, "#4db6c9");
  QPainterPath lower(QPointF(72, 176));
  lower.quadTo(128, 220, 184, 176);
  arc(lower, "#e8a33d");
  QPainterPath spoke(QPointF(128, 84));
  spoke.lineTo(72, 176);
  arc(spoke, "#d66096");

  p.setPen(QPen(QColor("#1f242c"), 6));
  p.setBrush(QColor("#f2f2f2"));
  for (QPointF c : {QPointF(72, 176), QPointF(184, 176), QPointF(128, 84)}) {
    p.drawEllipse(c, 22, 22);
  }
  return image;
}

}  // namespace

int main(int argc, char** argv) {
  qputenv("QT_QPA_PLATFORM", "offscreen");
  QGuiApplication app(argc, argv);
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s OUT_DIR SIZE...\n", argv[0]);
    return 2;
  }
  for (int i = 2; i < argc; ++i) {
    const int size = QString::fromLocal8Bit(argv[i]).toInt();
    const QString path =
        QStringLiteral("%1/mgstudio-%2.png").arg(QString::fromLocal8Bit(argv[1])).arg(size);
    if (size <= 0 || !paintIcon(size).save(path)) {
      std::fprintf(stderr, "cannot write %s\n", qPrintable(path));
      return 1;
    }
  }
  return 0;
}
