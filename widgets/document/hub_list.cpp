// SPDX-License-Identifier: MIT
#include "widgets/document/hub_list.h"

#include <algorithm>
#include <cmath>

namespace mg {

int HubList::indexOf(HubId id) const {
  auto it =
      std::find_if(m_hubs.begin(), m_hubs.end(), [id](const HubSpec& h) { return h.id == id; });
  return it == m_hubs.end() ? -1 : static_cast<int>(it - m_hubs.begin());
}

const HubSpec* HubList::hub(HubId id) const {
  const int row = indexOf(id);
  return row < 0 ? nullptr : &m_hubs[row];
}

void HubList::insertHub(int row, HubSpec spec) {
  Q_ASSERT(spec.id != kNoHub && indexOf(spec.id) < 0);
  row = std::clamp(row, 0, count());
  const HubId id = spec.id;
  m_nextId = std::max(m_nextId, id + 1);
  m_hubs.insert(m_hubs.begin() + row, std::move(spec));
  emit hubAdded(id, row);
}

std::optional<HubSpec> HubList::takeHub(HubId id) {
  const int row = indexOf(id);
  if (row < 0) return std::nullopt;
  HubSpec spec = std::move(m_hubs[row]);
  m_hubs.erase(m_hubs.begin() + row);
  emit hubRemoved(id, row);
  return spec;
}

void HubList::setHub(const HubSpec& spec) {
  const int row = indexOf(spec.id);
  if (row < 0 || m_hubs[row] == spec) return;
  m_hubs[row] = spec;
  emit hubChanged(spec.id);
}

void HubList::reset(std::vector<HubSpec> hubs) {
  m_hubs = std::move(hubs);
  for (const HubSpec& h : m_hubs) m_nextId = std::max(m_nextId, h.id + 1);
  emit hubsReset();
}

QString HubList::nextDefaultName() const {
  for (int n = count() + 1;; ++n) {
    const QString name = QStringLiteral("Hub %1").arg(n);
    if (std::none_of(m_hubs.begin(), m_hubs.end(),
                     [&](const HubSpec& h) { return h.name == name; })) {
      return name;
    }
  }
}

QColor HubList::nextDefaultColour() const {
  // Hues spaced by the golden angle stay distinct for many hubs on the dark theme.
  const int hue = static_cast<int>(std::lround(m_nextId * 137.508)) % 360;
  return QColor::fromHsv(hue, 190, 245);
}

}  // namespace mg
